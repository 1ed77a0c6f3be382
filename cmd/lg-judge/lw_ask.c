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
 * --compat: the published prompts (rubrics/longweave/TASK-published.tmpl),
 * and the published readers, written again from core/tasks/ of LongWeave:
 *   biog  the first [...] holding no bracket, single quotes made double,
 *         read as JSON: booleans, or the strings "true"/"false" in any case
 *         and white space; else a reply that starts with true or false read
 *         as a comma-separated list; padded with false, cut to the batch;
 *   sr    the first [{...}, ...] (as the published pattern finds it), else
 *         the span from the first [ to the last ]; an entry that is not an
 *         object with boolean answered and correct counts false; correct
 *         only when answered; padded with false, cut to the batch;
 *   nw    a Markdown fence of backticks taken off, the span from the first
 *         [ to the last ]; each result an object with exists_in_article
 *         (and follows_rules when it exists), read as Python's truth; every
 *         result counts, those beyond the category's statements too.
 * A reply these read nothing from (where the published code logs an error
 * and counts the batch false) is unreadable: its items are undecided.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "re.h"
#include "record.h"
#include "sha256.h"
#include "share.h"
#include "tmpl.h"
#include "utf8.h"
#include "xalloc.h"

#define MAXITEMS 1000	/* items in one reply, at most */

struct lw_asker {
	char *tmpl[2][3];	/* ours and the published, by task id, read
				 * when first needed */
	cJSON *nw;		/* the nw rubric (categories) */
	int nw_read;
	cJSON *ap;		/* the published AP rubric (nw --compat) */
	int ap_read;
	lg_re *sr_list;		/* the published sr reader's pattern */
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
	for (i = 0; i < 3; i++) {
		free(a->tmpl[0][i]);
		free(a->tmpl[1][i]);
	}
	cJSON_Delete(a->nw);
	cJSON_Delete(a->ap);
	re_free(a->sr_list);
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

/* The entry of array list in the share file rel (read once into *doc)
 * whose member key is name, or NULL. */
static const cJSON *
share_entry(cJSON **doc, int *read, const char *rel, const char *list,
    const char *key, const char *name)
{
	const cJSON *c;

	if (!*read) {
		char *err = NULL, *s = read_share(rel, &err);

		*read = 1;
		if (s != NULL)
			*doc = cJSON_Parse(s);
		free(s);
		free(err);
	}
	cJSON_ArrayForEach(c, rec_get(*doc, list))
		if (name != NULL && rec_str(c, key) != NULL &&
		    strcmp(rec_str(c, key), name) == 0)
			return c;
	return NULL;
}

/* The nw rubric's entry for category, or NULL. */
static const cJSON *
nw_category(lw_asker *a, const char *category)
{
	return share_entry(&a->nw, &a->nw_read, "rubrics/longweave/nw/rubric.json",
	    "categories", "name", category);
}

/* The published AP rubric's entry for category, or NULL. */
static const cJSON *
ap_category(lw_asker *a, const char *category)
{
	return share_entry(&a->ap, &a->ap_read,
	    "rubrics/longweave/nw/AP_Style_Evaluation.json",
	    "AP_Style_Scoring_Table", "Category", category);
}

int
lw_published_category(lw_asker *a, const char *category)
{
	return ap_category(a, category) != NULL;
}

static void
copy_str(cJSON *o, const char *key, const cJSON *from, const char *fkey,
    const char *alt)
{
	const char *s = rec_str(from, fkey);

	if (s == NULL && alt != NULL)
		s = rec_str(from, alt);
	cJSON_AddStringToObject(o, key, s != NULL ? s : "");
}

/* The variables of the published prompt (rubrics/longweave/TASK-published.tmpl). */
static cJSON *
published_vars(lw_asker *a, const lw_task *t, const char *text,
    const cJSON *items, const int *idx, int n, const char *category, char **err)
{
	cJSON *v = cJSON_CreateObject(), *arr;
	const cJSON *c;
	int k;

	cJSON_AddStringToObject(v, "text", text);
	cJSON_AddNumberToObject(v, "batch", n);
	arr = cJSON_AddArrayToObject(v, "items");
	for (k = 0; k < n; k++) {
		const cJSON *it = cJSON_GetArrayItem(items, idx[k]);
		cJSON *o = cJSON_CreateObject();

		cJSON_AddNumberToObject(o, "n", k + 1);
		cJSON_AddBoolToObject(o, "more", k + 1 < n);
		switch (t->id) {
		case LW_BIOG:
			copy_str(o, "sentence", it, "sentence", NULL);
			break;
		case LW_SR:
			copy_str(o, "question", it, "question", NULL);
			copy_str(o, "answer", it, "answer", NULL);
			break;
		default:
			copy_str(o, "statement", it, "statement", "flaw");
			copy_str(o, "expression", it, "correct", "fix");
			copy_str(o, "flaw", it, "flaw", NULL);
			copy_str(o, "fix", it, "fix", NULL);
			break;
		}
		cJSON_AddItemToArray(arr, o);
	}
	if (t->id == LW_NW) {
		if ((c = ap_category(a, category)) == NULL) {
			*err = xasprintf("rubrics/longweave/nw/AP_Style_Evaluation.json: "
			    "no category \"%s\"", category ? category : "");
			cJSON_Delete(v);
			return NULL;
		}
		cJSON_AddStringToObject(v, "category", category);
		copy_str(v, "criteria", c, "Scoring_Criteria", NULL);
		copy_str(v, "incorrect", c, "Incorrect_Examples", NULL);
		copy_str(v, "correct", c, "Correct_Examples", NULL);
	}
	return v;
}

/* The variables of our own prompt (rubrics/longweave/TASK.tmpl). */
static cJSON *
own_vars(lw_asker *a, const lw_task *t, const char *text, const cJSON *items,
    const int *idx, int n, const char *category)
{
	cJSON *v, *arr;
	const cJSON *c;
	char fence[32];
	int k;

	judge_fence(text, "TEXT", fence);
	v = cJSON_CreateObject();
	cJSON_AddStringToObject(v, "fence", fence);
	cJSON_AddStringToObject(v, "text", text);
	arr = cJSON_AddArrayToObject(v, "items");
	for (k = 0; k < n; k++)
		cJSON_AddItemToArray(arr, lw_item_vars(t,
		    cJSON_GetArrayItem(items, idx[k]), k + 1));
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
	return v;
}

char *
lw_prompt(lw_asker *a, const lw_task *t, const char *text, const cJSON *items,
    const int *idx, int n, const char *category, int compat, char **err)
{
	char **tmpl = &a->tmpl[compat != 0][t->id], *s;
	cJSON *v;

	if (*tmpl == NULL) {
		char *rel = xasprintf("rubrics/longweave/%s%s.tmpl", t->task,
		    compat ? "-published" : "");

		*tmpl = read_share(rel, err);
		free(rel);
		if (*tmpl == NULL)
			return NULL;
	}
	v = compat ? published_vars(a, t, text, items, idx, n, category, err) :
	    own_vars(a, t, text, items, idx, n, category);
	if (v == NULL)
		return NULL;
	s = tmpl_render(*tmpl, v, err);
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

const char *
lw_correction(const lw_task *t)
{
	switch (t->id) {
	case LW_BIOG:
		return "Your reply could not be read. Reply again with JSON only, "
		    "no other text, one entry per numbered fact, in this form:\n"
		    "{\"verdicts\": [{\"item\": 1, \"covered\": true}, "
		    "{\"item\": 2, \"covered\": false}]}";
	case LW_SR:
		return "Your reply could not be read. Reply again with JSON only, "
		    "no other text, one entry per numbered question, in this form:\n"
		    "{\"verdicts\": [{\"item\": 1, \"answered\": true, \"correct\": "
		    "true}, {\"item\": 2, \"answered\": true, \"correct\": false}]}";
	default:
		return "Your reply could not be read. Reply again with JSON only, "
		    "no other text, one entry per numbered statement, in this form:\n"
		    "{\"verdicts\": [{\"item\": 1, \"present\": true, \"compliant\": "
		    "true}, {\"item\": 2, \"present\": true, \"compliant\": false}]}";
	}
}

/* ---- the published readers (--compat) ---- */

/* Python's json.loads() of s[0..n): one value, white space [ \t\n\r] around
 * it (cJSON would skip any control byte). */
static cJSON *
py_loads(const char *s, size_t n)
{
	const char *e = s + n, *end = NULL;
	cJSON *j;

	while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
		s++;
	if (s == e || (unsigned char)*s <= ' ')
		return NULL;
	if ((j = cJSON_ParseWithLengthOpts(s, (size_t)(e - s), &end, 0)) == NULL)
		return NULL;
	while (end < e && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r'))
		end++;
	if (end != e) {
		cJSON_Delete(j);
		return NULL;
	}
	return j;
}

/* Python's truth of a JSON value. */
static int
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
static const cJSON *
py_member(const cJSON *o, const char *key)
{
	const cJSON *c, *found = NULL;

	cJSON_ArrayForEach(c, o)
		if (c->string != NULL && strcmp(c->string, key) == 0)
			found = c;
	return found;
}

/* "true" or "false" after Python's strip() and lower(): 1, 0; else -1. */
static int
py_word(const char *s, size_t n)
{
	s = utf8_pystrip(s, &n);
	if (n == 4 && strncasecmp(s, "true", 4) == 0)
		return 1;
	if (n == 5 && strncasecmp(s, "false", 5) == 0)
		return 0;
	return -1;
}

/* biog: the booleans into val (padded with false, cut to n); 0: none read. */
static int
published_biog(const char *reply, size_t len, int n, int *val)
{
	size_t sl = len, i, open = (size_t)-1;
	const char *s = utf8_pystrip(reply, &sl);
	char *q = xstrndup(s, sl);
	const cJSON *x;
	cJSON *j = NULL;
	int k = 0, ok = 0;

	for (i = 0; i < sl; i++)
		if (q[i] == '\'')
			q[i] = '"';
	/* the first [...] holding no bracket */
	for (i = 0; i < sl; i++) {
		if (q[i] == '[')
			open = i;
		else if (q[i] == ']' && open != (size_t)-1)
			break;
	}
	if (i < sl) {
		if ((j = py_loads(q + open, i - open + 1)) == NULL || !cJSON_IsArray(j))
			goto out;
		cJSON_ArrayForEach(x, j) {
			int b = cJSON_IsBool(x) ? cJSON_IsTrue(x) : cJSON_IsString(x) ?
			    py_word(x->valuestring, strlen(x->valuestring)) : -1;

			if (b < 0)
				goto out;
			if (k < n)
				val[k] = b;
			k++;
		}
	} else {
		/* true, false, ... without brackets */
		const char *p = s, *e = s + sl, *c;

		if (!(sl >= 4 && strncasecmp(s, "true", 4) == 0) &&
		    !(sl >= 5 && strncasecmp(s, "false", 5) == 0))
			goto out;
		for (;;) {
			int b;

			c = memchr(p, ',', (size_t)(e - p));
			if ((b = py_word(p, (size_t)((c ? c : e) - p))) < 0)
				goto out;
			if (k < n)
				val[k] = b;
			k++;
			if (c == NULL)
				break;
			p = c + 1;
		}
	}
	for (; k < n; k++)
		val[k] = 0;
	ok = 1;
out:
	cJSON_Delete(j);
	free(q);
	return ok;
}

/* sr: one entry of the list into val[0..1]. */
static void
sr_entry(const cJSON *x, int *val)
{
	const cJSON *a = py_member(x, "answered"), *c = py_member(x, "correct");

	val[0] = val[1] = 0;
	if (cJSON_IsObject(x) && cJSON_IsBool(a) && cJSON_IsBool(c)) {
		val[0] = cJSON_IsTrue(a);
		val[1] = val[0] && cJSON_IsTrue(c);
	}
}

static int
published_sr(lw_asker *a, const char *reply, size_t len, int n, int *val)
{
	size_t sl = len, ov[2], from, to;
	const char *s = utf8_pystrip(reply, &sl), *lb, *rb = NULL, *p;
	const cJSON *x;
	cJSON *j;
	int k = 0;

	if (a->sr_list == NULL)
		a->sr_list = re_compile("\\[\\s*(\\{.*?\\})\\s*(?:,\\s*(\\{.*?\\})\\s*)*\\]",
		    RE_DOTALL);
	if (re_match(a->sr_list, s, sl, 0, ov, 1) > 0) {
		from = ov[0];
		to = ov[1];
	} else {
		/* leniently: from the first [ to the last ] */
		if ((lb = memchr(s, '[', sl)) == NULL)
			return 0;
		for (p = s; p < s + sl; p++)
			if (*p == ']')
				rb = p;
		if (rb == NULL || rb < lb)
			return 0;
		from = (size_t)(lb - s);
		to = (size_t)(rb - s) + 1;
	}
	if ((j = py_loads(s + from, to - from)) == NULL)
		return 0;
	if (!cJSON_IsArray(j)) {
		cJSON_Delete(j);
		return 0;
	}
	cJSON_ArrayForEach(x, j) {
		if (k >= n)
			break;
		sr_entry(x, val + 2 * k);
		k++;
	}
	for (; k < n; k++)
		val[2 * k] = val[2 * k + 1] = 0;
	cJSON_Delete(j);
	return 1;
}

static int
published_nw(const char *reply, size_t len, int n, int *val, long *extra)
{
	const char *s = reply, *e = reply + len, *lb, *rb = NULL, *p;
	const cJSON *x;
	cJSON *j;
	int k = 0;

	/* a Markdown fence: backticks off both ends, then white space */
	if (len >= 3 && strncmp(s, "```", 3) == 0 && strncmp(e - 3, "```", 3) == 0) {
		size_t m;

		while (s < e && *s == '`')
			s++;
		while (e > s && e[-1] == '`')
			e--;
		m = (size_t)(e - s);
		s = utf8_pystrip(s, &m);
		e = s + m;
	}
	if ((lb = memchr(s, '[', (size_t)(e - s))) == NULL)
		return 0;
	for (p = lb; p < e; p++)
		if (*p == ']')
			rb = p;
	if (rb == NULL)
		return 0;
	if ((j = py_loads(lb, (size_t)(rb - lb) + 1)) == NULL)
		return 0;
	if (!cJSON_IsArray(j))
		goto bad;
	/* a result that is no object, or lacks a member read, fails the call */
	cJSON_ArrayForEach(x, j) {
		const cJSON *ex = py_member(x, "exists_in_article"), *fo;
		int pres, comp = 0;

		if (!cJSON_IsObject(x) || ex == NULL)
			goto bad;
		if ((pres = py_truth(ex))) {
			if ((fo = py_member(x, "follows_rules")) == NULL)
				goto bad;
			comp = py_truth(fo);
		}
		if (k < n) {
			val[2 * k] = pres;
			val[2 * k + 1] = comp;
		} else {
			extra[0] += pres;
			extra[1] += comp;
		}
		k++;
	}
	for (; k < n; k++)
		val[2 * k] = val[2 * k + 1] = 0;
	cJSON_Delete(j);
	return 1;
bad:
	cJSON_Delete(j);
	return 0;
}

int
lw_parse_published(lw_asker *a, const lw_task *t, const char *reply,
    size_t len, int n, int *val, long extra[2])
{
	extra[0] = extra[1] = 0;
	if (n < 1 || n > MAXITEMS || utf8_invalid(reply, len) != len ||
	    memchr(reply, '\0', len) != NULL)
		return 0;
	switch (t->id) {
	case LW_BIOG:
		return published_biog(reply, len, n, val);
	case LW_SR:
		return published_sr(a, reply, len, n, val);
	default:
		if (!published_nw(reply, len, n, val, extra)) {
			extra[0] = extra[1] = 0;
			return 0;
		}
		return 1;
	}
}
