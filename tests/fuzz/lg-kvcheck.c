/*
 * Fuzz lg-kvcheck's dictionary parser: the case line is a longweave/kvg
 * record ("compat": true for --compat), the rest is the answer.  The
 * tool's main.c is compiled in, its main() renamed.
 */
#include "fuzz.h"

int lg_kvcheck_main(int argc, char **argv);
#define main lg_kvcheck_main
#include "../../cmd/lg-kvcheck/main.c"
#undef main

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_scorer(data, size, check, kv_init);
}
