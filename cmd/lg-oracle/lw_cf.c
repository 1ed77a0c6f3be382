/* lg-oracle: reference answers for the LongWeave cf task (not written yet). */
#include "longweave.h"
#include "record.h"

int
lw_oracle_cf(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	(void)o;
	(void)r;
	jsonl_warn(in, "no reference answers for longweave cf yet");
	rec_error(rec, "oracle", "no reference answers for this task yet");
	return REC_BAD;
}
