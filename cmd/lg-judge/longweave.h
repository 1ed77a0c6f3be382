/*
 * longweave.h: lg-judge's rules for the LongWeave tasks it judges, one
 * function per task in lw_TASK.c, listed in longweave.c.  Only --rules
 * judges these tasks yet; other LongWeave tasks pass through.
 */
#ifndef LG_JUDGE_LONGWEAVE_H
#define LG_JUDGE_LONGWEAVE_H

#include <cjson/cJSON.h>

#include "jsonl.h"

typedef struct {
	int compat;	/* --compat: judge the published truncation */
} judge_opts;

/*
 * Judge rec by rules: set verdicts and scores.  Returns REC_OK, or REC_BAD
 * after rec_error() and a warning at the reader's position.
 */
int lw_rules_biog(cJSON *rec, jsonl *in, const judge_opts *o);
void lw_rules_biog_fini(void);
int lw_rules_sr(cJSON *rec, jsonl *in, const judge_opts *o);
int lw_rules_nw(cJSON *rec, jsonl *in, const judge_opts *o);

/*
 * When rec is a LongWeave record of a task in the table, judge it, set
 * *ret and return 1; else return 0 and leave rec alone.
 */
int lw_rules(cJSON *rec, jsonl *in, const judge_opts *o, int *ret);
/* Free what the rules keep between records. */
void lw_rules_fini(void);

#endif
