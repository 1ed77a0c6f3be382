/*
 * paper.c: --layout paper, the papers' own tables, one row per model.
 *   LongGenBench Table 3: CR, STIC-1, STIC-2, Len. (mean words of the
 *   cases Len counts, as the long layout's Len) and wAvg under each
 *   length tier, the tasks pooled (their cases and counts summed).
 *   LongWeave Table 3: per task the mean of its tiers' cell means (the
 *   tasks in the order and under the names of tasks.h, then tasks of
 *   other names), per tier the mean over the tasks' cells, then Avg, the
 *   mean of all the model's cells.
 *   Ada-LEval Tables 2 and 3: one table per task (in the order of
 *   tasks.h, numbered by its table), the accuracy per tier, then the
 *   random-guess row.
 * The groups come in keyed by task, length and gen.model (fields 0, 1, 2).
 * With --bootstrap a cell reads "value±half-width".  Every row ends with
 * the model's failed records and its undecided ones (LongGenBench: its
 * undecided checks), which no mean holds as a 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "buf.h"
#include "diag.h"
#include "models.h"
#include "nulkey.h"
#include "tasks.h"
#include "xalloc.h"

enum { F_TASK, F_LEN, F_MODEL };

/* A sorted set of distinct strings, borrowed from the groups. */
struct set {
	const char **v;
	size_t n;
};

static int (*set_cmp)(const char *, const char *);

static int
cmp_entry(const void *a, const void *b)
{
	return set_cmp(*(const char *const *)a, *(const char *const *)b);
}

static void
set_add(struct set *s, const char *x)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i], x) == 0)
			return;
	s->v = xreallocarray(s->v, s->n + 1, sizeof *s->v);
	s->v[s->n++] = x;
}

static void
set_sort(struct set *s, int (*cmp)(const char *, const char *))
{
	set_cmp = cmp;
	qsort(s->v, s->n, sizeof *s->v, cmp_entry);
}

static const char *rank_bench;	/* the benchmark of cmp_task's tasks */

/* Tasks in display order (tasks.h), the others after them by name. */
static int
cmp_task(const char *a, const char *b)
{
	int ra = task_rank(rank_bench, a), rb = task_rank(rank_bench, b);

	return ra != rb ? (ra < rb ? -1 : 1) : strcmp(a, b);
}

/* One printed cell: the value, and "±h" with intervals, in dec
 * decimals, then unit ("%" or ""). */
static char *
pcell_fmt(double v, const struct ci *ci, int met, const struct opts *o,
    int dec, const char *unit)
{
	struct buf b = { 0 };

	if (isnan(v))
		return xstrdup("-");
	buf_printf(&b, "%.*f", dec, v);
	if (o->bootstrap > 0 && !isnan(ci->lo[met]) && !isnan(ci->hi[met]))
		buf_printf(&b, "\xc2\xb1%.*f", dec,
		    (ci->hi[met] - ci->lo[met]) / 2);
	buf_puts(&b, unit);
	return buf_take(&b);
}

/* A row under construction: text cells, or a JSON object; the failed
 * and undecided counts of its groups, printed last. */
struct prow {
	char **c;
	size_t k;
	cJSON *j;
	long failed, undecided, unscored;
};

/* A row of the model's groups among g[0..n) (of the task, if any). */
static void
prow_start(struct prow *r, const char *tname, const char *model,
    const char *task, struct group **g, size_t n, size_t ncols,
    const struct opts *o)
{
	size_t i;

	memset(r, 0, sizeof *r);
	for (i = 0; i < n; i++)
		if (strcmp(g[i]->val[F_MODEL], model) == 0 &&
		    (task == NULL || strcmp(g[i]->val[F_TASK], task) == 0)) {
			long f, u;

			g[i]->b->counts(g[i], &f, &u);
			r->failed += f;
			r->undecided += u;
			r->unscored += g[i]->unscored;
		}
	if (o->fmt == FMT_JSON) {
		struct group p = { 0 };

		for (i = 0; i < n; i++)
			if (strcmp(g[i]->val[F_MODEL], model) == 0 &&
			    (task == NULL || strcmp(g[i]->val[F_TASK], task) == 0))
				group_params_fold(&p, g[i]);
		r->j = cJSON_CreateObject();
		cJSON_AddStringToObject(r->j, "bench", g[0]->bench);
		cJSON_AddStringToObject(r->j, "layout", "paper");
		cJSON_AddStringToObject(r->j, "table", tname);
		cJSON_AddItemToObject(r->j, "model", nulkey_json(model));
		json_run(r->j, &p);
		free(p.params);
		return;
	}
	r->c = xcalloc(ncols + 4, sizeof *r->c);
	r->c[r->k++] = nulkey_show(model);
}

/* A cell of v in dec decimals and unit (text tables; JSON: the value). */
static void
prow_addf(struct prow *r, const char *key, double v, const struct ci *ci,
    int met, const struct opts *o, int dec, const char *unit)
{
	char k[256];

	if (r->j == NULL) {
		r->c[r->k++] = pcell_fmt(v, ci, met, o, dec, unit);
		return;
	}
	json_maybe(r->j, key, v);
	if (o->bootstrap > 0) {
		snprintf(k, sizeof k, "%s_lo", key);
		json_maybe(r->j, k, ci->lo[met]);
		snprintf(k, sizeof k, "%s_hi", key);
		json_maybe(r->j, k, ci->hi[met]);
	}
}

static void
prow_add(struct prow *r, const char *key, double v, const struct ci *ci,
    int met, const struct opts *o)
{
	prow_addf(r, key, v, ci, met, o, 1, "");
}

static void
prow_end(struct prow *r, table *tb)
{
	if (r->j != NULL) {
		json_num(r->j, "failed", (double)r->failed);
		json_num(r->j, "undecided", (double)r->undecided);
		json_num(r->j, "unscored", (double)r->unscored);
		json_emit(r->j);
		return;
	}
	r->c[r->k++] = fmt_long(r->failed);
	r->c[r->k++] = fmt_long(r->undecided);
	r->c[r->k++] = fmt_long(r->unscored);
	table_add(tb, r->c);
}

static table *
ptable(const char *first, char **cols, size_t n)
{
	const char **c = xcalloc(n + 4, sizeof *c);
	int *right = xcalloc(n + 4, sizeof *right);
	size_t i;
	table *t;

	c[0] = first;
	for (i = 0; i < n; i++) {
		c[i + 1] = cols[i];
		right[i + 1] = 1;
	}
	c[n + 1] = "failed";
	c[n + 2] = "undecided";
	c[n + 3] = "unscored";
	right[n + 1] = right[n + 2] = right[n + 3] = 1;
	t = table_new(c, right, n + 4);
	free(c);
	free(right);
	return t;
}

static void
ptable_end(table *tb, char **cols, size_t n, const struct opts *o)
{
	size_t i;

	if (tb != NULL) {
		table_print(tb, o->fmt);
		table_free(tb);
	}
	for (i = 0; i < n; i++)
		free(cols[i]);
	free(cols);
}

/* --- --models: the rows' order, their groups and claimed lengths ---- */

static const struct models *sort_meta;	/* of cmp_meta */
static int sort_by_kind;		/* 1: standard, then reasoning */

#define NO_META "Not in the model file"	/* the group of models it misses */

/* The row group of a model: its kind's, or its group ("" for none). */
static const char *
meta_group(const struct model_meta *m, int by_kind)
{
	if (m == NULL)
		return NO_META;
	if (by_kind)
		return m->kind == MODEL_REASONING ? "Reasoning models" :
		    "Standard models";
	return m->group;
}

/* A model's rank: its group's (by_kind: its kind; else the line of the
 * group's first model), then its line; models the file misses last. */
static void
meta_rank(const char *model, size_t *grank, size_t *line)
{
	const struct model_meta *m = models_find(sort_meta, model);
	size_t i;

	if (m == NULL) {
		*grank = *line = (size_t)-1;
		return;
	}
	*line = m->line;
	if (sort_by_kind) {
		*grank = (size_t)m->kind;
		return;
	}
	for (i = 0; i < sort_meta->n; i++)
		if (strcmp(sort_meta->m[i].group, m->group) == 0)
			break;
	*grank = sort_meta->m[i].line;
}

static int
cmp_meta(const char *a, const char *b)
{
	size_t ga, gb, la, lb;

	meta_rank(a, &ga, &la);
	meta_rank(b, &gb, &lb);
	if (ga != gb)
		return ga < gb ? -1 : 1;
	if (la != lb)
		return la < lb ? -1 : 1;
	return strcmp(a, b);
}

/* The models in the rows' order: by name, or with --models by group (or
 * kind) and the file's order, each model it misses named once. */
static void
order_models(struct set *models, const struct opts *o, int by_kind)
{
	size_t i;

	if (o->meta == NULL) {
		set_sort(models, (int (*)(const char *, const char *))strcmp);
		return;
	}
	sort_meta = o->meta;
	sort_by_kind = by_kind;
	set_sort(models, cmp_meta);
	for (i = 0; i < models->n; i++)
		if (models_find(o->meta, models->v[i]) == NULL) {
			char *show = nulkey_show(models->v[i]);

			lg_warn("%s: %s: no line for this model (its rows come "
			    "last, under \"%s\")", o->meta->path, show, NO_META);
			free(show);
		}
}

/* With --models, the group row before model m when its group differs
 * from the previous model's (a text row: the label, empty cells; JSON
 * rows carry "group" instead). */
static void
group_row(table *tb, const struct set *models, size_t m, size_t ncells,
    const struct opts *o, int by_kind)
{
	const char *g, *prev = NULL;
	char **c;
	size_t i;

	if (o->meta == NULL || tb == NULL)
		return;
	g = meta_group(models_find(o->meta, models->v[m]), by_kind);
	if (m > 0)
		prev = meta_group(models_find(o->meta, models->v[m - 1]),
		    by_kind);
	if (*g == '\0' || (prev != NULL && strcmp(prev, g) == 0))
		return;
	c = xcalloc(ncells, sizeof *c);
	c[0] = xstrdup(g);
	for (i = 1; i < ncells; i++)
		c[i] = xstrdup("");
	table_add(tb, c);
}

/* LongGenBench Table 3's Claimed Length cell, and in JSON the model's
 * metadata. */
static void
lgb_claimed(struct prow *r, const char *model, const struct opts *o)
{
	const struct model_meta *m = models_find(o->meta, model);

	if (r->j == NULL) {
		r->c[r->k++] = m != NULL ? models_context(m->context) :
		    xstrdup("-");
		return;
	}
	if (o->meta == NULL)
		return;
	if (m != NULL) {
		char *c = models_context(m->context);

		cJSON_AddStringToObject(r->j, "claimed", c);
		free(c);
	} else
		cJSON_AddNullToObject(r->j, "claimed");
	if (m != NULL && *m->size)
		cJSON_AddStringToObject(r->j, "size", m->size);
	else
		cJSON_AddNullToObject(r->j, "size");
	cJSON_AddStringToObject(r->j, "group", meta_group(m, 0));
}

/* Table 3's columns under each tier, in its order, and their metrics:
 * the rates in percent with one decimal and "%", Len. in whole words */
static const char *const lgb_met[] = { "CR", "STIC-1", "STIC-2", "Len.",
	"wAvg" };
static const int lgb_mi[] = { M_CR, M_STIC1, M_STIC2, M_LEN, M_WAVG };
#define NLGB_COLS (sizeof lgb_met / sizeof lgb_met[0])

/* The metrics of a model's pooled cell (its tasks summed) at a tier. */
static struct group *
lgb_cell(gtab *t, struct group *g0, const char *tier, const char *model,
    const struct opts *o, double *met)
{
	char *vals[2];
	struct group *cell;
	struct unit u = { 0 };

	vals[0] = (char *)tier;
	vals[1] = (char *)model;
	cell = gtab_get(t, g0->b, g0->bench, vals, NULL);
	boot_cell(cell, o);
	u.w = (double)cell->lgb.cases;
	u.sum = cell->lgb.cr_sum;
	u.pass = cell->lgb.pass;
	u.judged = cell->lgb.judged;
	u.total = cell->lgb.total - cell->lgb.undecided;
	u.words = (long)cell->lgb.words;
	u.len_cases = cell->lgb.len_cases;
	lgb_metrics(&u, met);
	return cell;
}

/* One row per model: Claimed Length, then per tier CR .. wAvg. */
static void
lgb_rows(gtab *t, struct group **g, size_t n, const struct set *models,
    const struct set *tiers, char **cols, table *tb, const struct opts *o)
{
	size_t nc = NLGB_COLS * tiers->n + 1, m, l;
	int k;

	for (m = 0; m < models->n; m++) {
		struct prow r;

		group_row(tb, models, m, nc + 4, o, 0);
		prow_start(&r, "3", models->v[m], NULL, g, n, nc, o);
		lgb_claimed(&r, models->v[m], o);
		for (l = 0; l < tiers->n; l++) {
			double met[NMET_LGB];
			struct group *cell = lgb_cell(t, g[0], tiers->v[l],
			    models->v[m], o, met);

			for (k = 0; k < (int)NLGB_COLS; k++)
				prow_addf(&r, cols[NLGB_COLS * l + (size_t)k + 1],
				    met[lgb_mi[k]], &cell->ci, lgb_mi[k], o,
				    lgb_mi[k] == M_LEN ? 0 : 1,
				    lgb_mi[k] == M_LEN ? "" : "%");
		}
		prow_end(&r, tb);
	}
}

void
paper_lgb(struct group **g, size_t n, const struct opts *o)
{
	struct set models = { 0 }, tiers = { 0 };
	struct group *cell;
	char **cols, *vals[2];
	table *tb = NULL;
	gtab *t;
	size_t i, l, nc;
	int k;

	for (i = 0; i < n; i++) {
		set_add(&models, g[i]->val[F_MODEL]);
		set_add(&tiers, g[i]->val[F_LEN]);
	}
	order_models(&models, o, 0);
	set_sort(&tiers, cmp_tier);
	/* the tasks pooled: one group per model and tier */
	t = gtab_new(2);
	for (i = 0; i < n; i++) {
		vals[0] = g[i]->val[F_LEN];
		vals[1] = g[i]->val[F_MODEL];
		cell = gtab_get(t, g[i]->b, g[i]->bench, vals, NULL);
		lgb_add(&cell->lgb, &g[i]->lgb);
		units_merge(&cell->units, &g[i]->units);
	}
	nc = NLGB_COLS * tiers.n + 1;
	cols = xcalloc(nc, sizeof *cols);
	cols[0] = xstrdup("Claimed");
	for (l = 0; l < tiers.n; l++)
		for (k = 0; k < (int)NLGB_COLS; k++)
			cols[NLGB_COLS * l + (size_t)k + 1] = xasprintf("%s %s",
			    tiers.v[l], lgb_met[k]);
	if (o->fmt != FMT_JSON)
		tb = ptable("model", cols, nc);
	lgb_rows(t, g, n, &models, &tiers, cols, tb, o);
	ptable_end(tb, cols, nc, o);
	gtab_free(t);
	free(models.v);
	free(tiers.v);
}

/* An average row made of cells: its value and interval (boot_avg). */
static double
avg_of(gtab *t, const char *bench, const char *key, const char *model,
    struct group **cells, size_t nc, const struct opts *o, struct ci *ci)
{
	char *vals[2];
	struct group *a;
	double sum = 0;
	size_t i, used = 0;

	vals[0] = (char *)key;
	vals[1] = (char *)model;
	a = gtab_get(t, NULL, bench, vals, NULL);
	boot_avg(a, cells, nc, o);
	*ci = a->ci;
	for (i = 0; i < nc; i++)
		if (cells[i]->sc.cases > 0) {
			sum += cells[i]->sc.sum / (double)cells[i]->sc.cases;
			used++;
		}
	return used ? 100.0 * sum / (double)used : NAN;
}

/* LongWeave Table 3's rows in JSON: the model's kind, with --models. */
static void
lw_kind(struct prow *r, const char *model, const struct opts *o)
{
	const struct model_meta *m = models_find(o->meta, model);

	if (r->j == NULL || o->meta == NULL)
		return;
	if (m == NULL)
		cJSON_AddNullToObject(r->j, "kind");
	else
		cJSON_AddStringToObject(r->j, "kind", m->kind == MODEL_REASONING ?
		    "reasoning" : "standard");
}

void
paper_lw(struct group **g, size_t n, const struct opts *o)
{
	struct set models = { 0 }, tasks = { 0 }, tiers = { 0 };
	struct group **cells = xcalloc(n ? n : 1, sizeof *cells);
	char **cols;
	table *tb = NULL;
	gtab *t = gtab_new(2);
	size_t i, m, x, nc, k;

	for (i = 0; i < n; i++) {
		set_add(&models, g[i]->val[F_MODEL]);
		set_add(&tasks, g[i]->val[F_TASK]);
		set_add(&tiers, g[i]->val[F_LEN]);
	}
	order_models(&models, o, 1);
	rank_bench = bench_names[BENCH_LONGWEAVE];
	set_sort(&tasks, cmp_task);
	set_sort(&tiers, cmp_tier);
	nc = tasks.n + tiers.n + 1;
	cols = xcalloc(nc, sizeof *cols);
	for (x = 0; x < tasks.n; x++)
		cols[x] = xstrdup(task_label(bench_names[BENCH_LONGWEAVE],
		    tasks.v[x]));
	for (x = 0; x < tiers.n; x++)
		cols[tasks.n + x] = xstrdup(tiers.v[x]);
	cols[nc - 1] = xstrdup("Avg");
	if (o->fmt != FMT_JSON)
		tb = ptable("model", cols, nc);
	for (i = 0; i < n; i++)
		boot_cell(g[i], o);	/* the se of each cell */
	for (m = 0; m < models.n; m++) {
		struct prow r;
		struct ci ci;
		double v;

		group_row(tb, &models, m, nc + 4, o, 1);
		prow_start(&r, "3", models.v[m], NULL, g, n, nc, o);
		lw_kind(&r, models.v[m], o);
		for (x = 0; x < tasks.n + tiers.n + 1; x++) {
			int by_task = x < tasks.n, all = x == nc - 1;
			const char *want = by_task ? tasks.v[x] :
			    all ? NULL : tiers.v[x - tasks.n];

			for (i = k = 0; i < n; i++)
				if (strcmp(g[i]->val[F_MODEL], models.v[m]) == 0 &&
				    (all || strcmp(g[i]->val[by_task ? F_TASK :
				    F_LEN], want) == 0))
					cells[k++] = g[i];
			v = avg_of(t, bench_names[BENCH_LONGWEAVE], cols[x], models.v[m], cells,
			    k, o, &ci);
			prow_addf(&r, cols[x], v, &ci, 0, o, 2, "");
		}
		prow_end(&r, tb);
	}
	ptable_end(tb, cols, nc, o);
	free(cells);
	gtab_free(t);
	free(models.v);
	free(tasks.v);
	free(tiers.v);
}

/*
 * The random-guess row under an Ada-LEval table, as the paper's tables
 * end: per tier the mean of lg-choice's scores.random (1/24 for a tsort
 * case, 1/n for a bestanswer case of n candidates) over the records of
 * every model that carry it, in percent; no interval (it is no estimate)
 * and no counts of its own (null in JSON).  In JSON, "row": "random"
 * marks it, its model the label the text tables show (lg-report shows
 * the JSON rows).
 */
#define RANDOM_ROW "(random guess)"	/* its label in the model column */

static void
ada_random(struct group **g, size_t n, const char *task, const char *tn,
    const struct set *tiers, char **cols, table *tb, const struct opts *o)
{
	cJSON *j = NULL;
	char **c = NULL;
	size_t i, l, k = 0;

	if (o->fmt == FMT_JSON) {
		j = cJSON_CreateObject();
		cJSON_AddStringToObject(j, "bench", g[0]->bench);
		cJSON_AddStringToObject(j, "layout", "paper");
		cJSON_AddStringToObject(j, "table", tn);
		cJSON_AddStringToObject(j, "model", RANDOM_ROW);
		cJSON_AddStringToObject(j, "row", "random");
		cJSON_AddItemToObject(j, "task", nulkey_json(task));
	} else {
		c = xcalloc(tiers->n + 4, sizeof *c);
		c[k++] = xstrdup(RANDOM_ROW);
	}
	for (l = 0; l < tiers->n; l++) {
		double sum = 0;
		long scored = 0;

		for (i = 0; i < n; i++)
			if (strcmp(g[i]->val[F_TASK], task) == 0 &&
			    strcmp(g[i]->val[F_LEN], tiers->v[l]) == 0) {
				sum += g[i]->ada.random;
				scored += g[i]->ada.random_n;
			}
		if (j != NULL)
			json_ratio(j, cols[l], 100.0 * sum, (double)scored);
		else
			c[k++] = scored ? fmt_num(100.0 * sum / (double)scored, 1) :
			    xstrdup("-");
	}
	if (j != NULL) {
		cJSON_AddNullToObject(j, "failed");
		cJSON_AddNullToObject(j, "undecided");
		cJSON_AddNullToObject(j, "unscored");
		json_emit(j);
		return;
	}
	c[k++] = xstrdup("-");
	c[k++] = xstrdup("-");
	c[k++] = xstrdup("-");
	table_add(tb, c);
}

void
paper_ada(struct group **g, size_t n, const struct opts *o)
{
	struct set tasks = { 0 };
	size_t i, x;

	for (i = 0; i < n; i++)
		set_add(&tasks, g[i]->val[F_TASK]);
	rank_bench = bench_names[BENCH_ADALEVAL];
	set_sort(&tasks, cmp_task);
	for (x = 0; x < tasks.n; x++) {
		struct set models = { 0 }, tiers = { 0 };
		const struct task_show *ts = task_show(bench_names[BENCH_ADALEVAL],
		    tasks.v[x]);
		const char *tn = ts != NULL && ts->table != NULL ? ts->table :
		    tasks.v[x];
		char **cols, *first;
		table *tb = NULL;
		size_t m, l;

		for (i = 0; i < n; i++)
			if (strcmp(g[i]->val[F_TASK], tasks.v[x]) == 0) {
				set_add(&models, g[i]->val[F_MODEL]);
				set_add(&tiers, g[i]->val[F_LEN]);
			}
		set_sort(&models, (int (*)(const char *, const char *))strcmp);
		set_sort(&tiers, cmp_tier);
		cols = xcalloc(tiers.n ? tiers.n : 1, sizeof *cols);
		for (l = 0; l < tiers.n; l++)
			cols[l] = xstrdup(tiers.v[l]);
		first = xasprintf("%s model", tasks.v[x]);
		if (x > 0 && o->fmt != FMT_JSON)
			putchar('\n');
		if (o->fmt != FMT_JSON)
			tb = ptable(first, cols, tiers.n);
		for (m = 0; m < models.n; m++) {
			struct prow r;

			prow_start(&r, tn, models.v[m], tasks.v[x], g, n, tiers.n,
			    o);
			if (r.j != NULL)
				cJSON_AddStringToObject(r.j, "task", tasks.v[x]);
			for (l = 0; l < tiers.n; l++) {
				struct group *c = NULL;
				struct ci none;

				for (i = 0; i < n && c == NULL; i++)
					if (strcmp(g[i]->val[F_TASK], tasks.v[x]) == 0 &&
					    strcmp(g[i]->val[F_LEN], tiers.v[l]) == 0 &&
					    strcmp(g[i]->val[F_MODEL], models.v[m]) == 0)
						c = g[i];
				if (c == NULL || c->sc.cases == 0) {
					none.lo[0] = none.hi[0] = NAN;
					prow_add(&r, cols[l], NAN, &none, 0, o);
					continue;
				}
				boot_cell(c, o);
				prow_add(&r, cols[l], 100.0 * c->sc.sum /
				    (double)c->sc.cases, &c->ci, 0, o);
			}
			prow_end(&r, tb);
		}
		ada_random(g, n, tasks.v[x], tn, &tiers, cols, tb, o);
		ptable_end(tb, cols, tiers.n, o);
		free(first);
		free(models.v);
		free(tiers.v);
	}
	free(tasks.v);
}
