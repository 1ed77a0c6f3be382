/*
 * ci.c: the 95% interval of each group's mean score in the Scores table.
 * One entry per counted record is kept (its group, its case, its score);
 * at the end the records of a case (the "case" member: repeated samples)
 * are one unit, every other record a unit of its own, and the percentile
 * interval of B resamples of the units is that of the pooled mean, sum of
 * scores over records, as lg-agg computes it.  The units are put in a
 * canonical order and each group's draws are seeded from the seed and the
 * group's key, so an interval depends neither on the order of the records
 * nor on the other groups.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paired.h"
#include "report.h"
#include "rng.h"
#include "xalloc.h"

struct sc_entry {
	size_t grp;
	char *kase;		/* "c" and the case, or "r" and the id */
	double score;
};

struct scores {
	struct sc_entry *e;
	size_t n, cap;
	long draws;
	uint64_t seed;
};

scores *
scores_new(long draws, uint64_t seed)
{
	scores *s = xcalloc(1, sizeof *s);

	s->draws = draws;
	s->seed = seed;
	return s;
}

void
scores_add(scores *s, size_t grp, const char *kase, const char *id,
    double score)
{
	struct sc_entry *e;

	if (s->draws == 0 || isnan(score))
		return;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		s->e = xreallocarray(s->e, s->cap, sizeof *s->e);
	}
	e = &s->e[s->n++];
	e->grp = grp;
	e->kase = xasprintf("%c%s", kase ? 'c' : 'r', kase ? kase : id);
	e->score = score;
}

static int
cmp_entry(const void *pa, const void *pb)
{
	const struct sc_entry *a = pa, *b = pb;
	int c;

	if (a->grp != b->grp)
		return a->grp < b->grp ? -1 : 1;
	if ((c = strcmp(a->kase, b->kase)) != 0)
		return c;
	return (a->score > b->score) - (a->score < b->score);
}

static int
cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/* FNV-1a of the group's key, 32 bits. */
static uint32_t
hash_key(const char *const *key, size_t nkey)
{
	uint32_t h = 2166136261u;
	size_t i;
	const char *p;

	for (i = 0; i < nkey; i++) {
		for (p = key[i]; *p; p++) {
			h ^= (unsigned char)*p;
			h *= 16777619u;
		}
		h ^= 0xff;	/* between the parts: no key byte is 0xff */
		h *= 16777619u;
	}
	return h;
}

/* Units (records, w, and score sum) of entries e[0..n), all of one group. */
static size_t
units(const struct sc_entry *e, size_t n, double *w, double *sum)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (i == 0 || e[i].kase[0] != 'c' ||
		    strcmp(e[i].kase, e[i - 1].kase) != 0) {
			w[k] = 0;
			sum[k++] = 0;
		}
		w[k - 1] += 1;
		sum[k - 1] += e[i].score;
	}
	return k;
}

void
scores_ci(scores *s, size_t grp, const char *const *key, size_t nkey,
    double *lo, double *hi)
{
	size_t a, b, k, i, nu, B = (size_t)s->draws;
	double *w, *sum, *draws;
	uint32_t seed[3];
	rng r;

	*lo = *hi = NAN;
	if (B == 0 || s->n == 0)
		return;
	for (a = 0; a < s->n && s->e[a].grp != grp; a++)
		;
	for (b = a; b < s->n && s->e[b].grp == grp; b++)
		;
	if (a == b)
		return;
	w = xcalloc(b - a, sizeof *w);
	sum = xcalloc(b - a, sizeof *sum);
	nu = units(s->e + a, b - a, w, sum);
	seed[0] = (uint32_t)(s->seed & 0xffffffffu);
	seed[1] = (uint32_t)(s->seed >> 32);
	seed[2] = hash_key(key, nkey);
	rng_seed_words(&r, seed, 3);
	draws = xcalloc(B, sizeof *draws);
	for (k = 0; k < B; k++) {
		double tw = 0, ts = 0;

		for (i = 0; i < nu; i++) {
			size_t j = (size_t)rng_below(&r, nu);

			tw += w[j];
			ts += sum[j];
		}
		draws[k] = 100.0 * ts / tw;
	}
	qsort(draws, B, sizeof *draws, cmp_double);
	*lo = paired_quantile(draws, B, 0.025);
	*hi = paired_quantile(draws, B, 0.975);
	free(draws);
	free(w);
	free(sum);
}

void
scores_sort(scores *s)
{
	if (s->n > 0)
		qsort(s->e, s->n, sizeof *s->e, cmp_entry);
}

void
scores_free(scores *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++)
		free(s->e[i].kase);
	free(s->e);
	free(s);
}
