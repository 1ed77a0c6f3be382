/* lg-plot: standalone SVG charts of scored records. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmdline.h"
#include "charts.h"
#include "diag.h"
#include "opt.h"
#include "record.h"
#include "scatter.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-plot [-k KIND] [-o DIR] [--data] [--compat] [--bins N]\n"
"               [--axis AXIS] [--bin-width N] [--smooth W] [--min-count N]\n"
"               [--bootstrap N] [--seed N]\n"
"               [--tokenizer FILE] [--max-record SIZE] [file ...]\n"
"       lg-plot -k correlate --length TIER --metric METRIC [--data] [file ...]\n"
"       lg-plot -h | --help | --version\n"
"\n"
"  -k, --chart KIND   the chart written to stdout: position, lgb-tiers,\n"
"                     lgb-types, longweave, length, adaleval or bias\n"
"                     (default position); correlate: the scatter of\n"
"                     lg-agg's correlation rows in JSON\n"
"  -o DIR             write every chart that has data to DIR/KIND.svg and\n"
"                     print their names\n"
"  --data             the chart's points as tab-separated text (series,\n"
"                     x, label, value, low, high, n), not SVG\n"
"  --compat           position: the published curve (absolute position, 16k\n"
"                     Floor and Block positions past 52 dropped)\n"
"  --bins N           position: relative position in N bins (default 10)\n"
"  --axis AXIS        position: entries (default: the entry's place among\n"
"                     the entries, in --bins bins) or tokens (where the\n"
"                     entry starts in the output, in cl100k tokens of\n"
"                     --tokenizer's table, else gen.output_tokens scaled by\n"
"                     bytes; bins of --bin-width), as lg-agg's\n"
"  --bin-width N      --axis tokens: tokens a bin spans (default 1000)\n"
"  --smooth W         position: moving average of W positions (default 1:\n"
"                     none, the papers give no width)\n"
"  --min-count N      position: leave out positions with fewer than N\n"
"                     checks (default 1)\n"
"  --bootstrap N      95% intervals from N resamples of the cases, as\n"
"                     lg-agg (default 1000; 0: none)\n"
"  --seed N           seed of the resampling (default 1, lg-agg's)\n"
"  --tokenizer FILE   the table counting tokens: the length chart's outputs\n"
"                     without gen.output_tokens, --axis tokens' offsets\n"
"                     (default cl100k_base)\n"
"  --length TIER      correlate: the tier drawn (e.g. 16k)\n"
"  --metric METRIC    correlate: lg's metric drawn (CR, STIC-1, STIC-2,\n"
"                     wAvg, as lg-agg names them)\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

enum { OPT_COMPAT = 256, OPT_BINS, OPT_MAXREC, OPT_VERSION, OPT_SMOOTH,
	OPT_MINCOUNT, OPT_BOOT, OPT_SEED, OPT_TOKENIZER, OPT_DATA, OPT_LENGTH,
	OPT_METRIC, OPT_AXIS, OPT_BINW };

struct plot_opts {
	struct charts_opts c;
	int kind, data;
	const char *dir;
	int correlate;		/* -k correlate (scatter.c) */
	int binw, bins;		/* --bin-width, --bins given */
	struct scatter_opts sc;
};

static int
write_file(const char *path, const struct buf *b)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		lg_warn("%s: %s", path, strerror(errno));
		return -1;
	}
	if (fwrite(b->s, 1, b->len, f) != b->len || fclose(f) != 0) {
		lg_warn("%s: write failed", path);
		return -1;
	}
	return 0;
}

static void
num(struct buf *b, double v)
{
	if (isnan(v))
		buf_puts(b, "\t-");
	else
		buf_printf(b, "\t%.6g", v);
}

/* The chart's points: series, x, label, value, low, high and the units
 * behind the value (cases or checks), one a line. */
static void
data(struct buf *b, const struct svg_chart *c)
{
	int i, j;

	buf_puts(b, "series\tx\tlabel\tvalue\tlow\thigh\tn\n");
	for (j = 0; j < c->ns; j++)
		for (i = 0; i < c->s[j].n; i++) {
			const struct svg_series *s = &c->s[j];
			const char *label = "";
			char *p;
			int t;

			if (c->kind == SVG_BARS)
				label = c->cats[(int)s->x[i]];
			for (t = 0; c->kind == SVG_LINE && t < c->nxticks; t++)
				if (c->xtickv[t] == s->x[i])
					label = c->xticks[t];
			buf_puts(b, s->name);
			num(b, s->x[i]);
			buf_putc(b, '\t');
			p = xstrdup(label);
			for (t = 0; p[t]; t++)
				if (p[t] == '\n' || p[t] == '\t')
					p[t] = ' ';
			buf_puts(b, p);
			free(p);
			num(b, s->y[i]);
			num(b, s->lo[i]);
			num(b, s->hi[i]);
			num(b, s->units ? s->units[i] : NAN);
			buf_putc(b, '\n');
		}
}

/* Write the charts asked for; the status. */
static int
emit(struct charts *t, const struct plot_opts *o, int status)
{
	int k;

	for (k = 0; k < CH_NKINDS; k++) {
		struct svg_chart c;
		struct buf b = { 0 };

		if (o->dir == NULL ? k != o->kind : charts_points(t, k) == 0)
			continue;
		charts_build(t, k, charts_kind[k], &c);
		if (o->data)
			data(&b, &c);
		else
			svg_write(&b, &c);
		charts_done(&c);
		if (o->dir == NULL) {
			fwrite(b.s, 1, b.len, stdout);
		} else {
			char *path = xasprintf("%s/%s.%s", o->dir, charts_kind[k],
			    o->data ? "tsv" : "svg");

			if (write_file(path, &b) < 0)
				status = LG_SYS;
			else
				printf("%s\n", path);
			free(path);
		}
		buf_free(&b);
	}
	return status;
}

static int
run(char **files, int n, const struct plot_opts *o)
{
	struct charts *t = charts_new(&o->c);
	jsonl *in = jsonl_open(files, n);
	cJSON *rec;
	int status, bad = 0;

	jsonl_lazy_all(in);	/* charts_add() reads through rec_get() */
	jsonl_borrow(in);	/* and keeps nothing of a record */
	while ((rec = jsonl_next(in)) != NULL) {
		if (charts_add(t, rec, in) < 0)
			bad = 1;
		rec_free(rec);
	}
	status = jsonl_status(in);
	jsonl_free(in);
	charts_warn_unscored(t, NULL);
	if (status == LG_SYS) {
		charts_free(t);
		return LG_SYS;
	}
	if (bad && status == LG_OK)
		status = LG_BAD;
	if (charts_defs_refused(t)) {
		charts_free(t);
		return lg_finish(status > LG_BAD ? status : LG_BAD);
	}
	if (o->dir != NULL && mkdir(o->dir, 0777) < 0 && errno != EEXIST) {
		lg_warn("%s: %s", o->dir, strerror(errno));
		charts_free(t);
		return LG_SYS;
	}
	status = emit(t, o, status);
	charts_free(t);
	return lg_finish(status);
}

static void
parse_kind(struct plot_opts *o, const char *opt, const char *arg)
{
	struct buf b = { 0 };
	int k;

	if ((o->correlate = strcmp(arg, "correlate") == 0))
		return;
	if ((o->kind = charts_kind_of(arg)) >= 0)
		return;
	for (k = 0; k < CH_NKINDS; k++)
		buf_printf(&b, "%s%s", k ? ", " : "", charts_kind[k]);
	lg_warn("%s: unknown chart: %s (%s, correlate)", opt, arg,
	    buf_str(&b));
	buf_free(&b);
	exit(LG_USAGE);
}

/* -k correlate: a tier and a metric, no -o. */
static int
correlate(char **files, int n, struct plot_opts *o)
{
	if (!o->correlate || o->sc.length == NULL || o->sc.metric == NULL ||
	    o->dir != NULL) {
		lg_warn("%s", o->correlate ? "-k correlate: needs --length and "
		    "--metric, not -o" : "--length and --metric: only with -k "
		    "correlate");
		exit(LG_USAGE);
	}
	o->sc.data = o->data;
	return scatter_run(files, n, &o->sc);
}

/* --axis tokens takes --bin-width, not --bins or --compat. */
static void
axis_check(const struct plot_opts *o)
{
	const char *bad = NULL;

	if (o->binw && !o->c.axis_tokens)
		bad = "--bin-width: only with --axis tokens";
	else if (o->c.axis_tokens && (o->bins || o->c.compat))
		bad = "--axis tokens: not with --bins or --compat";
	if (bad != NULL) {
		lg_warn("%s", bad);
		exit(LG_USAGE);
	}
}

/* The options into o; the index of the first file. */
static int
parse(int argc, char **argv, struct plot_opts *o)
{
	static const struct option longopts[] = {
		{ "chart", required_argument, NULL, 'k' },
		{ "data", no_argument, NULL, OPT_DATA },
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "bins", required_argument, NULL, OPT_BINS },
		{ "axis", required_argument, NULL, OPT_AXIS },
		{ "bin-width", required_argument, NULL, OPT_BINW },
		{ "smooth", required_argument, NULL, OPT_SMOOTH },
		{ "min-count", required_argument, NULL, OPT_MINCOUNT },
		{ "bootstrap", required_argument, NULL, OPT_BOOT },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "tokenizer", required_argument, NULL, OPT_TOKENIZER },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "length", required_argument, NULL, OPT_LENGTH },
		{ "metric", required_argument, NULL, OPT_METRIC },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const axes[] = { "entries", "tokens" };
	int c, li = -1;

	while ((c = lg_getopt(argc, argv, "k:o:h", longopts, &li)) != -1) {
		switch (c) {
		case 'k': parse_kind(o, li >= 0 ? "--chart" : "-k", optarg); break;
		case 'o': o->dir = optarg; break;
		case OPT_DATA: o->data = 1; break;
		case OPT_COMPAT: o->c.compat = 1; break;
		case OPT_BINS:
			o->c.bins = (int)opt_num("--bins", optarg, 1, 1000);
			o->bins = 1;
			break;
		case OPT_AXIS:
			o->c.axis_tokens = (int)opt_choice("--axis", optarg, axes,
			    sizeof axes / sizeof axes[0]);
			break;
		case OPT_BINW:
			o->c.bin_width = (long)opt_num("--bin-width", optarg, 1,
			    1000000);
			o->binw = 1;
			break;
		case OPT_SMOOTH:
			o->c.smooth = (int)opt_num("--smooth", optarg, 1, 1000);
			break;
		case OPT_MINCOUNT:
			o->c.min_count = (long)opt_num("--min-count", optarg, 1,
			    1000000000);
			break;
		case OPT_BOOT:
			o->c.draws = (long)opt_num("--bootstrap", optarg, 0, 1000000);
			break;
		case OPT_SEED: o->c.seed = opt_seed("--seed", optarg); break;
		case OPT_TOKENIZER: o->c.tokenizer = optarg; break;
		case OPT_MAXREC: opt_max_record(optarg); break;
		case OPT_LENGTH: o->sc.length = optarg; break;
		case OPT_METRIC: o->sc.metric = optarg; break;
		case 'h': lg_usage(usage, 0);
		case OPT_VERSION: lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
		li = -1;
	}
	axis_check(o);
	return optind;
}

int
main(int argc, char **argv)
{
	struct plot_opts o = { .kind = CH_POSITION };
	int first;

	lg_init(argv[0]);
	charts_defaults(&o.c);
	first = parse(argc, argv, &o);
	if (o.correlate || o.sc.length || o.sc.metric)
		return correlate(argv + first, argc - first, &o);
	return run(argv + first, argc - first, &o);
}
