/*
 * boot.c: uncertainty.  A group keeps one unit per case (its records'
 * sums: one record, or the K samples of a case; a record that repeats an
 * id of the group without a case member is counted as a repeat, and is a
 * unit of its own: units.c).  The bootstrap draws the units with
 * replacement and recomputes every metric from the drawn units' sums, as
 * the group's bench's resampling says (agg.h, struct resampling), so
 * pooled metrics (STIC-1/2) are recomputed from numerators and
 * denominators and the
 * interval respects the clustering of checks within a case.  The
 * percentile interval of --bootstrap N resamples (default 1000), seeded
 * from --seed and the group's key, so a group's interval does not depend
 * on the other groups or on the order of the records.  The closed-form
 * standard error of a mean of per-case values is sd / sqrt(n), the sample
 * standard deviation (n - 1), as lm-evaluation-harness reports its stderr.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "bootrng.h"
#include "util.h"
#include "xalloc.h"

double
ratio(double num, double den)
{
	return den > 0 ? num / den : NAN;
}

/* --- intervals ------------------------------------------------------ */

static int
cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return a < b ? -1 : a > b;
}

/* The q quantile of sorted v[0..n), interpolated between order statistics. */
double
quantile(const double *v, size_t n, double q)
{
	double x = q * (double)(n - 1);
	size_t i = (size_t)x;

	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (x - (double)i) * (v[i + 1] - v[i]);
}

static void
group_seed(bootrng *r, const struct group *g, const struct opts *o)
{
	uint32_t key[3];

	key[0] = (uint32_t)(o->seed & 0xffffffffu);
	key[1] = (uint32_t)(o->seed >> 32);
	key[2] = text_hash(g->hkey);
	bootrng_seed(r, key, 3);
}

/* Per metric: the B values (NAN dropped), sorted, into lo and hi. */
static void
percentiles(double *draws, size_t B, int nmet, struct ci *ci)
{
	double *col = xcalloc(B ? B : 1, sizeof *col);
	size_t b, n;
	int k;

	for (k = 0; k < nmet; k++) {
		for (b = n = 0; b < B; b++)
			if (!isnan(draws[b * (size_t)nmet + (size_t)k]))
				col[n++] = draws[b * (size_t)nmet + (size_t)k];
		if (n == 0) {
			ci->lo[k] = ci->hi[k] = NAN;
			continue;
		}
		qsort(col, n, sizeof *col, cmp_double);
		ci->lo[k] = quantile(col, n, 0.025);
		ci->hi[k] = quantile(col, n, 0.975);
	}
	free(col);
}

/* The standard error of the mean of the units' means (sum / w). */
static double
se_of_means(const struct units *us)
{
	double n = 0, s = 0, ss = 0, x;
	struct unit u;
	size_t i;

	for (i = 0; i < us->n; i++) {
		units_get(us, i, &u);
		if (u.w <= 0)
			continue;
		x = u.sum / u.w;
		n++;
		s += x;
		ss += x * x;
	}
	if (n < 2)
		return NAN;
	x = (ss - s * s / n) / (n - 1);
	return sqrt(x > 0 ? x : 0) / sqrt(n);
}

/* The spread of the per-record score: within cases (samples), and
 * between the case means. */
static void
spread(const struct units *us, struct ci *ci)
{
	double within = 0, df = 0, n = 0, s = 0, ss = 0, x, w = 0;
	struct unit v;
	size_t i;

	for (i = 0; i < us->n; i++) {
		const struct unit *u = &v;

		units_get(us, i, &v);
		w += u->w;
		if (u->w <= 0)
			continue;
		if (u->w > 1) {
			x = u->ss - u->s * u->s / u->w;
			within += x > 0 ? x : 0;
			df += u->w - 1;
		}
		x = u->s / u->w;
		n++;
		s += x;
		ss += x * x;
	}
	ci->sd_samples = df > 0 ? sqrt(within / df) : NAN;
	x = n > 1 ? (ss - s * s / n) / (n - 1) : NAN;
	ci->sd_cases = n > 1 ? sqrt(x > 0 ? x : 0) : NAN;
	ci->per_case = n > 0 ? w / n : NAN;
}

/* --- resampling ----------------------------------------------------- */

/*
 * The draws read only the sums that the kind's metrics need, packed as
 * rows of doubles (counts are exact in a double), so that one draw adds a
 * few adjacent numbers: the sums, and so the metrics, are those of adding
 * the drawn units whole, in the same order.
 */
enum { NCOL_SCORE = 2 };	/* w and sum, then the resampling's own */

static void
pack(const struct unit *u, const struct resampling *rs, double *c)
{
	c[0] = u->w;
	c[1] = u->sum;
	if (rs != NULL && rs->ncol > 0)
		rs->pack(u, c + NCOL_SCORE);
}

static void
unpack(const double *c, const struct resampling *rs, struct unit *u)
{
	memset(u, 0, sizeof *u);
	u->w = c[0];
	u->sum = c[1];
	if (rs->ncol > 0)
		rs->unpack(c + NCOL_SCORE, u);
}

/* The units of us packed: n rows of NCOL_SCORE + rs->ncol (rs NULL: w
 * and sum alone); caller frees. */
static double *
pack_units(const struct units *us, const struct resampling *rs)
{
	size_t nc = NCOL_SCORE + (rs != NULL ? (size_t)rs->ncol : 0), i;
	double *v = xcalloc(us->n * nc, sizeof *v);
	struct unit u;

	for (i = 0; i < us->n; i++) {
		units_get(us, i, &u);
		pack(&u, rs, v + i * nc);
	}
	return v;
}

/* One resample of m draws from n packed rows of nc columns, summed
 * into s[nc].  The generator's state and the sums of w and sum are
 * kept in locals, so that they stay in registers. */
static void
resample_m(bootrng *r, const double *v, size_t n, size_t m, size_t nc,
    double *s)
{
	bootrng g = *r;
	const double *row;
	double w = 0, sum = 0;
	size_t i, j;

	memset(s, 0, nc * sizeof *s);
	if (nc == NCOL_SCORE) {
		for (i = 0; i < m; i++) {
			row = v + 2 * bootrng_below(&g, n);
			w += row[0];
			sum += row[1];
		}
	} else
		for (i = 0; i < m; i++) {
			row = v + nc * bootrng_below(&g, n);
			w += row[0];
			sum += row[1];
			for (j = NCOL_SCORE; j < nc; j++)
				s[j] += row[j];
		}
	s[0] = w;
	s[1] = sum;
	*r = g;
}

/*
 * The sums alone of n packed rows of w and sum, when every row has the
 * same whole w, *w0 (NULL otherwise; caller frees): m draws of them have
 * w m * w0 exactly (sums of whole numbers below 2^53 are exact), so that
 * resample_sums() gives resample_m()'s sums to the bit, reading half as
 * much.
 */
static double *
sums_only(const double *v, size_t n, double *w0)
{
	double *sv;
	size_t i;

	if (n == 0 || !(v[0] >= 0) || v[0] != floor(v[0]) ||
	    (double)n * v[0] > 0x1p52)
		return NULL;
	for (i = 1; i < n; i++)
		if (v[2 * i] != v[0])
			return NULL;
	sv = xcalloc(n, sizeof *sv);
	for (i = 0; i < n; i++)
		sv[i] = v[2 * i + 1];
	*w0 = v[0];
	return sv;
}

/* resample_m() of m <= n draws from the rows of sums_only(): the same
 * draws, the same sums. */
static void
resample_sums(bootrng *r, const double *sv, double w0, size_t n, size_t m,
    double *s)
{
	bootrng g = *r;
	double sum = 0;
	size_t i;

	for (i = 0; i < m; i++)
		sum += sv[bootrng_below(&g, n)];
	s[0] = (double)m * w0;
	s[1] = sum;
	*r = g;
}

/* One resample of n packed rows, as many draws as rows: from sv, the
 * rows' sums alone, when not NULL. */
static void
resample(bootrng *r, const double *v, const double *sv, double w0, size_t n,
    size_t nc, double *s)
{
	if (sv != NULL)
		resample_sums(r, sv, w0, n, n, s);
	else
		resample_m(r, v, n, n, nc, s);
}

void
boot_cell(struct group *g, const struct opts *o)
{
	struct units *us = &g->units;
	const struct resampling *rs = g->b->resampling(g);
	int nmet = rs->nmet, k;
	size_t B = (size_t)o->bootstrap, b, nc = NCOL_SCORE + (size_t)rs->ncol;
	double *draws, *packed, m[NMET_MAX], *s, *sv = NULL, w0 = 0;
	struct unit sum;
	bootrng r;

	g->ci.se = se_of_means(us) * rs->scale;
	spread(us, &g->ci);
	g->ci.sd_samples *= rs->scale;
	g->ci.sd_cases *= rs->scale;
	for (k = 0; k < NMET_MAX; k++)
		g->ci.lo[k] = g->ci.hi[k] = NAN;
	if (B == 0 || us->n == 0)
		return;
	units_sort(us);
	packed = pack_units(us, rs);
	if (nc == NCOL_SCORE)
		sv = sums_only(packed, us->n, &w0);
	draws = xcalloc(B * (size_t)nmet, sizeof *draws);
	s = xcalloc(nc, sizeof *s);
	group_seed(&r, g, o);
	for (b = 0; b < B; b++) {
		resample(&r, packed, sv, w0, us->n, nc, s);
		unpack(s, rs, &sum);
		rs->metrics(&sum, m);
		for (k = 0; k < nmet; k++)
			draws[b * (size_t)nmet + (size_t)k] = m[k];
	}
	percentiles(draws, B, nmet, &g->ci);
	free(s);
	free(draws);
	free(sv);
	free(packed);
}

/*
 * An average row: the mean of its cells' means.  Each cell is resampled
 * apart (the cells hold different cases); the standard error is that of
 * a mean of independent means, sqrt(sum of se^2) / cells.
 */
void
boot_avg(struct group *a, struct group **cells, size_t n,
    const struct opts *o)
{
	size_t B = (size_t)o->bootstrap, b, c, used = 0;
	double *draws, **packed, **sv, *w0, var = 0, x;
	int ok = 1;
	bootrng r;

	a->ci.sd_samples = a->ci.sd_cases = a->ci.per_case = NAN;
	a->ci.lo[0] = a->ci.hi[0] = NAN;
	for (c = 0; c < n; c++) {
		if (cells[c]->units.n == 0)
			continue;
		used++;
		x = se_of_means(&cells[c]->units);
		if (isnan(x))
			ok = 0;
		var += x * x;
	}
	a->ci.se = ok && used ? 100.0 * sqrt(var) / (double)used : NAN;
	if (B == 0 || used == 0)
		return;
	packed = xcalloc(n, sizeof *packed);
	sv = xcalloc(n, sizeof *sv);
	w0 = xcalloc(n, sizeof *w0);
	for (c = 0; c < n; c++) {
		units_sort(&cells[c]->units);
		packed[c] = pack_units(&cells[c]->units, NULL);
		sv[c] = sums_only(packed[c], cells[c]->units.n, &w0[c]);
	}
	draws = xcalloc(B, sizeof *draws);
	group_seed(&r, a, o);
	for (b = 0; b < B; b++) {
		double tot = 0, s[NCOL_SCORE];

		for (c = 0; c < n; c++) {
			if (cells[c]->units.n == 0)
				continue;
			resample(&r, packed[c], sv[c], w0[c], cells[c]->units.n,
			    NCOL_SCORE, s);
			tot += ratio(s[1], s[0]);
		}
		draws[b] = 100.0 * tot / (double)used;
	}
	percentiles(draws, B, 1, &a->ci);
	for (c = 0; c < n; c++) {
		free(packed[c]);
		free(sv[c]);
	}
	free(packed);
	free(sv);
	free(w0);
	free(draws);
}

void
boot_at(struct group *g, const struct opts *o, size_t m, int k, double *lo,
    double *hi)
{
	struct units *us = &g->units;
	const struct resampling *rs = g->b->resampling(g);
	size_t B = (size_t)o->bootstrap, b, nc = NCOL_SCORE + (size_t)rs->ncol;
	double *draws, *packed, met[NMET_MAX], *s;
	struct unit sum;
	struct ci ci;
	bootrng r;

	*lo = *hi = NAN;
	if (B == 0 || us->n == 0 || m == 0)
		return;
	units_sort(us);
	packed = pack_units(us, rs);
	draws = xcalloc(B, sizeof *draws);
	s = xcalloc(nc, sizeof *s);
	group_seed(&r, g, o);
	for (b = 0; b < B; b++) {
		resample_m(&r, packed, us->n, m, nc, s);
		unpack(s, rs, &sum);
		rs->metrics(&sum, met);
		draws[b] = met[k];
	}
	percentiles(draws, B, 1, &ci);
	*lo = ci.lo[0];
	*hi = ci.hi[0];
	free(s);
	free(draws);
	free(packed);
}
