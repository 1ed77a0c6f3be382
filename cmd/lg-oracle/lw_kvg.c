/*
 * lg-oracle: reference answers for the LongWeave kvg task.
 *
 * The answer is a one-line JSON object of gold.entries pairs with the gold
 * pair at gold.index; the other keys are drawn from A-Z and "_", the values
 * from a-z and 0-9, gold.key_length and gold.value_length characters long
 * (32 when absent), key then value for each position in order, every key
 * distinct.  Degradations, in this order:
 *
 *   --forget-after F  entries from position floor(F*n) on are written with
 *                     keys and values of half the length; the gold pair, if
 *                     it falls there, is replaced by such an entry
 *   --drop P          each entry, the gold pair included, is left out with
 *                     probability P
 *   --stop-at F       only the first floor(F*m) of the m entries left are
 *                     written, and the closing brace is missing
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

static const char keychars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ_";
static const char valchars[] = "abcdefghijklmnopqrstuvwxyz0123456789";

#define MAXENTRIES 1000000L
#define MAXLEN 1000000L

typedef struct {
	char *key, *val;
} entry;

/* A set of keys by open addressing, to keep the drawn keys distinct; it owns copies. */
typedef struct {
	char **slot;
	size_t cap;
} keyset;

static uint32_t
hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Add a copy of s; 0 if it was already there. */
static int
keyset_add(keyset *ks, const char *s)
{
	size_t i = hash(s) & (ks->cap - 1);

	while (ks->slot[i] != NULL) {
		if (strcmp(ks->slot[i], s) == 0)
			return 0;
		i = (i + 1) & (ks->cap - 1);
	}
	ks->slot[i] = xstrdup(s);
	return 1;
}

static char *
draw(rng *r, const char *alpha, long len)
{
	size_t *idx = xreallocarray(NULL, (size_t)len, sizeof *idx);
	char *s = xmalloc((size_t)len + 1);
	long i;

	rng_choices(r, strlen(alpha), idx, (size_t)len);
	for (i = 0; i < len; i++)
		s[i] = alpha[idx[i]];
	s[len] = '\0';
	free(idx);
	return s;
}

/* A key not in ks, added to it. */
static char *
fresh_key(rng *r, keyset *ks, long len)
{
	char *k;

	for (;;) {
		k = draw(r, keychars, len);
		if (keyset_add(ks, k))
			return k;
		free(k);
	}
}

static int
write_answer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	cJSON *gold = rec_get(rec, "gold");
	const char *key, *val;
	long n, index, klen, vlen, cut, i, m, keep;
	entry *e;
	keyset ks;
	struct buf out = { 0 };

	if (!cJSON_IsObject(gold))
		return rec_fail(rec, in, "oracle", "no gold object");
	key = rec_str(gold, "key");
	val = rec_str(gold, "value");
	n = rec_long(gold, "entries", -1);
	index = rec_long(gold, "index", -1);
	klen = rec_get(gold, "key_length") ? rec_long(gold, "key_length", -1) : 32;
	vlen = rec_get(gold, "value_length") ? rec_long(gold, "value_length", -1) : 32;
	if (key == NULL || val == NULL)
		return rec_fail(rec, in, "oracle",
		    "gold.key and gold.value must be strings");
	if (n < 1 || n > MAXENTRIES)
		return rec_fail(rec, in, "oracle",
		    "gold.entries must be an integer from 1 to 1000000");
	if (index < 0 || index >= n)
		return rec_fail(rec, in, "oracle",
		    "gold.index must be an integer from 0 to gold.entries-1");
	if (klen < 2 || klen > MAXLEN || vlen < 2 || vlen > MAXLEN)
		return rec_fail(rec, in, "oracle",
		    "gold.key_length and gold.value_length must be integers from 2 to 1000000");

	e = xcalloc((size_t)n, sizeof *e);
	/* at most 2n + 1 keys: a load under one half */
	for (ks.cap = 16; ks.cap < 4 * (size_t)n + 4; ks.cap *= 2)
		;
	ks.slot = xcalloc(ks.cap, sizeof *ks.slot);
	keyset_add(&ks, key);
	for (i = 0; i < n; i++) {
		if (i == index) {
			e[i].key = xstrdup(key);
			e[i].val = xstrdup(val);
			continue;
		}
		e[i].key = fresh_key(r, &ks, klen);
		e[i].val = draw(r, valchars, vlen);
	}
	/* forgetting: half-length entries from the cut on */
	cut = o->forget_after < 1 ? (long)floor(o->forget_after * (double)n) : n;
	for (i = cut; i < n; i++) {
		free(e[i].key);	/* the old key stays in the set */
		free(e[i].val);
		e[i].key = fresh_key(r, &ks, klen / 2);
		e[i].val = draw(r, valchars, vlen / 2);
	}
	/* dropping: each entry left out with probability o->drop */
	for (i = 0, m = 0; i < n; i++) {
		if (o->drop > 0 && rng_random(r) < o->drop) {
			free(e[i].key);
			free(e[i].val);
			continue;
		}
		e[m++] = e[i];
	}
	keep = o->stop_at < 1 ? (long)floor(o->stop_at * (double)m) : m;
	buf_putc(&out, '{');
	for (i = 0; i < m; i++) {
		if (i < keep)
			buf_printf(&out, "%s\"%s\": \"%s\"%s", i ? " " : "",
			    e[i].key, e[i].val, i + 1 < m ? "," : "");
		free(e[i].key);
		free(e[i].val);
	}
	if (keep == m)
		buf_putc(&out, '}');
	rec_set_str(rec, "output", buf_str(&out));
	buf_free(&out);
	free(e);
	for (i = 0; (size_t)i < ks.cap; i++)
		free(ks.slot[i]);
	free(ks.slot);
	return REC_OK;
}

/* --repeat's unit: a pair, without the closing brace */
const lw_writer lw_oracle_kvg = {
	.task = "kvg",
	.fn = write_answer,
	.units = { .sep = ", ", .opens = "\"", .avoid = "{}," },
};
