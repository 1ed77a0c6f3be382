/* paired.c: the paired statistics of two sides over the same cases (see
 * paired.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "paired.h"
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

/* The sums the metrics of rows w[0..nw) read, as indexes into comp[]:
 * their count.  Only those are added up (each in the order it always
 * was): the others are never read. */
static int
needed(const struct paired_row *w, size_t nw, int *comp)
{
	static const unsigned char uses[NMETRICS] = {
		[M_SCORE] = 1u << C_SCORE,
		[M_CR] = 1u << C_CR,
		[M_STIC1] = 1u << C_PASS | 1u << C_JUDGED,
		[M_STIC2] = 1u << C_PASS | 1u << C_TOTAL,
		[M_WAVG] = 1u << C_CR | 1u << C_PASS | 1u << C_TOTAL,
		[M_CHECKS] = 1u << C_CHK | 1u << C_NCHK,
	};
	unsigned u = 0;
	size_t m;
	int i, n = 0;

	for (m = 0; m < nw; m++)
		u |= w[m].metric >= 0 && w[m].metric < NMETRICS ?
		    uses[w[m].metric] : (1u << NCOMP) - 1;
	for (i = 0; i < NCOMP; i++)
		if (u & 1u << i)
			comp[n++] = i;
	return n;
}

static void
add(double *sum, const double *c)
{
	int i;

	for (i = 0; i < NCOMP; i++)
		sum[i] += c[i];
}

/* add() of the components comp[0..nc) alone */
static void
add_some(double *sum, const double *c, const int *comp, int nc)
{
	int i;

	for (i = 0; i < nc; i++)
		sum[comp[i]] += c[comp[i]];
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double
paired_quantile(const double *v, size_t n, double q)
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

/* The sides' numbers of the cases, contiguous: a[j * NCOMP + i]. */
struct set {
	size_t n;
	double *a, *b;
};

static void
set_fill(struct set *t, const struct paired_side *const *a,
    const struct paired_side *const *b, size_t n)
{
	size_t j;

	t->n = n;
	t->a = xcalloc(n * NCOMP + 1, sizeof *t->a);
	t->b = xcalloc(n * NCOMP + 1, sizeof *t->b);
	for (j = 0; j < n; j++) {
		memcpy(t->a + j * NCOMP, a[j]->c, sizeof a[j]->c);
		memcpy(t->b + j * NCOMP, b[j]->c, sizeof b[j]->c);
	}
}

/* One resample of t's cases into sa[c] and sb[c], when the metrics read
 * component c alone: rng_below()'s draws, the sums kept in registers. */
static void
draw_one(double *sa, double *sb, const struct set *t, rng *r, int c)
{
	const double *a = t->a + c, *b = t->b + c;
	double x = 0, y = 0;
	uint64_t n = t->n, v;
	int k = 0;
	size_t j;

	while (k < 64 && n >> k)
		k++;
	if (k > 32) {
		for (j = 0; j < n; j++) {
			v = rng_below(r, n) * NCOMP;
			x += a[v];
			y += b[v];
		}
	} else
		for (j = 0; j < n; j++) {
			/* rng_below(): getrandbits(k) until below n */
			do
				v = rng_u32(r) >> (32 - k);
			while (v >= n);
			x += a[v * NCOMP];
			y += b[v * NCOMP];
		}
	sa[c] = x;
	sb[c] = y;
}

/*
 * The bootstrap of rows w[0..nw), all over the same cases: each draw of
 * cases serves every metric.
 */
static void
bootstrap(struct paired_row *w, size_t nw, const struct set *t, rng *r, long draws)
{
	double *d = xcalloc((size_t)draws * nw + 1, sizeof *d);
	double sa[NCOMP], sb[NCOMP];
	size_t j, m, *got = xcalloc(nw, sizeof *got);
	int comp[NCOMP], nc = needed(w, nw, comp);
	long i;

	for (i = 0; i < draws; i++) {
		memset(sa, 0, sizeof sa);
		memset(sb, 0, sizeof sb);
		if (nc == 1)
			draw_one(sa, sb, t, r, comp[0]);
		else
			for (j = 0; j < t->n; j++) {
				size_t x = (size_t)rng_below(r, t->n) * NCOMP;

				add_some(sa, t->a + x, comp, nc);
				add_some(sb, t->b + x, comp, nc);
			}
		for (m = 0; m < nw; m++) {
			double va = value(w[m].metric, sa, t->n);
			double vb = value(w[m].metric, sb, t->n);

			if (!isnan(va) && !isnan(vb))
				d[m * (size_t)draws + got[m]++] = vb - va;
		}
	}
	for (m = 0; m < nw; m++) {
		double *v = d + m * (size_t)draws;

		if (got[m] == 0 || !w[m].defined)
			continue;
		qsort(v, got[m], sizeof *v, cmp_double);
		w[m].lo = paired_quantile(v, got[m], 0.025);
		w[m].hi = paired_quantile(v, got[m], 0.975);
		w[m].have_ci = 1;
	}
	free(got);
	free(d);
}

/* One permutation of t's cases (case j swapped by bit j of sw) into
 * sa[c] and sb[c], when the metrics read component c alone. */
static void
swap_one(double *sa, double *sb, const struct set *t, const uint32_t *sw,
    int c)
{
	const double *a = t->a + c, *b = t->b + c;
	double x = 0, y = 0;
	size_t j;

	for (j = 0; j < t->n; j++)
		if (sw[j / 32] >> (j % 32) & 1) {
			x += b[j * NCOMP];
			y += a[j * NCOMP];
		} else {
			x += a[j * NCOMP];
			y += b[j * NCOMP];
		}
	sa[c] = x;
	sb[c] = y;
}

/*
 * The permutation test of the rows w[0..nw) whose test is still to
 * choose ("-"), on shared draws: every one of the 2^n swaps when there
 * are no more of them than draws (an exact p), else draws random ones.
 */
static void
permutation(struct paired_row *w, size_t nw, const struct set *t, rng *r, long draws)
{
	double sa[NCOMP], sb[NCOMP];
	size_t n = t->n, j, m;
	int exact = n < 31 && (1L << n) <= draws;
	long i, count = exact ? 1L << n : draws;
	long *more, *valid;
	uint32_t *sw;
	int comp[NCOMP], nc = needed(w, nw, comp);

	/* no row to test: the draws would go unread (r is not read after) */
	for (m = 0; m < nw; m++)
		if (strcmp(w[m].test, "-") == 0 && w[m].defined)
			break;
	if (m == nw)
		return;
	more = xcalloc(nw, sizeof *more);
	valid = xcalloc(nw, sizeof *valid);
	sw = xcalloc(n / 32 + 1, sizeof *sw);
	for (i = 0; i < count; i++) {
		memset(sa, 0, sizeof sa);
		memset(sb, 0, sizeof sb);
		/* case j's swap is bit j of sw: the bits of i, or 32 swaps
		 * from each draw of 32 bits */
		if (exact)
			sw[0] = (uint32_t)i;
		else
			for (j = 0; j < n; j += 32)
				sw[j / 32] = rng_u32(r);
		if (nc == 1)
			swap_one(sa, sb, t, sw, comp[0]);
		else
			for (j = 0; j < n; j++) {
				int swap = (int)(sw[j / 32] >> (j % 32) & 1);
				const double *x = swap ? t->b : t->a;
				const double *y = swap ? t->a : t->b;

				add_some(sa, x + j * NCOMP, comp, nc);
				add_some(sb, y + j * NCOMP, comp, nc);
			}
		for (m = 0; m < nw; m++) {
			double va, vb, obs = fabs(w[m].diff);

			if (strcmp(w[m].test, "-") != 0 || !w[m].defined)
				continue;
			va = value(w[m].metric, sa, n);
			vb = value(w[m].metric, sb, n);
			if (isnan(va) || isnan(vb))
				continue;
			valid[m]++;
			/* ties within rounding count as extreme */
			if (fabs(vb - va) >= obs - 1e-9 * (obs > 1 ? obs : 1))
				more[m]++;
		}
	}
	for (m = 0; m < nw; m++) {
		if (strcmp(w[m].test, "-") != 0 || !w[m].defined)
			continue;
		/* random draws count the observed split as one more */
		w[m].p = exact ? (double)more[m] / (double)(valid[m] ? valid[m] : 1) :
		    (double)(1 + more[m]) / (double)(1 + valid[m]);
		w[m].test = "perm";
	}
	free(sw);
	free(more);
	free(valid);
}

/* Is the metric a pass/fail outcome per case (score) or per check? */
static int
binary(int m, const struct paired_side *const *a,
    const struct paired_side *const *b, size_t n)
{
	size_t i;
	int s;

	if (m == M_CHECKS)
		return 1;
	if (m != M_SCORE)
		return 0;
	for (i = 0; i < n; i++)
		for (s = 0; s < 2; s++) {
			const struct paired_side *x = s ? b[i] : a[i];
			double v = x->c[C_SCORE];

			if (x->nrec != 1 || (v != 0 && v != 1))
				return 0;
		}
	return 1;
}

static void
mcnemar(struct paired_row *w, const struct paired_side *const *pa,
    const struct paired_side *const *pb, size_t n)
{
	size_t i;
	long j;

	w->ab = w->ba = 0;
	for (i = 0; i < n; i++) {
		const struct paired_side *a = pa[i], *b = pb[i];

		if (w->metric == M_SCORE) {
			w->ab += a->c[C_SCORE] > b->c[C_SCORE];
			w->ba += a->c[C_SCORE] < b->c[C_SCORE];
			continue;
		}
		for (j = 0; j < a->nchk; j++) {
			if (a->chk[j] == CHK_UNDECIDED ||
			    b->chk[j] == CHK_UNDECIDED)
				continue;
			w->ab += a->chk[j] && !b->chk[j];
			w->ba += !a->chk[j] && b->chk[j];
		}
	}
	w->p = mcnemar_p(w->ab, w->ba);
	w->test = "mcnemar";
}

/* The observed values of row w, metric m, over the set. */
static void
observe(struct paired_row *w, int m, const struct set *t)
{
	double sa[NCOMP] = { 0 }, sb[NCOMP] = { 0 };
	size_t j;

	memset(w, 0, sizeof *w);
	w->metric = m;
	w->cases = t->n;
	w->ab = w->ba = -1;
	w->test = "-";
	for (j = 0; j < t->n; j++) {
		add(sa, t->a + j * NCOMP);
		add(sb, t->b + j * NCOMP);
	}
	w->a = value(m, sa, t->n);
	w->b = value(m, sb, t->n);
	if (isnan(w->a) || isnan(w->b))
		return;
	w->defined = 1;
	w->diff = w->b - w->a;
}

void
paired_seed(rng *r, uint64_t seed, const char *const *val, size_t nval,
    int tag)
{
	uint32_t key[5];

	paired_key(key, seed, val, nval, tag);
	rng_seed_words(r, key, 5);
}

void
paired_key(uint32_t key[5], uint64_t seed, const char *const *val,
    size_t nval, int tag)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;
	const char *s;

	for (i = 0; i < nval; i++) {
		for (s = val[i]; ; s++) {
			h ^= (unsigned char)*s;
			h *= 1099511628211ULL;
			if (*s == '\0')
				break;
		}
	}
	key[0] = (uint32_t)seed;
	key[1] = (uint32_t)(seed >> 32);
	key[2] = (uint32_t)h;
	key[3] = (uint32_t)(h >> 32);
	key[4] = (uint32_t)tag;
}

size_t
paired_rows(struct paired_row *w, const int *ms, size_t nm,
    const struct paired_side *const *a, const struct paired_side *const *b,
    size_t n, rng *r, long draws)
{
	struct set t;
	size_t m;

	set_fill(&t, a, b, n);
	for (m = 0; m < nm; m++) {
		observe(&w[m], ms[m], &t);
		if (w[m].defined && binary(ms[m], a, b, n))
			mcnemar(&w[m], a, b, n);
	}
	bootstrap(w, nm, &t, r, draws);
	permutation(w, nm, &t, r, draws);
	free(t.a);
	free(t.b);
	return nm;
}
