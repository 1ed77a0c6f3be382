/*
 * Fuzz lg-kvcheck's dictionary parser: the case line is a longweave/kvg
 * record ("compat": true for --compat, else "paper": true for
 * --definition paper), the rest is the answer.  The tool's main.c is
 * compiled in, its main() renamed.
 */
#include "fuzz.h"

int lg_kvcheck_main(int argc, char **argv);
#define main lg_kvcheck_main
#include "../../cmd/lg-kvcheck/main.c"
#undef main

/* check() with the options kv_opts of the case: fz_scorer gives the
 * "compat" flag alone */
static int
check_case(cJSON *rec, jsonl *in, void *arg)
{
	kv_opts o = { 0 };

	o.compat = *(const int *)arg;
	o.def = !o.compat && fz_flag(rec, "paper") ? KV_DEF_PAPER :
	    KV_DEF_CODE;
	return check(rec, in, &o);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_scorer(data, size, check_case, kv_init);
}
