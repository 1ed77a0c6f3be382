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
#include "diag.h"
#include "paired.h"
#include "util.h"
#include "xalloc.h"

#define NGBUCKET 1024
#define NONE SIZE_MAX
#define NIL UINT32_MAX	/* no contribution, unit or group: the indexes
			 * below are 32-bit to keep a case small */

/* A unit's sums at one cell; next: the unit's next one (NIL: last). */
struct contrib {
	uint32_t cell, next;
	double n, sum;
};

/* A unit: a case of a group (its records folded together as they come),
 * or a record without a case. */
struct unit {
	uint32_t grp, k;
	uint32_t head, tail;	/* its k contributions, a chain */
	size_t id;		/* offset in ids, NONE: none */
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
	char *ids;		/* the units' ids, each once, NUL-ended */
	size_t nids, capids;
	uint32_t *cases;	/* hash of the case units, NIL: free */
	size_t capcases;
	size_t ncases;
	size_t cur;		/* the unit being added to, NONE: none */
};

chartci *
chartci_new(long draws, uint64_t seed)
{
	chartci *ci = xcalloc(1, sizeof *ci);

	ci->draws = draws > 0 ? draws : 0;
	ci->seed = seed;
	ci->cur = NONE;
	return ci;
}

void
chartci_free(chartci *ci)
{
	size_t i;

	if (ci == NULL)
		return;
	for (i = 0; i < ci->ng; i++) {
		free(ci->g[i]->key);
		free(ci->g[i]);
	}
	free(ci->g);
	free(ci->u);
	free(ci->c);
	free(ci->ids);
	free(ci->cases);
	free(ci);
}

size_t
chartci_group(chartci *ci, const char *key)
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

static const char *
id_of(const chartci *ci, const struct unit *u)
{
	return u->id == NONE ? NULL : ci->ids + u->id;
}

static uint32_t
case_hash(size_t grp, const char *id)
{
	return text_hash_add((uint32_t)grp * 2654435761u, id, strlen(id));
}

/* The slot of the case unit of grp and id in the table, or of the free
 * slot where it goes. */
static size_t
case_slot(const chartci *ci, size_t grp, const char *id)
{
	size_t mask = ci->capcases - 1, i = case_hash(grp, id) & mask;

	while (ci->cases[i] != NIL) {
		const struct unit *u = &ci->u[ci->cases[i]];

		if (u->grp == grp && strcmp(id_of(ci, u), id) == 0)
			break;
		i = (i + 1) & mask;
	}
	return i;
}

/* The table of case units at least twice as large as its entries. */
static void
cases_grow(chartci *ci)
{
	uint32_t *old = ci->cases;
	size_t n = ci->capcases, i;

	if (2 * (ci->ncases + 1) <= ci->capcases)
		return;
	ci->capcases = n ? 2 * n : 1024;
	ci->cases = xreallocarray(NULL, ci->capcases, sizeof *ci->cases);
	for (i = 0; i < ci->capcases; i++)
		ci->cases[i] = NIL;
	for (i = 0; i < n; i++)
		if (old[i] != NIL) {
			const struct unit *u = &ci->u[old[i]];

			ci->cases[case_slot(ci, u->grp, id_of(ci, u))] = old[i];
		}
	free(old);
}

static size_t
id_put(chartci *ci, const char *id)
{
	size_t n = strlen(id) + 1, at = ci->nids;

	if (ci->capids - ci->nids < n) {
		while (ci->capids - ci->nids < n)
			ci->capids = ci->capids ? 2 * ci->capids : 4096;
		ci->ids = xrealloc(ci->ids, ci->capids);
	}
	memcpy(ci->ids + at, id, n);
	ci->nids += n;
	return at;
}

void
chartci_unit_in(chartci *ci, size_t grp, const char *id)
{
	struct unit *u;
	size_t slot = 0;

	ci->cur = NONE;
	if (ci->draws == 0)
		return;
	if (id != NULL && id[0] == 'c') {	/* a case: its unit, once */
		cases_grow(ci);
		slot = case_slot(ci, grp, id);
		if (ci->cases[slot] != NIL) {
			ci->cur = ci->cases[slot];
			return;
		}
	}
	if (ci->nu >= NIL || grp >= NIL)
		lg_die(LG_SYS, "more than %lu cases or groups to resample",
		    (unsigned long)NIL - 1);
	if (ci->nu == ci->capu) {
		ci->capu = ci->capu ? 2 * ci->capu : 64;
		ci->u = xreallocarray(ci->u, ci->capu, sizeof *ci->u);
	}
	u = &ci->u[ci->nu];
	u->grp = (uint32_t)grp;
	u->id = id ? id_put(ci, id) : NONE;
	u->head = u->tail = NIL;
	u->k = 0;
	if (id != NULL && id[0] == 'c') {
		ci->cases[slot] = (uint32_t)ci->nu;
		ci->ncases++;
	}
	ci->cur = ci->nu++;
}

void
chartci_unit(chartci *ci, const char *gkey, const char *id)
{
	if (ci->draws == 0)
		return;
	chartci_unit_in(ci, chartci_group(ci, gkey), id);
}

void
chartci_add(chartci *ci, size_t cell, double n, double sum)
{
	struct unit *u;
	struct contrib *t;

	if (ci->draws == 0 || ci->cur == NONE)
		return;
	u = &ci->u[ci->cur];
	t = u->k > 0 ? &ci->c[u->tail] : NULL;
	if (t != NULL && t->cell == cell) {
		/* the same point again (a bin of positions): one sum */
		t->n += n;
		t->sum += sum;
		return;
	}
	if (ci->nc >= NIL || cell >= NIL)
		lg_die(LG_SYS, "more than %lu sums or points to resample",
		    (unsigned long)NIL - 1);
	if (ci->nc == ci->capc) {
		ci->capc = ci->capc ? 2 * ci->capc : 256;
		ci->c = xreallocarray(ci->c, ci->capc, sizeof *ci->c);
	}
	ci->c[ci->nc] = (struct contrib){ (uint32_t)cell, NIL, n, sum };
	if (u->k > 0)
		ci->c[u->tail].next = (uint32_t)ci->nc;
	else
		u->head = (uint32_t)ci->nc;
	u->tail = (uint32_t)ci->nc++;
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

/* --- the units of a group, in order ------------------------------------ */

static const chartci *sort_ci;

static int
cmp_unit(const void *pa, const void *pb)
{
	const struct unit *a = &sort_ci->u[*(const size_t *)pa];
	const struct unit *b = &sort_ci->u[*(const size_t *)pb];
	const char *ia = id_of(sort_ci, a), *ib = id_of(sort_ci, b);
	uint32_t x, y;
	int c;

	if (a->grp != b->grp)
		return a->grp < b->grp ? -1 : 1;
	if ((c = strcmp(ia ? ia : "", ib ? ib : "")) != 0)
		return c;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	for (x = a->head, y = b->head; x != NIL && y != NIL;
	    x = sort_ci->c[x].next, y = sort_ci->c[y].next) {
		const struct contrib *p = &sort_ci->c[x], *q = &sort_ci->c[y];

		if (p->sum != q->sum)
			return p->sum < q->sum ? -1 : 1;
		if (p->n != q->n)
			return p->n < q->n ? -1 : 1;
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

/* The units of ix[0..n) (one group, sorted) into d, each its
 * contributions summed by cell, in space (room for all of them); their
 * number. */
static size_t
merge(const chartci *ci, const size_t *ix, size_t n, struct drawn *d,
    struct contrib *space)
{
	size_t i, k, m;
	uint32_t x;

	for (i = 0; i < n; i++) {
		const struct unit *u = &ci->u[ix[i]];
		struct contrib *o = space;

		for (k = 0, x = u->head; x != NIL; x = ci->c[x].next)
			o[k++] = ci->c[x];
		qsort(o, k, sizeof *o, cmp_contrib);
		for (m = 0, d[i].k = 0; m < k; m++) {
			if (d[i].k > 0 && o[d[i].k - 1].cell == o[m].cell) {
				o[d[i].k - 1].n += o[m].n;
				o[d[i].k - 1].sum += o[m].sum;
			} else
				o[d[i].k++] = o[m];
		}
		d[i].c = o;
		space += k;
	}
	return n;
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

/* When every unit of d[0..nd) adds to one cell, the same for all (a
 * group of one point): their counts and sums, n then sum, side by side;
 * else NULL. */
static double *
single(const struct drawn *d, size_t nd)
{
	double *v;
	size_t i;

	for (i = 0; i < nd; i++)
		if (d[i].k != 1 || d[i].c[0].cell != d[0].c[0].cell)
			return NULL;
	v = xcalloc(2 * nd + 1, sizeof *v);
	for (i = 0; i < nd; i++) {
		v[2 * i] = d[i].c[0].n;
		v[2 * i + 1] = d[i].c[0].sum;
	}
	return v;
}

/* One resample of such a group into *n and *sum: the same draws and
 * additions, in the same order, as the general loop, kept in registers. */
static void
draw_one(bootrng *r, const double *v, size_t nd, double *n, double *sum)
{
	double a = *n, b = *sum;
	size_t i, j;

	for (i = 0; i < nd; i++) {
		j = (size_t)bootrng_below(r, nd);
		a += v[2 * j];
		b += v[2 * j + 1];
	}
	*n = a;
	*sum = b;
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
	double *one = single(d, nd);

	seed[0] = (uint32_t)(ci->seed & 0xffffffffu);
	seed[1] = (uint32_t)(ci->seed >> 32);
	seed[2] = text_hash(key);
	bootrng_seed(&r, seed, 3);
	for (b = 0; b < B; b++) {
		for (i = 0; i < nt; i++)
			rn[tc[i]] = rs[tc[i]] = 0;
		if (one != NULL)
			draw_one(&r, one, nd, rn + d[0].c[0].cell,
			    rs + d[0].c[0].cell);
		else
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
	free(one);
}

void
chartci_run(chartci *ci, const struct chartci_win *w, const double *n,
    const double *sum, double *val, double *lo, double *hi)
{
	size_t *ix, *tc, i, a, b, nd, k;
	unsigned char *mark;
	struct drawn *d;
	struct contrib *space;

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
	mark = xcalloc(w->ncell + 1, 1);
	tc = xcalloc(w->ncell + 1, sizeof *tc);
	for (a = 0; a < ci->nu; a = b) {
		for (b = a, k = 0; b < ci->nu && ci->u[ix[b]].grp == ci->u[ix[a]].grp;
		    b++)
			k += ci->u[ix[b]].k;
		/* one group's drawable units at a time */
		d = xcalloc(b - a, sizeof *d);
		space = xcalloc(k + 1, sizeof *space);
		nd = merge(ci, ix + a, b - a, d, space);
		k = touched(d, nd, w, mark, tc);
		resample(ci, ci->g[ci->u[ix[a]].grp]->key, d, nd, w, tc, k, lo, hi);
		free(d);
		free(space);
	}
	free(ix);
	free(mark);
	free(tc);
}
