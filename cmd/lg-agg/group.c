/* group.c: the -g fields, group keys, the group table and the output order. */
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "buf.h"
#include "jsonsame.h"
#include "nulkey.h"
#include "util.h"
#include "xalloc.h"

struct gtab {
	size_t nfields;
	struct group **v;	/* in order of arrival */
	size_t n, cap;
	size_t *slot;		/* hash slots: index + 1, 0 empty */
	size_t nslot;
};

/* Used by the comparator, which qsort gives no context. */
static const struct opts *sort_opts;

int
agg_fields(const char *list, struct opts *o)
{
	int r = fields_parse(list, &o->fields, &o->nfields);

	o->itask = fields_find(o->fields, o->nfields, "task");
	o->ilength = fields_find(o->fields, o->nfields, "length");
	return r;
}

gtab *
gtab_new(size_t nfields)
{
	gtab *t = xcalloc(1, sizeof *t);

	t->nfields = nfields;
	t->nslot = 64;
	t->slot = xcalloc(t->nslot, sizeof *t->slot);
	return t;
}

/* The key as one string: each part length-prefixed, so any bytes are safe. */
static char *
key_text(const char *bench, char **vals, const unsigned char *syn, size_t n)
{
	struct buf b = { 0 };
	size_t i;

	buf_printf(&b, "%zu:%s", strlen(bench), bench);
	for (i = 0; i < n; i++)
		buf_printf(&b, "%c%zu:%s", syn && syn[i] ? '*' : ',',
		    strlen(vals[i]), vals[i]);
	return buf_take(&b);
}

static void
rehash(gtab *t)
{
	size_t i;

	free(t->slot);
	t->nslot *= 2;
	t->slot = xcalloc(t->nslot, sizeof *t->slot);
	for (i = 0; i < t->n; i++) {
		size_t s = t->v[i]->hash & (t->nslot - 1);

		while (t->slot[s] != 0)
			s = (s + 1) & (t->nslot - 1);
		t->slot[s] = i + 1;
	}
}

/* One part of key_text()'s key: sep (none when 0), the length of v in
 * decimal, ':' and v, hashed onto h without writing the key. */
static uint32_t
hash_part(uint32_t h, char sep, const char *v)
{
	char num[24];
	size_t len = strlen(v), n = sizeof num, l = len;

	if (sep)
		h = text_hash_add(h, &sep, 1);
	do
		num[--n] = (char)('0' + l % 10);
	while ((l /= 10) != 0);
	h = text_hash_add(h, num + n, sizeof num - n);
	h = text_hash_add(h, ":", 1);
	return text_hash_add(h, v, len);
}

/* text_hash() of key_text(bench, vals, syn, n), without writing it. */
static uint32_t
key_hash(const char *bench, char **vals, const unsigned char *syn, size_t n)
{
	uint32_t h = hash_part(TEXT_HASH_INIT, 0, bench);
	size_t i;

	for (i = 0; i < n; i++)
		h = hash_part(h, syn && syn[i] ? '*' : ',', vals[i]);
	return h;
}

/* Whether g's key is that of bench, vals and syn: the same parts, as
 * key_text()'s length-prefixed key is the same text exactly then. */
static int
key_is(const struct group *g, const char *bench, char **vals,
    const unsigned char *syn, size_t n)
{
	size_t i;

	if (strcmp(g->bench, bench) != 0)
		return 0;
	for (i = 0; i < n; i++)
		if (g->syn[i] != (syn ? syn[i] : 0) ||
		    strcmp(g->val[i], vals[i]) != 0)
			return 0;
	return 1;
}

/* Per record: the key is hashed and compared part by part; its text is
 * written once, when the group is new (the seed of its resampling). */
struct group *
gtab_get(gtab *t, const struct bench *b, const char *bench, char **vals,
    const unsigned char *syn)
{
	unsigned long h = key_hash(bench, vals, syn, t->nfields);
	size_t s = h & (t->nslot - 1), i;
	struct group *g;

	while (t->slot[s] != 0) {
		g = t->v[t->slot[s] - 1];
		if (g->hash == h && key_is(g, bench, vals, syn, t->nfields))
			return g;
		s = (s + 1) & (t->nslot - 1);
	}
	g = xcalloc(1, sizeof *g);
	g->bench = xstrdup(bench);
	g->b = b;
	g->val = xcalloc(t->nfields ? t->nfields : 1, sizeof *g->val);
	g->syn = xcalloc(t->nfields ? t->nfields : 1, 1);
	for (i = 0; i < t->nfields; i++) {
		g->val[i] = xstrdup(vals[i]);
		g->syn[i] = syn ? syn[i] : 0;
	}
	g->hkey = key_text(bench, vals, syn, t->nfields);
	g->hash = h;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->v = xreallocarray(t->v, t->cap, sizeof *t->v);
	}
	t->v[t->n] = g;
	t->slot[s] = ++t->n;
	if (2 * t->n > t->nslot)
		rehash(t);
	return g;
}

/* Length tiers in natural order (1k < 2k < ... < 128k), others after. */
int
cmp_tier(const char *a, const char *b)
{
	long ta = tier_tokens(a), tb = tier_tokens(b);

	if (ta && tb && ta != tb)
		return ta < tb ? -1 : 1;
	if (ta && !tb)
		return -1;
	if (!ta && tb)
		return 1;
	return strcmp(a, b);
}

static int
cmp_group(const void *pa, const void *pb)
{
	const struct group *a = *(struct group *const *)pa;
	const struct group *b = *(struct group *const *)pb;
	const struct opts *o = sort_opts;
	size_t i;
	int c;

	if ((c = strcmp(a->bench, b->bench)) != 0)
		return c;
	for (i = 0; i < o->nfields; i++) {
		if (a->syn[i] != b->syn[i])
			return a->syn[i] < b->syn[i] ? -1 : 1;
		if ((int)i == o->ilength)
			c = cmp_tier(a->val[i], b->val[i]);
		else
			c = strcmp(a->val[i], b->val[i]);
		if (c != 0)
			return c;
	}
	return 0;
}

void
groups_sort(struct group **v, size_t n, const struct opts *o)
{
	sort_opts = o;
	qsort(v, n, sizeof *v, cmp_group);
}

struct group **
gtab_sorted(gtab *t, const struct opts *o, size_t *n)
{
	struct group **v = xcalloc(t->n ? t->n : 1, sizeof *v);

	if (t->n)
		memcpy(v, t->v, t->n * sizeof *v);
	groups_sort(v, t->n, o);
	*n = t->n;
	return v;
}

void
gtab_free(gtab *t)
{
	size_t i, j;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		struct group *g = t->v[i];

		for (j = 0; j < t->nfields; j++)
			free(g->val[j]);
		free(g->val);
		free(g->syn);
		free(g->bench);
		free(g->hkey);
		if (g->b != NULL && g->b->drop != NULL)
			g->b->drop(g);
		units_free(&g->units);
		usage_free(g->use);
		free(g->tags);
		free(g->cells);
		free(g->params);
		cJSON_Delete(g->ptree);
		for (j = 0; j < g->ntsets; j++) {
			free(g->tsets[j].task);
			free(g->tsets[j].gen);
			free(g->tsets[j].judge);
			cJSON_Delete(g->tsets[j].gtree);
			cJSON_Delete(g->tsets[j].jtree);
		}
		free(g->tsets);
		free(g->sdiff);
		free(g);
	}
	free(t->v);
	free(t->slot);
	free(t);
}

/* Fold params (printed, or NULL) into g, mixed when state is 2. */
static void
params_note(struct group *g, const char *params, int state)
{
	if (g->pstate == 2)
		return;
	if (state == 2 || (g->pstate == 1 && ((params == NULL) !=
	    (g->params == NULL) || (params != NULL &&
	    strcmp(params, g->params) != 0)))) {
		free(g->params);
		g->params = NULL;
		g->pstate = 2;
		return;
	}
	if (g->pstate == 0) {
		g->params = params ? xstrdup(params) : NULL;
		g->pstate = 1;
	}
}

/* Whether params p (seed left out when skip) prints as g's noted ones:
 * then noting it changes nothing. */
static int
params_same(struct group *g, const cJSON *p, const char *skip)
{
	if (g->pstate != 1)
		return g->pstate == 2;	/* 2: they differ already */
	if (!cJSON_IsObject(p))
		return g->params == NULL;
	if (g->params == NULL)
		return 0;
	if (g->ptree == NULL && (g->ptree = cJSON_Parse(g->params)) == NULL)
		return 0;
	return json_same(p, g->ptree, skip);
}

/* A repeated sample's seed is its own (lg-infer --samples): the samples of
 * a run agree on the rest.  Printed only when they differ from the noted
 * ones (or none are noted). */
void
group_params(struct group *g, const cJSON *rec)
{
	const cJSON *gen = rec_get(rec, "gen");
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(gen, "params");
	cJSON *d = NULL;
	char *s;
	int sample = cJSON_IsObject(p) && rec_get(rec, "sample") != NULL;

	if (params_same(g, p, sample ? "seed" : NULL))
		return;
	if (sample) {
		d = cJSON_Duplicate(p, 1);
		cJSON_DeleteItemFromObjectCaseSensitive(d, "seed");
		p = d;
	}
	s = cJSON_IsObject(p) ? cJSON_PrintUnformatted(p) : NULL;
	params_note(g, s, 1);
	cJSON_free(s);
	cJSON_Delete(d);
}

void
group_params_fold(struct group *a, const struct group *c)
{
	params_note(a, c->params, c->pstate);
}

void
group_label(struct buf *b, const struct group *g, const struct opts *o)
{
	size_t k;
	char *v;

	if (fields_find(o->fields, o->nfields, "bench") < 0)
		buf_puts(b, g->bench);	/* the bench is not a field: name it */
	for (k = 0; k < o->nfields; k++) {
		v = nulkey_show(g->val[k]);
		buf_printf(b, "%s%s", b->len ? " " : "", v);
		free(v);
	}
}
