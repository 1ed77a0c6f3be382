/*
 * tasks.h: the benchmarks, and their tasks as tables and charts show them
 * (lg-agg, and the charts of lg-plot and lg-report): the order of a
 * benchmark's tasks, the name its paper's columns give a task, and the
 * paper's table that reports it, all from the task list tasks.def.  A task
 * not in the list is shown by its own name, after the benchmark's tasks.
 * Static data: nothing to free.
 */
#ifndef LG_TASKS_H
#define LG_TASKS_H

#include <stddef.h>

enum { BENCH_LONGGENBENCH, BENCH_LONGWEAVE, BENCH_ADALEVAL, NBENCHES };

/* The number of tasks of each benchmark in tasks.def. */
enum {
#define LW(t, ...) TASKS_LW_##t,
#define ADA(t, ...)
#include "tasks.def"
#undef LW
#undef ADA
	NLW_TASKS
};
enum {
#define LW(t, ...)
#define ADA(t, ...) TASKS_ADA_##t,
#include "tasks.def"
#undef LW
#undef ADA
	NADA_TASKS
};

/*
 * The scorers of tasks.def's SCORER columns: TASK_BY_x(...) drops its
 * arguments, but in scorer x, which redefines its own to keep them
 * (#undef TASK_BY_x, #define TASK_BY_x(...) __VA_ARGS__) and then makes
 * its table of tasks with taskscored.h.
 */
#define TASK_BY_judge(...)
#define TASK_BY_kvcheck(...)
#define TASK_BY_fsmcheck(...)
#define TASK_BY_tau(...)
#define TASK_BY_flake8(...)
#define TASK_BY_choice(...)
#define TASK_BY_ppl(...)
#define TASK_BY_none(...)

/* The benchmarks' names, as records name them. */
extern const char *const bench_names[NBENCHES];

struct task_show {
	int bench;		/* BENCH_* */
	const char *task;	/* as records name it */
	const char *label;	/* as the paper's columns do; NULL: none */
	const char *table;	/* the paper's table of its own; NULL: none */
};

/* The tasks in display order, a benchmark's together. */
extern const struct task_show task_shows[];
extern const size_t ntask_shows;

/* The benchmark named name: BENCH_*, or -1. */
int bench_index(const char *name);
/* The task's entry, NULL when the table has none. */
const struct task_show *task_show(const char *bench, const char *task);
/* The task's place among its benchmark's tasks (from 0); their number
 * when the table has no entry for it. */
int task_rank(const char *bench, const char *task);
/* What a column of the task is headed: its label, else its name. */
const char *task_label(const char *bench, const char *task);

#endif
