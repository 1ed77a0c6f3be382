/*
 * lg-flake8's options: cf_parse() reads them into a cf_opts, with the
 * interpreter resolved on PATH and the flake8 command split into words.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cf.h"
#include "cmdline.h"
#include "diag.h"
#include "lint.h"
#include "opt.h"
#include "record.h"
#include "tasklist.h"
#include "tasks.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_COMPAT = 0x100, OPT_DEFINITION, OPT_TIMEOUT, OPT_LINT_TIMEOUT,
	OPT_PYTHON, OPT_FLAKE8, OPT_MAX_RECORD, OPT_CACHE, OPT_NO_CACHE,
	OPT_PREPARE, OPT_VERSION
};

/* The tasks it scores: those of the list (tasks.def) it is SCORER of. */
const lg_task cf_tasks[] = {
#undef TASK_BY_flake8
#define TASK_BY_flake8(...) __VA_ARGS__
#define TASK_ENTRY(b, t) { b, #t, NULL },
#include "taskscored.h"
};
const size_t cf_ntasks = sizeof cf_tasks / sizeof cf_tasks[0];

static const char usage[] =
"usage: lg-flake8 [--definition DEF | --compat] [--prepare] [-j N]\n"
"                 [--cache DIR | --no-cache] [--timeout SEC]\n"
"                 [--lint-timeout SEC] [--python PATH] [--flake8 CMD]\n"
"                 [--max-record SIZE] [file ...]\n"
"\n"
"  --definition DEF  code (default): the score of the published code,\n"
"                    harmonic mean of runnable, style and functions;\n"
"                    paper: the paper's metrics, harmonic mean of\n"
"                    runnable, style and length (lines of code)\n"
"  --compat          score as the published scorer: runnable means it\n"
"                    compiles, noqa comments count, its extraction\n"
"  --prepare         lint and run the originals only: what they give\n"
"                    goes into each record (orig) and the cache; no\n"
"                    output is read, nothing scored\n"
"  -j, --jobs N      runs of flake8, the parser and answers at once\n"
"                    (default: the number of processors)\n"
"  --cache DIR       keep what the originals give in DIR (default:\n"
"                    $XDG_CACHE_HOME/lg/flake8 or ~/.cache/lg/flake8)\n"
"  --no-cache        neither read nor write a cache directory\n"
"  --timeout SEC     wall-clock limit of each run, CPU half of it (10)\n"
"  --lint-timeout SEC\n"
"                    wall-clock and CPU limit of each flake8 and parser\n"
"                    run, over a chunk of a batch or a part of one (60)\n"
"  --python PATH     the interpreter that runs and parses answers\n"
"                    (/usr/bin/python3)\n"
"  --flake8 CMD      the flake8 command, split at blanks (default: the\n"
"                    flake8 module of the --python interpreter)\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  --list-tasks      print the tasks it scores and exit\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

/* --definition, in the order of CF_DEF_CODE, CF_DEF_PAPER */
static const char *const defs[] = { "code", "paper" };

static char *
resolve(const char *prog)
{
	const char *path = getenv("PATH");
	char *dirs, *d, *save = NULL;

	if (strchr(prog, '/') != NULL)
		return xstrdup(prog);
	dirs = xstrdup(path ? path : "/usr/bin:/bin");
	for (d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", *d ? d : ".", prog);

		if (access(p, X_OK) == 0) {
			free(dirs);
			return p;
		}
		free(p);
	}
	free(dirs);
	return xstrdup(prog);
}

static char **
split_words(const char *s)
{
	char **v = NULL;
	size_t n = 0;

	for (;;) {
		size_t len;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		len = strcspn(s, " \t");
		v = xreallocarray(v, n + 2, sizeof *v);
		v[n++] = xstrndup(s, len);
		s += len;
	}
	if (v == NULL)
		v = xcalloc(1, sizeof *v);
	v[n] = NULL;
	return v;
}

void
cf_free_words(char **v)
{
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		free(v[i]);
	free(v);
}

static long
processors(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

int
cf_parse(int argc, char **argv, cf_opts *o)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "definition", required_argument, NULL, OPT_DEFINITION },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "lint-timeout", required_argument, NULL, OPT_LINT_TIMEOUT },
		{ "python", required_argument, NULL, OPT_PYTHON },
		{ "flake8", required_argument, NULL, OPT_FLAKE8 },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "jobs", required_argument, NULL, 'j' },
		{ "cache", required_argument, NULL, OPT_CACHE },
		{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
		{ "prepare", no_argument, NULL, OPT_PREPARE },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	double lint_timeout = 60;
	const char *python = "/usr/bin/python3", *flake8 = NULL;
	int c, defset = 0;

	memset(o, 0, sizeof *o);
	o->timeout = 10;
	while ((c = lg_getopt(argc, argv, "hj:", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_COMPAT:
			o->compat = 1;
			break;
		case OPT_DEFINITION:
			o->def = (int)opt_choice("--definition", optarg, defs,
			    sizeof defs / sizeof defs[0]);
			defset = 1;
			break;
		case OPT_TIMEOUT:
			o->timeout = opt_real("--timeout", optarg, 0.1, 86400);
			break;
		case OPT_LINT_TIMEOUT:
			lint_timeout = opt_real("--lint-timeout", optarg, 1, 86400);
			break;
		case OPT_PYTHON:
			if (*optarg == '\0')
				lg_die(LG_USAGE, "--python: empty path");
			python = optarg;
			break;
		case OPT_FLAKE8:
			flake8 = optarg;
			break;
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case 'j':
			o->jobs = (int)opt_num("-j", optarg, 1, 256);
			break;
		case OPT_CACHE:
			if (*optarg == '\0')
				lg_die(LG_USAGE, "--cache: empty path");
			o->cache_dir = optarg;
			break;
		case OPT_NO_CACHE:
			o->cache_off = 1;
			break;
		case OPT_PREPARE:
			o->prep = 1;
			break;
		case OPT_LIST_TASKS:
			task_list(cf_tasks, cf_ntasks);
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	if (o->compat && defset && o->def != CF_DEF_CODE)
		lg_die(LG_USAGE, "--definition paper: not with --compat, which "
		    "scores as the published code");
	fl_limits(lint_timeout);
	if (o->jobs == 0)
		o->jobs = (int)(processors() > 256 ? 256 : processors());
	/* the default flake8 is told to run in one process: we run several */
	fl_one_job(flake8 == NULL);
	o->python = resolve(python);
	if (flake8 != NULL) {
		o->flake8 = split_words(flake8);
	} else {
		o->flake8 = xcalloc(4, sizeof *o->flake8);
		o->flake8[0] = xstrdup(o->python);
		o->flake8[1] = xstrdup("-m");
		o->flake8[2] = xstrdup("flake8");
	}
	if (o->flake8[0] == NULL)
		lg_die(LG_USAGE, "--flake8: empty command");
	return optind;
}

void
cf_opts_free(cf_opts *o)
{
	cf_free_words(o->flake8);
	free(o->python);
}
