/*
 * lg-choice: score Ada-LEval answers (bestanswer: the designation given;
 * tsort: the order given).  Records of other benchmarks and tasks pass
 * through untouched.
 */
#include <stdlib.h>

#include "choice.h"
#include "diag.h"
#include "record.h"
#include "tasks.h"
#include "util.h"

static const char usage[] =
"usage: lg-choice [--compat] [--max-record SIZE] [file ...]\n"
"\n"
"  --compat           the published answer parsers, rule for rule\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  --list-tasks       print the tasks it scores and exit\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

/* The tasks it scores: those of the list (tasks.def) it is SCORER of. */
static const lg_task tasks[] = {
#undef TASK_BY_choice
#define TASK_BY_choice(...) __VA_ARGS__
#define TASK_ENTRY(b, t) { b, #t, NULL },
#include "taskscored.h"
};
#define NTASKS (sizeof tasks / sizeof tasks[0])

static int
each(cJSON *rec, jsonl *in, void *arg)
{
	const int *compat = arg;

	if (task_find(tasks, NTASKS, rec) == NULL)
		return REC_OK;
	return score_record(rec, in, *compat);
}

int
main(int argc, char **argv)
{
	static const rec_scorer s = { .usage = usage, .tasks = tasks,
	    .ntasks = NTASKS, .init = parse_init, .fini = parse_fini, .fn = each };

	return rec_filter_main(argc, argv, &s);
}
