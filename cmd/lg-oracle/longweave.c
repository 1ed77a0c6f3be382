/* lg-oracle: reference answers for LongWeave, one writer per task. */
#include <string.h>

#include "longweave.h"
#include "record.h"
#include "tasklist.h"

static const struct {
	const char *task;
	lw_oracle_fn fn;
} writers[] = {
	{ "kvg", lw_oracle_kvg },
	{ "sms", lw_oracle_sms },
	{ "pr", lw_oracle_pr },
	{ "cf", lw_oracle_cf },
	{ "biog", lw_oracle_biog },
	{ "sr", lw_oracle_sr },
	{ "nw", lw_oracle_nw },
};

void
oracle_longweave_tasks(void)
{
	size_t i;

	for (i = 0; i < sizeof writers / sizeof writers[0]; i++)
		task_line("longweave", writers[i].task, NULL);
}

int
oracle_longweave(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const char *task = rec_str(rec, "task");
	size_t i;

	for (i = 0; task != NULL && i < sizeof writers / sizeof writers[0]; i++)
		if (strcmp(writers[i].task, task) == 0)
			return writers[i].fn(rec, in, o, r);
	return rec_fail(rec, in, "oracle",
	    "no reference answers for longweave task %s", task ? task : "(none)");
}
