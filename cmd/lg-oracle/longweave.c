/* lg-oracle: reference answers for LongWeave (not written yet). */
#include "oracle.h"
#include "record.h"

int
oracle_longweave(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	(void)o;
	(void)r;
	jsonl_warn(in, "no reference answers for longweave yet");
	rec_error(rec, "oracle", "no reference answers for longweave yet");
	return REC_BAD;
}
