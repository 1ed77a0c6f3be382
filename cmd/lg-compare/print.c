/*
 * print.c: the comparison as aligned text tables or JSON Lines.
 *
 * Text: a head naming A and B with their case counts, one row per group
 * and metric, the cases whose score changed the most, the cases found on
 * one side only, and those left out because a side has no decided record
 * (undecided) or a side was never scored (unscored: no scores, no error),
 * and those left out of the checks row because their check lists differ
 * in length.  JSON: one object per line, "row" telling which: "summary",
 * "metric", "change", "unpaired", "unscored", "undecided" or
 * "checks_differ".  Text that came from the
 * records is sanitized before it reaches the terminal.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "diag.h"
#include "nulkey.h"
#include "record.h"
#include "xalloc.h"

/* A text table: cells owned, printed with columns aligned. */
struct tab {
	size_t ncols;
	int *right;
	char **cell;		/* rows * ncols */
	size_t ncell, cap;
};

static void
tab_put(struct tab *t, char *s)
{
	if (t->ncell == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->cell = xreallocarray(t->cell, t->cap, sizeof *t->cell);
	}
	lg_sanitize(s);
	t->cell[t->ncell++] = s;
}

/* Display width: UTF-8 continuation bytes take no column. */
static size_t
width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static void
tab_discard(struct tab *t)
{
	size_t i;

	for (i = 0; i < t->ncell; i++)
		free(t->cell[i]);
	free(t->cell);
	free(t->right);
}

static void
tab_print(struct tab *t)
{
	size_t *w = xcalloc(t->ncols, sizeof *w), i, c, k;

	for (i = 0; i < t->ncell; i++) {
		size_t x = width(t->cell[i]);

		if (x > w[i % t->ncols])
			w[i % t->ncols] = x;
	}
	for (i = 0; i < t->ncell; i += t->ncols) {
		for (c = 0; c < t->ncols; c++) {
			const char *s = t->cell[i + c];
			size_t pad = w[c] - width(s);
			int last = c + 1 == t->ncols;

			if (t->right[c])
				for (k = 0; k < pad; k++)
					putchar(' ');
			fputs(s, stdout);
			if (!t->right[c] && !last)
				for (k = 0; k < pad; k++)
					putchar(' ');
			if (!last)
				fputs("  ", stdout);
		}
		putchar('\n');
	}
	tab_discard(t);
	free(w);
}

static void
group_cells(struct tab *t, const struct group *g, const struct opts *o)
{
	size_t i;

	for (i = 0; i < o->nfields; i++)
		tab_put(t, nulkey_show(g->val[i]));
}

static void
head_cells(struct tab *t, const struct opts *o, const char *const *cols,
    size_t n)
{
	size_t i;

	for (i = 0; i < o->nfields; i++)
		tab_put(t, xstrdup(o->fields[i].path));
	for (i = 0; i < n; i++)
		tab_put(t, xstrdup(cols[i]));
}

static char *
num(double v, int defined)
{
	if (!defined || isnan(v))
		return xstrdup("-");
	if (v == 0)
		v = 0;	/* no "-0.00" */
	return xasprintf("%.2f", v);
}

static char *
pval(double p)
{
	return xasprintf("%.3g", p);
}

/* A table whose columns are the group fields, then cols[0..n). */
static void
tab_start(struct tab *t, const struct opts *o, const char *const *cols,
    const int *right, size_t n)
{
	int *v = xcalloc(o->nfields + n, sizeof *v);

	memset(t, 0, sizeof *t);
	memcpy(v + o->nfields, right, n * sizeof *right);
	t->right = v;
	t->ncols = o->nfields + n;
	head_cells(t, o, cols, n);
}

/* The cases with the largest |B - A| in score, at most o->top. */
static size_t
changes(const struct group *g, const struct opts *o, const struct kase **out)
{
	size_t i, j, n = 0;

	for (i = 0; i < g->ncases; i++) {
		const struct kase *k = g->cases[i];
		double d;

		if (!case_scored(k))
			continue;
		d = fabs(k->s[1].c[C_SCORE] - k->s[0].c[C_SCORE]);
		if (d == 0)
			continue;
		/* insertion into the top list, ties in id order */
		for (j = n; j > 0; j--) {
			const struct kase *p = out[j - 1];

			if (fabs(p->s[1].c[C_SCORE] - p->s[0].c[C_SCORE]) >= d)
				break;
			if ((long)j < o->top)
				out[j] = p;
		}
		if ((long)j < o->top) {
			out[j] = k;
			if ((long)n < o->top)
				n++;
		}
	}
	return n;
}

/* On both sides, but with no decided record on one or both. */
static int
left_out(const struct kase *k)
{
	return case_ran(k, 0) && case_ran(k, 1) &&
	    (k->s[0].nrec == 0 || k->s[1].nrec == 0) && !case_unscored(k);
}

/* Which side of a case left out has no decided record. */
static const char *
und_side(const struct kase *k, const char *a, const char *b,
    const char *both)
{
	if (k->s[0].nrec == 0 && k->s[1].nrec == 0)
		return both;
	return k->s[0].nrec == 0 ? a : b;
}

static void
emit(cJSON *j)
{
	size_t len;
	char *s = rec_print(j, &len);

	if (fwrite(s, 1, len, stdout) != len || putchar('\n') == EOF)
		lg_write_failed(errno);
	free(s);
	cJSON_Delete(j);
}

static void
jnum(cJSON *j, const char *key, double v, int defined)
{
	if (defined && !isnan(v))
		cJSON_AddNumberToObject(j, key, v == 0 ? 0 : v);
	else
		cJSON_AddNullToObject(j, key);
}

static cJSON *
jrow(const char *kind, const struct group *g, const struct opts *o)
{
	cJSON *j = cJSON_CreateObject();
	size_t i;

	cJSON_AddStringToObject(j, "row", kind);
	for (i = 0; i < o->nfields; i++)
		cJSON_AddItemToObject(j, o->fields[i].path,
		    nulkey_json(g->val[i]));
	return j;
}

static void
json_group(const struct group *g, const struct opts *o)
{
	struct paired_row rows[NMETRICS];
	const struct kase **top = xcalloc((size_t)o->top + 1, sizeof *top);
	size_t n = compare_group(g, o, rows), i;
	int s;

	for (i = 0; i < n; i++) {
		const struct paired_row *w = &rows[i];
		cJSON *j = jrow("metric", g, o);

		cJSON_AddStringToObject(j, "metric", metric_name[w->metric]);
		cJSON_AddNumberToObject(j, "cases", (double)w->cases);
		cJSON_AddNumberToObject(j, "only_a", (double)g->only[0]);
		cJSON_AddNumberToObject(j, "only_b", (double)g->only[1]);
		cJSON_AddNumberToObject(j, "undecided", (double)g->nund);
		cJSON_AddNumberToObject(j, "unscored", (double)g->nuns);
		jnum(j, "a", w->a, 1);
		jnum(j, "b", w->b, 1);
		jnum(j, "diff", w->diff, w->defined);
		jnum(j, "lo", w->lo, w->have_ci);
		jnum(j, "hi", w->hi, w->have_ci);
		jnum(j, "p", w->p, w->defined);
		cJSON_AddStringToObject(j, "test", w->test);
		if (w->ab >= 0) {
			cJSON_AddNumberToObject(j, "pass_a_only", (double)w->ab);
			cJSON_AddNumberToObject(j, "pass_b_only", (double)w->ba);
		}
		emit(j);
	}
	n = changes(g, o, top);
	for (i = 0; i < n; i++) {
		cJSON *j = jrow("change", g, o);

		cJSON_AddItemToObject(j, "case", nulkey_json(top[i]->id));
		jnum(j, "a", 100.0 * top[i]->s[0].c[C_SCORE], 1);
		jnum(j, "b", 100.0 * top[i]->s[1].c[C_SCORE], 1);
		jnum(j, "diff", 100.0 * (top[i]->s[1].c[C_SCORE] -
		    top[i]->s[0].c[C_SCORE]), 1);
		emit(j);
	}
	for (i = 0; i < g->ncases; i++)
		for (s = 0; s < 2; s++)
			if (case_ran(g->cases[i], s) &&
			    !case_ran(g->cases[i], !s)) {
				cJSON *j = jrow("unpaired", g, o);

				cJSON_AddItemToObject(j, "case",
				    nulkey_json(g->cases[i]->id));
				cJSON_AddStringToObject(j, "only", s ? "b" : "a");
				emit(j);
			}
	for (i = 0; i < g->ncases; i++)
		if (case_unscored(g->cases[i])) {
			cJSON *j = jrow("unscored", g, o);

			cJSON_AddItemToObject(j, "case",
			    nulkey_json(g->cases[i]->id));
			emit(j);
		}
	for (i = 0; i < g->ncases; i++) {
		const struct kase *c = g->cases[i];
		int und = left_out(c);
		cJSON *j;

		if (!und && !case_checks_differ(c))
			continue;
		j = jrow(und ? "undecided" : "checks_differ", g, o);
		cJSON_AddItemToObject(j, "case", nulkey_json(c->id));
		if (und)
			cJSON_AddStringToObject(j, "side",
			    und_side(c, "a", "b", "both"));
		else {
			cJSON_AddNumberToObject(j, "checks_a", (double)c->s[0].nchk);
			cJSON_AddNumberToObject(j, "checks_b", (double)c->s[1].nchk);
		}
		emit(j);
	}
	free(top);
}

static const char *const main_cols[] = {
	"metric", "cases", "only A", "only B", "undecided", "unscored", "A",
	"B", "B-A", "95% CI", "p", "test"
};
static const int main_right[] = { 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
static const char *const change_cols[] = { "case", "A", "B", "B-A" };
static const int change_right[] = { 0, 1, 1, 1 };
static const char *const only_cols[] = { "only in", "case" };
static const char *const und_cols[] = { "undecided in", "case" };
static const char *const uns_cols[] = { "unscored in", "case" };
static const int only_right[] = { 0, 0 };
static const char *const differ_cols[] = { "case", "checks A", "checks B" };
static const int differ_right[] = { 0, 1, 1 };

static void
text_metrics(struct group **g, size_t ng, const struct opts *o)
{
	struct tab t;
	struct paired_row rows[NMETRICS];
	size_t i, k, n;

	tab_start(&t, o, main_cols, main_right, 12);
	for (i = 0; i < ng; i++) {
		n = compare_group(g[i], o, rows);
		for (k = 0; k < n; k++) {
			const struct paired_row *w = &rows[k];

			group_cells(&t, g[i], o);
			tab_put(&t, xstrdup(metric_name[w->metric]));
			tab_put(&t, xasprintf("%zu", w->cases));
			tab_put(&t, xasprintf("%zu", g[i]->only[0]));
			tab_put(&t, xasprintf("%zu", g[i]->only[1]));
			tab_put(&t, xasprintf("%zu", g[i]->nund));
			tab_put(&t, xasprintf("%zu", g[i]->nuns));
			tab_put(&t, num(w->a, 1));
			tab_put(&t, num(w->b, 1));
			tab_put(&t, num(w->diff, w->defined));
			if (w->have_ci) {
				char *lo = num(w->lo, 1), *hi = num(w->hi, 1);

				tab_put(&t, xasprintf("%s..%s", lo, hi));
				free(lo);
				free(hi);
			} else
				tab_put(&t, xstrdup("-"));
			tab_put(&t, w->defined ? pval(w->p) : xstrdup("-"));
			tab_put(&t, xstrdup(w->test));
		}
	}
	tab_print(&t);
}

static void
text_changes(struct group **g, size_t ng, const struct opts *o)
{
	struct tab t;
	const struct kase **top = xcalloc((size_t)o->top + 1, sizeof *top);
	size_t i, k, n, rows = 0;

	tab_start(&t, o, change_cols, change_right, 4);
	for (i = 0; i < ng; i++) {
		n = changes(g[i], o, top);
		for (k = 0; k < n; k++) {
			const struct paired_side *a = &top[k]->s[0], *b = &top[k]->s[1];

			group_cells(&t, g[i], o);
			tab_put(&t, nulkey_show(top[k]->id));
			tab_put(&t, num(100.0 * a->c[C_SCORE], 1));
			tab_put(&t, num(100.0 * b->c[C_SCORE], 1));
			tab_put(&t, num(100.0 * (b->c[C_SCORE] - a->c[C_SCORE]), 1));
			rows++;
		}
	}
	if (rows > 0) {
		printf("\nlargest changes of score (%%), at most %ld per group\n",
		    o->top);
		tab_print(&t);
	} else {
		tab_discard(&t);
		if (o->top > 0)
			printf("\nno case changed its score\n");
	}
	free(top);
}

static void
text_unpaired(struct group **g, size_t ng, const struct opts *o)
{
	struct tab t;
	size_t i, k, rows = 0;
	int s;

	tab_start(&t, o, only_cols, only_right, 2);
	for (i = 0; i < ng; i++)
		for (s = 0; s < 2; s++) {
			long shown = 0;

			for (k = 0; k < g[i]->ncases; k++) {
				const struct kase *c = g[i]->cases[k];

				if (!case_ran(c, s) || case_ran(c, !s))
					continue;
				if (shown++ >= o->top)
					continue;
				group_cells(&t, g[i], o);
				tab_put(&t, xstrdup(s ? "B" : "A"));
				tab_put(&t, nulkey_show(c->id));
				rows++;
			}
			if (shown > o->top) {
				group_cells(&t, g[i], o);
				tab_put(&t, xstrdup(s ? "B" : "A"));
				tab_put(&t, xasprintf("(%ld more)", shown - o->top));
				rows++;
			}
		}
	if (rows > 0) {
		printf("\ncases in one run only, left out of the comparison\n");
		tab_print(&t);
	} else
		tab_discard(&t);
}

/* A listing of the cases of each group that pick() selects, at most
 * o->top a group: the group's cells, then cells() fills the columns
 * cols[0..ncols); a group with more has a row "(N more)" in column
 * casecol, "-" in the others.  title heads it when it has rows. */
struct listing {
	const char *title;
	const char *const *cols;
	const int *right;
	size_t ncols, casecol;
	int (*pick)(const struct kase *);
	void (*cells)(struct tab *, const struct kase *);
};

static void
text_listing(struct group **g, size_t ng, const struct opts *o,
    const struct listing *l)
{
	struct tab t;
	size_t i, j, k, rows = 0;

	tab_start(&t, o, l->cols, l->right, l->ncols);
	for (i = 0; i < ng; i++) {
		long shown = 0;

		for (k = 0; k < g[i]->ncases; k++) {
			const struct kase *c = g[i]->cases[k];

			if (!l->pick(c) || shown++ >= o->top)
				continue;
			group_cells(&t, g[i], o);
			l->cells(&t, c);
			rows++;
		}
		if (shown > o->top) {
			group_cells(&t, g[i], o);
			for (j = 0; j < l->ncols; j++)
				tab_put(&t, j == l->casecol ? xasprintf("(%ld more)",
				    shown - o->top) : xstrdup("-"));
			rows++;
		}
	}
	if (rows > 0) {
		printf("\n%s\n", l->title);
		tab_print(&t);
	} else
		tab_discard(&t);
}

static void
und_cells(struct tab *t, const struct kase *c)
{
	tab_put(t, xstrdup(und_side(c, "A", "B", "A and B")));
	tab_put(t, nulkey_show(c->id));
}

static void
differ_cells(struct tab *t, const struct kase *c)
{
	tab_put(t, nulkey_show(c->id));
	tab_put(t, xasprintf("%ld", c->s[0].nchk));
	tab_put(t, xasprintf("%ld", c->s[1].nchk));
}

/* The cases both ran, left out: no score and no error on a side. */
static const struct listing undecided_list = {
	"cases undecided in a run (no score, no error), left out of the "
	"comparison", und_cols, only_right, 2, 1, left_out, und_cells
};

/* The cases both ran, left out: a side's records never scored. */
static const struct listing unscored_list = {
	"cases never scored in a run (no scores, no error: score them with "
	"lg-score), left out of the comparison", uns_cols, only_right, 2, 1,
	case_unscored, und_cells
};

/* The cases both ran once whose check lists differ in length: never
 * paired check by check, so left out of the checks row. */
static const struct listing differ_list = {
	"cases whose check lists differ in length, left out of the checks row",
	differ_cols, differ_right, 3, 0, case_checks_differ, differ_cells
};

void
print_all(struct group **g, size_t n, const struct opts *o,
    const char *label[2], size_t cases[2], size_t paired, size_t und,
    size_t uns, long other)
{
	size_t i;

	if (o->fmt == FMT_JSON) {
		cJSON *j = cJSON_CreateObject();

		cJSON_AddStringToObject(j, "row", "summary");
		cJSON_AddItemToObject(j, "a", nulkey_json(label[0]));
		cJSON_AddItemToObject(j, "b", nulkey_json(label[1]));
		cJSON_AddNumberToObject(j, "cases_a", (double)cases[0]);
		cJSON_AddNumberToObject(j, "cases_b", (double)cases[1]);
		cJSON_AddNumberToObject(j, "paired", (double)paired);
		cJSON_AddNumberToObject(j, "only_a",
		    (double)(cases[0] - paired - und - uns));
		cJSON_AddNumberToObject(j, "only_b",
		    (double)(cases[1] - paired - und - uns));
		cJSON_AddNumberToObject(j, "undecided", (double)und);
		cJSON_AddNumberToObject(j, "unscored", (double)uns);
		if (o->have_by)
			cJSON_AddNumberToObject(j, "other", (double)other);
		cJSON_AddNumberToObject(j, "bootstrap", (double)o->resamples);
		cJSON_AddNumberToObject(j, "seed", (double)o->seed);
		emit(j);
		for (i = 0; i < n; i++)
			json_group(g[i], o);
		return;
	}
	{
		char *a = nulkey_show(label[0]), *b = nulkey_show(label[1]);

		lg_sanitize(a);
		lg_sanitize(b);
		printf("A: %s, %zu case%s\nB: %s, %zu case%s\n", a, cases[0],
		    cases[0] == 1 ? "" : "s", b, cases[1],
		    cases[1] == 1 ? "" : "s");
		free(a);
		free(b);
	}
	printf("paired %zu, only in A %zu, only in B %zu, undecided in A or "
	    "B %zu, unscored in A or B %zu", paired, cases[0] - paired - und -
	    uns, cases[1] - paired - und - uns, und, uns);
	if (o->have_by)
		printf(", other %s values %ld", o->by.path, other);
	printf("; %ld bootstrap resamples, seed %llu\n\n", o->resamples,
	    (unsigned long long)o->seed);
	text_metrics(g, n, o);
	text_changes(g, n, o);
	text_unpaired(g, n, o);
	text_listing(g, n, o, &undecided_list);
	text_listing(g, n, o, &unscored_list);
	text_listing(g, n, o, &differ_list);
}
