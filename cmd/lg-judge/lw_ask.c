/*
 * lw_ask.c: the model judge's question about a batch of LongWeave items,
 * and the strict reading of its reply.  The judged text is fenced between
 * two lines holding a marker it does not contain, as for LongGenBench, and
 * the rubric says that what is between them is material, not instructions.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "record.h"
#include "sha256.h"
#include "share.h"
#include "tmpl.h"
#include "xalloc.h"

#define MAXITEMS 1000	/* items in one reply, at most */

struct lw_asker {
	char *tmpl[3];		/* by task id, read when first needed */
	cJSON *nw;		/* the nw rubric (categories) */
	int nw_read;
};

void
judge_fence(const char *text, const char *prefix, char fence[32])
{
	char hex[65];
	int salt = 0;

	do {
		char *k = xasprintf("%d:%s", salt++, text);

		sha256_hex(k, strlen(k), hex);
		free(k);
		snprintf(fence, 32, "%s-%.12s", prefix, hex);
	} while (strstr(text, fence) != NULL);
}

lw_asker *
lw_asker_new(void)
{
	return xcalloc(1, sizeof(lw_asker));
}

void
lw_asker_free(lw_asker *a)
{
	int i;

	if (a == NULL)
		return;
	for (i = 0; i < 3; i++)
		free(a->tmpl[i]);
	cJSON_Delete(a->nw);
	free(a);
}

static char *
read_share(const char *rel, char **err)
{
	char *path = share_path(rel), *s = file_read(path, NULL);

	if (s == NULL)
		*err = xasprintf("%s: cannot read the rubric", path);
	free(path);
	return s;
}

/* The nw rubric's entry for category, or NULL. */
static const cJSON *
nw_category(lw_asker *a, const char *category)
{
	const cJSON *c;

	if (!a->nw_read) {
		char *err = NULL, *s = read_share("rubrics/longweave/nw/rubric.json",
		    &err);

		a->nw_read = 1;
		if (s != NULL)
			a->nw = cJSON_Parse(s);
		free(s);
		free(err);
	}
	cJSON_ArrayForEach(c, rec_get(a->nw, "categories"))
		if (category != NULL && rec_str(c, "name") != NULL &&
		    strcmp(rec_str(c, "name"), category) == 0)
			return c;
	return NULL;
}

/* The span under key of iv as the published truncation leaves it. */
static void
compat_span(cJSON *iv, const char *key)
{
	const char *sp = rec_str(iv, key);
	size_t n;
	char *w;

	if (sp == NULL)
		return;
	w = lw_word_text(sp, strlen(sp), 1000000L, 1, &n);
	cJSON_ReplaceItemInObjectCaseSensitive(iv, key, cJSON_CreateString(w));
	free(w);
}

char *
lw_prompt(lw_asker *a, const lw_task *t, const char *text, const cJSON *items,
    const int *idx, int n, const char *category, int compat, char **err)
{
	cJSON *v, *arr;
	const cJSON *c;
	char fence[32], *s;
	int k;

	if (a->tmpl[t->id] == NULL) {
		char *rel = xasprintf("rubrics/longweave/%s.tmpl", t->task);

		a->tmpl[t->id] = read_share(rel, err);
		free(rel);
		if (a->tmpl[t->id] == NULL)
			return NULL;
	}
	judge_fence(text, "TEXT", fence);
	v = cJSON_CreateObject();
	cJSON_AddStringToObject(v, "fence", fence);
	cJSON_AddStringToObject(v, "text", text);
	arr = cJSON_AddArrayToObject(v, "items");
	for (k = 0; k < n; k++) {
		cJSON *iv = lw_item_vars(t, cJSON_GetArrayItem(items, idx[k]), k + 1);

		if (compat && t->id == LW_NW) {
			compat_span(iv, "fix");
			compat_span(iv, "flaw");
		}
		cJSON_AddItemToArray(arr, iv);
	}
	if (t->id == LW_NW) {
		c = nw_category(a, category);
		cJSON_AddStringToObject(v, "category", category ? category : "");
		cJSON_AddStringToObject(v, "criteria", c && rec_str(c, "criteria") ?
		    rec_str(c, "criteria") : "the AP style rules of this category");
		cJSON_AddStringToObject(v, "incorrect", c && rec_str(c, "incorrect") ?
		    rec_str(c, "incorrect") : "");
		cJSON_AddStringToObject(v, "correct", c && rec_str(c, "correct") ?
		    rec_str(c, "correct") : "");
	}
	s = tmpl_render(a->tmpl[t->id], v, err);
	cJSON_Delete(v);
	return s;
}

int
lw_parse(const lw_task *t, const char *reply, size_t len, int n, int *val,
    const char **why)
{
	const char *s = reply, *e = reply + len, *end = NULL;
	cJSON *j, *vs, *it;
	char *seen;
	int ok = 0, got = 0, f;

	*why = "unparseable reply";
	if (n < 1 || n > MAXITEMS)
		return 0;
	while (s < e && isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	/* a Markdown code fence around the object, as chat models write it */
	if (e - s >= 6 && strncmp(s, "```", 3) == 0 && strncmp(e - 3, "```", 3) == 0) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));

		if (nl == NULL)
			return 0;
		s = nl + 1;
		e -= 3;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
	}
	if (s >= e || *s != '{')
		return 0;
	j = cJSON_ParseWithLengthOpts(s, (size_t)(e - s), &end, 0);
	if (j == NULL || end != e || !cJSON_IsObject(j)) {
		cJSON_Delete(j);
		return 0;
	}
	vs = rec_get(j, "verdicts");
	if (!cJSON_IsArray(vs)) {
		cJSON_Delete(j);
		return 0;
	}
	*why = "incomplete reply";
	seen = xcalloc((size_t)n, 1);
	cJSON_ArrayForEach(it, vs) {
		const cJSON *num = rec_get(it, "item");
		int k;

		if (!cJSON_IsNumber(num) || num->valuedouble < 1 ||
		    num->valuedouble > n || num->valuedouble != (int)num->valuedouble)
			goto out;
		k = (int)num->valuedouble - 1;
		if (seen[k])
			goto out;
		for (f = 0; f < t->nfields; f++) {
			const cJSON *b = rec_get(it, t->fields[f]);

			if (!cJSON_IsBool(b))
				goto out;
			val[k * t->nfields + f] = cJSON_IsTrue(b);
		}
		seen[k] = 1;
		got++;
	}
	ok = got == n;
out:
	free(seen);
	cJSON_Delete(j);
	return ok;
}
