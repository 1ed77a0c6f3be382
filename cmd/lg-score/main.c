/*
 * lg-score: score any mix of records of every benchmark in one step, each
 * by its task's scorers (score.h); records of tasks no scorer knows pass
 * through with a warning.
 */
#include "diag.h"
#include "score.h"
#include "tasklist.h"

/* --list-tasks: each task and its scorers under the options given. */
static int
list_tasks(const score_opts *o)
{
	size_t n, i;
	score_task *t = tasks_make(o, &n);

	for (i = 0; i < n; i++)
		task_line(t[i].bench, t[i].task, t[i].chain);
	tasks_free(t, n);
	return lg_finish(LG_OK);
}

int
main(int argc, char **argv)
{
	score_opts o;

	lg_init(argv[0]);
	score_parse(argc, argv, &o);
	if (o.list_tasks)
		return list_tasks(&o);
	return score_run(&o);
}
