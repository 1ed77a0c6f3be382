/*
 * ptab.c: for --table N's tables (lw_tables.c, ada_tables.c; tabsel.c
 * picks them): what the records give those tables beside their bench's
 * sums (pt_read), and the rows they print: text cells, or a JSON object
 * per row with "bench", "layout": "paper", "table", "model" and "item"
 * (the row's label).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "diag.h"
#include "nulkey.h"
#include "ptab.h"
#include "record.h"
#include "tasks.h"
#include "xalloc.h"

#define MAX_SECONDS 1e9		/* a judge time beyond this is not one */
#define MAX_TOKENS 1e9		/* nor a prompt of more tokens */

/* A member that is absent or null (0), or a number in [0, max] (1, into
 * *v); -1 when it is something else (reported). */
static int
bounded(const cJSON *x, jsonl *in, const char *name, double max, double *v)
{
	if (x == NULL || cJSON_IsNull(x))
		return 0;
	if (!cJSON_IsNumber(x) || !(x->valuedouble >= 0 &&
	    x->valuedouble <= max)) {
		jsonl_warn(in, "%s: not a number from 0 to %.0f", name, max);
		return -1;
	}
	*v = x->valuedouble;
	return 1;
}

int
pt_read(const cJSON *rec, jsonl *in, const struct opts *o, struct group *g)
{
	double v = 0;
	int r;

	if (o->table == 9) {
		r = bounded(rec_get(rec_get(rec, "scores"), "judge_s"), in,
		    "scores.judge_s", MAX_SECONDS, &v);
		if (r > 0 && rec_get(rec, "error") == NULL) {
			g->pt.judge_s += v;
			g->pt.judge_n++;
		}
		return r < 0 ? -1 : 0;
	}
	r = bounded(rec_get(rec_get(rec, "gold"), "tokens"), in,
	    "gold.tokens", MAX_TOKENS, &v);
	if (r < 0)
		return -1;
	g->pt.recs++;
	if (r > 0) {
		g->pt.tok_n++;
		g->pt.tok_sum += v;
		if (v > g->pt.tok_max)
			g->pt.tok_max = v;
	}
	return 0;
}

/* --- the values of a field, sorted ------------------------------------ */

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int
by_tier(const void *a, const void *b)
{
	return cmp_tier(*(const char *const *)a, *(const char *const *)b);
}

static const char *task_bench;	/* by_task's benchmark */

static int
by_task(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	int rx = task_rank(task_bench, x), ry = task_rank(task_bench, y);

	return rx != ry ? (rx < ry ? -1 : 1) : strcmp(x, y);
}

const char **
pt_values(struct group **g, size_t n, int f, int order, size_t *nv)
{
	const char **v = xcalloc(n ? n : 1, sizeof *v);
	size_t i, j, k = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < k && strcmp(v[j], g[i]->val[f]) != 0; j++)
			;
		if (j == k)
			v[k++] = g[i]->val[f];
	}
	task_bench = g[0]->bench;
	qsort(v, k, sizeof *v, order == PT_TIERS ? by_tier :
	    order == PT_TASKS ? by_task : by_name);
	*nv = k;
	return v;
}

/* --- rows ------------------------------------------------------------- */

table *
pt_table(const char *first, const char *const *cols, size_t n, size_t left)
{
	const char **c = xcalloc(n + 1, sizeof *c);
	int *right = xcalloc(n + 1, sizeof *right);
	size_t i;
	table *t;

	c[0] = first;
	if (n > 0)
		memcpy(c + 1, cols, n * sizeof *c);
	for (i = left; i < n; i++)
		right[i + 1] = 1;
	t = table_new(c, right, n + 1);
	free(c);
	free(right);
	return t;
}

void
pt_start(struct ptrow *r, const struct group *g, const char *tab,
    const char *model, const char *item, size_t ncols, const struct opts *o)
{
	memset(r, 0, sizeof *r);
	if (o->fmt == FMT_JSON) {
		r->j = cJSON_CreateObject();
		cJSON_AddStringToObject(r->j, "bench", g->bench);
		cJSON_AddStringToObject(r->j, "layout", "paper");
		cJSON_AddStringToObject(r->j, "table", tab);
		if (model != NULL)
			cJSON_AddItemToObject(r->j, "model", nulkey_json(model));
		cJSON_AddStringToObject(r->j, "item", item);
		return;
	}
	r->c = xcalloc(ncols + 1, sizeof *r->c);
	r->c[r->k++] = xstrdup(item);
}

void
pt_num(struct ptrow *r, const char *key, double v, int decimals)
{
	if (r->j != NULL)
		json_maybe(r->j, key, v);
	else
		r->c[r->k++] = fmt_maybe(v, decimals);
}

void
pt_text(struct ptrow *r, const char *key, const char *text)
{
	if (r->j != NULL)
		cJSON_AddStringToObject(r->j, key, text);
	else
		r->c[r->k++] = xstrdup(text);
}

/* mean and sd as "mean±sd" (JSON: key and key_sd), "-" for NAN */
void
pt_sd(struct ptrow *r, const char *key, double mean, double sd)
{
	char k[64];

	if (r->j != NULL) {
		json_maybe(r->j, key, mean);
		snprintf(k, sizeof k, "%s_sd", key);
		json_maybe(r->j, k, sd);
		return;
	}
	r->c[r->k++] = isnan(mean) ? xstrdup("-") :
	    xasprintf("%.2f\xc2\xb1%.2f", mean, isnan(sd) ? 0.0 : sd);
}

void
pt_end(struct ptrow *r, table *tb)
{
	if (r->j != NULL)
		json_emit(r->j);
	else
		table_add(tb, r->c);
}

/* One model's table: its title (text formats), printed and freed. */
void
pt_print(table *tb, const struct group *g, const char *what,
    const char *model, const struct opts *o, int first)
{
	char *m, *t;

	if (tb == NULL)
		return;
	if (!first)
		putchar('\n');
	m = model != NULL ? nulkey_show(model) : NULL;
	t = m != NULL ? xasprintf("%s, %s", what, m) : xstrdup(what);
	table_title(g->bench, t, o->fmt);
	table_print(tb, o->fmt);
	table_free(tb);
	free(t);
	free(m);
}
