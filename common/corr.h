/*
 * corr.h: correlation of paired values: Pearson's r and Spearman's rho
 * (r of the ranks, ties given their mean rank).
 */
#ifndef LG_CORR_H
#define LG_CORR_H

#include <stddef.h>

enum { CORR_PEARSON, CORR_SPEARMAN };

/* Fewer pairs than this: no coefficient (NAN); fewer than CORR_MIN_CI: a
 * coefficient but no interval.  With 3 or 4 pairs most resamples repeat
 * one pair or two and their r is 1, -1 or undefined: an interval of them
 * says nothing. */
#define CORR_MIN_N 3
#define CORR_MIN_CI 5

/* r of x and y (n pairs) by kind; NAN when n < CORR_MIN_N or either has
 * no spread. */
double corr(const double *x, const double *y, size_t n, int kind);

#endif
