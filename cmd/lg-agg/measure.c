/*
 * measure.c: a measure of each record in place of the scores, one row per
 * group, with the bootstrap interval of its mean over the cases (the
 * records of a case one unit, as for the scores).
 *   --time     LongWeave's Table 9, time per sample: the mean of
 *              gen.latency_s, the seconds of the answering request (for
 *              an answer from the cache, those of the request that
 *              filled it).  Records with an error are counted apart
 *              (failed), and so are records without gen.latency_s
 *              (untimed): neither is a time of 0.
 *   --lengths  LongWeave's Table 7 and Figure 6, output length against
 *              the target: the mean output tokens (gen.output_tokens,
 *              else the output counted with the tokenizer, as lg-plot's
 *              length chart counts it, or as lg-report counted it
 *              in its copy: outtok.h), the target (the length
 *              tier as tokens, 1k = 1024) and out%, the mean output over
 *              the mean target.  Records with an error are counted apart
 *              (failed), and so are records with no output to count or a
 *              length that is no size (no-length); cut counts the
 *              measured outputs that the token limit cut, counted
 *              those measured by the tokenizer rather than the server.
 * The group's struct score holds the counts: cases (measured), failed,
 * undecided (untimed, or no-length), items (counted) and cut; a unit's
 * sum is the measure, its aux the target.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "agg.h"
#include "charts.h"
#include "outtok.h"
#include "record.h"
#include "xalloc.h"

#define MAX_SECONDS 1e9		/* a latency beyond this is not one */

enum { MT_MEAN, MT_RATIO };	/* the metrics: the mean, out% */

static bpe *tok;		/* --lengths: loaded when first needed */

void
measure_free(void)
{
	bpe_free(tok);
	tok = NULL;
}

static void
unit_of(struct sums *d, double v, double target)
{
	d->sc.cases = 1;
	d->sc.sum = v;
	d->u.w = 1;
	d->u.sum = v;
	d->u.s = v;
	d->u.ss = v * v;
	d->u.aux = target;
}

static int
time_read(const cJSON *rec, jsonl *in, const struct opts *o, struct sums *d)
{
	const cJSON *v = rec_get(rec_get(rec, "gen"), "latency_s");

	(void)o;
	if (v != NULL && !cJSON_IsNull(v) && (!cJSON_IsNumber(v) ||
	    !(v->valuedouble >= 0 && v->valuedouble <= MAX_SECONDS))) {
		jsonl_warn(in, "gen.latency_s: not a number of seconds from 0 "
		    "to %.0f", MAX_SECONDS);
		return -1;
	}
	if (rec_get(rec, "error") != NULL) {
		d->sc.failed = 1;
		return 1;
	}
	if (!cJSON_IsNumber(v)) {
		d->sc.undecided = 1;
		return 1;
	}
	unit_of(d, v->valuedouble, 0);
	return 0;
}

static int
lengths_read(const cJSON *rec, jsonl *in, const struct opts *o,
    struct sums *d)
{
	double target = charts_tier(rec_str(rec, "length")), n;
	int counted;

	if (rec_get(rec, "error") != NULL) {
		d->sc.failed = 1;
		return 1;
	}
	/* lg-report's copy: counted already */
	if (target > 0 && (n = output_tokens_counted(rec)) >= 0)
		counted = 1;
	else if (target <= 0 ||
	    (n = output_tokens(rec, &tok, o->tokenizer, in, &counted)) < 0) {
		d->sc.undecided = 1;
		return 1;
	}
	unit_of(d, n, target);
	d->sc.items = counted;
	d->sc.cut = rec_cut(rec);
	return 0;
}

static void
aux_add(struct unit *a, const struct unit *b)
{
	a->aux += b->aux;
}

static void
aux_pack(const struct unit *u, double *c)
{
	c[0] = u->aux;
}

static void
aux_unpack(const double *c, struct unit *u)
{
	u->aux = c[0];
}

static void
time_metrics(const struct unit *u, double *m)
{
	m[MT_MEAN] = ratio(u->sum, u->w);
}

static void
lengths_metrics(const struct unit *u, double *m)
{
	m[MT_MEAN] = ratio(u->sum, u->w);
	m[MT_RATIO] = 100.0 * ratio(u->sum, u->aux);
}

static const struct resampling time_rs = {
	1, 0, 1.0, NULL, NULL, time_metrics
};
static const struct resampling lengths_rs = {
	2, 1, 1.0, aux_pack, aux_unpack, lengths_metrics
};

static const struct resampling *
time_resampling(const struct group *g)
{
	(void)g;
	return &time_rs;
}

static const struct resampling *
lengths_resampling(const struct group *g)
{
	(void)g;
	return &lengths_rs;
}

static const struct bench benches[] = {
	[MEAS_TIME] = {
		.read = time_read, .merge = score_merge,
		.resampling = time_resampling,
	},
	[MEAS_LENGTHS] = {
		.read = lengths_read, .merge = score_merge,
		.unit_add = aux_add, .resampling = lengths_resampling,
	},
};

const struct bench *
measure_bench(int measure)
{
	return &benches[measure];
}

/* The sum of the targets of g's measured records. */
static double
targets(const struct group *g)
{
	double t = 0;
	struct unit u;
	size_t i;

	for (i = 0; i < g->units.n; i++) {
		units_get(&g->units, i, &u);
		t += u.aux;
	}
	return t;
}

static void
json_measure(const struct group *g, const struct opts *o)
{
	const struct score *s = &g->sc;
	int len = o->measure == MEAS_LENGTHS;
	const char *key = len ? "out_tokens" : "time_s";
	cJSON *j = json_row(g, o);

	json_num(j, "records", (double)s->cases);
	json_ratio(j, key, s->sum, (double)s->cases);
	json_ci(j, key, g, MT_MEAN, o);
	if (o->bootstrap > 0)
		json_maybe(j, len ? "out_tokens_se" : "time_s_se", g->ci.se);
	if (len) {
		double t = targets(g);

		json_ratio(j, "target", t, (double)s->cases);
		json_ratio(j, "out_pct", 100.0 * s->sum, t);
		json_ci(j, "out_pct", g, MT_RATIO, o);
		json_num(j, "counted", (double)s->items);
		json_num(j, "cut", (double)s->cut);
	}
	json_samples(j, g);
	json_num(j, "failed", (double)s->failed);
	json_num(j, len ? "no_length" : "untimed", (double)s->undecided);
	json_emit(j);
}

static const char *const time_cols[] = { "records", "time-s", "failed",
	"untimed" };
static const int time_right[] = { 1, 1, 1, 1 };
static const unsigned char time_ci[] = { 0, 1, 0, 0 };
static const char *const len_cols[] = { "records", "target", "out-tok",
	"out%", "counted", "cut", "failed", "no-length" };
static const int len_right[] = { 1, 1, 1, 1, 1, 1, 1, 1 };
static const unsigned char len_ci[] = { 0, 0, 1, 1, 0, 0, 0, 0 };

/* One text row of g: the columns above, with "±" cells, then the sample
 * cells (table_ci's order). */
static char **
measure_cells(const struct group *g, const struct opts *o, int samples)
{
	const struct score *s = &g->sc;
	char **c = cells_for(g, o, 16);
	size_t k = o->nfields;

	c[k++] = fmt_long(s->cases);
	if (o->measure == MEAS_LENGTHS) {
		double t = targets(g);

		c[k++] = s->cases ? fmt_num(t / (double)s->cases, 0) :
		    xstrdup("-");
		c[k++] = fmt_maybe(ratio(s->sum, (double)s->cases), 1);
		cell_ci(c, &k, g, MT_MEAN, o);
		c[k++] = fmt_maybe(100.0 * ratio(s->sum, t), 1);
		cell_ci(c, &k, g, MT_RATIO, o);
		c[k++] = fmt_long(s->items);
		c[k++] = fmt_long(s->cut);
	} else {
		c[k++] = fmt_maybe(ratio(s->sum, (double)s->cases), 2);
		cell_ci_dec(c, &k, g, MT_MEAN, o, 2);
	}
	c[k++] = fmt_long(s->failed);
	c[k++] = fmt_long(s->undecided);
	if (samples)
		cells_samples(c, &k, g);
	return c;
}

void
measure_print(struct group **g, size_t n, const struct opts *o)
{
	int len = o->measure == MEAS_LENGTHS, samples = any_samples(g, n);
	table *t = NULL;
	size_t i;

	for (i = 0; i < n; i++)
		boot_cell(g[i], o);
	if (o->fmt == FMT_JSON) {
		for (i = 0; i < n; i++)
			json_measure(g[i], o);
		return;
	}
	t = len ? table_ci(o, len_cols, len_right, 8, len_ci, samples) :
	    table_ci(o, time_cols, time_right, 4, time_ci, samples);
	for (i = 0; i < n; i++)
		table_add(t, measure_cells(g[i], o, samples));
	table_print(t, o->fmt);
	table_free(t);
}
