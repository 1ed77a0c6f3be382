/*
 * paired.h: the paired statistics of two sides, A and B, over the same
 * cases (lg-compare, lg-report).
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
 * One draw of cases serves every metric over the same cases.  The caller
 * owns the sides and the generator; nothing here keeps state.
 */
#ifndef LG_PAIRED_H
#define LG_PAIRED_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"

/* The per-case numbers of one side, summed over its records (samples). */
enum { C_SCORE, C_CR, C_PASS, C_JUDGED, C_TOTAL, C_CHK, C_NCHK, NCOMP };

struct paired_side {
	long nrec;		/* records folded in */
	long failed;		/* of which failed (an error) */
	long lgb;		/* of which carried LongGenBench counts */
	long undecided;		/* records left out, not in nrec: no score
				 * and no error (the judge decided nothing) */
	long unscored;		/* records left out, not in nrec: no scores
				 * and no error (unscored.h: nothing scored
				 * them) */
	double c[NCOMP];	/* sums; divided by nrec once read */
	unsigned char *chk;	/* per check: 1 pass, 0 fail, CHK_UNDECIDED,
				 * one record only */
	long nchk;		/* -1: no check list to pair */
};

/* A check the judge could not decide: paired with nothing. */
#define CHK_UNDECIDED 2

enum { M_SCORE, M_CR, M_STIC1, M_STIC2, M_WAVG, M_CHECKS, NMETRICS };
extern const char *const metric_name[NMETRICS];

/* One row of a comparison: a metric over the paired cases. */
struct paired_row {
	int metric;
	size_t cases;		/* paired cases that count */
	int defined;		/* 0: a denominator is zero */
	double a, b, diff, lo, hi, p;
	int have_ci;
	const char *test;	/* "perm" or "mcnemar" */
	long ab, ba;		/* McNemar: pass in A only, in B only */
};

/*
 * The rows w[0..nm) of metrics ms[0..nm) over the n cases whose sides are
 * a[i] and b[i] (for M_CHECKS, cases with check lists of one length),
 * with draws resamples and permutations from r.  Returns nm.
 */
size_t paired_rows(struct paired_row *w, const int *ms, size_t nm,
    const struct paired_side *const *a, const struct paired_side *const *b,
    size_t n, rng *r, long draws);

/* Seed r from seed, the group's values val[0..nval) and tag (which set
 * of cases), so that a group's draws do not depend on the other groups. */
void paired_seed(rng *r, uint64_t seed, const char *const *val, size_t nval,
    int tag);
/* The five seed words paired_seed() seeds with, for another generator
 * (bootrng.h). */
void paired_key(uint32_t key[5], uint64_t seed, const char *const *val,
    size_t nval, int tag);

/* Two-sided exact McNemar (binomial) p-value for b and c discordant pairs. */
double mcnemar_p(long b, long c);

/* The q quantile of sorted v[0..n), linear interpolation. */
double paired_quantile(const double *v, size_t n, double q);

#endif
