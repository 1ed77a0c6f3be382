/*
 * longweave.c: mean-score benchmarks.  A group's score is the mean of
 * scores.score over its cases; a record with an error counts as 0 and as
 * failed.  A record without a score and without an error (the judge
 * decided none of its items: scores.undecided holds them all) is
 * undecided: counted apart and left out of the mean, never a 0; the
 * items the judge could not decide (scores.undecided) are summed apart
 * too, those of scored records included.  Outputs cut by the token limit
 * (gen.finish_reason "length") are counted apart.  With --compat the
 * cases the published LongWeave pipeline never scored are left out:
 * those, a LongWeave answer that is empty or begins with "ERROR:", and a
 * record its scorer marked not evaluated (scores.evaluated 0: the
 * published scorer raised).  For LongWeave, rows average the cells: per
 * task over its tiers ("avg"), and over all cells ("overall"), keeping
 * the other fields.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "record.h"
#include "xalloc.h"

/* Would the published pipeline have left this record out of its means? */
/*
 * Did LongWeave's published judge (lg-judge --compat) score the record?
 * Its nw scorer counts every result the judge returns, so a score above 1
 * is what the published code gives, and is kept as it is.
 */
static int
published_judge(const cJSON *rec)
{
	const cJSON *v;

	cJSON_ArrayForEach(v, rec_get(rec, "verdicts")) {
		const char *c = rec_str(v, "compat");

		if (c != NULL && strcmp(c, "longweave-published") == 0)
			return 1;
	}
	return 0;
}

/* lw: LongWeave's pipeline, which also left out empty answers and those
 * its client wrote for an error */
static int
published_skips(const cJSON *rec, const cJSON *sc, int lw)
{
	const cJSON *ev = cJSON_GetObjectItemCaseSensitive(sc, "evaluated");
	const char *out;
	size_t len;

	if (cJSON_IsNumber(ev) && ev->valuedouble == 0)
		return 1;
	if (!lw)
		return 0;
	out = rec_strn(rec, "output", &len);	/* NULs included */
	return out != NULL && (len == 0 || (len >= 6 &&
	    memcmp(out, "ERROR:", 6) == 0));
}

/* scores.undecided: the items the judge could not decide, 0 when absent. */
static int
undecided_items(const cJSON *sc, jsonl *in, long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sc, "undecided");

	*out = 0;
	if (v == NULL)
		return 0;
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) ||
	    v->valuedouble > 1e15 || v->valuedouble != floor(v->valuedouble)) {
		jsonl_warn(in, "scores.undecided: not a non-negative integer");
		return -1;
	}
	*out = (long)v->valuedouble;
	return 0;
}

static int
read_score(const cJSON *rec, jsonl *in, const struct opts *o, int lw,
    struct score *d)
{
	const cJSON *sc = rec_get(rec, "scores");
	const cJSON *v = NULL;
	long items = 0;

	memset(d, 0, sizeof *d);
	d->cut = rec_cut(rec);
	if (sc != NULL && !cJSON_IsNull(sc)) {
		if (!cJSON_IsObject(sc)) {
			jsonl_warn(in, "scores: not an object");
			return -1;
		}
		v = cJSON_GetObjectItemCaseSensitive(sc, "score");
		if (undecided_items(sc, in, &items) < 0)
			return -1;
	}
	if (v != NULL && !cJSON_IsNumber(v)) {
		jsonl_warn(in, "scores.score: not a number");
		return -1;
	}
	if (v != NULL && !(v->valuedouble >= 0 && (v->valuedouble <= 1 ||
	    (isfinite(v->valuedouble) && published_judge(rec))))) {
		jsonl_warn(in, "scores.score: %g is outside [0, 1]",
		    v->valuedouble);
		return -1;
	}
	if (rec_get(rec, "error") != NULL ||
	    (o->compat && published_skips(rec, sc, lw))) {
		d->failed = 1;
		if (o->compat)
			return 1;
		d->cases = 1;
		return 0;
	}
	d->items = items;
	if (v == NULL) {
		/* undecided: shown apart, out of the mean and its interval */
		d->undecided = 1;
		return 1;
	}
	d->cases = 1;
	d->sum = v->valuedouble;
	return 0;
}

/* The record as a resampling unit: its score. */
static void
unit_score(struct unit *u, const struct score *s)
{
	memset(u, 0, sizeof *u);
	u->w = (double)s->cases;
	u->sum = s->sum;
	u->s = s->sum;
	u->ss = s->sum * s->sum;
}

static int
read_sums(const cJSON *rec, jsonl *in, const struct opts *o, int lw,
    struct sums *d)
{
	int r = read_score(rec, in, o, lw, &d->sc);

	if (r >= 0)
		unit_score(&d->u, &d->sc);
	return r;
}

void
score_plain(struct sums *d, double v, int cut)
{
	memset(d, 0, sizeof *d);
	d->sc.cut = cut;
	d->sc.cases = 1;
	d->sc.sum = v;
	unit_score(&d->u, &d->sc);
}

int
lw_read(const cJSON *rec, jsonl *in, const struct opts *o, struct sums *d)
{
	return read_sums(rec, in, o, 1, d);
}

int
score_read(const cJSON *rec, jsonl *in, const struct opts *o, struct sums *d)
{
	return read_sums(rec, in, o, 0, d);
}

void
score_merge(struct group *g, struct sums *d)
{
	g->sc.cases += d->sc.cases;
	g->sc.failed += d->sc.failed;
	g->sc.undecided += d->sc.undecided;
	g->sc.items += d->sc.items;
	g->sc.cut += d->sc.cut;
	g->sc.sum += d->sc.sum;
}

void
score_counts(const struct group *g, long *failed, long *undecided)
{
	*failed = g->sc.failed;
	*undecided = g->sc.undecided;
}

static void
score_metrics(const struct unit *u, double *m)
{
	m[0] = 100.0 * ratio(u->sum, u->w);
}

static const struct resampling resampling = {
	1, 0, 100.0, NULL, NULL, score_metrics
};

const struct resampling *
score_resampling(const struct group *g)
{
	(void)g;
	return &resampling;
}

static char avg_label[] = "avg";
static char overall_label[] = "overall";

/* Fold a cell into its average row (row is ROW_AVG or ROW_OVERALL). */
static void
fold(gtab *t, const struct group *c, const struct opts *o, int row)
{
	char **vals = xcalloc(o->nfields, sizeof *vals);
	unsigned char *syn = xcalloc(o->nfields, 1);
	struct group *a;
	size_t i;

	for (i = 0; i < o->nfields; i++)
		vals[i] = c->val[i];
	if (o->ilength >= 0) {
		vals[o->ilength] = avg_label;
		syn[o->ilength] = 1;
	}
	if (row == ROW_OVERALL) {
		vals[o->itask] = overall_label;
		syn[o->itask] = 1;
	}
	a = gtab_get(t, c->b, c->bench, vals, syn);
	a->row = row;
	a->cells = xreallocarray(a->cells, a->ncells + 1, sizeof *a->cells);
	a->cells[a->ncells++] = (struct group *)c;
	group_params_fold(a, c);
	a->sc.cases += c->sc.cases;
	a->sc.failed += c->sc.failed;
	a->sc.undecided += c->sc.undecided;
	a->unscored += c->unscored;
	a->sc.items += c->sc.items;
	a->sc.cut += c->sc.cut;
	if (c->sc.cases > 0) {
		a->sc.mean_sum += c->sc.sum / (double)c->sc.cases;
		a->sc.cells++;
	}
	free(vals);
	free(syn);
}

static double
mean(const struct group *g, double *den)
{
	if (g->row == ROW_CELL) {
		*den = (double)g->sc.cases;
		return g->sc.sum;
	}
	*den = (double)g->sc.cells;
	return g->sc.mean_sum;
}

static void
print_row(table *tb, const struct group *g, const struct opts *o, int samples)
{
	static const char *const rowname[] = { "cell", "avg", "overall" };
	double num, den;
	size_t k = o->nfields;
	char **c;

	num = mean(g, &den);
	if (o->fmt == FMT_JSON) {
		cJSON *j = json_row(g, o);

		cJSON_AddStringToObject(j, "row", rowname[g->row]);
		json_ratio(j, "score", 100.0 * num, den);
		json_num(j, "cases", (double)g->sc.cases);
		json_num(j, "failed", (double)g->sc.failed);
		json_num(j, "undecided", (double)g->sc.undecided);
		json_num(j, "undecided_items", (double)g->sc.items);
		json_num(j, "unscored", (double)g->unscored);
		json_num(j, "cut", (double)g->sc.cut);
		if (g->row == ROW_CELL)
			json_num(j, "score_sum", g->sc.sum);
		else
			json_num(j, "cells", (double)g->sc.cells);
		json_se(j, "score_se", g, o);
		json_ci(j, "score", g, 0, o);
		if (samples)
			json_samples(j, g);
		json_emit(j);
		return;
	}
	c = cells_for(g, o, 12);
	c[k++] = fmt_pct(num, den);
	cell_ci(c, &k, g, 0, o);
	if (o->bootstrap > 0)
		c[k++] = fmt_maybe(g->ci.se, 1);
	c[k++] = fmt_long(g->sc.cases);
	c[k++] = fmt_long(g->sc.failed);
	c[k++] = fmt_long(g->sc.undecided);
	c[k++] = fmt_long(g->sc.items);
	c[k++] = fmt_long(g->unscored);
	c[k++] = fmt_long(g->sc.cut);
	if (samples)
		cells_samples(c, &k, g);
	table_add(tb, c);
}

static void
print_rows(struct group **g, size_t n, const struct opts *o, int averages)
{
	static const char *const cols[] = { "score%", "cases", "failed",
		"undecided", "undec-items", "unscored", "cut" };
	static const char *const cols_se[] = { "score%", "se", "cases",
		"failed", "undecided", "undec-items", "unscored", "cut" };
	static const int right[] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	static const unsigned char ci[] = { 1, 0, 0, 0, 0, 0, 0, 0 };
	struct group **rows;
	gtab *t = gtab_new(o->nfields);
	table *tb = NULL;
	size_t i, na;
	int samples = any_samples(g, n);

	for (i = 0; averages && i < n; i++) {
		if (o->ilength >= 0)
			fold(t, g[i], o, ROW_AVG);
		/* split by settings, which differ from task to task (their
		 * templates), an overall row would hold one task's cells */
		if (o->itask >= 0 && o->isettings < 0)
			fold(t, g[i], o, ROW_OVERALL);
	}
	rows = gtab_sorted(t, o, &na);
	rows = xreallocarray(rows, n + na ? n + na : 1, sizeof *rows);
	memcpy(rows + na, g, n * sizeof *g);
	groups_sort(rows, n + na, o);
	for (i = 0; i < n + na; i++) {
		if (rows[i]->row == ROW_CELL)
			boot_cell(rows[i], o);
		else
			boot_avg(rows[i], rows[i]->cells, rows[i]->ncells, o);
	}
	if (o->fmt != FMT_JSON)
		tb = o->bootstrap > 0 ? table_ci(o, cols_se, right, 8, ci,
		    samples) : table_ci(o, cols, right, 7, ci, samples);
	for (i = 0; i < n + na; i++)
		print_row(tb, rows[i], o, samples);
	if (tb != NULL) {
		table_print(tb, o->fmt);
		table_free(tb);
	}
	free(rows);
	gtab_free(t);
}

/* LongWeave: the cells, then the rows averaging them */
void
lw_print(struct group **g, size_t n, const struct opts *o)
{
	print_rows(g, n, o, 1);
}

void
score_print(struct group **g, size_t n, const struct opts *o)
{
	print_rows(g, n, o, 0);
}
