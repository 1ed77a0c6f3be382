/*
 * ada_tables.c: Ada-LEval's tables beside the accuracy tables of paper.c.
 *   The paper layout: the long-context tiers (up to 16k) in paper.c's
 *   table per task, TSort's before BestAnswer's, then the ultra-long ones
 *   (32k and above) in a table of their own as the paper gives them: one
 *   row per task and model, one column per tier, each task's random-guess
 *   row after its models.
 *   --table 1, the data statistics: per task and tier the cases (records:
 *   give it lg-gen's cases, or one model's records), the most and the
 *   mean prompt tokens (gold.tokens, lg-gen's count of the rendered
 *   prompt in cl100k), and the records without that count, apart.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "nulkey.h"
#include "ptab.h"
#include "tasks.h"
#include "xalloc.h"

#define ULTRA_TOKENS 32	/* tiers from 32k on are the ultra-long ones */

/* Is tier "Nk" with N at least ULTRA_TOKENS? */
static int
ultra(const char *tier)
{
	char *end;
	long k = strtol(tier, &end, 10);

	return end != tier && strcmp(end, "k") == 0 && k >= ULTRA_TOKENS;
}

/* The ultra-long table's row of model (NULL: the random guess) in task. */
static void
ultra_row(struct group **g, size_t n, const char *task, const char *model,
    const char **tiers, size_t nl, table *tb, const struct opts *o)
{
	long failed = 0, undecided = 0, unscored = 0;
	struct ptrow r;
	size_t i, l;
	char *show = model != NULL ? nulkey_show(model) :
	    xstrdup("(random guess)");

	pt_start(&r, g[0], "ultra-long", model != NULL ? model :
	    "(random guess)", task, nl + 4, o);
	if (r.j == NULL)
		r.c[r.k++] = show;
	else
		free(show);
	if (r.j != NULL && model == NULL)
		cJSON_AddStringToObject(r.j, "row", "random");
	for (l = 0; l < nl; l++) {
		double s = 0, c = 0;

		for (i = 0; i < n; i++) {
			const struct group *x = g[i];

			if (strcmp(x->val[PF_TASK], task) != 0 ||
			    strcmp(x->val[PF_LEN], tiers[l]) != 0 ||
			    (model != NULL && strcmp(x->val[PF_MODEL], model) != 0))
				continue;
			if (model == NULL) {
				s += x->ada.random;
				c += (double)x->ada.random_n;
			} else {
				s += x->sc.sum;
				c += (double)x->sc.cases;
			}
		}
		pt_num(&r, tiers[l], c > 0 ? 100.0 * s / c : NAN, 1);
	}
	for (i = 0; model != NULL && i < n; i++)
		if (strcmp(g[i]->val[PF_TASK], task) == 0 &&
		    strcmp(g[i]->val[PF_MODEL], model) == 0) {
			failed += g[i]->sc.failed;
			undecided += g[i]->sc.undecided;
			unscored += g[i]->unscored;
		}
	pt_num(&r, "failed", model ? (double)failed : NAN, 0);
	pt_num(&r, "undecided", model ? (double)undecided : NAN, 0);
	pt_num(&r, "unscored", model ? (double)unscored : NAN, 0);
	pt_end(&r, tb);
}

static void
ultra_table(struct group **g, size_t n, const struct opts *o)
{
	const char **tasks, **tiers, **cols;
	size_t nt, nl, t, l;
	table *tb = NULL;

	tasks = pt_values(g, n, PF_TASK, PT_TASKS, &nt);
	tiers = pt_values(g, n, PF_LEN, PT_TIERS, &nl);
	cols = xcalloc(nl + 4, sizeof *cols);
	cols[0] = "model";
	for (l = 0; l < nl; l++)
		cols[l + 1] = tiers[l];
	cols[nl + 1] = "failed";
	cols[nl + 2] = "undecided";
	cols[nl + 3] = "unscored";
	if (o->fmt != FMT_JSON)
		tb = pt_table("task", cols, nl + 4, 1);
	for (t = 0; t < nt; t++) {
		struct group **sub = xcalloc(n, sizeof *sub);
		const char **models;
		size_t nm, m, i, k = 0;

		for (i = 0; i < n; i++)
			if (strcmp(g[i]->val[PF_TASK], tasks[t]) == 0)
				sub[k++] = g[i];
		models = pt_values(sub, k, PF_MODEL, PT_NAMES, &nm);
		for (m = 0; m < nm; m++)
			ultra_row(sub, k, tasks[t], models[m], tiers, nl, tb, o);
		ultra_row(sub, k, tasks[t], NULL, tiers, nl, tb, o);
		free(models);
		free(sub);
	}
	pt_print(tb, g[0], "ultra-long results (32k and above)", NULL, o, 1);
	free(cols);
	free(tasks);
	free(tiers);
}

void
ada_paper(struct group **g, size_t n, const struct opts *o)
{
	struct group **lo = xcalloc(n, sizeof *lo), **hi = xcalloc(n,
	    sizeof *hi);
	size_t i, nlo = 0, nhi = 0;

	for (i = 0; i < n; i++)
		if (ultra(g[i]->val[PF_LEN]))
			hi[nhi++] = g[i];
		else
			lo[nlo++] = g[i];
	if (nlo > 0)
		paper_ada(lo, nlo, o);
	if (nhi > 0) {
		if (nlo > 0 && o->fmt != FMT_JSON)
			putchar('\n');
		ultra_table(hi, nhi, o);
	}
	free(lo);
	free(hi);
}

/* Table 1's order: the tasks as tasks.h orders them, then the tiers. */
static int
by_task_tier(const void *a, const void *b)
{
	const struct group *x = *(struct group *const *)a;
	const struct group *y = *(struct group *const *)b;
	const char *ada = bench_names[BENCH_ADALEVAL];
	int rx = task_rank(ada, x->val[PF_TASK]);
	int ry = task_rank(ada, y->val[PF_TASK]);
	int c = strcmp(x->val[PF_TASK], y->val[PF_TASK]);

	if (rx != ry)
		return rx < ry ? -1 : 1;
	return c != 0 ? c : cmp_tier(x->val[PF_LEN], y->val[PF_LEN]);
}

void
ada_table1(struct group **g, size_t n, const struct opts *o)
{
	static const char *const cols[] = { "setting", "cases", "max tokens",
		"avg tokens", "untokened" };
	table *tb = o->fmt == FMT_JSON ? NULL : pt_table("task", cols, 5, 1);
	size_t i;

	qsort(g, n, sizeof *g, by_task_tier);
	for (i = 0; i < n; i++) {
		const struct ptsum *p = &g[i]->pt;
		struct ptrow r;
		char *task = nulkey_show(g[i]->val[PF_TASK]);
		char *len = nulkey_show(g[i]->val[PF_LEN]);

		pt_start(&r, g[i], "1", NULL, task, 5, o);
		pt_text(&r, "setting", len);
		pt_num(&r, "cases", (double)p->recs, 0);
		pt_num(&r, "max_tokens", p->tok_n ? p->tok_max : NAN, 0);
		pt_num(&r, "avg_tokens", ratio(p->tok_sum, (double)p->tok_n), 0);
		pt_num(&r, "untokened", (double)(p->recs - p->tok_n), 0);
		pt_end(&r, tb);
		free(task);
		free(len);
	}
	pt_print(tb, g[0], "Table 1, data statistics (cl100k prompt tokens)",
	    NULL, o, 1);
}
