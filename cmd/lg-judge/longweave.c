/* longweave.c: the LongWeave tasks lg-judge judges by rules. */
#include <string.h>

#include "longweave.h"
#include "record.h"

typedef struct {
	const char *task;
	int (*rules)(cJSON *rec, jsonl *in, const judge_opts *o);
} lw_judged;

static const lw_judged judged[] = {
	{ "biog", lw_rules_biog },
	{ "sr", lw_rules_sr },
	{ "nw", lw_rules_nw },
};

int
lw_rules(cJSON *rec, jsonl *in, const judge_opts *o, int *ret)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	size_t i;

	if (bench == NULL || task == NULL || strcmp(bench, "longweave") != 0)
		return 0;
	for (i = 0; i < sizeof judged / sizeof judged[0]; i++)
		if (strcmp(judged[i].task, task) == 0) {
			*ret = judged[i].rules(rec, in, o);
			return 1;
		}
	return 0;
}

void
lw_rules_fini(void)
{
	lw_rules_biog_fini();
}
