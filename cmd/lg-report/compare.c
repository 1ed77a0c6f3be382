/*
 * compare.c: the page's paired comparison, when the records hold two or
 * more models (gen.model): within each group (bench, task, length), the
 * first model in byte order (A) against each other one (B), paired by
 * case (the "case" member, else the id; samples of a case averaged), the
 * score's A, B, B-A with its paired bootstrap interval and p-value as
 * lg-compare --by gen.model=A,B computes them (common/paired.c, the same
 * seed and draws).  One entry per record is kept, not the record.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "charts.h"
#include "nulkey.h"
#include "paired.h"
#include "report.h"
#include "xalloc.h"

#define DRAWS 2000L		/* lg-compare's default --bootstrap */

struct entry {
	size_t grp, model;
	char *id;
	double score;
	int undecided;
};

struct pairs {
	char **gv;		/* bench, task, length per group */
	size_t ng;
	char **models;
	size_t nm;
	struct entry *e;
	size_t ne, cape;
};

pairs *
pairs_new(void)
{
	return xcalloc(1, sizeof(pairs));
}

static size_t
intern_group(pairs *p, const char *bench, const char *task, const char *length)
{
	size_t i;

	for (i = 0; i < p->ng; i++)
		if (strcmp(p->gv[3 * i], bench) == 0 &&
		    strcmp(p->gv[3 * i + 1], task) == 0 &&
		    strcmp(p->gv[3 * i + 2], length) == 0)
			return i;
	p->gv = xreallocarray(p->gv, 3 * (p->ng + 1), sizeof *p->gv);
	p->gv[3 * i] = xstrdup(bench);
	p->gv[3 * i + 1] = xstrdup(task);
	p->gv[3 * i + 2] = xstrdup(length);
	return p->ng++;
}

static size_t
intern_model(pairs *p, const char *model)
{
	size_t i;

	for (i = 0; i < p->nm; i++)
		if (strcmp(p->models[i], model) == 0)
			return i;
	p->models = xreallocarray(p->models, p->nm + 1, sizeof *p->models);
	p->models[p->nm] = xstrdup(model);
	return p->nm++;
}

void
pairs_add(pairs *p, const char *bench, const char *task, const char *length,
    const char *model, const char *id, double score, int undecided)
{
	struct entry *e;

	if (model == NULL)
		return;		/* a record of no model is not compared */
	if (p->ne == p->cape) {
		p->cape = p->cape ? 2 * p->cape : 256;
		p->e = xreallocarray(p->e, p->cape, sizeof *p->e);
	}
	e = &p->e[p->ne++];
	e->grp = intern_group(p, bench, task, length);
	e->model = intern_model(p, model);
	e->id = xstrdup(id);
	e->score = score;
	e->undecided = undecided;
}

/* The models' ranks in byte order, filled by pairs_html before sorting. */
static size_t *rank;
static const pairs *sorting;

static int
cmp_gv(const pairs *p, size_t a, size_t b)
{
	char *const *x = p->gv + 3 * a, *const *y = p->gv + 3 * b;
	double tx = charts_tier(x[2]), ty = charts_tier(y[2]);
	int c;

	if ((c = strcmp(x[0], y[0])) != 0 || (c = strcmp(x[1], y[1])) != 0)
		return c;
	if (tx != ty)
		return tx < ty ? -1 : 1;
	return strcmp(x[2], y[2]);
}

static int
cmp_entry(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;
	int c;

	if (a->grp != b->grp && (c = cmp_gv(sorting, a->grp, b->grp)) != 0)
		return c;
	if ((c = strcmp(a->id, b->id)) != 0)
		return c;
	return (rank[a->model] > rank[b->model]) - (rank[a->model] < rank[b->model]);
}

static int
cmp_model(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

static void
num_cell(buf *o, double v, int defined)
{
	if (!defined || isnan(v))
		buf_puts(o, "<td class=\"num\">-</td>");
	else
		buf_printf(o, "<td class=\"num\">%.2f</td>", v == 0 ? 0 : v);
}

/* A cell of a key (nulkey.h): its NULs shown. */
static void
text_cell(buf *o, const char *key)
{
	char *s = nulkey_show(key);

	buf_puts(o, "<td>");
	html_esc(o, s);
	buf_puts(o, "</td>");
	free(s);
}

static void
esc_key(buf *o, const char *key)
{
	char *s = nulkey_show(key);

	html_esc(o, s);
	free(s);
}

/*
 * One row: group g's entries e[0..n) (sorted by case, then model), model
 * a against model b.  Adds the paired, unpaired and undecided cases (both
 * ran, one or both without a decided record) to tot[4].
 */
static void
row(buf *o, const pairs *p, const struct entry *e, size_t n, size_t a,
    size_t b, size_t tot[4])
{
	struct paired_side *s = xcalloc(2 * n + 1, sizeof *s);
	const struct paired_side **pa = xcalloc(2 * n + 1, sizeof *pa);
	const struct paired_side **pb = pa + n;
	size_t i = 0, j, np = 0, only[2] = { 0, 0 }, und = 0, k;
	struct paired_row w;
	const char *const *gv = (const char *const *)p->gv + 3 * e[0].grp;

	while (i < n) {
		struct paired_side *x = &s[2 * np], *y = &s[2 * np + 1];
		int ran[2] = { 0, 0 };

		memset(x, 0, 2 * sizeof *x);
		x->nchk = y->nchk = -1;
		for (j = i; j < n && strcmp(e[j].id, e[i].id) == 0; j++) {
			struct paired_side *d = e[j].model == a ? x :
			    e[j].model == b ? y : NULL;

			if (d == NULL)
				continue;
			ran[d == y] |= e[j].undecided || !isnan(e[j].score);
			if (isnan(e[j].score))
				continue;
			d->nrec++;
			d->c[C_SCORE] += e[j].score;
		}
		i = j;
		if (x->nrec > 0 && y->nrec > 0) {
			x->c[C_SCORE] /= (double)x->nrec;
			y->c[C_SCORE] /= (double)y->nrec;
			pa[np] = x;
			pb[np] = y;
			np++;
		} else if (ran[0] && ran[1])
			und++;
		else if (ran[0] || ran[1])
			only[ran[0] ? 0 : 1]++;
	}
	if (np == 0 && only[0] == 0 && only[1] == 0 && und == 0)
		goto out;	/* neither model ran the group */
	buf_puts(o, "<tr>");
	for (k = 0; k < 3; k++)
		text_cell(o, gv[k]);
	text_cell(o, p->models[a]);
	text_cell(o, p->models[b]);
	buf_printf(o, "<td class=\"num\">%zu</td><td class=\"num\">%zu</td>"
	    "<td class=\"num\">%zu</td><td class=\"num\">%zu</td>", np,
	    only[0], only[1], und);
	if (np > 0) {
		static const int score[] = { M_SCORE };
		rng r;

		paired_seed(&r, 0, gv, 3, 0);
		paired_rows(&w, score, 1, pa, pb, np, &r, DRAWS);
	} else
		memset(&w, 0, sizeof w);
	num_cell(o, w.a, np > 0);
	num_cell(o, w.b, np > 0);
	num_cell(o, w.diff, w.defined);
	if (w.have_ci)
		buf_printf(o, "<td class=\"num\">%.2f..%.2f</td>",
		    w.lo == 0 ? 0 : w.lo, w.hi == 0 ? 0 : w.hi);
	else
		buf_puts(o, "<td class=\"num\">-</td>");
	if (w.defined)
		buf_printf(o, "<td class=\"num\">%.3g</td>", w.p);
	else
		buf_puts(o, "<td class=\"num\">-</td>");
	text_cell(o, w.defined ? w.test : "-");
	buf_puts(o, "</tr>\n");
	tot[0] += np;
	tot[1] += only[0];
	tot[2] += only[1];
	tot[3] += und;
out:
	free(pa);
	free(s);
}

void
pairs_html(buf *o, pairs *p)
{
	buf *o0;
	char **byname;
	size_t i, j, k, b, a, (*tot)[4];
	size_t paired = 0;
	buf sum = { 0 }, t = { 0 };

	if (p->nm < 2)
		return;
	byname = xcalloc(p->nm, sizeof *byname);
	memcpy(byname, p->models, p->nm * sizeof *byname);
	qsort(byname, p->nm, sizeof *byname, cmp_model);
	rank = xcalloc(p->nm, sizeof *rank);
	for (i = 0; i < p->nm; i++)
		for (j = 0; j < p->nm; j++)
			if (byname[j] == p->models[i])
				rank[i] = j;
	sorting = p;
	qsort(p->e, p->ne, sizeof *p->e, cmp_entry);
	for (a = 0; rank[a] != 0; a++)
		;
	buf_puts(&t, "<p>Paired by case "
	    "within each bench, task and length: the mean score times 100 of "
	    "model A (the first in byte order) and model B over the cases both "
	    "ran, B&minus;A, its 95% paired bootstrap interval and two-sided "
	    "p-value (McNemar's exact test when every score is 0 or 1, else a "
	    "paired permutation test), 2000 draws, seed 0, as "
	    "<code>lg-compare --by gen.model=A,B</code> gives them.  Cases run "
	    "by one model only are counted, not compared; so are the cases "
	    "undecided for a model (no score and no error), never counted "
	    "0.</p>\n<table><tr>"
	    "<th>bench</th><th>task</th><th>length</th><th>A</th><th>B</th>"
	    "<th>paired</th><th>only A</th><th>only B</th><th>undecided</th>"
	    "<th>A score</th>"
	    "<th>B score</th><th>B&minus;A</th><th>95% interval</th><th>p</th>"
	    "<th>test</th></tr>\n");
	o0 = o;
	o = &t;
	tot = xcalloc(p->nm, sizeof *tot);
	for (k = 1; k < p->nm; k++) {
		for (b = 0; rank[b] != k; b++)
			;
		for (i = 0; i < p->ne; i = j) {
			for (j = i; j < p->ne && p->e[j].grp == p->e[i].grp; j++)
				;
			row(o, p, p->e + i, j - i, a, b, tot[k]);
		}
		buf_puts(&sum, "<li>");
		esc_key(&sum, p->models[a]);
		buf_puts(&sum, " and ");
		esc_key(&sum, p->models[b]);
		buf_printf(&sum, ": %zu cases paired, %zu run by A only, %zu by "
		    "B only, %zu undecided for A or B</li>\n", tot[k][0],
		    tot[k][1], tot[k][2], tot[k][3]);
	}
	buf_puts(o, "</table>\n<ul>\n");
	buf_add(o, sum.s, sum.len);
	buf_puts(o, "</ul>\n");
	o = o0;
	for (k = 1; k < p->nm; k++)
		paired += tot[k][0];
	buf_puts(o, "<h2 id=\"compare\">Comparison</h2>\n");
	if (paired > 0)
		buf_add(o, t.s, t.len);
	else
		buf_printf(o, "<p>No case in common between the %zu models: "
		    "nothing to compare.</p>\n", p->nm);
	buf_free(&t);
	buf_free(&sum);
	free(tot);
	free(rank);
	rank = NULL;
	free(byname);
}

size_t
pairs_models(const pairs *p)
{
	return p->nm;
}

void
pairs_free(pairs *p)
{
	size_t i;

	for (i = 0; i < 3 * p->ng; i++)
		free(p->gv[i]);
	for (i = 0; i < p->nm; i++)
		free(p->models[i]);
	for (i = 0; i < p->ne; i++)
		free(p->e[i].id);
	free(p->gv);
	free(p->models);
	free(p->e);
	free(p);
}
