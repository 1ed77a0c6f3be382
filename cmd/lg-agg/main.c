/* lg-agg: fold scored records into the tables the papers report. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cmdline.h"
#include "agg.h"
#include "diag.h"
#include "nulkey.h"
#include "opt.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-agg [-g FIELD[,FIELD...]] [-f FORMAT] [--by-position] [--len-filter]\n"
"              [--compat] [--layout LAYOUT] [--bootstrap N] [--seed N]\n"
"              [--usage] [--prices FILE] [--max-record SIZE] [file ...]\n"
"       lg-agg -h | --help | --version\n"
"\n"
"  -g FIELDS          group by these fields, dotted paths\n"
"                     (default bench,task,length,gen.model)\n"
"  -f FORMAT          table (default), tsv, csv, md, latex or json\n"
"  --by-position      LongGenBench: pass rate per entry position\n"
"  --len-filter       Len over the cases with more than 40 entries and\n"
"                     2000 words only (the paper's filter)\n"
"  --compat           leave out what the published code left out: failed\n"
"                     records, empty and ERROR: answers, scores.evaluated 0\n"
"  --layout LAYOUT    long (default: one row per group) or paper (the\n"
"                     papers' tables, one row per model)\n"
"  --bootstrap N      95% intervals from N resamples of the cases, and\n"
"                     standard errors (default 1000; 0: none)\n"
"  --seed N           seed of the resampling (default 1)\n"
"  --usage            what the run spent per group (tokens, requests,\n"
"                     latency, cost) in place of the scores\n"
"  --prices FILE      USD per million input and output tokens per model\n"
"                     (lines MODEL INPUT OUTPUT); adds cost to --usage\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

enum { OPT_BYPOS = 256, OPT_LENF, OPT_COMPAT, OPT_MAXREC, OPT_VERSION,
	OPT_BOOT, OPT_SEED, OPT_LAYOUT, OPT_USAGE, OPT_PRICES };

#define MAX_BOOTSTRAP 1000000L
#define DEF_BOOTSTRAP 1000L	/* intervals unless asked not to */

static char bench_name[] = "bench";
static char *bench_parts[] = { bench_name };
static const struct field bench_field = { bench_name, bench_parts, 1 };

static char case_name[] = "case", id_name[] = "id", gen_name[] = "gen",
    model_name[] = "model";
static char *case_part[] = { case_name }, *id_part[] = { id_name },
    *model_part[] = { gen_name, model_name };

/*
 * The record's id as a unit's key (nulkey.h), NULL when it has none: the
 * id, then 0x01 'm' (never in a key) and the model when there is one, so
 * that a group that holds several models (-g without gen.model) does not
 * take one case of two models for a repeat.
 */
static char *
rec_key(const cJSON *rec)
{
	char *id = nulkey_at(rec, id_part, 1), *m, *k;

	if (id == NULL || (m = nulkey_at(rec, model_part, 2)) == NULL)
		return id;
	k = xasprintf("%s\x01m%s", id, m);
	free(id);
	free(m);
	return k;
}

/* The record's case (repeated samples) as a key (nulkey.h), NULL when it
 * has none; -1 bad. */
static int
case_of(const cJSON *rec, jsonl *in, char **out)
{
	const cJSON *c = rec_get(rec, "case");

	*out = NULL;
	if (c == NULL || cJSON_IsNull(c))
		return 0;
	if (!cJSON_IsString(c)) {
		jsonl_warn(in, "case: not a string");
		return -1;
	}
	*out = nulkey_at(rec, case_part, 1);
	return 0;
}

static void
unit_lgb(struct unit *u, const struct lgb *l)
{
	int t;

	memset(u, 0, sizeof *u);
	u->w = (double)l->cases;
	u->sum = l->cr_sum;
	u->pass = l->pass;
	u->judged = l->judged;
	u->total = l->total;
	for (t = 0; t < NTYPES; t++) {
		u->tpass[t] = l->tpass[t];
		u->ttotal[t] = l->ttotal[t];
	}
	u->words = (long)l->words;
	u->len_cases = l->len_cases;
	u->s = l->cr_sum;
	u->ss = l->cr_sum * l->cr_sum;
}

static void
unit_score(struct unit *u, const struct score *s)
{
	memset(u, 0, sizeof *u);
	u->w = (double)s->cases;
	u->sum = s->sum;
	u->s = s->sum;
	u->ss = s->sum * s->sum;
}

/* Fold one record into its group: 0, or -1 when it was bad (reported). */
static int
add(const cJSON *rec, jsonl *in, const struct opts *o, gtab *t, char **vals)
{
	struct group *g;
	struct lgb l;
	struct score s;
	struct unit u;
	char *cs = NULL, *id;
	char *bench;
	size_t i, k;
	int r = 0;

	if (field_value(rec, &bench_field, &bench) < 0) {
		jsonl_warn(in, "bench: an object or array cannot be a group value");
		return -1;
	}
	for (k = 0; k < o->nfields; k++)
		if (field_value(rec, &o->fields[k], &vals[k]) < 0) {
			jsonl_warn(in, "%s: an object or array cannot be a "
			    "group value", o->fields[k].path);
			r = -1;
			break;
		}
	if (r == 0 && o->usage) {
		g = gtab_get(t, bench, vals, NULL);
		group_params(g, rec);
		usage_read(rec, g);
		goto done;
	}
	if (r == 0)
		r = case_of(rec, in, &cs);
	if (r == 0 && strcmp(bench, "longgenbench") == 0) {
		if ((r = lgb_read(rec, in, o, &l)) >= 0) {
			g = gtab_get(t, bench, vals, NULL);
			group_params(g, rec);
			if (r == 0) {
				unit_lgb(&u, &l);
				id = rec_key(rec);
				units_add(&g->units, cs, id, &u);
				free(id);
			}
			lgb_merge(&g->lgb, &l);
			lgb_clear(&l);
		}
	} else if (r == 0) {
		if ((r = score_read(rec, in, o, &s)) >= 0) {
			g = gtab_get(t, bench, vals, NULL);
			group_params(g, rec);
			unit_score(&u, &s);
			if (r == 0 && strcmp(bench, "adaleval") == 0) {
				struct ada a;

				ada_read(rec, &s, &a);
				ada_merge(&g->ada, &a);
				u.ada = a;
			}
			if (r == 0) {
				id = rec_key(rec);
				units_add(&g->units, cs, id, &u);
				free(id);
			}
			score_merge(&g->sc, &s);
		}
	}
done:
	for (i = 0; i < k; i++)
		free(vals[i]);
	free(cs);
	free(bench);
	return r < 0 ? -1 : 0;
}

/*
 * Once per group: records that repeat an id without a case member (a run
 * appended to its own output twice, say) are counted as separate cases,
 * as lg-compare counts them as samples; say so, and how to fix it.
 */
static void
warn_repeats(struct group **g, size_t n, const struct opts *o)
{
	size_t i, k;
	buf b = { 0 };

	for (i = 0; i < n; i++) {
		if (g[i]->units.dups == 0)
			continue;
		buf_reset(&b);
		for (k = 0; k < o->nfields; k++)
			if (strcmp(o->fields[k].path, "bench") == 0)
				break;
		if (k == o->nfields)	/* the bench is not a field: name it */
			buf_puts(&b, g[i]->bench);
		for (k = 0; k < o->nfields; k++) {
			char *v = nulkey_show(g[i]->val[k]);

			buf_printf(&b, "%s%s", b.len ? " " : "", v);
			free(v);
		}
		lg_warn("%s: %ld record%s repeat%s an id without a case member, "
		    "each counted as a case of its own: remove the repeats (a "
		    "file appended to twice?), let lg-infer --resume add only "
		    "what is missing, or write repeated samples with lg-infer "
		    "--samples", buf_str(&b), g[i]->units.dups,
		    g[i]->units.dups == 1 ? "" : "s",
		    g[i]->units.dups == 1 ? "s" : "");
	}
	buf_free(&b);
}

static void
print(gtab *t, const struct opts *o)
{
	struct group **g;
	size_t n, i, j;

	g = gtab_sorted(t, o, &n);
	warn_repeats(g, n, o);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && strcmp(g[j]->bench, g[i]->bench) == 0; j++)
			;
		if (i > 0 && o->fmt != FMT_JSON)
			putchar('\n');
		if (o->usage)
			usage_print(g + i, j - i, o);
		else if (o->paper)
			paper_print(g + i, j - i, o);
		else if (strcmp(g[i]->bench, "longgenbench") == 0)
			lgb_print(g + i, j - i, o);
		else if (strcmp(g[i]->bench, "adaleval") == 0 &&
		    ada_any(g + i, j - i))
			ada_print(g + i, j - i, o);
		else
			score_print(g + i, j - i, o,
			    strcmp(g[i]->bench, "longweave") == 0);
	}
	free(g);
}

static int
run(char **files, int n, const struct opts *o)
{
	jsonl *in = jsonl_open(files, n);
	gtab *t = gtab_new(o->nfields);
	char **vals = xcalloc(o->nfields, sizeof *vals);
	cJSON *rec;
	int bad = 0, status;

	jsonl_lazy_all(in);	/* records are read through rec_get() */
	jsonl_borrow(in);	/* and nothing of one is kept past the next */
	while ((rec = jsonl_next(in)) != NULL) {
		if (add(rec, in, o, t, vals) < 0)
			bad = 1;
		rec_free(rec);
	}
	print(t, o);
	status = jsonl_status(in);
	if (status == LG_OK && bad)
		status = LG_BAD;
	free(vals);
	gtab_free(t);
	jsonl_free(in);
	return lg_finish(status);
}

/* -f FORMAT and --layout LAYOUT, in the order of their values */
static const char *const formats[] = { "table", "tsv", "csv", "md", "json",
	"latex" };
static const char *const layouts[] = { "long", "paper" };

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "by-position", no_argument, NULL, OPT_BYPOS },
		{ "len-filter", no_argument, NULL, OPT_LENF },
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "bootstrap", required_argument, NULL, OPT_BOOT },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "layout", required_argument, NULL, OPT_LAYOUT },
		{ "usage", no_argument, NULL, OPT_USAGE },
		{ "prices", required_argument, NULL, OPT_PRICES },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o = { 0 };
	const char *prices = NULL;
	int c, status, gset = 0;

	lg_init(argv[0]);
	o.seed = 1;
	o.bootstrap = DEF_BOOTSTRAP;
	agg_fields("bench,task,length,gen.model", &o);
	while ((c = lg_getopt(argc, argv, "g:f:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'g':
			gset = 1;
			if (agg_fields(optarg, &o) < 0) {
				fields_free(&o.fields, &o.nfields);
				lg_warn("-g: bad field list: %s", optarg);
				lg_usage(usage, LG_USAGE);
			}
			break;
		case 'f':
			o.fmt = (int)opt_choice("-f", optarg, formats,
			    sizeof formats / sizeof formats[0]);
			break;
		case OPT_BYPOS:
			o.by_position = 1;
			break;
		case OPT_LENF:
			o.len_filter = 1;
			break;
		case OPT_COMPAT:
			o.compat = 1;
			break;
		case OPT_USAGE:
			o.usage = 1;
			break;
		case OPT_PRICES:
			prices = optarg;
			o.usage = 1;
			break;
		case OPT_LAYOUT:
			o.paper = (int)opt_choice("--layout", optarg, layouts,
			    sizeof layouts / sizeof layouts[0]);
			break;
		case OPT_BOOT:
			o.bootstrap = (long)opt_num("--bootstrap", optarg, 0,
			    MAX_BOOTSTRAP);
			break;
		case OPT_SEED:
			o.seed = opt_seed("--seed", optarg);
			break;
		case OPT_MAXREC:
			opt_max_record(optarg);
			break;
		case 'h':
			fields_free(&o.fields, &o.nfields);
			lg_usage(usage, 0);
		case OPT_VERSION:
			fields_free(&o.fields, &o.nfields);
			lg_version();
		default:
			fields_free(&o.fields, &o.nfields);
			lg_usage(usage, LG_USAGE);
		}
	}
	if (o.paper && (gset || o.by_position)) {
		fields_free(&o.fields, &o.nfields);
		lg_warn("--layout paper: groups by task, length and gen.model; "
		    "not with %s", gset ? "-g" : "--by-position");
		lg_usage(usage, LG_USAGE);
	}
	if (o.paper && o.usage) {
		fields_free(&o.fields, &o.nfields);
		lg_warn("--layout paper: not with --usage or --prices");
		lg_usage(usage, LG_USAGE);
	}
	if (o.paper)
		agg_fields("task,length,gen.model", &o);
	if (prices != NULL && (status = prices_load(prices)) != 0) {
		fields_free(&o.fields, &o.nfields);
		prices_free();
		return status;
	}
	status = run(argv + optind, argc - optind, &o);
	fields_free(&o.fields, &o.nfields);
	prices_free();
	return status;
}
