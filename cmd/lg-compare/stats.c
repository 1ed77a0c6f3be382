/*
 * stats.c: the paired statistics of a group.
 *
 * Every metric is a function of sums over cases of per-case numbers (a
 * mean of per-case values, or a ratio of pooled counts), so the case is
 * the unit of both procedures:
 *   - the interval: a paired bootstrap, the same cases drawn with
 *     replacement for A and B, the 2.5 and 97.5 percentiles of B - A;
 *   - the p-value: a paired permutation test, each case's A and B swapped
 *     at random, p = (1 + #{|T*| >= |T|}) / (1 + draws), two-sided, or
 *     over all 2^n swaps when there are no more of them than draws;
 *     or, for a pass/fail outcome (a score that is 0 or 1 in every case,
 *     and the checks of the verdicts), the exact McNemar test on the
 *     discordant pairs.
 * The draws come from a generator seeded by --seed, the group's values and
 * the metric, so a group's numbers do not depend on the other groups.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "rng.h"
#include "xalloc.h"

const char *const metric_name[NMETRICS] = {
	"score", "cr", "stic1", "stic2", "wavg", "checks"
};

/* The metric's value (in %) from the sums over n cases; NAN when undefined. */
static double
value(int m, const double *s, size_t n)
{
	if (n == 0)
		return NAN;
	switch (m) {
	case M_SCORE:
		return 100.0 * s[C_SCORE] / (double)n;
	case M_CR:
		return s[C_CR] / (double)n;
	case M_STIC1:
		return s[C_JUDGED] > 0 ? 100.0 * s[C_PASS] / s[C_JUDGED] : NAN;
	case M_STIC2:
		return s[C_TOTAL] > 0 ? 100.0 * s[C_PASS] / s[C_TOTAL] : NAN;
	case M_WAVG:
		return s[C_TOTAL] > 0 ? s[C_CR] / (double)n * s[C_PASS] /
		    s[C_TOTAL] : NAN;
	default:
		return s[C_NCHK] > 0 ? 100.0 * s[C_CHK] / s[C_NCHK] : NAN;
	}
}

static void
add(double *sum, const double *c)
{
	int i;

	for (i = 0; i < NCOMP; i++)
		sum[i] += c[i];
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
quantile(const double *v, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t i = (size_t)floor(h);

	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (h - (double)i) * (v[i + 1] - v[i]);
}

double
mcnemar_p(long b, long c)
{
	long n = b + c, k = b < c ? b : c, i;
	double p = 0, term;

	if (n == 0)
		return 1;
	if (n <= 1000) {
		/* C(n, i) / 2^n term by term, exact for small n */
		term = ldexp(1.0, (int)-n);
		for (i = 0; i <= k; i++) {
			p += term;
			term = term * (double)(n - i) / (double)(i + 1);
		}
	} else
		for (i = 0; i <= k; i++)
			p += exp(lgamma((double)n + 1) - lgamma((double)i + 1) -
			    lgamma((double)(n - i) + 1) - (double)n * log(2.0));
	p *= 2;
	return p < 1 ? p : 1;
}

/* The cases a metric counts: paired, and for checks, paired check lists. */
static size_t
pick(const struct group *g, int m, const struct kase **out)
{
	size_t i, n = 0;

	for (i = 0; i < g->ncases; i++) {
		const struct kase *k = g->cases[i];
		const struct side *a = &k->s[0], *b = &k->s[1];

		if (a->nrec == 0 || b->nrec == 0)
			continue;
		if (m == M_CHECKS && (a->nchk < 0 || a->nchk != b->nchk ||
		    a->nrec != 1 || b->nrec != 1))
			continue;
		out[n++] = k;
	}
	return n;
}

/* LongGenBench metrics apply when every paired record carried its counts. */
static int
all_lgb(const struct kase **k, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (k[i]->s[0].lgb != k[i]->s[0].nrec ||
		    k[i]->s[1].lgb != k[i]->s[1].nrec)
			return 0;
	return n > 0;
}

static void
seed_for(rng *r, const struct group *g, const struct opts *o, int m)
{
	uint32_t key[5];
	uint64_t h = 1469598103934665603ULL;
	size_t i;
	const char *s;

	for (i = 0; i < o->nfields; i++) {
		for (s = g->val[i]; ; s++) {
			h ^= (unsigned char)*s;
			h *= 1099511628211ULL;
			if (*s == '\0')
				break;
		}
	}
	key[0] = (uint32_t)o->seed;
	key[1] = (uint32_t)(o->seed >> 32);
	key[2] = (uint32_t)h;
	key[3] = (uint32_t)(h >> 32);
	key[4] = (uint32_t)m;
	rng_seed_words(r, key, 5);
}

static void
bootstrap(struct row *w, const struct kase **k, size_t n, rng *r,
    long draws)
{
	double *d = xcalloc((size_t)draws, sizeof *d);
	double sa[NCOMP], sb[NCOMP];
	size_t j, got = 0;
	long i;

	for (i = 0; i < draws; i++) {
		memset(sa, 0, sizeof sa);
		memset(sb, 0, sizeof sb);
		for (j = 0; j < n; j++) {
			const struct kase *x = k[rng_below(r, n)];

			add(sa, x->s[0].c);
			add(sb, x->s[1].c);
		}
		{
			double va = value(w->metric, sa, n);
			double vb = value(w->metric, sb, n);

			if (!isnan(va) && !isnan(vb))
				d[got++] = vb - va;
		}
	}
	if (got > 0) {
		qsort(d, got, sizeof *d, cmp_double);
		w->lo = quantile(d, got, 0.025);
		w->hi = quantile(d, got, 0.975);
		w->have_ci = 1;
	}
	free(d);
}

/*
 * The permutation test: every one of the 2^n swaps when there are no more
 * of them than draws (an exact p), else draws random ones.
 */
static void
permutation(struct row *w, const struct kase **k, size_t n, rng *r,
    long draws)
{
	double sa[NCOMP], sb[NCOMP], t = fabs(w->diff);
	int exact = n < 31 && (1L << n) <= draws;
	long i, more = 0, valid = 0, count = exact ? 1L << n : draws;
	size_t j;

	for (i = 0; i < count; i++) {
		memset(sa, 0, sizeof sa);
		memset(sb, 0, sizeof sb);
		for (j = 0; j < n; j++) {
			int swap = exact ? (int)((unsigned long)i >> j & 1) :
			    (int)(rng_u32(r) & 1);

			add(sa, k[j]->s[swap].c);
			add(sb, k[j]->s[!swap].c);
		}
		{
			double va = value(w->metric, sa, n);
			double vb = value(w->metric, sb, n);

			if (isnan(va) || isnan(vb))
				continue;
			valid++;
			/* ties within rounding count as extreme */
			if (fabs(vb - va) >= t - 1e-9 * (t > 1 ? t : 1))
				more++;
		}
	}
	/* random draws count the observed split as one more */
	w->p = exact ? (double)more / (double)(valid ? valid : 1) :
	    (double)(1 + more) / (double)(1 + valid);
	w->test = "perm";
}

/* Is the metric a pass/fail outcome per case (score) or per check? */
static int
binary(int m, const struct kase **k, size_t n)
{
	size_t i;
	int s;

	if (m == M_CHECKS)
		return 1;
	if (m != M_SCORE)
		return 0;
	for (i = 0; i < n; i++)
		for (s = 0; s < 2; s++) {
			double v = k[i]->s[s].c[C_SCORE];

			if (k[i]->s[s].nrec != 1 || (v != 0 && v != 1))
				return 0;
		}
	return 1;
}

static void
mcnemar(struct row *w, const struct kase **k, size_t n)
{
	size_t i;
	long j;

	w->ab = w->ba = 0;
	for (i = 0; i < n; i++) {
		const struct side *a = &k[i]->s[0], *b = &k[i]->s[1];

		if (w->metric == M_SCORE) {
			w->ab += a->c[C_SCORE] > b->c[C_SCORE];
			w->ba += a->c[C_SCORE] < b->c[C_SCORE];
			continue;
		}
		for (j = 0; j < a->nchk; j++) {
			w->ab += a->chk[j] && !b->chk[j];
			w->ba += !a->chk[j] && b->chk[j];
		}
	}
	w->p = mcnemar_p(w->ab, w->ba);
	w->test = "mcnemar";
}

static void
one(struct row *w, int m, const struct kase **k, size_t n,
    const struct group *g, const struct opts *o)
{
	double sa[NCOMP] = { 0 }, sb[NCOMP] = { 0 };
	size_t j;
	rng r;

	memset(w, 0, sizeof *w);
	w->metric = m;
	w->cases = n;
	w->ab = w->ba = -1;
	w->test = "-";
	for (j = 0; j < n; j++) {
		add(sa, k[j]->s[0].c);
		add(sb, k[j]->s[1].c);
	}
	w->a = value(m, sa, n);
	w->b = value(m, sb, n);
	if (isnan(w->a) || isnan(w->b))
		return;
	w->defined = 1;
	w->diff = w->b - w->a;
	seed_for(&r, g, o, m);
	bootstrap(w, k, n, &r, o->resamples);
	if (binary(m, k, n))
		mcnemar(w, k, n);
	else
		permutation(w, k, n, &r, o->resamples);
}

size_t
compare_group(const struct group *g, const struct opts *o, struct row *rows)
{
	const struct kase **k = xcalloc(g->ncases + 1, sizeof *k);
	size_t n, nr = 0;
	int m, lgb;

	n = pick(g, M_SCORE, k);
	lgb = all_lgb(k, n);
	for (m = 0; m < NMETRICS; m++) {
		if (m != M_SCORE && m != M_CHECKS && !lgb)
			continue;
		n = pick(g, m, k);
		if (m == M_CHECKS && n == 0)
			continue;
		one(&rows[nr++], m, k, n, g, o);
	}
	free(k);
	return nr;
}
