/* opts.c: lg-agg's command line. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "cmdline.h"
#include "diag.h"
#include "opt.h"
#include "lgb.h"
#include "tasks.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-agg [-g FIELD[,FIELD...]] [-f FORMAT] [--by-position]\n"
"              [--axis AXIS] [--bin-width N] [--smooth W]\n"
"              [--len-filter RULE] [--compat] [--layout LAYOUT] [--bootstrap N]\n"
"              [--seed N] [--usage] [--prices FILE] [--tags] [--sample-size]\n"
"              [--cases-for WIDTH] [--time] [--lengths]\n"
"              [--tokenizer FILE] [--split-settings] [--models FILE]\n"
"              [--correlate FILE] [--table N] [--view OPTIONS ...]\n"
"              [--max-record SIZE] [file ...]\n"
"       lg-agg --list-tasks | -h | --help | --version\n"
"\n"
"  -g FIELDS          group by these fields, dotted paths\n"
"                     (default bench,task,length,gen.model)\n"
"  -f FORMAT          table (default), tsv, csv, md, latex or json\n"
"  --by-position      LongGenBench: pass rate per entry position\n"
"  --axis AXIS        --by-position: entries (default: the entry number)\n"
"                     or tokens (where the entry starts in the output, in\n"
"                     cl100k tokens of --tokenizer's table, else\n"
"                     gen.output_tokens scaled by bytes; bins of --bin-width)\n"
"  --bin-width N      --axis tokens: tokens a bin spans (default 1000)\n"
"  --smooth W         --by-position: a column smoothed, the moving average\n"
"                     of the rates of W positions (default 1: none)\n"
"  --len-filter RULE  LongGenBench Len over some cases only: none (default:\n"
"                     all), paper80 (completion rate 80% or more, the\n"
"                     paper's) or notebook (more than 40 entries and 2000\n"
"                     words, the published notebook's)\n"
"  --compat           leave out what the published code left out: failed\n"
"                     records, empty and ERROR: answers, scores.evaluated 0\n"
"  --layout LAYOUT    long (default: one row per group) or paper (the\n"
"                     papers' tables, one row per model)\n"
"  --table N          a paper's table of its own (implies --layout paper):\n"
"                     Ada-LEval 1 (data statistics); LongWeave 4 (failure\n"
"                     patterns, from lg-tags), 5 (stability over n cases,\n"
"                     --bootstrap draws), 6 (score by judge model),\n"
"                     7 (output tokens per tier), 9 (inference and judge\n"
"                     seconds per sample)\n"
"  --bootstrap N      95% intervals from N resamples of the cases, and\n"
"                     standard errors (default 1000; 0: none)\n"
"  --seed N           seed of the resampling (default 1)\n"
"  --usage            what the run spent per group (tokens, requests,\n"
"                     latency, cost) in place of the scores\n"
"  --prices FILE      USD per million input and output tokens per model\n"
"                     (lines MODEL INPUT OUTPUT); adds cost to --usage\n"
"  --tags             failure tags of lg-tags per group (paper layout: per\n"
"                     model): count and share of each over the tagged\n"
"                     records; failed and untagged records counted apart\n"
"  --sample-size      width of the 95% interval from resamples of n cases,\n"
"                     n = 10, 20, 50, 100, 200, 500, ... and all the cases\n"
"  --cases-for WIDTH  cases a 95% interval of WIDTH points needs, per group,\n"
"                     extrapolated as width ~ 1/sqrt(n) from the measured one\n"
"  --time             mean generation time per record (gen.latency_s) per\n"
"                     group in place of the scores; untimed ones apart\n"
"  --lengths          mean output tokens against the length tier per\n"
"                     group in place of the scores\n"
"  --tokenizer FILE   --lengths, --axis tokens: the table counting outputs\n"
"                     (--lengths: those without gen.output_tokens or\n"
"                     output_tokens_counted, lg-report's count in its copy;\n"
"                     default $LG_TOKENIZER, else cl100k_base)\n"
"  --split-settings   a group whose records were made by different\n"
"                     settings (gen: lg, template, parameters) is split\n"
"                     into rows by a field settings, a short id of them,\n"
"                     where it is otherwise refused; a key after the\n"
"                     tables says what each id stands for\n"
"  --models FILE      --layout paper: the models' size, claimed context,\n"
"                     kind (standard or reasoning) and row group, a TSV\n"
"                     with the header model size context kind group\n"
"  --correlate FILE   Pearson's and Spearman's coefficients, with 95%\n"
"                     intervals over the models, of the scores per model\n"
"                     and tier against another benchmark's (TSV: model,\n"
"                     score, or model, length, score), then the points\n"
"  --view OPTIONS     one table of several made from one reading of the\n"
"                     records (-f json): the run's other options, then\n"
"                     OPTIONS (split at blanks, a backslash keeping the\n"
"                     next character); each row tagged \"view\": N, its\n"
"                     number from 1, then {\"view_end\": N, \"status\": S,\n"
"                     \"messages\": [...]}, the exit status and messages of\n"
"                     a run of that table alone\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  --list-tasks       print the tasks the tables name or order: BENCH, TASK,\n"
"                     then label (a paper column's name) or table (a paper\n"
"                     table of its own), and exit\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

/* --len-filter, in the order of LEN_ALL, LEN_NOTEBOOK, LEN_PAPER80 */
static const char *const len_rules[] = { "none", "notebook", "paper80" };

enum { OPT_BYPOS = 256, OPT_LENF, OPT_COMPAT, OPT_MAXREC, OPT_VERSION,
	OPT_BOOT, OPT_SEED, OPT_LAYOUT, OPT_USAGE, OPT_PRICES, OPT_LIST,
	OPT_TAGS, OPT_SAMPLE, OPT_CASESFOR, OPT_TIME, OPT_LENGTHS,
	OPT_TOKENIZER, OPT_SPLIT, OPT_MODELS, OPT_CORR, OPT_TABLE, OPT_AXIS,
	OPT_BINW, OPT_SMOOTH, OPT_VIEW };

#define MAX_BOOTSTRAP 1000000L
#define DEF_BOOTSTRAP 1000L	/* intervals unless asked not to */
#define MIN_WIDTH 0.01		/* --cases-for, in points */
#define DEF_BIN_WIDTH 1000L	/* --axis tokens: tokens a bin spans */

static const struct option longopts[] = {
	{ "by-position", no_argument, NULL, OPT_BYPOS },
	{ "axis", required_argument, NULL, OPT_AXIS },
	{ "bin-width", required_argument, NULL, OPT_BINW },
	{ "smooth", required_argument, NULL, OPT_SMOOTH },
	{ "len-filter", required_argument, NULL, OPT_LENF },
	{ "compat", no_argument, NULL, OPT_COMPAT },
	{ "max-record", required_argument, NULL, OPT_MAXREC },
	{ "bootstrap", required_argument, NULL, OPT_BOOT },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "layout", required_argument, NULL, OPT_LAYOUT },
	{ "usage", no_argument, NULL, OPT_USAGE },
	{ "prices", required_argument, NULL, OPT_PRICES },
	{ "list-tasks", no_argument, NULL, OPT_LIST },
	{ "tags", no_argument, NULL, OPT_TAGS },
	{ "sample-size", no_argument, NULL, OPT_SAMPLE },
	{ "cases-for", required_argument, NULL, OPT_CASESFOR },
	{ "time", no_argument, NULL, OPT_TIME },
	{ "lengths", no_argument, NULL, OPT_LENGTHS },
	{ "tokenizer", required_argument, NULL, OPT_TOKENIZER },
	{ "split-settings", no_argument, NULL, OPT_SPLIT },
	{ "models", required_argument, NULL, OPT_MODELS },
	{ "correlate", required_argument, NULL, OPT_CORR },
	{ "table", required_argument, NULL, OPT_TABLE },
	{ "view", required_argument, NULL, OPT_VIEW },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

/* -f FORMAT and --layout LAYOUT, in the order of their values */
static const char *const formats[] = { "table", "tsv", "csv", "md", "json",
	"latex" };
static const char *const layouts[] = { "long", "paper" };
static const char *const axes[] = { "entries", "tokens" };
/* --table N: the tables of their own (ptab.c) */
static const char *const ptables[] = { "1", "4", "5", "6", "7", "9" };

/* The tasks of the display table (tasks.h), with what it gives them: a
 * label heads a column of --layout paper, a table numbers its own. */
static void
list_tasks(void)
{
	const char *lgb;
	size_t i;

	/* LongGenBench's scenarios: rows of the long layout, pooled in the
	 * paper's */
	for (i = 0; (lgb = lgb_task(i)) != NULL; i++)
		printf("longgenbench\t%s\n", lgb);
	for (i = 0; i < ntask_shows; i++) {
		const struct task_show *t = &task_shows[i];

		printf("%s\t%s", bench_names[t->bench], t->task);
		if (t->label != NULL || t->table != NULL)
			printf("\t%s%s%s", t->label ? "label" : "",
			    t->label && t->table ? "," : "",
			    t->table ? "table" : "");
		putchar('\n');
	}
	exit(lg_finish(LG_OK));
}

static void
bad(struct opts *o, const char *msg, const char *arg)
{
	if (msg != NULL)
		lg_warn(msg, arg);
	agg_opts_free(o);
	exit(LG_USAGE);	/* one line, as cmdline.h: not the whole usage */
}

/* One option (not a mistake, help or version): 0, or -1 when it is bad. */
static int
option(int c, const char *arg, struct opts *o)
{
	switch (c) {
	case 'g':
		o->gset = 1;
		return agg_fields(arg, o);
	case 'f':
		o->fmt = (int)opt_choice("-f", arg, formats,
		    sizeof formats / sizeof formats[0]);
		break;
	case OPT_BYPOS:
		o->by_position = 1;
		break;
	case OPT_AXIS:
		o->axis_tokens = (int)opt_choice("--axis", arg, axes,
		    sizeof axes / sizeof axes[0]);
		break;
	case OPT_BINW:
		o->bin_width = (long)opt_num("--bin-width", arg, 1, 1000000);
		break;
	case OPT_SMOOTH:
		o->smooth = (int)opt_num("--smooth", arg, 1, 1000);
		break;
	case OPT_LENF:
		o->len_filter = (int)opt_choice("--len-filter", arg, len_rules,
		    sizeof len_rules / sizeof len_rules[0]);
		break;
	case OPT_COMPAT:
		o->compat = 1;
		break;
	case OPT_USAGE:
		o->usage = 1;
		break;
	case OPT_PRICES:
		o->prices = arg;
		o->usage = 1;
		break;
	case OPT_TAGS:
		o->tags = 1;
		break;
	case OPT_SAMPLE:
		o->sample_size = 1;
		break;
	case OPT_CASESFOR:
		o->cases_for = opt_real("--cases-for", arg, MIN_WIDTH, 100);
		break;
	case OPT_TIME:
		o->measure = MEAS_TIME;
		break;
	case OPT_LENGTHS:
		o->measure = MEAS_LENGTHS;
		break;
	case OPT_TOKENIZER:
		o->tokenizer = arg;
		break;
	case OPT_LAYOUT:
		o->paper = (int)opt_choice("--layout", arg, layouts,
		    sizeof layouts / sizeof layouts[0]);
		break;
	case OPT_BOOT:
		o->bootstrap = (long)opt_num("--bootstrap", arg, 0,
		    MAX_BOOTSTRAP);
		break;
	case OPT_SEED:
		o->seed = opt_seed("--seed", arg);
		break;
	case OPT_MAXREC:
		opt_max_record(arg);
		break;
	case OPT_SPLIT:
		o->split_settings = 1;
		break;
	case OPT_MODELS:
		o->models = arg;
		break;
	case OPT_CORR:
		o->correlate = arg;
		break;
	case OPT_VIEW:
		o->views = xreallocarray(o->views, o->nviews + 1,
		    sizeof *o->views);
		o->views[o->nviews++] = arg;
		break;
	case OPT_TABLE:
		o->table = atoi(ptables[opt_choice("--table", arg, ptables,
		    sizeof ptables / sizeof ptables[0])]);
		o->paper = 1;
		break;
	}
	return 0;
}

/* --usage, --tags, --sample-size and --cases-for each print a table of
 * their own: one of them at most. */
static void
modes(struct opts *o)
{
	const char *on[6];
	int n = 0;

	if (o->usage)
		on[n++] = o->prices ? "--prices" : "--usage";
	if (o->measure)
		on[n++] = o->measure == MEAS_TIME ? "--time" : "--lengths";
	if (o->tags)
		on[n++] = "--tags";
	if (o->sample_size)
		on[n++] = "--sample-size";
	if (o->cases_for > 0)
		on[n++] = "--cases-for";
	if (o->correlate != NULL)
		on[n++] = "--correlate";
	if (n > 1) {
		lg_warn("%s: not with %s", on[0], on[1]);
		bad(o, NULL, NULL);
	}
	if ((o->sample_size || o->cases_for > 0) && o->bootstrap == 0)
		bad(o, "%s: needs --bootstrap above 0", on[0]);
	if ((o->sample_size || o->cases_for > 0) && o->paper)
		bad(o, "--layout paper: not with %s", on[0]);
}

/* --table N: what the table reads in place of the scores (after the
 * checks of the paper layout: these modes are the table's own). */
static void
table_mode(struct opts *o)
{
	if (o->table != 0 && (o->tags || o->sample_size || o->cases_for > 0))
		bad(o, "--table: not with --tags, --sample-size or --cases-for",
		    NULL);
	if (o->table == 5 && o->bootstrap < 2)
		bad(o, "--table 5: needs --bootstrap of 2 draws or more", NULL);
	if (o->table == 4)
		o->tags = 1;
	else if (o->table == 7)
		o->measure = MEAS_LENGTHS;
	else if (o->table == 9)
		o->measure = MEAS_TIME;
}

/* --split-settings: the group field "settings" after the others. */
static int
split_field(struct opts *o)
{
	if (fields_find(o->fields, o->nfields, "settings") >= 0)
		return -1;
	o->fields = xreallocarray(o->fields, o->nfields + 1,
	    sizeof *o->fields);
	field_parse("settings", &o->fields[o->nfields]);
	o->isettings = (int)o->nfields++;
	return 0;
}

int
agg_parse(int argc, char **argv, struct opts *o)
{
	int c;

	o->seed = 1;
	o->bootstrap = DEF_BOOTSTRAP;
	o->isettings = -1;
	o->bin_width = DEF_BIN_WIDTH;
	o->smooth = 1;
	agg_fields("bench,task,length,gen.model", o);
	while ((c = lg_getopt(argc, argv, "g:f:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			agg_opts_free(o);
			lg_usage(usage, 0);
		case OPT_VERSION:
			agg_opts_free(o);
			lg_version();
		case OPT_LIST:
			agg_opts_free(o);
			list_tasks();
			break;
		case '?':
			bad(o, NULL, NULL);
			break;
		default:
			if (option(c, optarg, o) < 0)
				bad(o, "-g: bad field list: %s", optarg);
		}
	}
	if (o->paper && (o->gset || o->by_position)) {
		lg_warn("--layout paper: groups by task, length and gen.model; "
		    "not with %s", o->gset ? "-g" : "--by-position");
		bad(o, NULL, NULL);
	}
	if (o->paper && (o->usage || o->measure))
		bad(o, "--layout paper: not with --usage, --prices, --time or "
		    "--lengths", NULL);
	if (o->models != NULL && (!o->paper || o->tags))
		bad(o, "--models: only with --layout paper (its tables of "
		    "scores)", NULL);
	if (o->paper && o->split_settings)
		bad(o, "--layout paper: not with --split-settings", NULL);
	if ((o->axis_tokens || o->smooth > 1 || o->bin_width != DEF_BIN_WIDTH) &&
	    !o->by_position)
		bad(o, "--axis, --bin-width and --smooth: only with --by-position",
		    NULL);
	if (o->bin_width != DEF_BIN_WIDTH && !o->axis_tokens)
		bad(o, "--bin-width: only with --axis tokens", NULL);
	modes(o);
	table_mode(o);
	if (o->correlate != NULL && (o->paper || o->gset || o->by_position))
		bad(o, "--correlate: groups by task, length and gen.model; not "
		    "with --layout paper, --table, -g or --by-position", NULL);
	if (o->paper)
		agg_fields(o->table == 1 ? "task,length" : o->table == 6 ?
		    "task,length,gen.model,scores.judge.model" :
		    "task,length,gen.model", o);
	else if (o->correlate != NULL)
		agg_fields("task,length,gen.model", o);
	if (o->split_settings && split_field(o) < 0)
		bad(o, "-g: names settings, the field --split-settings adds",
		    NULL);
	return optind;
}

void
agg_opts_free(struct opts *o)
{
	fields_free(&o->fields, &o->nfields);
	free(o->views);
	o->views = NULL;
	o->nviews = 0;
}

/* Whether word is --view (or an abbreviation of it), with its argument
 * after '=' (*joined) or in the next word. */
static int
is_view(const char *w, int *joined)
{
	size_t n = strcspn(w, "=");

	*joined = w[n] == '=';
	return n >= 4 && strncmp(w, "--view", n) == 0;
}

/* Whether the option word w (no '=' in it) takes the next word as its
 * argument: -g, -f, or a long option of a required argument. */
static int
takes_next(const char *w)
{
	size_t i, n = strlen(w), hits = 0;
	int req = 0;

	if (w[0] == '-' && w[1] != '-')
		return n == 2 && (w[1] == 'g' || w[1] == 'f');
	if (strchr(w, '=') != NULL)
		return 0;
	for (i = 0; longopts[i].name != NULL; i++)
		if (strncmp(longopts[i].name, w + 2, n - 2) == 0) {
			if (strlen(longopts[i].name) == n - 2)
				return longopts[i].has_arg == required_argument;
			hits++;
			req = longopts[i].has_arg == required_argument;
		}
	return hits == 1 && req;
}

/* view's words, split at blanks, a backslash keeping the next character,
 * appended to v (*n of them, room for them all); the words' text in *text
 * (the caller frees it). */
static void
view_words(const char *view, char **v, int *n, char **text)
{
	char *t = xmalloc(2 * strlen(view) + 2), *w = t;
	int in = 0;

	*text = t;
	for (; *view != '\0'; view++) {
		if (*view == ' ' || *view == '\t' || *view == '\n') {
			if (in) {
				*w++ = '\0';
				in = 0;
			}
			continue;
		}
		if (!in) {
			v[(*n)++] = w;
			in = 1;
		}
		if (*view == '\\' && view[1] != '\0')
			view++;
		*w++ = *view;
	}
	*w = '\0';
}

char **
agg_view_argv(int argc, char **argv, int first, const char *view,
    int *nv, char **text)
{
	char **v = xcalloc((size_t)argc + strlen(view) + 2, sizeof *v);
	int i, n = 0, joined;

	(void)argc;
	v[n++] = argv[0];
	for (i = 1; i < first; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (is_view(argv[i], &joined)) {
			i += !joined;
			continue;
		}
		v[n++] = argv[i];
		if (takes_next(argv[i]) && i + 1 < first)
			v[n++] = argv[++i];
	}
	view_words(view, v, &n, text);
	v[n] = NULL;
	*nv = n;
	return v;
}
