/*
 * Fuzz lg-split's entry header parser: the case line is a longgenbench
 * record (gold.type, gold.number; "compat": true for --compat,
 * "keep_last": true for --keep last), the rest is the answer.  The tool's
 * own file is compiled in, its main() renamed.
 */
#include "fuzz.h"

int lg_split_main(int argc, char **argv);
#define main lg_split_main
#include "../../cmd/lg-split.c"
#undef main

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cJSON *rec = fz_case(data, size);
	split_ctx c;

	if (rec == NULL)
		return 0;
	fz_quiet_stdout();
	memset(&c, 0, sizeof c);
	c.compat = fz_flag(rec, "compat");
	c.keep_last = fz_flag(rec, "keep_last");
	split(rec, fz_reader(), &c);
	rec_write(rec);
	cJSON_Delete(rec);
	split_ctx_free(&c);
	return 0;
}
