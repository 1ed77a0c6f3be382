/*
 * print.c: the agreement per bench and task, then the items where the
 * two judgings disagree, as aligned text, TSV (two tables with a header
 * each, a blank line between) or JSON Lines ("row": "summary",
 * "agreement", "total" (all groups pooled, when there are several) or
 * "disagree").  Text from the records is sanitized in the
 * table and escaped in TSV.  Agreement and kappa are fractions in JSON,
 * the agreement in % in the text and TSV.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agree.h"
#include "diag.h"
#include "nulkey.h"
#include "record.h"
#include "xalloc.h"

static const char *const head[] = {
	"bench", "task", "records", "only_a", "only_b", "failed", "mismatched",
	"items", "undecided", "unjudged", "agree", "kappa", "lo", "hi",
	"pass_pass", "pass_fail", "fail_pass", "fail_fail"
};
#define NHEAD (sizeof head / sizeof head[0])

static const char *const dhead[] = {
	"bench", "task", "id", "model", "index", "item", "a", "b"
};
#define NDHEAD (sizeof dhead / sizeof dhead[0])

static long
items(const struct group *g)
{
	return g->n[0] + g->n[1] + g->n[2] + g->n[3];
}

static double
agreement(const struct group *g)
{
	return items(g) ? (double)(g->n[0] + g->n[3]) / (double)items(g) : NAN;
}

/* A key as a cell: sanitized for the table, escaped for TSV. */
static char *
text(const char *key, int tsv)
{
	struct buf raw = { 0 }, out = { 0 };
	char *s;

	if (!tsv) {
		s = nulkey_show(key);
		lg_sanitize(s);
		return s;
	}
	nulkey_bytes(&raw, key);
	tsv_escape(&out, raw.s ? raw.s : "", raw.len);
	buf_free(&raw);
	return out.s ? buf_take(&out) : xstrdup("");
}

static char *
num(double v, const char *fmt, double scale)
{
	return isnan(v) ? xstrdup("-") : xasprintf(fmt, scale * v);
}

/* The cells of a group's row, owned by the caller. */
static void
cells(const struct group *g, char **c, int tsv)
{
	size_t i;

	c[0] = text(g->bench, tsv);
	c[1] = text(g->task, tsv);
	c[2] = xasprintf("%zu", g->records);
	c[3] = xasprintf("%zu", g->only[0]);
	c[4] = xasprintf("%zu", g->only[1]);
	c[5] = xasprintf("%zu", g->failed);
	c[6] = xasprintf("%zu", g->mismatched);
	c[7] = xasprintf("%ld", items(g));
	c[8] = xasprintf("%ld", g->undecided);
	c[9] = xasprintf("%ld", g->unjudged);
	c[10] = num(agreement(g), "%.1f", 100);
	c[11] = num(g->k, "%.3f", 1);
	c[12] = num(g->lo, "%.3f", 1);
	c[13] = num(g->hi, "%.3f", 1);
	for (i = 0; i < 4; i++)
		c[14 + i] = xasprintf("%ld", g->n[i]);
}

static void
dcells(const struct group *g, const struct diff *d, char **c, int tsv)
{
	c[0] = text(g->bench, tsv);
	c[1] = text(g->task, tsv);
	c[2] = text(d->ra->id, tsv);
	c[3] = text(d->ra->model, tsv);
	c[4] = xasprintf("%ld", d->a->idx);
	c[5] = text(d->a->key ? d->a->key : d->b->key ? d->b->key : "-", tsv);
	c[6] = xstrdup(d->a->v == V_PASS ? "pass" : "fail");
	c[7] = xstrdup(d->b->v == V_PASS ? "pass" : "fail");
}

/* Rows of ncols cells, aligned (text) or tab-separated; cells freed. */
static void
rows_out(char **c, size_t nrows, size_t ncols, int tsv)
{
	size_t *w = xcalloc(ncols, sizeof *w), r, k, x;

	for (r = 0; r < nrows * ncols; r++) {
		const char *p = c[r];

		for (x = 0; *p; p++)
			x += ((unsigned char)*p & 0xc0) != 0x80;
		if (x > w[r % ncols])
			w[r % ncols] = x;
	}
	for (r = 0; r < nrows; r++)
		for (k = 0; k < ncols; k++) {
			const char *p = c[r * ncols + k];
			size_t pad = 0;

			if (!tsv && k + 1 < ncols) {
				for (x = 0; *p; p++)
					x += ((unsigned char)*p & 0xc0) != 0x80;
				pad = w[k] - x + 2;
				p = c[r * ncols + k];
			}
			if (fputs(p, stdout) == EOF ||
			    printf("%*s", (int)pad, "") < 0 ||
			    putchar(k + 1 < ncols ? (tsv ? '\t' : ' ') : '\n')
			    == EOF)
				lg_write_failed(errno);
			free(c[r * ncols + k]);
		}
	free(w);
}

static void
emit(cJSON *j)
{
	rec_write(j);
	cJSON_Delete(j);
}

static void
jnum(cJSON *j, const char *key, double v)
{
	if (isnan(v))
		cJSON_AddNullToObject(j, key);
	else
		cJSON_AddNumberToObject(j, key, v == 0 ? 0 : v);
}

static cJSON *
jfile(const char *file)
{
	return nulkey_json(file);
}

static void
print_json(const struct group *g, size_t ng, const struct judging *a,
    const struct judging *b)
{
	cJSON *j = cJSON_CreateObject();
	size_t i, k;

	cJSON_AddStringToObject(j, "row", "summary");
	cJSON_AddItemToObject(j, "a", jfile(a->file));
	cJSON_AddItemToObject(j, "b", jfile(b->file));
	cJSON_AddNumberToObject(j, "records_a", (double)a->n);
	cJSON_AddNumberToObject(j, "records_b", (double)b->n);
	emit(j);
	for (i = 0; i < ng + (ng > 1); i++) {
		j = cJSON_CreateObject();
		cJSON_AddStringToObject(j, "row", i < ng ? "agreement" : "total");
		if (i < ng) {
			cJSON_AddItemToObject(j, "bench", nulkey_json(g[i].bench));
			cJSON_AddItemToObject(j, "task", nulkey_json(g[i].task));
		}
		cJSON_AddNumberToObject(j, "records", (double)g[i].records);
		cJSON_AddNumberToObject(j, "only_a", (double)g[i].only[0]);
		cJSON_AddNumberToObject(j, "only_b", (double)g[i].only[1]);
		cJSON_AddNumberToObject(j, "failed", (double)g[i].failed);
		cJSON_AddNumberToObject(j, "mismatched", (double)g[i].mismatched);
		cJSON_AddNumberToObject(j, "items", (double)items(&g[i]));
		cJSON_AddNumberToObject(j, "undecided", (double)g[i].undecided);
		cJSON_AddNumberToObject(j, "unjudged", (double)g[i].unjudged);
		jnum(j, "agree", agreement(&g[i]));
		jnum(j, "kappa", g[i].k);
		jnum(j, "lo", g[i].lo);
		jnum(j, "hi", g[i].hi);
		for (k = 0; k < 4; k++)
			cJSON_AddNumberToObject(j, head[14 + k], (double)g[i].n[k]);
		emit(j);
	}
	for (i = 0; i < ng; i++)
		for (k = 0; k < g[i].nd; k++) {
			const struct diff *d = &g[i].d[k];
			const char *key = d->a->key ? d->a->key : d->b->key;

			j = cJSON_CreateObject();
			cJSON_AddStringToObject(j, "row", "disagree");
			cJSON_AddItemToObject(j, "bench", nulkey_json(g[i].bench));
			cJSON_AddItemToObject(j, "task", nulkey_json(g[i].task));
			cJSON_AddItemToObject(j, "id", nulkey_json(d->ra->id));
			if (strcmp(d->ra->model, "-") != 0)
				cJSON_AddItemToObject(j, "model",
				    nulkey_json(d->ra->model));
			else
				cJSON_AddNullToObject(j, "model");
			cJSON_AddNumberToObject(j, "index", (double)d->a->idx);
			if (key)
				cJSON_AddStringToObject(j, "item", key);
			else
				cJSON_AddNullToObject(j, "item");
			cJSON_AddBoolToObject(j, "a", d->a->v == V_PASS);
			cJSON_AddBoolToObject(j, "b", d->b->v == V_PASS);
			emit(j);
		}
}

void
agree_print(const struct group *g, size_t ng, const struct judging *a,
    const struct judging *b, const struct opts *o)
{
	int tsv = o->fmt == FMT_TSV;
	size_t i, k, n, nd = 0;
	char **c;

	if (o->fmt == FMT_JSON) {
		print_json(g, ng, a, b);
		return;
	}
	if (!tsv) {
		char *fa = text(a->file, 0), *fb = text(b->file, 0);

		if (printf("A: %s (%zu records)\nB: %s (%zu records)\n"
		    "agree in %%, Cohen's kappa with its 95%% interval (the "
		    "records resampled %ld times);\npass_fail: the items A "
		    "passed and B failed, and so on\n\n",
		    fa, a->n, fb, b->n, o->resamples) < 0)
			lg_write_failed(errno);
		free(fa);
		free(fb);
	}
	n = ng + (ng > 1);	/* the pooled row g[ng] after several */
	c = xcalloc((n + 1) * NHEAD, sizeof *c);
	for (k = 0; k < NHEAD; k++)
		c[k] = xstrdup(head[k]);
	for (i = 0; i < n; i++)
		cells(&g[i], c + (i + 1) * NHEAD, tsv);
	rows_out(c, n + 1, NHEAD, tsv);
	free(c);
	for (i = 0; i < ng; i++)
		nd += tsv || (size_t)o->top > g[i].nd ? g[i].nd : (size_t)o->top;
	if (nd == 0 && !tsv)
		return;
	if (!tsv && printf("\ndisagreements (at most %ld per group)\n",
	    o->top) < 0)
		lg_write_failed(errno);
	if (tsv && putchar('\n') == EOF)
		lg_write_failed(errno);
	c = xcalloc((nd + 1) * NDHEAD, sizeof *c);
	for (k = 0; k < NDHEAD; k++)
		c[k] = xstrdup(dhead[k]);
	for (i = 0, n = 1; i < ng; i++)
		for (k = 0; k < g[i].nd && (tsv || k < (size_t)o->top); k++)
			dcells(&g[i], &g[i].d[k], c + n++ * NDHEAD, tsv);
	rows_out(c, nd + 1, NDHEAD, tsv);
	free(c);
}
