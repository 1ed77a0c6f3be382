/*
 * longweave.h: lg-judge's rules for LongWeave tasks, one file per task
 * (lw_TASK.c), listed in longweave.c.  Each takes a record of its task and
 * sets verdicts (by "rules") and scores; it returns REC_OK, or REC_BAD after
 * a warning when the record cannot be judged (the record keeps an error).
 */
#ifndef LG_JUDGE_LONGWEAVE_H
#define LG_JUDGE_LONGWEAVE_H

#include <cjson/cJSON.h>

#include "jsonl.h"

typedef struct {
	int compat;	/* --compat: the published truncation */
} judge_opts;

typedef struct {
	const char *task;
	int (*rules)(cJSON *rec, jsonl *in, const judge_opts *o);
} lw_judged;

int lw_rules_nw(cJSON *rec, jsonl *in, const judge_opts *o);

/*
 * Judge rec by rules when it is a LongWeave record of a task in the table;
 * else set *mine to 0 and leave it alone.
 */
int lw_judge_rules(cJSON *rec, jsonl *in, const judge_opts *o, int *mine);

#endif
