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

char *
verdict_key(const cJSON *v)
{
	const cJSON *kind = cJSON_GetObjectItemCaseSensitive(v, "kind");
	const cJSON *at = cJSON_GetObjectItemCaseSensitive(v, "at");
	const cJSON *key = cJSON_GetObjectItemCaseSensitive(v, "key");
	buf b = { 0 };

	if (cJSON_IsString(key))
		return xstrdup(key->valuestring);
	if (!cJSON_IsString(kind))
		kind = cJSON_GetObjectItemCaseSensitive(v, "type");
	if (!cJSON_IsNumber(at))
		at = cJSON_GetObjectItemCaseSensitive(v, "item");
	if (!cJSON_IsString(kind) && !cJSON_IsNumber(at))
		return NULL;
	buf_puts(&b, cJSON_IsString(kind) ? kind->valuestring : "item");
	if (cJSON_IsNumber(at))
		buf_printf(&b, " at %.15g", at->valuedouble);
	return buf_take(&b);
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
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->it[i].key);
	free(r->it);
	free(r->bench);
	free(r->task);
	free(r->id);
	free(r->model);
}

static int
cmp_idx(const void *x, const void *y)
{
	const struct item *a = x, *b = y;

	return (a->idx > b->idx) - (a->idx < b->idx);
}

/* The items of rec's verdicts into r: 0, or -1 when bad (reported). */
static int
items(const cJSON *rec, struct jrec *r, jsonl *in)
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
		t->key = verdict_key(v);
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

static char *
group_value(const cJSON *rec, const char *key)
{
	const char *s = rec_str(rec, key);
	size_t len;

	if (s == NULL)
		return xstrdup("-");
	s = rec_strn(rec, key, &len);
	return key_of(s, len);
}

static char gen_name[] = "gen", model_name[] = "model";
static char *model_part[] = { gen_name, model_name };

static int
one(struct judging *j, const cJSON *rec, jsonl *in)
{
	struct jrec r;
	const char *id;
	const cJSON *err = rec_get(rec, "error");
	size_t len;

	memset(&r, 0, sizeof r);
	if ((id = rec_idn(rec, &len)) == NULL || len == 0) {
		jsonl_warn(in, "id: %s", rec_get(rec, "id") ?
		    "not a non-empty string" : "missing");
		return -1;
	}
	r.id = key_of(id, len);
	if ((r.model = nulkey_at(rec, model_part, 2)) == NULL)
		r.model = xstrdup("-");
	r.bench = group_value(rec, "bench");
	r.task = group_value(rec, "task");
	r.line = jsonl_lineno(in);
	r.failed = err != NULL && !cJSON_IsNull(err);
	if (items(rec, &r, in) < 0) {
		jrec_free(&r);
		return -1;
	}
	if (j->n == j->cap) {
		j->cap = j->cap ? 2 * j->cap : 64;
		j->r = xreallocarray(j->r, j->cap, sizeof *j->r);
	}
	j->r[j->n++] = r;
	return 0;
}

int
judging_read(struct judging *j, const char *file)
{
	char *f = (char *)file;
	jsonl *in = jsonl_open(&f, 1);
	cJSON *rec;
	int bad = 0, st;

	jsonl_lazy(in);
	while ((rec = jsonl_next(in)) != NULL) {
		if (one(j, rec, in) < 0)
			bad = 1;
		rec_free(rec);
	}
	st = jsonl_status(in);
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
