/* corr.c: Pearson's and Spearman's coefficients (see corr.h). */
#include <math.h>
#include <stdlib.h>

#include "corr.h"
#include "xalloc.h"

static double
pearson(const double *x, const double *y, size_t n)
{
	double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)n;
	my /= (double)n;
	for (i = 0; i < n; i++) {
		sxy += (x[i] - mx) * (y[i] - my);
		sxx += (x[i] - mx) * (x[i] - mx);
		syy += (y[i] - my) * (y[i] - my);
	}
	if (!(sxx > 0) || !(syy > 0))
		return NAN;
	return sxy / sqrt(sxx * syy);
}

/* The ranks of v (1..n, ties their mean) into r. */
static void
ranks(const double *v, size_t n, double *r)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		double below = 0, same = 0;

		for (j = 0; j < n; j++) {
			below += v[j] < v[i];
			same += v[j] == v[i];
		}
		r[i] = below + (same + 1) / 2;
	}
}

double
corr(const double *x, const double *y, size_t n, int kind)
{
	double *rx, *ry, r;

	if (n < CORR_MIN_N)
		return NAN;
	if (kind == CORR_PEARSON)
		return pearson(x, y, n);
	rx = xcalloc(n, sizeof *rx);
	ry = xcalloc(n, sizeof *ry);
	ranks(x, n, rx);
	ranks(y, n, ry);
	r = pearson(rx, ry, n);
	free(rx);
	free(ry);
	return r;
}
