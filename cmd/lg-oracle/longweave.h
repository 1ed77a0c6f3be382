/*
 * longweave.h: lg-oracle's LongWeave writers, one per task in lw_TASK.c.
 * Each sets rec's "output" to the reference answer for the case, degraded
 * as the options ask, with the contract of oracle_longgenbench() in
 * oracle.h.
 */
#ifndef LG_ORACLE_LONGWEAVE_H
#define LG_ORACLE_LONGWEAVE_H

#include "oracle.h"

typedef int (*lw_oracle_fn)(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);

int lw_oracle_kvg(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int lw_oracle_sms(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int lw_oracle_pr(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int lw_oracle_cf(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int lw_oracle_biog(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int lw_oracle_sr(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int lw_oracle_nw(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);

#endif
