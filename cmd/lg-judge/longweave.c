/*
 * longweave.c: lg-judge's rules for LongWeave tasks judged by it, one entry
 * per task.  Records of other LongWeave tasks, and of other benchmarks,
 * pass through untouched.
 */
#include <string.h>

#include "judge.h"
#include "record.h"

typedef struct {
	const char *task;
	int (*rules)(cJSON *rec, jsonl *in);
} lw_judged;

static const lw_judged judged[] = {
	{ "sr", lw_rules_sr },
};

int
longweave_rules(cJSON *rec, jsonl *in, int *mine)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	size_t i;

	*mine = 0;
	if (bench == NULL || task == NULL || strcmp(bench, "longweave") != 0)
		return REC_OK;
	for (i = 0; i < sizeof judged / sizeof judged[0]; i++)
		if (strcmp(judged[i].task, task) == 0) {
			*mine = 1;
			return judged[i].rules(rec, in);
		}
	return REC_OK;
}
