/* lg-oracle: LongGenBench documents (being written). */
#include "oracle.h"
#include "record.h"

int
oracle_longgenbench(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	(void)o; (void)r;
	jsonl_warn(in, "not yet");
	rec_error(rec, "oracle", "not yet");
	return REC_BAD;
}
