/*
 * boot.c: uncertainty.  A group keeps one unit per case (its records'
 * sums: one record, or the K samples of a case; a record that repeats an
 * id of the group without a case member is counted as a repeat, and is a
 * unit of its own).  The bootstrap draws the units with replacement and
 * recomputes every metric from the drawn units' sums, so pooled metrics
 * (STIC-1/2) are recomputed from numerators and denominators and the
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
#include "rng.h"
#include "xalloc.h"

/* K_LGB, K_ADA (Ada-LEval with lg-choice's scores) or K_SCORE. */
int
boot_kind(const struct group *g)
{
	if (strcmp(g->bench, "longgenbench") == 0)
		return K_LGB;
	if (strcmp(g->bench, "adaleval") == 0 && g->ada.scored > 0)
		return K_ADA;
	return K_SCORE;
}

static int
nmet_of(int kind)
{
	return kind == K_LGB ? NMET_LGB : kind == K_ADA ? NMET_ADA : 1;
}

/* Add b's sums to a: a case's samples. */
static void
unit_add(struct unit *a, const struct unit *b)
{
	int t;

	a->w += b->w;
	a->sum += b->sum;
	a->pass += b->pass;
	a->judged += b->judged;
	a->total += b->total;
	for (t = 0; t < NTYPES; t++) {
		a->tpass[t] += b->tpass[t];
		a->ttotal[t] += b->ttotal[t];
	}
	a->words += b->words;
	a->len_cases += b->len_cases;
	ada_merge(&a->ada, &b->ada);
	a->s += b->s;
	a->ss += b->ss;
}

static double
ratio(double num, double den)
{
	return den > 0 ? num / den : NAN;
}

/* The metrics of a sum of units, in percent (Len in words); NAN: none. */
void
unit_metrics(const struct unit *u, int kind, double *m)
{
	int t;

	if (kind == K_ADA) {
		const struct ada *a = &u->ada;

		m[A_SCORE] = 100.0 * ratio(u->sum, u->w);
		m[A_IF] = 100.0 * ratio((double)a->valid,
		    a->scored ? u->w : 0);
		m[A_COPY] = 100.0 * ratio((double)a->copy, (double)a->valid);
		m[A_EXPECT] = 100.0 * ratio((double)a->expect,
		    (double)a->scored);
		m[A_TAU] = ratio(a->tau, (double)a->tau_n);
		for (t = 0; t < NPOS; t++)
			m[A_FRONT + t] = 100.0 * ratio((double)a->pos_hits[t],
			    (double)a->pos_cases[t]);
		return;
	}
	if (kind == K_SCORE) {
		m[0] = 100.0 * ratio(u->sum, u->w);
		return;
	}
	m[M_CR] = ratio(u->sum, u->w);
	m[M_STIC1] = 100.0 * ratio((double)u->pass, (double)u->judged);
	m[M_STIC2] = 100.0 * ratio((double)u->pass, (double)u->total);
	m[M_WAVG] = m[M_CR] * ratio((double)u->pass, (double)u->total);
	for (t = 0; t < NTYPES; t++)
		m[M_SINGLE + t] = 100.0 * ratio((double)u->tpass[t],
		    (double)u->ttotal[t]);
	m[M_LEN] = ratio((double)u->words, (double)u->len_cases);
}

/* --- the units of a group ------------------------------------------- */

/* The unit whose id is kind and id, or NULL; *at: its slot, or the free
 * slot where it goes. */
static struct unit *
units_find(const struct units *us, int kind, const char *id, size_t *at)
{
	size_t s = hash_text(id) & (us->nslot - 1), i;

	while (us->slot[s] != 0) {
		i = us->slot[s] - 1;
		if (us->ids[i][0] == kind && strcmp(us->ids[i] + 1, id) == 0) {
			*at = s;
			return &us->v[i];
		}
		s = (s + 1) & (us->nslot - 1);
	}
	*at = s;
	return NULL;
}

static void
slots_grow(struct units *us)
{
	size_t i, s, n = us->nslot ? 2 * us->nslot : 64;

	free(us->slot);
	us->slot = xcalloc(n, sizeof *us->slot);
	us->nslot = n;
	for (i = 0; i < us->n; i++)
		if (us->ids[i] != NULL &&
		    units_find(us, us->ids[i][0], us->ids[i] + 1, &s) == NULL)
			us->slot[s] = i + 1;	/* a repeated id: its first */
}

/* A unit; its id is "c" and the case, "r" and the record's id, or NULL. */
static struct unit *
units_new(struct units *us, int kind, const char *id)
{
	if (us->n == us->cap) {
		us->cap = us->cap ? 2 * us->cap : 16;
		us->v = xreallocarray(us->v, us->cap, sizeof *us->v);
		us->ids = xreallocarray(us->ids, us->cap, sizeof *us->ids);
	}
	memset(&us->v[us->n], 0, sizeof us->v[us->n]);
	us->ids[us->n] = id ? xasprintf("%c%s", kind, id) : NULL;
	return &us->v[us->n++];
}

void
units_add(struct units *us, const char *case_id, const char *rec_id,
    const struct unit *u)
{
	const char *id = case_id != NULL ? case_id : rec_id;
	int kind = case_id != NULL ? 'c' : 'r';
	struct unit *d;
	size_t s;

	if (id == NULL) {
		*units_new(us, 'r', NULL) = *u;
		return;
	}
	if (2 * (us->nids + 1) > us->nslot)
		slots_grow(us);
	if ((d = units_find(us, kind, id, &s)) != NULL && kind == 'c') {
		unit_add(d, u);
		if (u->w > 0)
			us->multi = 1;
		return;
	}
	if (d != NULL) {
		/* an id seen before, without a case: another case all the
		 * same (as counted before), but worth a warning */
		us->dups++;
		*units_new(us, kind, id) = *u;
		return;
	}
	*units_new(us, kind, id) = *u;
	us->slot[s] = us->n;
	us->nids++;
}

/* Append b's units to a (cases of different groups stay apart). */
void
units_merge(struct units *a, const struct units *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		*units_new(a, 'r', b->ids[i]) = b->v[i];
	a->multi |= b->multi;
}

void
units_free(struct units *us)
{
	size_t i;

	for (i = 0; i < us->n; i++)
		free(us->ids[i]);
	free(us->ids);
	free(us->v);
	free(us->slot);
	memset(us, 0, sizeof *us);
}

/* --- intervals ------------------------------------------------------ */

/* The units in a canonical order (by id, then by content), so that the
 * draws do not depend on the order of the records. */
static const struct units *sort_units;

static int
cmp_unit(const void *pa, const void *pb)
{
	size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
	const char *a = sort_units->ids[ia], *b = sort_units->ids[ib];
	int c = strcmp(a ? a : "", b ? b : "");

	if (c != 0)
		return c;
	return memcmp(&sort_units->v[ia], &sort_units->v[ib],
	    sizeof sort_units->v[ia]);
}

static void
units_sort(struct units *us)
{
	size_t *ix, i;
	struct unit *v;
	char **ids;

	if (us->n == 0)		/* a group of undecided records only */
		return;
	ix = xcalloc(us->n, sizeof *ix);
	v = xcalloc(us->n, sizeof *v);
	ids = xcalloc(us->n, sizeof *ids);
	for (i = 0; i < us->n; i++)
		ix[i] = i;
	sort_units = us;
	qsort(ix, us->n, sizeof *ix, cmp_unit);
	for (i = 0; i < us->n; i++) {
		v[i] = us->v[ix[i]];
		ids[i] = us->ids[ix[i]];
	}
	memcpy(us->v, v, us->n * sizeof *v);
	memcpy(us->ids, ids, us->n * sizeof *ids);
	free(us->slot);		/* the case lookup is over */
	us->slot = NULL;
	us->nslot = 0;
	free(ix);
	free(v);
	free(ids);
}

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
group_seed(rng *r, const struct group *g, const struct opts *o)
{
	uint32_t key[3];

	key[0] = (uint32_t)(o->seed & 0xffffffffu);
	key[1] = (uint32_t)(o->seed >> 32);
	key[2] = hash_text(g->hkey);
	rng_seed_words(r, key, 3);
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
	size_t i;

	for (i = 0; i < us->n; i++) {
		if (us->v[i].w <= 0)
			continue;
		x = us->v[i].sum / us->v[i].w;
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
	double within = 0, df = 0, n = 0, s = 0, ss = 0, x;
	size_t i;

	for (i = 0; i < us->n; i++) {
		const struct unit *u = &us->v[i];

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
	for (i = 0, x = 0; i < us->n; i++)
		x += us->v[i].w;
	ci->per_case = n > 0 ? x / n : NAN;
}

/* --- resampling ----------------------------------------------------- */

/*
 * The draws read only the sums that the kind's metrics need, packed as
 * rows of doubles (counts are exact in a double), so that one draw adds a
 * few adjacent numbers: the sums, and so the metrics, are those of adding
 * the drawn units whole, in the same order.
 */
enum { NCOL_SCORE = 2, NCOL_LGB = 13, NCOL_ADA = 14, NCOL_MAX = 14 };

static int
ncol_of(int kind)
{
	return kind == K_LGB ? NCOL_LGB : kind == K_ADA ? NCOL_ADA : NCOL_SCORE;
}

static void
pack(const struct unit *u, int kind, double *c)
{
	int t;

	c[0] = u->w;
	c[1] = u->sum;
	if (kind == K_LGB) {
		c[2] = (double)u->pass;
		c[3] = (double)u->judged;
		c[4] = (double)u->total;
		for (t = 0; t < NTYPES; t++) {
			c[5 + t] = (double)u->tpass[t];
			c[8 + t] = (double)u->ttotal[t];
		}
		c[11] = (double)u->words;
		c[12] = (double)u->len_cases;
	} else if (kind == K_ADA) {
		c[2] = (double)u->ada.scored;
		c[3] = (double)u->ada.valid;
		c[4] = (double)u->ada.copy;
		c[5] = (double)u->ada.expect;
		c[6] = (double)u->ada.tau_n;
		c[7] = u->ada.tau;
		for (t = 0; t < NPOS; t++) {
			c[8 + t] = (double)u->ada.pos_cases[t];
			c[11 + t] = (double)u->ada.pos_hits[t];
		}
	}
}

static void
unpack(const double *c, int kind, struct unit *u)
{
	int t;

	memset(u, 0, sizeof *u);
	u->w = c[0];
	u->sum = c[1];
	if (kind == K_LGB) {
		u->pass = (long)c[2];
		u->judged = (long)c[3];
		u->total = (long)c[4];
		for (t = 0; t < NTYPES; t++) {
			u->tpass[t] = (long)c[5 + t];
			u->ttotal[t] = (long)c[8 + t];
		}
		u->words = (long)c[11];
		u->len_cases = (long)c[12];
	} else if (kind == K_ADA) {
		u->ada.scored = (long)c[2];
		u->ada.valid = (long)c[3];
		u->ada.copy = (long)c[4];
		u->ada.expect = (long)c[5];
		u->ada.tau_n = (long)c[6];
		u->ada.tau = c[7];
		for (t = 0; t < NPOS; t++) {
			u->ada.pos_cases[t] = (long)c[8 + t];
			u->ada.pos_hits[t] = (long)c[11 + t];
		}
	}
}

/* The units of us packed for kind: n rows of ncol_of(kind); caller frees. */
static double *
pack_units(const struct units *us, int kind)
{
	size_t nc = (size_t)ncol_of(kind), i;
	double *v = xcalloc(us->n * nc, sizeof *v);

	for (i = 0; i < us->n; i++)
		pack(&us->v[i], kind, v + i * nc);
	return v;
}

/* rng_below(r, n) with its bit count worked out once: the same draws. */
struct draw {
	uint64_t n;
	int shift;		/* 32 - bits of n, or -1: use rng_below */
};

static void
draw_init(struct draw *d, uint64_t n)
{
	int k = 0;

	d->n = n;
	while (k < 64 && n >> k)
		k++;
	d->shift = n > 0 && k <= 32 ? 32 - k : -1;
}

static uint64_t
draw(rng *r, const struct draw *d)
{
	uint64_t v;

	if (d->shift < 0)
		return rng_below(r, d->n);
	do
		v = rng_u32(r) >> d->shift;
	while (v >= d->n);
	return v;
}

/* One resample of n packed rows of nc columns, summed into s[nc]. */
static void
resample(rng *r, const double *v, size_t n, size_t nc, double *s)
{
	struct draw d;
	const double *row;
	size_t i, j;

	draw_init(&d, n);
	memset(s, 0, nc * sizeof *s);
	if (nc == NCOL_SCORE) {
		for (i = 0; i < n; i++) {
			row = v + 2 * draw(r, &d);
			s[0] += row[0];
			s[1] += row[1];
		}
		return;
	}
	for (i = 0; i < n; i++) {
		row = v + nc * draw(r, &d);
		for (j = 0; j < nc; j++)
			s[j] += row[j];
	}
}

void
boot_cell(struct group *g, const struct opts *o)
{
	struct units *us = &g->units;
	int kind = boot_kind(g), lgb = kind == K_LGB;
	int nmet = nmet_of(kind), k;
	size_t B = (size_t)o->bootstrap, b, nc = (size_t)ncol_of(kind);
	double *draws, *packed, m[NMET_LGB], s[NCOL_MAX];	/* NMET_ADA fits */
	struct unit sum;
	rng r;

	/* LongGenBench units sum CR percentages, the others scores in [0, 1] */
	g->ci.se = se_of_means(us) * (lgb ? 1.0 : 100.0);
	spread(us, &g->ci);
	if (!lgb) {
		g->ci.sd_samples *= 100.0;
		g->ci.sd_cases *= 100.0;
	}
	for (k = 0; k < NMET_LGB; k++)
		g->ci.lo[k] = g->ci.hi[k] = NAN;
	if (B == 0 || us->n == 0)
		return;
	units_sort(us);
	packed = pack_units(us, kind);
	draws = xcalloc(B * (size_t)nmet, sizeof *draws);
	group_seed(&r, g, o);
	for (b = 0; b < B; b++) {
		resample(&r, packed, us->n, nc, s);
		unpack(s, kind, &sum);
		unit_metrics(&sum, kind, m);
		for (k = 0; k < nmet; k++)
			draws[b * (size_t)nmet + (size_t)k] = m[k];
	}
	percentiles(draws, B, nmet, &g->ci);
	free(draws);
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
	double *draws, **packed, var = 0, x;
	int ok = 1;
	rng r;

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
	for (c = 0; c < n; c++) {
		units_sort(&cells[c]->units);
		packed[c] = pack_units(&cells[c]->units, K_SCORE);
	}
	draws = xcalloc(B, sizeof *draws);
	group_seed(&r, a, o);
	for (b = 0; b < B; b++) {
		double tot = 0, s[NCOL_SCORE];

		for (c = 0; c < n; c++) {
			if (cells[c]->units.n == 0)
				continue;
			resample(&r, packed[c], cells[c]->units.n, NCOL_SCORE,
			    s);
			tot += ratio(s[1], s[0]);
		}
		draws[b] = 100.0 * tot / (double)used;
	}
	percentiles(draws, B, 1, &a->ci);
	for (c = 0; c < n; c++)
		free(packed[c]);
	free(packed);
	free(draws);
}
