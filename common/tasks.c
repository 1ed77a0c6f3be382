/* tasks.c: the display table of tasks (tasks.h). */
#include <string.h>

#include "tasks.h"

const char *const bench_names[NBENCHES] = {
	"longgenbench", "longweave", "adaleval"
};

/*
 * Each task of the list at its place (SHOWN): LongWeave's in the order of
 * its paper's Table 3, with its names; Ada-LEval's with the paper's table
 * of each, in its order.  LongGenBench's tables pool its tasks: none is
 * shown apart.  Two tasks at one place do not compile (-Woverride-init),
 * nor does a place beyond the number of tasks: the array has no hole.
 */
const struct task_show task_shows[] = {
#define LW(t, shown, label, ...) \
	[shown] = { BENCH_LONGWEAVE, #t, label, NULL },
#define ADA(t, shown, table, ...) \
	[NLW_TASKS + shown] = { BENCH_ADALEVAL, #t, NULL, table },
#include "tasks.def"
#undef LW
#undef ADA
};
typedef char tasks_shown_once[sizeof task_shows / sizeof task_shows[0] ==
    NLW_TASKS + NADA_TASKS ? 1 : -1];
const size_t ntask_shows = sizeof task_shows / sizeof task_shows[0];

int
bench_index(const char *name)
{
	int b;

	for (b = 0; b < NBENCHES; b++)
		if (strcmp(name, bench_names[b]) == 0)
			return b;
	return -1;
}

int
task_rank(const char *bench, const char *task)
{
	int b = bench_index(bench), r = 0;
	size_t i;

	for (i = 0; i < ntask_shows; i++) {
		if (task_shows[i].bench != b)
			continue;
		if (strcmp(task_shows[i].task, task) == 0)
			return r;
		r++;
	}
	return r;
}

const struct task_show *
task_show(const char *bench, const char *task)
{
	int b = bench_index(bench);
	size_t i;

	for (i = 0; i < ntask_shows; i++)
		if (task_shows[i].bench == b &&
		    strcmp(task_shows[i].task, task) == 0)
			return &task_shows[i];
	return NULL;
}

const char *
task_label(const char *bench, const char *task)
{
	const struct task_show *t = task_show(bench, task);

	return t != NULL && t->label != NULL ? t->label : task;
}
