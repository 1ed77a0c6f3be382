/*
 * tasklist.h: the tasks a tool knows, and its --list-tasks.
 *
 * --list-tasks prints one line per task of the tool's table, in the table's
 * order: "BENCH<TAB>TASK", then "<TAB>FACTS" when the entry names facts (a
 * comma-separated list).  The strings belong to the caller's table.
 */
#ifndef LG_TASKLIST_H
#define LG_TASKLIST_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "diag.h"

/* getopt's value of --list-tasks, clear of every letter. */
#define OPT_LIST_TASKS 0x1000

typedef struct {
	const char *bench;	/* longgenbench, longweave or adaleval */
	const char *task;	/* as in records: kvg, tsort, diary ... */
	const char *facts;	/* what the entry provides, or NULL */
} lg_task;

/* Print one line of --list-tasks to stdout. */
void task_line(const char *bench, const char *task, const char *facts);
/* Print every entry of t[0..n) and exit 0 (lg_finish() when stdout fails). */
void task_list(const lg_task *t, size_t n) LG_NORETURN;
/* The entry of t[0..n) whose bench and task are rec's, or NULL. */
const lg_task *task_find(const lg_task *t, size_t n, const cJSON *rec);

#endif
