/*
 * sample.c: how many cases a cell needs (LongWeave's Table 5 question).
 *   --sample-size: per group, the width of the 95% percentile interval of
 *   its primary metric (the score; LongGenBench's wAvg, the paper's
 *   headline, where CR is often 100 on every case) from --bootstrap
 *   resamples of n of its cases drawn with replacement, for n = 10, 20,
 *   50, 100, 200, 500, ... below its case count, then at its case count
 *   (the interval the long layout shows), seeded as that interval is.
 *   --cases-for WIDTH: per group, the cases an interval of WIDTH points
 *   needs, extrapolated from the width w measured over its N cases as
 *   width ~ 1/sqrt(n): ceil(N (w / WIDTH)^2).  The interval of a mean
 *   narrows so only while the cases are independent draws of one kind;
 *   the output says it is extrapolated.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "agg.h"
#include "tasks.h"
#include "xalloc.h"

#define EXTRAPOLATED "extrapolated: width ~ 1/sqrt(n)"

static const char *
metric_name(const struct group *g)
{
	return bench_index(g->bench) == BENCH_LONGGENBENCH ? "wAvg" : "score";
}

/* The primary metric's index among the group's resampled metrics. */
static int
metric_index(const struct group *g)
{
	return bench_index(g->bench) == BENCH_LONGGENBENCH ? M_WAVG : 0;
}

/* The next n after n (10, 20, 50, 100, ...). */
static size_t
next_n(size_t n)
{
	size_t p = 1;

	if (n < 10)
		return 10;
	while (n / p >= 10)
		p *= 10;
	return n / p == 1 ? 2 * p : n / p == 2 ? 5 * p : 10 * p;
}

/* A row of g: its fields, the metric, its cases, then k more cells. */
static char **
row_start(const struct group *g, const struct opts *o, size_t k)
{
	char **c = cells_for(g, o, 2 + k);

	c[o->nfields] = xstrdup(metric_name(g));
	c[o->nfields + 1] = fmt_long((long)g->units.n);
	return c;
}

static cJSON *
json_start(const struct group *g, const struct opts *o, const char *row)
{
	cJSON *j = json_row(g, o);

	cJSON_AddStringToObject(j, "row", row);
	cJSON_AddStringToObject(j, "metric", metric_name(g));
	cJSON_AddNumberToObject(j, "cases", (double)g->units.n);
	return j;
}

static void
sizes(struct group **g, size_t n, const struct opts *o, table *t)
{
	double lo, hi;
	size_t i, m;
	cJSON *j;
	char **c;

	for (i = 0; i < n; i++) {
		size_t N = g[i]->units.n;
		int last = 0;

		/* 10, 20, 50, ... below N, then N (a group without cases: one
		 * row of 0, no width) */
		for (m = N < 10 ? N : 10; !last; m = next_n(m)) {
			if (m >= N) {
				m = N;
				last = 1;
			}
			boot_at(g[i], o, m, metric_index(g[i]), &lo, &hi);
			if (t == NULL) {
				j = json_start(g[i], o, "sample_size");
				cJSON_AddNumberToObject(j, "n", (double)m);
				json_maybe(j, "width", hi - lo);
				json_emit(j);
				continue;
			}
			c = row_start(g[i], o, 2);
			c[o->nfields + 2] = fmt_long((long)m);
			c[o->nfields + 3] = fmt_maybe(hi - lo, 1);
			table_add(t, c);
		}
	}
}

/* The cases for a width wanted from the width w measured over N: NAN
 * when w is none or 0 (no spread to extrapolate from). */
static double
needed(double w, size_t N, double want)
{
	if (isnan(w) || w <= 0)
		return NAN;
	return ceil((double)N * (w / want) * (w / want) - 1e-9);
}

static void
cases_for(struct group **g, size_t n, const struct opts *o, table *t)
{
	double lo, hi, need;
	size_t i;
	cJSON *j;
	char **c;

	for (i = 0; i < n; i++) {
		boot_at(g[i], o, g[i]->units.n, metric_index(g[i]), &lo,
		    &hi);
		need = needed(hi - lo, g[i]->units.n, o->cases_for);
		if (t == NULL) {
			j = json_start(g[i], o, "cases_for");
			json_maybe(j, "width", hi - lo);
			cJSON_AddNumberToObject(j, "wanted", o->cases_for);
			json_maybe(j, "cases_needed", need);
			cJSON_AddStringToObject(j, "method", EXTRAPOLATED);
			json_emit(j);
			continue;
		}
		c = row_start(g[i], o, 2);
		c[o->nfields + 2] = fmt_maybe(hi - lo, 1);
		c[o->nfields + 3] = fmt_maybe(need, 0);
		table_add(t, c);
	}
}

void
sample_print(struct group **g, size_t n, const struct opts *o)
{
	static const char *const scols[] = { "metric", "cases", "n", "width" };
	static const char *const ccols[] = { "metric", "cases", "width",
		"needed" };
	static const int right[] = { 0, 1, 1, 1 };
	table *t = NULL;
	char *what;

	if (o->fmt != FMT_JSON)
		t = table_for(o, o->sample_size ? scols : ccols, right, 4);
	if (o->sample_size) {
		sizes(g, n, o, t);
		what = xstrdup("width of the 95% interval (points) from "
		    "resamples of n cases");
	} else {
		cases_for(g, n, o, t);
		what = xasprintf("cases needed for a 95%% interval %g points "
		    "wide, %s from the width over all the cases", o->cases_for,
		    EXTRAPOLATED);
	}
	if (t != NULL) {
		table_title(g[0]->bench, what, o->fmt);
		table_print(t, o->fmt);
		table_free(t);
	}
	free(what);
}
