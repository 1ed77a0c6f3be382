/*
 * kendall.c: Kendall's tau-b by Knight's method: sort the points by x then
 * y, count the ties in x and in both, then merge-sort by y counting the
 * exchanges, which are the discordant pairs; the ties in y are counted on
 * the sorted y.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tau.h"
#include "xalloc.h"

typedef struct {
	long x, y;
} point;

static int
cmp_xy(const void *a, const void *b)
{
	const point *p = a, *q = b;

	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	return 0;
}

/* Sort v[0..n) ascending through tmp; return the number of inversions. */
static uint64_t
merge_count(long *v, long *tmp, size_t n)
{
	uint64_t swaps = 0;
	size_t width, lo, i, j, k, mid, hi;

	for (width = 1; width < n; width *= 2) {
		for (lo = 0; lo < n; lo += 2 * width) {
			mid = lo + width < n ? lo + width : n;
			hi = lo + 2 * width < n ? lo + 2 * width : n;
			i = lo;
			j = mid;
			k = lo;
			while (i < mid && j < hi) {
				if (v[j] < v[i]) {
					swaps += mid - i;
					tmp[k++] = v[j++];
				} else
					tmp[k++] = v[i++];
			}
			while (i < mid)
				tmp[k++] = v[i++];
			while (j < hi)
				tmp[k++] = v[j++];
		}
		memcpy(v, tmp, n * sizeof *v);
	}
	return swaps;
}

static uint64_t
pairs(uint64_t t)
{
	return t * (t - 1) / 2;
}

double
kendall_tau_b(const long *x, const long *y, size_t n, kt_counts *k)
{
	kt_counts z = { 0 };
	point *p;
	long *v, *tmp;
	size_t i, run_x, run_xy, run_y;
	double den;

	z.n0 = pairs(n);
	if (n >= 2) {
		p = xreallocarray(NULL, n, sizeof *p);
		v = xreallocarray(NULL, n, sizeof *v);
		tmp = xreallocarray(NULL, n, sizeof *tmp);
		for (i = 0; i < n; i++) {
			p[i].x = x[i];
			p[i].y = y[i];
		}
		qsort(p, n, sizeof *p, cmp_xy);
		run_x = run_xy = 1;
		for (i = 1; i <= n; i++) {
			if (i < n && p[i].x == p[i - 1].x) {
				run_x++;
				if (p[i].y == p[i - 1].y)
					run_xy++;
				else {
					z.n3 += pairs(run_xy);
					run_xy = 1;
				}
				continue;
			}
			z.n1 += pairs(run_x);
			z.n3 += pairs(run_xy);
			run_x = run_xy = 1;
		}
		for (i = 0; i < n; i++)
			v[i] = p[i].y;
		z.d = merge_count(v, tmp, n);
		run_y = 1;
		for (i = 1; i <= n; i++) {
			if (i < n && v[i] == v[i - 1]) {
				run_y++;
				continue;
			}
			z.n2 += pairs(run_y);
			run_y = 1;
		}
		z.c = z.n0 - z.n1 - z.n2 + z.n3 - z.d;
		free(p);
		free(v);
		free(tmp);
	}
	if (k != NULL)
		*k = z;
	den = sqrt((double)(z.n0 - z.n1) * (double)(z.n0 - z.n2));
	if (n < 2 || den == 0)
		return NAN;
	return ((double)z.c - (double)z.d) / den;
}
