/* longweave.c: the LongWeave tasks lg-judge judges. */
#include <string.h>

#include "longweave.h"
#include "record.h"

static const lw_task judged[] = {
	{ "biog", LW_BIOG, lw_rules_biog, "facts", 10, { "covered" }, 1 },
	{ "sr", LW_SR, lw_rules_sr, "items", 5, { "answered", "correct" }, 2 },
	{ "nw", LW_NW, lw_rules_nw, "statements", 0, { "present", "compliant" }, 2 },
};

const lw_task *
lw_find(const cJSON *rec)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	size_t i;

	if (bench == NULL || task == NULL || strcmp(bench, "longweave") != 0)
		return NULL;
	for (i = 0; i < sizeof judged / sizeof judged[0]; i++)
		if (strcmp(judged[i].task, task) == 0)
			return &judged[i];
	return NULL;
}

int
lw_rules(cJSON *rec, const judge_at *in, const judge_opts *o, int *ret)
{
	const lw_task *t = lw_find(rec);

	if (t == NULL)
		return 0;
	*ret = t->rules(rec, in, o);
	return 1;
}

void
lw_rules_fini(void)
{
	lw_rules_biog_fini();
}
