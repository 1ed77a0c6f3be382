/* lg-compare: two runs, or two models in one stream, paired by case. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "compare.h"
#include "diag.h"
#include "nulkey.h"
#include "opt.h"
#include "record.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-compare [-g FIELD[,FIELD...]] [-f FORMAT] [-b N] [-s SEED] [-n N]\n"
"                  [--max-record SIZE] A.jsonl B.jsonl\n"
"       lg-compare --by FIELD[=A,B] [--baseline A] [options] [file ...]\n"
"       lg-compare -h | --help | --version\n"
"\n"
"  -g FIELDS          pair and compare within groups of these fields\n"
"                     (default bench,task,length)\n"
"  --by FIELD[=A,B]   one stream: FIELD tells the two sides apart\n"
"                     (e.g. gen.model); A and B name them, else the only\n"
"                     two values, in byte order\n"
"  --baseline A       with --by FIELD: the value of FIELD that is A (the\n"
"                     other one is B)\n"
"  -f FORMAT          table (default) or json\n"
"  -b, --bootstrap N  resamples and permutations per metric (default 2000)\n"
"  -s, --seed SEED    seed of the resampling (default 0)\n"
"  -n, --top N        cases listed per group: changed most, unpaired (5)\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

enum { OPT_BY = 256, OPT_MAXREC, OPT_VERSION, OPT_BASE };

#define MAX_RESAMPLES 1000000L

static void
opts_free(struct opts *o)
{
	fields_free(&o->fields, &o->nfields);
	field_free(&o->by);
	free(o->val[0]);
	free(o->val[1]);
	free(o->baseline);
}

static void
bad_usage(struct opts *o, const char *fmt, const char *arg)
{
	lg_warn(fmt, arg);
	opts_free(o);
	exit(LG_USAGE);	/* one line, as cmdline.h: not the whole usage */
}

/* --by FIELD or FIELD=A,B */
static int
parse_by(const char *arg, struct opts *o)
{
	const char *eq = strchr(arg, '='), *comma;
	char *path = eq ? xstrndup(arg, (size_t)(eq - arg)) : xstrdup(arg);
	int r;

	field_free(&o->by);
	r = field_parse(path, &o->by);
	free(path);
	o->have_by = 1;
	if (r < 0 || eq == NULL)
		return r;
	comma = strchr(eq + 1, ',');
	if (comma == NULL || comma == eq + 1 || comma[1] == '\0' ||
	    strcmp(comma + 1, "") == 0)
		return -1;
	o->val[0] = nulkey_of(eq + 1, (size_t)(comma - eq - 1));
	o->val[1] = nulkey_of(comma + 1, strlen(comma + 1));
	return strcmp(o->val[0], o->val[1]) == 0 ? -1 : 0;
}

/* The values of --by seen so far, when not named. */
struct by_state {
	char *seen[2];
	long other;
	char *third;		/* the first other value, for the message */
};

/* The side of a record under --by: 0, 1, 2 for another value, -1 bad. */
static int
by_side(const cJSON *rec, jsonl *in, const struct opts *o, struct by_state *b)
{
	char *v;
	int s;

	if (field_value(rec, &o->by, &v) < 0 || strcmp(v, "-") == 0) {
		jsonl_warn(in, "%s: %s", o->by.path, v ? "missing" :
		    "an object or array cannot tell the sides apart");
		free(v);
		return -1;
	}
	for (s = 0; s < 2; s++) {
		const char *name = o->val[0] ? o->val[s] : b->seen[s];

		if (name == NULL && o->val[0] == NULL) {
			b->seen[s] = v;
			return s;
		}
		if (strcmp(name, v) == 0) {
			free(v);
			return s;
		}
	}
	b->other++;
	if (b->third == NULL)
		b->third = v;
	else
		free(v);
	return 2;
}

/* --baseline: 1 when it is a value of the --by field in the records,
 * else 0 after a message naming it. */
static int
baseline_seen(const struct opts *o, const struct by_state *b)
{
	char *v;
	int s;

	for (s = 0; s < 2; s++)
		if (b->seen[s] != NULL && strcmp(b->seen[s], o->baseline) == 0)
			return 1;
	if (b->third != NULL && strcmp(b->third, o->baseline) == 0)
		return 1;	/* more than two values: said next */
	v = nulkey_show(o->baseline);
	lg_sanitize(v);
	lg_warn("--baseline: \"%s\": not a value of %s in the records", v,
	    o->by.path);
	free(v);
	return 0;
}

static void
swap_sides(struct group **g, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		size_t t = g[i]->only[0];
		struct paired_side s;

		g[i]->only[0] = g[i]->only[1];
		g[i]->only[1] = t;
		for (j = 0; j < g[i]->ncases; j++) {
			s = g[i]->cases[j]->s[0];
			g[i]->cases[j]->s[0] = g[i]->cases[j]->s[1];
			g[i]->cases[j]->s[1] = s;
		}
	}
}

/* Members no table of lg-compare reads: left out unless a field names them. */
static const char *const unread[] = { "output", "prompt", "vars", "parts",
	"gold", "template", "published_id", "reasoning", "usage" };
#define NUNREAD (sizeof unread / sizeof unread[0])

static int
read_side(jsonl *in, ctab *t, int side, const struct opts *o,
    struct by_state *b)
{
	const char *skip[NUNREAD];
	size_t n;
	cJSON *rec;
	int bad = 0, s;

	n = fields_unnamed(o->fields, o->nfields, unread, NUNREAD, skip);
	if (o->have_by)
		n = fields_unnamed(&o->by, 1, skip, n, skip);
	jsonl_skip(in, skip, n);	/* the scanner still checks them */
	jsonl_lazy_all(in);	/* records are read through rec_get() */
	jsonl_borrow(in);	/* and each is freed before the next */
	while ((rec = jsonl_next(in)) != NULL) {
		s = side;
		if (o->have_by && (s = by_side(rec, in, o, b)) < 0)
			bad = 1;
		else if (s < 2 && ctab_add(t, rec, in, s, o) < 0)
			bad = 1;
		rec_free(rec);
	}
	return bad;
}

static int
run(char **files, int nfiles, const struct opts *o)
{
	ctab *t = ctab_new(o->nfields);
	struct by_state b = { { NULL, NULL }, 0, NULL };
	struct group **g = NULL;
	const char *label[2];
	char *by_label[2] = { NULL, NULL };
	char *file_label[2] = { NULL, NULL };
	size_t cases[2], paired, und, uns, ng;
	int bad = 0, status = LG_OK, s;

	if (o->have_by) {
		jsonl *in = jsonl_open(files, nfiles);

		bad |= read_side(in, t, 0, o, &b);
		status = jsonl_status(in);
		jsonl_free(in);
	} else {
		for (s = 0; s < 2; s++) {
			jsonl *in = jsonl_open(&files[s], 1);
			int st;

			bad |= read_side(in, t, s, o, NULL);
			st = jsonl_status(in);
			if (st > status)
				status = st;
			jsonl_free(in);
		}
	}
	g = ctab_groups(t, o, &ng);
	if (ctab_defs_refused(t)) {
		status = status > LG_BAD ? status : LG_BAD;
		goto out;
	}
	if (o->baseline != NULL && !baseline_seen(o, &b)) {
		status = LG_USAGE;
		goto out;
	}
	if (o->have_by && o->val[0] == NULL) {
		if (b.other > 0 || b.seen[1] == NULL) {
			char *v = nulkey_show(b.other ? b.third :
			    b.seen[0] ? b.seen[0] : "");

			lg_sanitize(v);
			if (b.other > 0)
				lg_warn("%s: more than two values (a third: %s); "
				    "name the two to compare with --by %s=A,B",
				    o->by.path, v, o->by.path);
			else
				lg_warn("%s: %s: nothing to compare", o->by.path,
				    b.seen[0] ? "only one value" : "no record");
			free(v);
			status = status > LG_BAD ? status : LG_BAD;
			goto out;
		}
		if (o->baseline != NULL ? strcmp(b.seen[1], o->baseline) == 0 :
		    strcmp(b.seen[0], b.seen[1]) > 0) {
			char *x = b.seen[0];

			b.seen[0] = b.seen[1];
			b.seen[1] = x;
			swap_sides(g, ng);
		}
	}
	if (o->have_by)
		for (s = 0; s < 2; s++) {
			by_label[s] = xasprintf("%s=%s", o->by.path,
			    o->val[0] ? o->val[s] : b.seen[s]);
			label[s] = by_label[s];
		}
	else
		for (s = 0; s < 2; s++) {
			file_label[s] = strcmp(files[s], "-") ? nulkey_of(files[s],
			    strlen(files[s])) : xstrdup("(stdin)");
			label[s] = file_label[s];
		}
	ctab_counts(t, cases, &paired, &und, &uns);
	ctab_warn_unscored(t);
	if (paired == 0) {
		char *a = nulkey_show(label[0]), *bl = nulkey_show(label[1]);

		lg_sanitize(a);
		lg_sanitize(bl);
		if (und + uns > 0)
			lg_warn("no case decided in both: %zu cases in common, "
			    "undecided in %s or %s (no score and no error), "
			    "%zu never scored (no scores, no error)",
			    und + uns, a, bl, uns);
		else
			lg_warn("no case in common: %s has %zu cases, %s has "
			    "%zu (paired by case, else id, within the same "
			    "values of the group fields)", a, cases[0], bl,
			    cases[1]);
		free(a);
		free(bl);
		status = status > LG_BAD ? status : LG_BAD;
		goto out;
	}
	print_all(g, ng, o, label, cases, paired, und, uns, b.other);
	if (status == LG_OK && bad)
		status = LG_BAD;
out:
	free(g);
	free(by_label[0]);
	free(by_label[1]);
	free(file_label[0]);
	free(file_label[1]);
	free(b.seen[0]);
	free(b.seen[1]);
	free(b.third);
	ctab_free(t);
	return lg_finish(status);
}

/* The options into o (memset to 0 by the caller) and the operands
 * checked; the index of the first operand. */
static int
parse(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "by", required_argument, NULL, OPT_BY },
		{ "baseline", required_argument, NULL, OPT_BASE },
		{ "bootstrap", required_argument, NULL, 'b' },
		{ "seed", required_argument, NULL, 's' },
		{ "top", required_argument, NULL, 'n' },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const formats[] = { "table", "json" };
	size_t i;
	int c;

	fields_parse("bench,task,length", &o->fields, &o->nfields);
	o->resamples = 2000;
	o->top = 5;
	while ((c = lg_getopt(argc, argv, "g:f:b:s:n:h", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'g':
			if (fields_parse(optarg, &o->fields, &o->nfields) < 0)
				bad_usage(o, "-g: \"%s\": not a list of fields, "
				    "dotted paths, each once", optarg);
			break;
		case 'f':
			o->fmt = (int)opt_choice("-f", optarg, formats, 2);
			break;
		case 'b':
			o->resamples = (long)opt_num("--bootstrap", optarg, 1,
			    MAX_RESAMPLES);
			break;
		case 's':
			o->seed = opt_seed("--seed", optarg);
			break;
		case 'n':
			o->top = (long)opt_num("--top", optarg, 0, 1000000);
			break;
		case OPT_BY:
			if (parse_by(optarg, o) < 0)
				bad_usage(o, "--by: \"%s\": not FIELD or FIELD=A,B "
				    "with two different values", optarg);
			break;
		case OPT_BASE:
			free(o->baseline);
			o->baseline = nulkey_of(optarg, strlen(optarg));
			break;
		case OPT_MAXREC:
			opt_max_record(optarg);
			break;
		case 'h':
			opts_free(o);
			lg_usage(usage, 0);
		case OPT_VERSION:
			opts_free(o);
			lg_version();
		default:
			opts_free(o);
			lg_usage(usage, LG_USAGE);
		}
	}
	argc -= optind;
	argv += optind;
	/* the operands */
	if (!o->have_by && argc != 2)
		bad_usage(o, "%s", "two files to compare, A and B, or --by "
		    "FIELD");
	if (!o->have_by && strcmp(argv[0], "-") == 0 && strcmp(argv[1], "-") == 0)
		bad_usage(o, "%s", "A and B cannot both be the standard input");
	if (o->baseline != NULL && (!o->have_by || o->val[0] != NULL))
		bad_usage(o, "%s", "--baseline names A of --by FIELD; with "
		    "--by FIELD=A,B, A is named already");
	for (i = 0; o->have_by && i < o->nfields; i++)
		if (strcmp(o->fields[i].path, o->by.path) == 0)
			bad_usage(o, "--by: \"%s\": also a group field (-g)",
			    o->by.path);
	return optind;
}

int
main(int argc, char **argv)
{
	struct opts o;
	int n, status;

	memset(&o, 0, sizeof o);
	lg_init(argv[0]);
	n = parse(argc, argv, &o);
	status = run(argv + n, argc - n, &o);
	opts_free(&o);
	return status;
}
