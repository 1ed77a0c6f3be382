/* lg-judge: the LongWeave tasks judged by rules, one entry per task. */
#include <string.h>

#include "longweave.h"
#include "record.h"

static const lw_judged judged[] = {
	{ "nw", lw_rules_nw },
};

int
lw_judge_rules(cJSON *rec, jsonl *in, const judge_opts *o, int *mine)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	size_t i;

	*mine = 0;
	if (bench == NULL || task == NULL || strcmp(bench, "longweave") != 0)
		return REC_OK;
	for (i = 0; i < sizeof judged / sizeof judged[0]; i++)
		if (strcmp(judged[i].task, task) == 0) {
			*mine = 1;
			return judged[i].rules(rec, in, o);
		}
	return REC_OK;
}
