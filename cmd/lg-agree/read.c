/*
 * read.c: a judging read into records of outcomes.  Each verdict is one
 * item: its outcome (pass, fail, undecided when the judge could not
 * decide, unjudged when judged is false: the entry it checks does not
 * exist and nobody was asked), its place (the "index" a labelled sheet
 * gives it, else its position) and what it judges (its key).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agree.h"
#include "buf.h"
#include "diag.h"
#include "nulkey.h"
#include "record.h"
#include "xalloc.h"

char *
key_of(const char *s, size_t len)
{
	return len ? nulkey_of(s, len) : xstrdup("");
}

/* The key of verdict v into b (emptied first); 0 when it has none. */
static int
key_into(const cJSON *v, struct buf *b)
{
	const cJSON *kind = cJSON_GetObjectItemCaseSensitive(v, "kind");
	const cJSON *at = cJSON_GetObjectItemCaseSensitive(v, "at");
	const cJSON *key = cJSON_GetObjectItemCaseSensitive(v, "key");

	buf_reset(b);
	if (cJSON_IsString(key)) {
		buf_puts(b, key->valuestring);
		return 1;
	}
	if (!cJSON_IsString(kind))
		kind = cJSON_GetObjectItemCaseSensitive(v, "type");
	if (!cJSON_IsNumber(at))
		at = cJSON_GetObjectItemCaseSensitive(v, "item");
	if (!cJSON_IsString(kind) && !cJSON_IsNumber(at))
		return 0;
	buf_puts(b, cJSON_IsString(kind) ? kind->valuestring : "item");
	if (cJSON_IsNumber(at))
		verdict_at(b, at->valuedouble);
	return 1;
}

void
verdict_at(struct buf *b, double x)
{
	if (x >= 0 && x < 1e9 && x == floor(x)) {	/* as %.15g writes it */
		char d[16], *p = d + sizeof d;
		long n = (long)x;

		*--p = '\0';
		do
			*--p = (char)('0' + n % 10);
		while ((n /= 10) > 0);
		buf_puts(b, " at ");
		buf_puts(b, p);
	} else
		buf_printf(b, " at %.15g", x);
}

char *
verdict_key(const cJSON *v)
{
	struct buf b = { 0 };

	if (!key_into(v, &b)) {
		buf_free(&b);
		return NULL;
	}
	return buf_take(&b);
}

/* The copy of s kept in the names (made at its first use). */
static const char *
name_of(struct names *t, const char *s)
{
	uint64_t h = 1469598103934665603ULL;
	const unsigned char *c;
	size_t at, i;
	char **old;

	if (2 * (t->n + 1) > t->cap) {
		old = t->slot;
		at = t->cap;
		t->cap = t->cap ? 2 * t->cap : 64;
		t->slot = xcalloc(t->cap, sizeof *t->slot);
		t->n = 0;
		for (i = 0; i < at; i++)
			if (old[i] != NULL)
				name_of(t, old[i]);	/* moved, not copied */
		free(old);
	}
	for (c = (const unsigned char *)s; *c; c++)
		h = (h ^ *c) * 1099511628211ULL;
	for (at = h & (t->cap - 1); t->slot[at] != NULL; at = (at + 1) &
	    (t->cap - 1))
		if (t->slot[at] == s || strcmp(t->slot[at], s) == 0)
			return t->slot[at];
	t->n++;
	return t->slot[at] = (char *)s;
}

const char *
names_take(struct names *t, char *k)
{
	const char *n = name_of(t, k);

	if (n != k)
		free(k);
	return n;
}

const char *
names_made(struct names *t)
{
	const char *n;

	if (t->key.s == NULL)
		return names_take(t, xstrdup(""));
	if ((n = name_of(t, t->key.s)) == t->key.s)
		memset(&t->key, 0, sizeof t->key);
	return n;
}

int
verdict_outcome(const cJSON *v)
{
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(v, "pass");

	if (!cJSON_IsBool(p))
		return -1;
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "undecided")))
		return V_UNDECIDED;
	if (cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(v, "judged")))
		return V_UNJUDGED;
	return cJSON_IsTrue(p) ? V_PASS : V_FAIL;
}

static void
jrec_free(struct jrec *r)
{
	free(r->it);
	free(r->id);
}

static int
cmp_idx(const void *x, const void *y)
{
	const struct item *a = x, *b = y;

	return (a->idx > b->idx) - (a->idx < b->idx);
}

/* The items of rec's verdicts into r, their keys in j's names: 0, or
 * -1 when bad (reported). */
static int
items(struct judging *j, const cJSON *rec, struct jrec *r, jsonl *in)
{
	const cJSON *vs = rec_get(rec, "verdicts"), *v, *ix;
	size_t n = 0, i;

	if (vs == NULL || cJSON_IsNull(vs))
		return 0;
	if (!cJSON_IsArray(vs)) {
		jsonl_warn(in, "verdicts: not an array");
		return -1;
	}
	r->it = xcalloc((size_t)cJSON_GetArraySize(vs) + 1, sizeof *r->it);
	cJSON_ArrayForEach(v, vs) {
		struct item *t = &r->it[n];

		if ((t->v = verdict_outcome(v)) < 0) {
			jsonl_warn(in, "verdicts[%zu].pass: not true or false", n);
			return -1;
		}
		t->idx = (long)n;
		if ((ix = cJSON_GetObjectItemCaseSensitive(v, "index")) != NULL) {
			if (!cJSON_IsNumber(ix) || !(ix->valuedouble >= 0 &&
			    ix->valuedouble <= 1e9) ||
			    ix->valuedouble != floor(ix->valuedouble)) {
				jsonl_warn(in, "verdicts[%zu].index: not an integer "
				    "from 0 to 1000000000", n);
				return -1;
			}
			t->idx = (long)ix->valuedouble;
			r->sampled = 1;
		} else if (r->sampled) {
			jsonl_warn(in, "verdicts[%zu]: no index, where others "
			    "have one", n);
			return -1;
		}
		t->key = key_into(v, &j->names->key) ? names_made(j->names) :
		    NULL;
		r->n = ++n;
	}
	qsort(r->it, r->n, sizeof *r->it, cmp_idx);
	for (i = 1; i < r->n; i++)
		if (r->it[i].idx == r->it[i - 1].idx) {
			jsonl_warn(in, "verdicts: index %ld twice", r->it[i].idx);
			return -1;
		}
	return 0;
}

static const char *
group_value(struct judging *j, const cJSON *rec, const char *key)
{
	const char *s = rec_str(rec, key);
	size_t len;

	if (s == NULL)
		return names_take(j->names, xstrdup("-"));
	s = rec_strn(rec, key, &len);
	return names_take(j->names, key_of(s, len));
}

static char gen_name[] = "gen", model_name[] = "model";
static char *model_part[] = { gen_name, model_name };

static int
one(struct judging *j, const cJSON *rec, jsonl *in)
{
	struct jrec r;
	const char *id;
	const cJSON *err = rec_get(rec, "error");
	char *model;
	size_t len;

	memset(&r, 0, sizeof r);
	if ((id = rec_idn(rec, &len)) == NULL || len == 0) {
		jsonl_warn(in, "id: %s", rec_get(rec, "id") ?
		    "not a non-empty string" : "missing");
		return -1;
	}
	r.id = key_of(id, len);
	model = nulkey_at(rec, model_part, 2);
	r.model = names_take(j->names, model != NULL ? model : xstrdup("-"));
	r.bench = group_value(j, rec, "bench");
	r.task = group_value(j, rec, "task");
	r.line = jsonl_lineno(in);
	r.failed = err != NULL && !cJSON_IsNull(err);
	if (items(j, rec, &r, in) < 0) {
		jrec_free(&r);
		return -1;
	}
	judging_add(j, &r);
	return 0;
}

void
judging_add(struct judging *j, const struct jrec *r)
{
	if (j->n == j->cap) {
		j->cap = j->cap ? 2 * j->cap : 64;
		j->r = xreallocarray(j->r, j->cap, sizeof *j->r);
	}
	j->r[j->n++] = *r;
}

int
judging_read(struct judging *j, const char *file)
{
	char *f = (char *)file;
	jsonl *in = jsonl_open(&f, 1);
	struct agree_fast *fast = agree_fast_new(j, in);
	cJSON *rec;
	int bad = 0, st;

	jsonl_lazy(in);
	while ((rec = jsonl_next_take(in, agree_take, fast, NULL)) != NULL) {
		if (one(j, rec, in) < 0)
			bad = 1;
		rec_free(rec);
	}
	st = jsonl_status(in);
	agree_fast_free(fast);
	jsonl_free(in);
	return st > bad ? st : bad;
}

void
judging_free(struct judging *j)
{
	size_t i;

	for (i = 0; i < j->n; i++)
		jrec_free(&j->r[i]);
	free(j->r);
}

void
names_free(struct names *t)
{
	size_t i;

	for (i = 0; i < t->cap; i++)
		free(t->slot[i]);
	free(t->slot);
	buf_free(&t->key);
}
