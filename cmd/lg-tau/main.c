/*
 * lg-tau: score answers that put labelled items in order (LongWeave pr,
 * Ada-LEval tsort) by Kendall's tau.  Records of other tasks pass through
 * untouched.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "diag.h"
#include "opt.h"
#include "record.h"
#include "tasks.h"
#include "tau.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_ALIGN = 0x100, OPT_COMPAT, OPT_MAX_RECORD, OPT_VERSION
};

static const char usage[] =
"usage: lg-tau [-t BENCH/TASK[,BENCH/TASK]] [--align label|content] [--compat]\n"
"              [--max-record SIZE] [file ...]\n"
"\n"
"  -t, --task LIST     tasks to score (those --list-tasks marks default)\n"
"  --align label       map returned segments to the true ones by label\n"
"  --align content     map them by the similarity of their text (the default\n"
"                      for longweave/pr, where a segment needs its text)\n"
"  --compat            the published LongWeave rule: 0 unless every label\n"
"                      is returned, alignment by content\n"
"  --max-record SIZE   record size limit (default 64M)\n"
"  --list-tasks        print the tasks it is made for and exit\n"
"  -h, --help          print this help\n"
"  --version           print the version\n";

/* The tasks it is made for: those of the list (tasks.def) it is SCORER
 * of; "default" ones, LongWeave's, are scored without -t. */
static const lg_task tasks[] = {
#undef TASK_BY_tau
#define TASK_BY_tau(...) __VA_ARGS__
#define TASK_ENTRY(b, t) \
	{ b, #t, sizeof b == sizeof "longweave" ? "default" : NULL },
#include "taskscored.h"
};
#define NTASKS (sizeof tasks / sizeof tasks[0])

typedef struct {
	tau_opts o;
	char **task;
	size_t ntask;
} ctx;

static int
ours(const ctx *c, const cJSON *rec)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	size_t i, bl;

	if (bench == NULL || task == NULL)
		return 0;
	bl = strlen(bench);
	for (i = 0; i < c->ntask; i++)
		if (strncmp(c->task[i], bench, bl) == 0 && c->task[i][bl] == '/' &&
		    strcmp(c->task[i] + bl + 1, task) == 0)
			return 1;
	return 0;
}

static int
each(cJSON *rec, jsonl *in, void *arg)
{
	const ctx *c = arg;

	if (!ours(c, rec))
		return REC_OK;
	return tau_score(rec, in, &c->o);
}

/* The -t list of the tasks marked default, as BENCH/TASK. */
static char **
default_tasks(size_t *n)
{
	char **v = xreallocarray(NULL, NTASKS, sizeof *v);
	size_t i;

	for (*n = i = 0; i < NTASKS; i++)
		if (tasks[i].facts != NULL && strcmp(tasks[i].facts, "default") == 0)
			v[(*n)++] = xasprintf("%s/%s", tasks[i].bench, tasks[i].task);
	return v;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "task", required_argument, NULL, 't' },
		{ "align", required_argument, NULL, OPT_ALIGN },
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const aligns[] = { "label", "content" };
	ctx c = { { ALIGN_DEFAULT, 0 }, NULL, 0 };
	const char *tlist = NULL;
	size_t i;
	int ch, status;

	lg_init(argv[0]);
	while ((ch = lg_getopt(argc, argv, "t:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 't':
			tlist = optarg;
			break;
		case OPT_ALIGN:
			c.o.align = ALIGN_LABEL + (int)opt_choice("--align", optarg,
			    aligns, 2);
			break;
		case OPT_COMPAT:
			c.o.compat = 1;
			break;
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case OPT_LIST_TASKS:
			task_list(tasks, NTASKS);
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	c.task = tlist ? opt_list("-t", tlist, NULL, 0, &c.ntask) :
	    default_tasks(&c.ntask);
	for (i = 0; i < c.ntask; i++) {
		const char *sl = strchr(c.task[i], '/');

		if (sl == NULL || sl == c.task[i] || sl[1] == '\0' || strchr(sl + 1, '/'))
			lg_die(LG_USAGE, "-t: want BENCH/TASK: %s", c.task[i]);
	}
	status = rec_filter(argv + optind, argc - optind, each, &c);
	split_free(c.task, c.ntask);
	return status;
}
