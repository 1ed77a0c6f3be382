/*
 * lw_ask.c: the model judge's question about a batch of LongWeave items,
 * and the reading of its reply.
 *
 * Ours: the judged text is fenced between two lines holding a marker it
 * does not contain, as for LongGenBench, and the rubric says that what is
 * between them is material, not instructions.  The reply is one JSON object
 * {"verdicts": [...]}, each item once, each field a boolean; around it a
 * Markdown code fence or prose may stand (the object is then the only one
 * holding "verdicts").
 *
 * --compat: the published prompts and the published readers of the
 * task's published judge (its file, lw_TASK.c, says how it reads).
 * A reply those read nothing from (where the published code logs an error
 * and counts the batch false) is unreadable: its items are undecided.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "record.h"
#include "sha256.h"
#include "share.h"
#include "tmpl.h"
#include "utf8.h"
#include "xalloc.h"

#define MAXITEMS 1000	/* items in one reply, at most */

/* What a judge's questions need, read when first needed. */
typedef struct slot {
	const lw_judge *j;
	char *tmpl;		/* its rubric */
	cJSON *criteria;	/* its criteria file */
	int criteria_read;
	struct slot *next;
} slot;

struct lw_asker {
	slot *slots;		/* one per judge asked */
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
	slot *sl, *next;

	if (a == NULL)
		return;
	for (sl = a->slots; sl != NULL; sl = next) {
		next = sl->next;
		free(sl->tmpl);
		cJSON_Delete(sl->criteria);
		free(sl);
	}
	free(a);
}

/* The slot of judge j. */
static slot *
slot_of(lw_asker *a, const lw_judge *j)
{
	slot *sl;

	for (sl = a->slots; sl != NULL; sl = sl->next)
		if (sl->j == j)
			return sl;
	sl = xcalloc(1, sizeof *sl);
	sl->j = j;
	sl->next = a->slots;
	a->slots = sl;
	return sl;
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

/* The entry of judge j's criteria for category, or NULL. */
static const cJSON *
criteria_of(lw_asker *a, const lw_judge *j, const char *category)
{
	const lw_criteria *cr = j->criteria;
	slot *sl = slot_of(a, j);
	const cJSON *c;

	if (!sl->criteria_read) {
		char *err = NULL, *s = read_share(cr->file, &err);

		sl->criteria_read = 1;
		if (s != NULL)
			sl->criteria = cJSON_Parse(s);
		free(s);
		free(err);
	}
	cJSON_ArrayForEach(c, rec_get(sl->criteria, cr->list))
		if (category != NULL && rec_str(c, cr->key) != NULL &&
		    strcmp(rec_str(c, cr->key), category) == 0)
			return c;
	return NULL;
}

int
lw_published_category(lw_asker *a, const lw_task *t, const char *category)
{
	return t->published->criteria == NULL ||
	    criteria_of(a, t->published, category) != NULL;
}

void
lw_copy_str(cJSON *o, const char *key, const cJSON *from, const char *fkey,
    const char *alt)
{
	const char *s = rec_str(from, fkey);

	if (s == NULL && alt != NULL)
		s = rec_str(from, alt);
	cJSON_AddStringToObject(o, key, s != NULL ? s : "");
}

/* The category's criteria into the variables v: 0 and *err when the
 * judge has no criteria for it and no fallback. */
static int
add_criteria(lw_asker *a, const lw_judge *j, cJSON *v, const char *category,
    char **err)
{
	static const char *const vars[3] = { "criteria", "incorrect", "correct" };
	const lw_criteria *cr = j->criteria;
	const cJSON *c = criteria_of(a, j, category);
	int i;

	if (c == NULL && cr->fallback == NULL) {
		*err = xasprintf("%s: no category \"%s\"", cr->file,
		    category ? category : "");
		return 0;
	}
	cJSON_AddStringToObject(v, "category", category ? category : "");
	for (i = 0; i < 3; i++) {
		const char *s = rec_str(c, cr->members[i]);

		cJSON_AddStringToObject(v, vars[i], s != NULL ? s :
		    i == 0 && cr->fallback != NULL ? cr->fallback : "");
	}
	return 1;
}

/* The variables of the prompt of judge j: the text (ours fenced, a batch
 * size in the published), the items, the category's criteria. */
static cJSON *
prompt_vars(lw_asker *a, const lw_judge *j, int compat, const char *text,
    const cJSON *items, const int *idx, int n, const char *category, char **err)
{
	cJSON *v = cJSON_CreateObject(), *arr;
	char fence[32];
	int k;

	if (!compat) {
		judge_fence(text, "TEXT", fence);
		cJSON_AddStringToObject(v, "fence", fence);
	}
	cJSON_AddStringToObject(v, "text", text);
	if (compat)
		cJSON_AddNumberToObject(v, "batch", n);
	arr = cJSON_AddArrayToObject(v, "items");
	for (k = 0; k < n; k++) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddNumberToObject(o, "n", k + 1);
		if (compat)
			cJSON_AddBoolToObject(o, "more", k + 1 < n);
		j->item(o, cJSON_GetArrayItem(items, idx[k]));
		cJSON_AddItemToArray(arr, o);
	}
	if (j->criteria != NULL && !add_criteria(a, j, v, category, err)) {
		cJSON_Delete(v);
		return NULL;
	}
	return v;
}

char *
lw_prompt(lw_asker *a, const lw_task *t, const char *text, const cJSON *items,
    const int *idx, int n, const char *category, int compat, char **err)
{
	const lw_judge *j = compat ? t->published : t->own;
	slot *sl = slot_of(a, j);
	char *s;
	cJSON *v;

	if (sl->tmpl == NULL && (sl->tmpl = read_share(j->rubric, err)) == NULL)
		return NULL;
	if ((v = prompt_vars(a, j, compat, text, items, idx, n, category,
	    err)) == NULL)
		return NULL;
	s = tmpl_render(sl->tmpl, v, err);
	cJSON_Delete(v);
	return s;
}

/* The items of a {"verdicts": [...]} object into val: 1 when each of the
 * n items is there once with its booleans. */
static int
read_verdicts(const lw_task *t, const cJSON *vs, int n, int *val)
{
	const cJSON *it;
	char *seen = xcalloc((size_t)n, 1);
	int got = 0, f, ok = 0;

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
	return ok;
}

/* The one object with a "verdicts" array in prose, or NULL (none, or more
 * than one: which would be meant?). */
static cJSON *
verdicts_in_prose(const char *s, const char *e)
{
	cJSON *found = NULL;
	const char *p = s;
	int tries = 0;

	while (p < e && (p = memchr(p, '{', (size_t)(e - p))) != NULL) {
		const char *q = p + 1, *end = NULL;
		cJSON *j;

		while (q < e && isspace((unsigned char)*q))
			q++;
		if ((size_t)(e - q) < 10 || memcmp(q, "\"verdicts\"", 10) != 0) {
			p++;
			continue;
		}
		if (++tries > 16)
			break;
		j = cJSON_ParseWithLengthOpts(p, (size_t)(e - p), &end, 0);
		if (j == NULL || !cJSON_IsArray(rec_get(j, "verdicts"))) {
			cJSON_Delete(j);
			p++;
			continue;
		}
		if (found != NULL) {
			cJSON_Delete(found);
			cJSON_Delete(j);
			return NULL;
		}
		found = j;
		p = end;
	}
	return found;
}

int
lw_parse(const lw_task *t, const char *reply, size_t len, int n, int *val,
    const char **why)
{
	const char *s = reply, *e = reply + len, *end = NULL;
	cJSON *j = NULL;
	int ok;

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

		if (nl != NULL) {
			s = nl + 1;
			e -= 3;
			while (e > s && isspace((unsigned char)e[-1]))
				e--;
		}
	}
	if (s < e && *s == '{') {
		j = cJSON_ParseWithLengthOpts(s, (size_t)(e - s), &end, 0);
		if (j != NULL && (end != e || !cJSON_IsArray(rec_get(j, "verdicts")))) {
			cJSON_Delete(j);
			j = NULL;
		}
	}
	/* prose around the object */
	if (j == NULL && (j = verdicts_in_prose(reply, reply + len)) == NULL)
		return 0;
	*why = "incomplete reply";
	ok = read_verdicts(t, rec_get(j, "verdicts"), n, val);
	cJSON_Delete(j);
	return ok;
}

char *
lw_correction(const lw_task *t)
{
	struct buf b = { 0 };
	int k, f;

	buf_printf(&b, "Your reply could not be read. Reply again with JSON only, "
	    "no other text, one entry per numbered %s, in this form:\n"
	    "{\"verdicts\": [", t->own->noun);
	for (k = 1; k <= 2; k++) {
		buf_printf(&b, "%s{\"item\": %d", k > 1 ? ", " : "", k);
		for (f = 0; f < t->nfields; f++)
			buf_printf(&b, ", \"%s\": %s", t->fields[f],
			    k == 2 && f == t->nfields - 1 ? "false" : "true");
		buf_puts(&b, "}");
	}
	buf_puts(&b, "]}");
	return buf_take(&b);
}

/* ---- the published readers (--compat) ---- */

/* Python's truth of a JSON value. */
int
py_truth(const cJSON *v)
{
	if (cJSON_IsTrue(v))
		return 1;
	if (cJSON_IsNumber(v))
		return v->valuedouble != 0;
	if (cJSON_IsString(v))
		return v->valuestring[0] != '\0';
	if (cJSON_IsArray(v) || cJSON_IsObject(v))
		return v->child != NULL;
	return 0;
}

/* A member as Python's dict holds it: the last of that name, or NULL. */
const cJSON *
py_member(const cJSON *o, const char *key)
{
	const cJSON *c, *found = NULL;

	cJSON_ArrayForEach(c, o)
		if (c->string != NULL && strcmp(c->string, key) == 0)
			found = c;
	return found;
}

/* "true" or "false" after Python's strip() and lower(): 1, 0; else -1. */
int
py_word(const char *s, size_t n)
{
	s = utf8_pystrip(s, &n);
	if (n == 4 && strncasecmp(s, "true", 4) == 0)
		return 1;
	if (n == 5 && strncasecmp(s, "false", 5) == 0)
		return 0;
	return -1;
}

int
lw_parse_published(const lw_task *t, const char *reply, size_t len, int n,
    int *val, long extra[2])
{
	extra[0] = extra[1] = 0;
	if (n < 1 || n > MAXITEMS || utf8_invalid(reply, len) != len ||
	    memchr(reply, '\0', len) != NULL)
		return 0;
	if (!t->published->read(reply, len, n, val, extra)) {
		extra[0] = extra[1] = 0;
		return 0;
	}
	return 1;
}
