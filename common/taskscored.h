/*
 * taskscored.h: the tasks of the list (tasks.def) that one scorer scores,
 * as entries of its table.  No include guard: included inside the table's
 * initialiser, after the scorer has redefined its TASK_BY_x (tasks.h) and
 * defined TASK_ENTRY(BENCH, TASK), the entry of one task with its comma
 * (BENCH a string, TASK the bare name), for example
 *	#define TASK_ENTRY(b, t) { b, #t, NULL },
 * TASK_ENTRY is undefined after.
 */
#define LW(t, shown, label, by, ...) TASK_BY_##by(TASK_ENTRY("longweave", t))
#define ADA(t, shown, table, a, b, c) \
	TASK_BY_##a(TASK_ENTRY("adaleval", t)) \
	TASK_BY_##b(TASK_ENTRY("adaleval", t)) \
	TASK_BY_##c(TASK_ENTRY("adaleval", t))
#include "tasks.def"
#undef LW
#undef ADA
#undef TASK_ENTRY
