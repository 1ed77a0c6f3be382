/*
 * Fuzz lg-fsmcheck's trace parser: the case line is a longweave/sms
 * record ("compat": true for --compat), the rest is the answer.  The
 * tool's main.c is compiled in, its main() renamed.
 */
#include "fuzz.h"

int lg_fsmcheck_main(int argc, char **argv);
#define main lg_fsmcheck_main
#include "../../cmd/lg-fsmcheck/main.c"
#undef main

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_scorer(data, size, check, fsm_init);
}
