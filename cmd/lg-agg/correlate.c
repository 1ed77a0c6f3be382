/*
 * correlate.c: --correlate FILE, lg's scores per model against another
 * benchmark's (LongGenBench's Figure 3b: RULER), per length tier.
 *   A model's value at a tier: LongGenBench's CR, STIC-1, STIC-2 and wAvg
 *   of its records, the tasks pooled (as Table 3); another bench's mean
 *   over the tasks of each task's mean score, in percent (as LongWeave's
 *   Table 3's tier columns).
 *   Per tier and metric: Pearson's r and Spearman's rho over the models
 *   that have both a value and an outside score, with 95% intervals from
 *   --bootstrap resamples of the models (corr.h: none under 5 models, no
 *   coefficient under 3); then the points, one row per model and tier,
 *   for a scatter chart.
 * The groups come in keyed by task, length and gen.model (fields 0, 1, 2).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "corr.h"
#include "diag.h"
#include "extscores.h"
#include "nulkey.h"
#include "ptab.h"
#include "rng.h"
#include "tasks.h"
#include "xalloc.h"

enum { NCMET_MAX = 4 };

static const char *const lgb_names[] = { "CR", "STIC-1", "STIC-2", "wAvg" };
static const int lgb_ids[] = { M_CR, M_STIC1, M_STIC2, M_WAVG };
static const char *const score_names[] = { "score" };

/* The model's metrics at tier, in percent (NAN: none). */
static void
values(struct group **g, size_t n, const char *tier, const char *model,
    int lgb, double *v)
{
	struct lgb s = { 0 };
	struct unit u = { 0 };
	double m[NMET_LGB], sum = 0;
	size_t i, used = 0;
	int k;

	for (i = 0; i < n; i++) {
		if (strcmp(g[i]->val[PF_LEN], tier) != 0 ||
		    strcmp(g[i]->val[PF_MODEL], model) != 0)
			continue;
		if (lgb)
			lgb_add(&s, &g[i]->lgb);
		else if (g[i]->sc.cases > 0) {
			sum += g[i]->sc.sum / (double)g[i]->sc.cases;
			used++;
		}
	}
	if (!lgb) {
		v[0] = used ? 100.0 * sum / (double)used : NAN;
		return;
	}
	u.w = (double)s.cases;
	u.sum = s.cr_sum;
	u.pass = s.pass;
	u.judged = s.judged;
	u.total = s.total - s.undecided;
	lgb_metrics(&u, m);
	for (k = 0; k < NCMET_MAX; k++)
		v[k] = m[lgb_ids[k]];
	lgb_clear(&s);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The 95% percentile interval of corr(kind) from draws resamples of the n
 * pairs, drawn with replacement (a resample without spread is drawn
 * again, up to draws times in all); NAN when n < CORR_MIN_CI, draws is 0
 * or fewer than half the resamples had a coefficient. */
static void
corr_ci(const double *x, const double *y, size_t n, int kind, long draws,
    uint64_t seed, double *lo, double *hi)
{
	double *bx, *by, *rs;
	long got = 0, tries;
	size_t i;
	rng g;

	*lo = *hi = NAN;
	if (n < CORR_MIN_CI || draws <= 0)
		return;
	bx = xcalloc(n, sizeof *bx);
	by = xcalloc(n, sizeof *by);
	rs = xcalloc((size_t)draws, sizeof *rs);
	rng_seed(&g, seed);
	for (tries = 0; tries < 2 * draws && got < draws; tries++) {
		double r;

		for (i = 0; i < n; i++) {
			size_t k = (size_t)rng_below(&g, n);

			bx[i] = x[k];
			by[i] = y[k];
		}
		if (!isnan(r = corr(bx, by, n, kind)))
			rs[got++] = r;
	}
	if (got * 2 >= draws) {
		qsort(rs, (size_t)got, sizeof *rs, cmp_double);
		*lo = quantile(rs, (size_t)got, 0.025);
		*hi = quantile(rs, (size_t)got, 0.975);
	}
	free(bx);
	free(by);
	free(rs);
}

static char *
fmt_r(double r)
{
	return isnan(r) ? xstrdup("-") : xasprintf("%.2f", r);
}

/* One row of coefficients: tier, metric, n, r with its interval, rho
 * with its. */
static void
corr_row(table *tb, const char *bench, const char *tier, const char *met,
    const double *x, const double *y, size_t k, const struct opts *o)
{
	double r[2], lo[2], hi[2];
	int kind;

	for (kind = 0; kind < 2; kind++) {
		r[kind] = corr(x, y, k, kind);
		corr_ci(x, y, k, kind, isnan(r[kind]) ? 0 : o->bootstrap,
		    o->seed, &lo[kind], &hi[kind]);
	}
	if (tb == NULL) {
		cJSON *j = cJSON_CreateObject();

		cJSON_AddStringToObject(j, "bench", bench);
		cJSON_AddStringToObject(j, "row", "correlation");
		cJSON_AddItemToObject(j, "length", nulkey_json(tier));
		cJSON_AddStringToObject(j, "metric", met);
		json_num(j, "models", (double)k);
		json_maybe(j, "pearson", r[0]);
		json_maybe(j, "pearson_lo", lo[0]);
		json_maybe(j, "pearson_hi", hi[0]);
		json_maybe(j, "spearman", r[1]);
		json_maybe(j, "spearman_lo", lo[1]);
		json_maybe(j, "spearman_hi", hi[1]);
		json_emit(j);
		return;
	} else {
		char **c = xcalloc(9, sizeof *c);

		c[0] = nulkey_show(tier);
		c[1] = xstrdup(met);
		c[2] = fmt_long((long)k);
		for (kind = 0; kind < 2; kind++) {
			c[3 + 3 * kind] = fmt_r(r[kind]);
			c[4 + 3 * kind] = fmt_r(lo[kind]);
			c[5 + 3 * kind] = fmt_r(hi[kind]);
		}
		table_add(tb, c);
	}
}

/* The point of a model at a tier: its metrics and the outside score. */
static void
point_row(table *tb, const char *bench, const char *tier, const char *model,
    const double *v, int nmet, const char *const *names, double ext)
{
	size_t k = 0;
	char **c;
	int m;

	if (tb == NULL) {
		cJSON *j = cJSON_CreateObject();

		cJSON_AddStringToObject(j, "bench", bench);
		cJSON_AddStringToObject(j, "row", "point");
		cJSON_AddItemToObject(j, "length", nulkey_json(tier));
		cJSON_AddItemToObject(j, "model", nulkey_json(model));
		for (m = 0; m < nmet; m++)
			json_maybe(j, names[m], v[m]);
		json_num(j, "outside", ext);
		json_emit(j);
		return;
	}
	c = xcalloc((size_t)nmet + 3, sizeof *c);
	c[k++] = nulkey_show(tier);
	c[k++] = nulkey_show(model);
	for (m = 0; m < nmet; m++)
		c[k++] = fmt_maybe(v[m], 1);
	c[k++] = xasprintf("%g", ext);
	table_add(tb, c);
}

/* The models with an outside score at tier: their values into x (per
 * metric, n a row) and the scores into y; the count. */
static size_t
pairs(struct group **g, size_t n, const char *tier, const char **models,
    size_t nm, int lgb, int nmet, double *x, double *y, table *pt,
    const struct opts *o, const char *const *names)
{
	size_t m, k = 0;
	int t;

	for (m = 0; m < nm; m++) {
		const struct extscore *e = extscores_find(o->ext, models[m], tier);
		double v[NCMET_MAX];

		if (e == NULL)
			continue;
		values(g, n, tier, models[m], lgb, v);
		point_row(pt, g[0]->bench, tier, models[m], v, nmet, names,
		    e->score);
		for (t = 0; t < nmet; t++)
			x[(size_t)t * nm + k] = v[t];
		y[k++] = e->score;
	}
	return k;
}

/* Each model of the records the file gives no score, named once. */
static void
warn_missing(struct group **g, size_t n, const char **models, size_t nm,
    const char **tiers, size_t nt, const struct opts *o)
{
	size_t m, l;

	for (m = 0; m < nm; m++) {
		for (l = 0; l < nt; l++)
			if (extscores_find(o->ext, models[m], tiers[l]) != NULL)
				break;
		if (l == nt) {
			char *s = nulkey_show(models[m]);

			lg_warn("%s: %s: no score of %s's model (left out of "
			    "the correlation)", o->ext->path, s, g[0]->bench);
			free(s);
		}
	}
	for (l = 0; l < o->ext->n; l++) {
		for (m = 0; m < n; m++)
			if (strcmp(g[m]->val[PF_MODEL], o->ext->s[l].model) == 0)
				break;
		if (m == n)
			lg_warn("%s: %s: no %s records of this model", o->ext->path,
			    o->ext->s[l].model, g[0]->bench);
	}
}

void
correlate_print(struct group **g, size_t n, const struct opts *o)
{
	static const char *const ccols[] = { "length", "metric", "models",
	    "pearson", "r-lo", "r-hi", "spearman", "rho-lo", "rho-hi" };
	static const int right[] = { 0, 0, 1, 1, 1, 1, 1, 1, 1 };
	static const int pright[] = { 0, 0, 1, 1, 1, 1, 1 };
	int lgb = strcmp(g[0]->bench, bench_names[BENCH_LONGGENBENCH]) == 0;
	int nmet = lgb ? NCMET_MAX : 1, t;
	const char *const *names = lgb ? lgb_names : score_names;
	const char *pcols[NCMET_MAX + 3];
	size_t nm, nt, l, k;
	const char **models = pt_values(g, n, PF_MODEL, PT_NAMES, &nm);
	const char **tiers = pt_values(g, n, PF_LEN, PT_TIERS, &nt);
	double *x = xcalloc(nm * NCMET_MAX + 1, sizeof *x);
	double *y = xcalloc(nm + 1, sizeof *y);
	table *ct = NULL, *pt = NULL;

	warn_missing(g, n, models, nm, tiers, nt, o);
	pcols[0] = "length";
	pcols[1] = "model";
	for (t = 0; t < nmet; t++)
		pcols[2 + t] = names[t];
	pcols[2 + nmet] = "outside";
	if (o->fmt != FMT_JSON) {
		ct = table_new(ccols, right, 9);
		pt = table_new(pcols, pright, (size_t)nmet + 3);
	}
	for (l = 0; l < nt; l++) {
		k = pairs(g, n, tiers[l], models, nm, lgb, nmet, x, y, pt, o,
		    names);
		for (t = 0; t < nmet; t++)
			corr_row(ct, g[0]->bench, tiers[l], names[t],
			    x + (size_t)t * nm, y, k, o);
	}
	if (ct != NULL) {
		table_title(g[0]->bench, "correlation with the outside scores",
		    o->fmt);
		table_print(ct, o->fmt);
		putchar('\n');
		table_title(g[0]->bench, "the points (lg's values, in %, and "
		    "the outside score)", o->fmt);
		table_print(pt, o->fmt);
		table_free(ct);
		table_free(pt);
	}
	free(models);
	free(tiers);
	free(x);
	free(y);
}
