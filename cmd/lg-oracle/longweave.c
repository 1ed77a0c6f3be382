/* lg-oracle: reference answers for LongWeave, one writer per task. */
#include <string.h>

#include "longweave.h"
#include "record.h"
#include "tasklist.h"

/* The writers of the tasks of the list (tasks.def), each defined in its
 * task's file (lw_TASK.c), in the order --list-tasks gives them. */
#define LW(t, ...) extern const lw_writer lw_oracle_##t;
#define ADA(t, ...)
#include "tasks.def"
#undef LW

static const lw_writer *const writers[] = {
#define LW(t, ...) &lw_oracle_##t,
#include "tasks.def"
#undef LW
#undef ADA
};

void
oracle_longweave_tasks(void)
{
	size_t i;

	for (i = 0; i < sizeof writers / sizeof writers[0]; i++)
		task_line("longweave", writers[i]->task, NULL);
}

const oracle_units *
oracle_longweave_units(const char *task)
{
	size_t i;

	for (i = 0; task != NULL && i < sizeof writers / sizeof writers[0]; i++)
		if (strcmp(writers[i]->task, task) == 0)
			return writers[i]->units.sep != NULL ? &writers[i]->units :
			    NULL;
	return NULL;
}

int
oracle_longweave(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const char *task = rec_str(rec, "task");
	size_t i;

	for (i = 0; task != NULL && i < sizeof writers / sizeof writers[0]; i++)
		if (strcmp(writers[i]->task, task) == 0)
			return writers[i]->fn(rec, in, o, r);
	return rec_fail(rec, in, "oracle",
	    "no reference answers for longweave task %s", task ? task : "(none)");
}
