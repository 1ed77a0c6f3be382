/*
 * tags.c: --tags, the failure tags of lg-tags(1) counted per group, as
 * LongWeave's failure analysis counts its patterns: of the records, those
 * failed (an error: lg-tags tags none) and those not tagged (no "tags":
 * lg-tags was not run on them) are counted apart, never as answers without
 * a failure; over the tagged ones, the count and share of each tag, of
 * those with none, and the mean units.distinct_n.  Text cells read
 * "count (share%)"; TSV and CSV give count and share columns apart; JSON
 * a row "tags" per group (paper: per model) with TAG and TAG_share.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "diag.h"
#include "nulkey.h"
#include "record.h"
#include "xalloc.h"

/* lg(7) "Failure tags", in the order lg-tags writes them */
static const char *const tag_keys[NTAGS] = {
	"cut-reasoning", "truncated", "refused", "format", "stopped",
	"skipped", "repeated", "looping"
};
/* the same as JSON keys */
static const char *const tag_json[NTAGS] = {
	"cut_reasoning", "truncated", "refused", "format", "stopped",
	"skipped", "repeated", "looping"
};

static int
tag_index(const char *s)
{
	int k;

	for (k = 0; k < NTAGS; k++)
		if (strcmp(tag_keys[k], s) == 0)
			return k;
	return -1;
}

/* units.distinct_n into d: 0 (absent is fine), or -1 when bad. */
static int
read_distinct(const cJSON *rec, jsonl *in, struct tagsum *d)
{
	const cJSON *u = rec_get(rec, "units"), *dn;

	if (u == NULL || cJSON_IsNull(u))
		return 0;
	if (!cJSON_IsObject(u)) {
		jsonl_warn(in, "units: not an object");
		return -1;
	}
	dn = cJSON_GetObjectItemCaseSensitive(u, "distinct_n");
	if (dn == NULL || cJSON_IsNull(dn))
		return 0;
	if (!cJSON_IsNumber(dn) || !(dn->valuedouble >= 0 &&
	    dn->valuedouble <= 1)) {
		jsonl_warn(in, "units.distinct_n: not a number from 0 to 1");
		return -1;
	}
	d->dn_sum = dn->valuedouble;
	d->dn_n = 1;
	return 0;
}

int
tags_read(const cJSON *rec, jsonl *in, struct tagsum *d)
{
	const cJSON *e = rec_get(rec, "error"), *t = rec_get(rec, "tags"), *x;
	unsigned char seen[NTAGS] = { 0 };
	int k, any = 0;

	d->recs = 1;
	if (e != NULL && !cJSON_IsNull(e)) {
		d->failed = 1;
		return 0;
	}
	if (t == NULL || cJSON_IsNull(t)) {
		d->untagged = 1;
		return 0;
	}
	if (!cJSON_IsArray(t)) {
		jsonl_warn(in, "tags: not an array");
		return -1;
	}
	cJSON_ArrayForEach(x, t) {
		if (!cJSON_IsString(x) || (k = tag_index(x->valuestring)) < 0) {
			jsonl_warn(in, "tags: not a tag of lg-tags: %s",
			    cJSON_IsString(x) ? x->valuestring : "(not a string)");
			return -1;
		}
		seen[k] = 1;
	}
	if (read_distinct(rec, in, d) < 0)
		return -1;
	d->tagged = 1;
	for (k = 0; k < NTAGS; k++) {
		d->n[k] = seen[k];
		any |= seen[k];
	}
	d->none = !any;
	d->loops = seen[TAG_REPEATED] || seen[TAG_LOOPING];
	return 0;
}

static void
tagsum_add(struct tagsum *a, const struct tagsum *d)
{
	int k;

	a->recs += d->recs;
	a->failed += d->failed;
	a->untagged += d->untagged;
	a->tagged += d->tagged;
	a->none += d->none;
	for (k = 0; k < NTAGS; k++)
		a->n[k] += d->n[k];
	a->loops += d->loops;
	a->dn_sum += d->dn_sum;
	a->dn_n += d->dn_n;
}

void
tags_add(struct group *g, const struct tagsum *d)
{
	if (g->tags == NULL)
		g->tags = xcalloc(1, sizeof *g->tags);
	tagsum_add(g->tags, d);
}

/* --- printing ------------------------------------------------------- */

/* Columns after the group's: records, failed, untagged, tagged, none and
 * the tags (count and share apart: split), distinct_n. */
enum { NCOUNTS = 4, NSHARED = 1 + NTAGS };
#define NCOLS_MAX (NCOUNTS + 2 * NSHARED + 1)

static const char *const count_cols[NCOUNTS] = {
	"records", "failed", "untagged", "tagged"
};

static int
split_cols(const struct opts *o)
{
	return o->fmt == FMT_TSV || o->fmt == FMT_CSV;
}

/* The column names (static strings, and "TAG%" made here: freed by
 * cols_free) and their number. */
static size_t
cols_make(const struct opts *o, const char **c, char **made)
{
	size_t n = 0, m = 0;
	int k;

	for (k = 0; k < NCOUNTS; k++)
		c[n++] = count_cols[k];
	for (k = 0; k < NSHARED; k++) {
		const char *name = k == 0 ? "none" : tag_keys[k - 1];

		c[n++] = name;
		if (split_cols(o))
			c[n++] = made[m++] = xasprintf("%s%%", name);
	}
	c[n++] = "distinct_n";
	return n;
}

static void
cols_free(char **made)
{
	size_t i;

	for (i = 0; i < NSHARED; i++)
		free(made[i]);
}

static table *
tags_table(const struct opts *o, int paper)
{
	const char *c[NCOLS_MAX + 1];
	char *made[NSHARED] = { 0 };
	int right[NCOLS_MAX + 1];
	size_t n, i;
	table *t;

	n = cols_make(o, paper ? c + 1 : c, made);
	for (i = 0; i <= n; i++)
		right[i] = 1;
	if (paper) {
		c[0] = "model";
		right[0] = 0;
		t = table_new(c, right, n + 1);
	} else
		t = table_for(o, c, right, n);
	cols_free(made);
	return t;
}

/* The cells of s from c[j]. */
static void
tags_cells(char **c, size_t j, const struct tagsum *s, const struct opts *o)
{
	long v;
	int k;

	c[j++] = fmt_long(s->recs);
	c[j++] = fmt_long(s->failed);
	c[j++] = fmt_long(s->untagged);
	c[j++] = fmt_long(s->tagged);
	for (k = 0; k < NSHARED; k++) {
		v = k == 0 ? s->none : s->n[k - 1];
		if (split_cols(o)) {
			c[j++] = fmt_long(v);
			c[j++] = fmt_pct((double)v, (double)s->tagged);
		} else if (s->tagged > 0)
			c[j++] = xasprintf("%ld (%.1f%%)", v,
			    100.0 * (double)v / (double)s->tagged);
		else
			c[j++] = xasprintf("%ld", v);
	}
	c[j] = s->dn_n > 0 ? fmt_num(s->dn_sum / (double)s->dn_n, 3) :
	    xstrdup("-");
}

static void
tags_json(cJSON *j, const struct tagsum *s)
{
	char key[64];
	long v;
	int k;

	cJSON_AddStringToObject(j, "row", "tags");
	cJSON_AddNumberToObject(j, "records", (double)s->recs);
	cJSON_AddNumberToObject(j, "failed", (double)s->failed);
	cJSON_AddNumberToObject(j, "untagged", (double)s->untagged);
	cJSON_AddNumberToObject(j, "tagged", (double)s->tagged);
	for (k = 0; k < NSHARED; k++) {
		const char *name = k == 0 ? "none" : tag_json[k - 1];

		v = k == 0 ? s->none : s->n[k - 1];
		cJSON_AddNumberToObject(j, name, (double)v);
		snprintf(key, sizeof key, "%s_share", name);
		json_ratio(j, key, 100.0 * (double)v, (double)s->tagged);
	}
	json_maybe(j, "distinct_n", s->dn_n > 0 ?
	    s->dn_sum / (double)s->dn_n : NAN);
	json_emit(j);
}

void
tags_print(struct group **g, size_t n, const struct opts *o)
{
	struct tagsum zero = { 0 };
	table *t = NULL;
	size_t i;
	char **c;

	if (o->fmt != FMT_JSON)
		t = tags_table(o, 0);
	for (i = 0; i < n; i++) {
		const struct tagsum *s = g[i]->tags ? g[i]->tags : &zero;

		if (t == NULL) {
			tags_json(json_row(g[i], o), s);
			continue;
		}
		c = cells_for(g[i], o, NCOLS_MAX);
		tags_cells(c, o->nfields, s, o);
		table_add(t, c);
	}
	if (t == NULL)
		return;
	table_title(g[0]->bench, "failure tags", o->fmt);
	table_print(t, o->fmt);
	table_free(t);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The groups' models (field 2), each once, sorted. */
static const char **
models_of(struct group **g, size_t n, size_t *nm)
{
	const char **m = xcalloc(n ? n : 1, sizeof *m);
	size_t i, k;

	*nm = 0;
	for (i = 0; i < n; i++) {
		for (k = 0; k < *nm; k++)
			if (strcmp(m[k], g[i]->val[2]) == 0)
				break;
		if (k == *nm)
			m[(*nm)++] = g[i]->val[2];
	}
	qsort(m, *nm, sizeof *m, cmp_str);
	return m;
}

void
tags_paper(struct group **g, size_t n, const struct opts *o)
{
	const char **m;
	size_t nm, i, k;
	table *t = NULL;
	char **c;

	m = models_of(g, n, &nm);
	if (o->fmt != FMT_JSON)
		t = tags_table(o, 1);
	for (k = 0; k < nm; k++) {
		struct tagsum s = { 0 };

		for (i = 0; i < n; i++)
			if (strcmp(g[i]->val[2], m[k]) == 0 && g[i]->tags)
				tagsum_add(&s, g[i]->tags);
		if (t == NULL) {
			cJSON *j = cJSON_CreateObject();

			cJSON_AddStringToObject(j, "bench", g[0]->bench);
			cJSON_AddStringToObject(j, "layout", "paper");
			cJSON_AddItemToObject(j, "model", nulkey_json(m[k]));
			cJSON_AddStringToObject(j, "lg_version", LG_VERSION);
			tags_json(j, &s);
			continue;
		}
		c = xcalloc(1 + NCOLS_MAX, sizeof *c);
		c[0] = nulkey_show(m[k]);
		tags_cells(c, 1, &s, o);
		table_add(t, c);
	}
	free(m);
	if (t == NULL)
		return;
	table_title(g[0]->bench, "failure tags per model, its tasks and "
	    "lengths pooled", o->fmt);
	table_print(t, o->fmt);
	table_free(t);
}
