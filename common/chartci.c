/*
 * chartci.c: bootstrap intervals of chart points, as lg-agg draws them
 * (see chartci.h).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bootrng.h"
#include "chartci.h"
#include "paired.h"
#include "util.h"
#include "xalloc.h"

#define NGBUCKET 1024

struct contrib {
	size_t cell;
	double n, sum;
};

struct unit {
	size_t grp;
	char *id;		/* NULL: none */
	size_t first, k;	/* its contributions */
};

struct group {
	char *key;
	struct group *next;	/* in its bucket */
	size_t ix;
};

struct chartci {
	long draws;
	uint64_t seed;
	struct unit *u;
	size_t nu, capu;
	struct contrib *c;
	size_t nc, capc;
	struct group *bucket[NGBUCKET], **g;
	size_t ng, capg;
};

chartci *
chartci_new(long draws, uint64_t seed)
{
	chartci *ci = xcalloc(1, sizeof *ci);

	ci->draws = draws > 0 ? draws : 0;
	ci->seed = seed;
	return ci;
}

void
chartci_free(chartci *ci)
{
	size_t i;

	if (ci == NULL)
		return;
	for (i = 0; i < ci->nu; i++)
		free(ci->u[i].id);
	for (i = 0; i < ci->ng; i++) {
		free(ci->g[i]->key);
		free(ci->g[i]);
	}
	free(ci->g);
	free(ci->u);
	free(ci->c);
	free(ci);
}

static size_t
group_of(chartci *ci, const char *key)
{
	uint32_t h = text_hash(key) % NGBUCKET;
	struct group *g;

	for (g = ci->bucket[h]; g != NULL; g = g->next)
		if (strcmp(g->key, key) == 0)
			return g->ix;
	g = xcalloc(1, sizeof *g);
	g->key = xstrdup(key);
	g->ix = ci->ng;
	g->next = ci->bucket[h];
	ci->bucket[h] = g;
	if (ci->ng == ci->capg) {
		ci->capg = ci->capg ? 2 * ci->capg : 16;
		ci->g = xreallocarray(ci->g, ci->capg, sizeof *ci->g);
	}
	ci->g[ci->ng++] = g;
	return g->ix;
}

void
chartci_unit(chartci *ci, const char *gkey, const char *id)
{
	struct unit *u;

	if (ci->draws == 0)
		return;
	if (ci->nu == ci->capu) {
		ci->capu = ci->capu ? 2 * ci->capu : 64;
		ci->u = xreallocarray(ci->u, ci->capu, sizeof *ci->u);
	}
	u = &ci->u[ci->nu++];
	u->grp = group_of(ci, gkey);
	u->id = id ? xstrdup(id) : NULL;
	u->first = ci->nc;
	u->k = 0;
}

void
chartci_add(chartci *ci, size_t cell, double n, double sum)
{
	struct unit *u;

	if (ci->draws == 0 || ci->nu == 0)
		return;
	u = &ci->u[ci->nu - 1];
	if (u->k > 0 && ci->c[ci->nc - 1].cell == cell) {
		/* the same point again (a bin of positions): one sum */
		ci->c[ci->nc - 1].n += n;
		ci->c[ci->nc - 1].sum += sum;
		return;
	}
	if (ci->nc == ci->capc) {
		ci->capc = ci->capc ? 2 * ci->capc : 256;
		ci->c = xreallocarray(ci->c, ci->capc, sizeof *ci->c);
	}
	ci->c[ci->nc++] = (struct contrib){ cell, n, sum };
	u->k++;
}

double
chartci_value(const struct chartci_win *w, size_t c, const double *n,
    const double *sum)
{
	double t = 0;
	size_t i, k = 0;

	for (i = w->start[c]; i < w->start[c + 1]; i++) {
		size_t d = w->win[i];

		if (n[d] > 0) {
			t += w->mul[d] * (sum[d] / n[d]);
			k++;
		}
	}
	return k ? t / (double)k : NAN;
}

/* --- the units of a group, in order, their samples merged ------------ */

static const chartci *sort_ci;

static int
cmp_unit(const void *pa, const void *pb)
{
	const struct unit *a = &sort_ci->u[*(const size_t *)pa];
	const struct unit *b = &sort_ci->u[*(const size_t *)pb];
	size_t i;
	int c;

	if (a->grp != b->grp)
		return a->grp < b->grp ? -1 : 1;
	if ((c = strcmp(a->id ? a->id : "", b->id ? b->id : "")) != 0)
		return c;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	for (i = 0; i < a->k; i++) {
		const struct contrib *x = &sort_ci->c[a->first + i];
		const struct contrib *y = &sort_ci->c[b->first + i];

		if (x->sum != y->sum)
			return x->sum < y->sum ? -1 : 1;
		if (x->n != y->n)
			return x->n < y->n ? -1 : 1;
	}
	return 0;
}

static int
cmp_contrib(const void *pa, const void *pb)
{
	const struct contrib *a = pa, *b = pb;

	return (a->cell > b->cell) - (a->cell < b->cell);
}

/* A drawable unit: its summed contributions, one per cell. */
struct drawn {
	struct contrib *c;
	size_t k;
};

/* The units of ix[0..n) (one group, sorted) merged by case into d; their
 * number. */
static size_t
merge(const chartci *ci, const size_t *ix, size_t n, struct drawn *d)
{
	size_t i, j, nd = 0, k, m;

	for (i = 0; i < n; i = j) {
		const struct unit *u = &ci->u[ix[i]];

		for (j = i + 1, k = u->k; j < n && u->id && u->id[0] == 'c' &&
		    ci->u[ix[j]].id && strcmp(ci->u[ix[j]].id, u->id) == 0; j++)
			k += ci->u[ix[j]].k;
		d[nd].c = xcalloc(k + 1, sizeof *d[nd].c);
		for (m = 0, k = 0; i + m < j; m++) {
			const struct unit *v = &ci->u[ix[i + m]];

			memcpy(d[nd].c + k, ci->c + v->first, v->k * sizeof *ci->c);
			k += v->k;
		}
		qsort(d[nd].c, k, sizeof *d[nd].c, cmp_contrib);
		for (m = 0, d[nd].k = 0; m < k; m++) {
			struct contrib *o = d[nd].c;

			if (d[nd].k > 0 && o[d[nd].k - 1].cell == o[m].cell) {
				o[d[nd].k - 1].n += o[m].n;
				o[d[nd].k - 1].sum += o[m].sum;
			} else
				o[d[nd].k++] = o[m];
		}
		nd++;
	}
	return nd;
}

static int
cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/* The cells the drawn units d[0..nd) touch, and the cells of their
 * windows, into tc (each once; mark[] is left clear); their number. */
static size_t
touched(const struct drawn *d, size_t nd, const struct chartci_win *w,
    unsigned char *mark, size_t *tc)
{
	size_t i, j, k, nt = 0;

	for (i = 0; i < nd; i++)
		for (j = 0; j < d[i].k; j++) {
			size_t c = d[i].c[j].cell;

			if (!mark[c]) {
				mark[c] = 1;
				tc[nt++] = c;
			}
		}
	for (i = 0, k = nt; i < k; i++)
		for (j = w->start[tc[i]]; j < w->start[tc[i] + 1]; j++)
			if (!mark[w->win[j]]) {
				mark[w->win[j]] = 1;
				tc[nt++] = w->win[j];
			}
	for (i = 0; i < nt; i++)
		mark[tc[i]] = 0;
	return nt;
}

/* B resamples of one group's units d[0..nd): the percentiles of the
 * values of its cells tc[0..nt) into lo and hi. */
static void
resample(const chartci *ci, const char *key, const struct drawn *d, size_t nd,
    const struct chartci_win *w, const size_t *tc, size_t nt, double *lo,
    double *hi)
{
	size_t B = (size_t)ci->draws, b, i, j, m;
	double *rn = xcalloc(w->ncell + 1, sizeof *rn);
	double *rs = xcalloc(w->ncell + 1, sizeof *rs);
	double *dr = xcalloc(B * nt + 1, sizeof *dr), *col = xcalloc(B + 1, sizeof *col);
	uint32_t seed[3];
	bootrng r;

	seed[0] = (uint32_t)(ci->seed & 0xffffffffu);
	seed[1] = (uint32_t)(ci->seed >> 32);
	seed[2] = text_hash(key);
	bootrng_seed(&r, seed, 3);
	for (b = 0; b < B; b++) {
		for (i = 0; i < nt; i++)
			rn[tc[i]] = rs[tc[i]] = 0;
		for (i = 0; i < nd; i++) {
			const struct drawn *u = &d[bootrng_below(&r, nd)];

			for (j = 0; j < u->k; j++) {
				rn[u->c[j].cell] += u->c[j].n;
				rs[u->c[j].cell] += u->c[j].sum;
			}
		}
		for (i = 0; i < nt; i++)
			dr[b * nt + i] = chartci_value(w, tc[i], rn, rs);
	}
	for (i = 0; i < nt; i++) {
		for (b = m = 0; b < B; b++)
			if (!isnan(dr[b * nt + i]))
				col[m++] = dr[b * nt + i];
		if (m == 0)
			continue;
		qsort(col, m, sizeof *col, cmp_double);
		lo[tc[i]] = paired_quantile(col, m, 0.025);
		hi[tc[i]] = paired_quantile(col, m, 0.975);
	}
	free(rn);
	free(rs);
	free(dr);
	free(col);
}

void
chartci_run(chartci *ci, const struct chartci_win *w, const double *n,
    const double *sum, double *val, double *lo, double *hi)
{
	size_t *ix, *tc, i, a, b, nd, k;
	unsigned char *mark;
	struct drawn *d;

	for (i = 0; i < w->ncell; i++) {
		val[i] = chartci_value(w, i, n, sum);
		lo[i] = hi[i] = NAN;
	}
	if (ci->draws == 0 || ci->nu == 0)
		return;
	ix = xcalloc(ci->nu, sizeof *ix);
	for (i = 0; i < ci->nu; i++)
		ix[i] = i;
	sort_ci = ci;
	qsort(ix, ci->nu, sizeof *ix, cmp_unit);
	d = xcalloc(ci->nu, sizeof *d);
	mark = xcalloc(w->ncell + 1, 1);
	tc = xcalloc(w->ncell + 1, sizeof *tc);
	for (a = 0; a < ci->nu; a = b) {
		for (b = a + 1; b < ci->nu && ci->u[ix[b]].grp == ci->u[ix[a]].grp; b++)
			;
		nd = merge(ci, ix + a, b - a, d);
		k = touched(d, nd, w, mark, tc);
		resample(ci, ci->g[ci->u[ix[a]].grp]->key, d, nd, w, tc, k, lo, hi);
		for (i = 0; i < nd; i++)
			free(d[i].c);
	}
	free(ix);
	free(d);
	free(mark);
	free(tc);
}
