/*
 * lg-gen longweave: the kvg task (GEN_KV_DICT), key/value dictionary
 * generation.  The model writes a one-line dictionary of n entries holding a
 * given pair at a given index.
 *
 * Draws, as the published generator makes them from the case seed: the
 * target key, choices(A-Z, k=32); the target value, choices(a-z0-9, k=32);
 * the percent, choice(5, 10, ..., 95).  The index is round(percent / 100 *
 * (n - 1)), halves to even, as Python's round() on the same double.  The
 * other entries are the model's to invent, so nothing more is drawn.
 *
 * --entries, --key-length and --value-length replace the tier's entry count
 * and the lengths 32 (the published generator's num_entries, key_length and
 * value_length); the draws stay the same.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

#define KEYLEN 32
#define VALLEN 32

static const char upper[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
static const char lower[] = "abcdefghijklmnopqrstuvwxyz0123456789";
static const long entries[] = { 20, 40, 80, 160 };	/* 1k 2k 4k 8k */

static void
draw(rng *r, const char *alpha, char *out, size_t k)
{
	size_t *idx = xreallocarray(NULL, k, sizeof *idx), i;

	rng_choices(r, strlen(alpha), idx, k);
	for (i = 0; i < k; i++)
		out[i] = alpha[idx[i]];
	out[k] = '\0';
	free(idx);
}

/* --entries, --key-length, --value-length; 0: the published sizes */
static long opt_entries, key_length, value_length;
static const lw_option options[] = {
	{ .name = "entries", .min = 2, .max = LW_MAX_ENTRIES, .num = &opt_entries },
	{ .name = "key-length", .min = 2, .max = LW_MAX_KEY, .num = &key_length },
	{ .name = "value-length", .min = 2, .max = LW_MAX_KEY,
	    .num = &value_length },
	{ .name = NULL }
};

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	long n = opt_entries ? opt_entries : entries[c->tier_index], percent, index;
	long kl = key_length ? key_length : KEYLEN;
	long vl = value_length ? value_length : VALLEN;
	char *key = xmalloc((size_t)kl + 1), *val = xmalloc((size_t)vl + 1);
	cJSON *vars, *checks, *check, *gold;

	draw(r, upper, key, (size_t)kl);
	draw(r, lower, val, (size_t)vl);
	percent = 5 + 5 * (long)rng_choice(r, 19);
	index = (long)rint((double)percent / 100.0 * (double)(n - 1));
	if (index < 0)
		index = 0;
	if (index > n - 1)
		index = n - 1;

	vars = cJSON_CreateObject();
	cJSON_AddNumberToObject(vars, "entries", (double)n);
	cJSON_AddStringToObject(vars, "key", key);
	cJSON_AddStringToObject(vars, "value", val);
	cJSON_AddNumberToObject(vars, "index", (double)index);
	cJSON_AddNumberToObject(vars, "key_length", (double)kl);
	cJSON_AddNumberToObject(vars, "value_length", (double)vl);
	rec_set(rec, "vars", vars);

	checks = cJSON_CreateArray();
	check = cJSON_CreateObject();
	cJSON_AddStringToObject(check, "kind", "kv_entry");
	cJSON_AddStringToObject(check, "key", key);
	cJSON_AddStringToObject(check, "value", val);
	cJSON_AddNumberToObject(check, "at", (double)index);
	cJSON_AddItemToArray(checks, check);
	rec_set(rec, "checks", checks);

	gold = cJSON_CreateObject();
	cJSON_AddStringToObject(gold, "key", key);
	cJSON_AddStringToObject(gold, "value", val);
	cJSON_AddNumberToObject(gold, "index", (double)index);
	cJSON_AddNumberToObject(gold, "percent", (double)percent);
	cJSON_AddNumberToObject(gold, "entries", (double)n);
	cJSON_AddNumberToObject(gold, "key_length", (double)kl);
	cJSON_AddNumberToObject(gold, "value_length", (double)vl);
	rec_set(rec, "gold", gold);
	free(key);
	free(val);
	return 0;
}

/*
 * --entries, --key-length, --value-length: the other keys must be
 * distinct (the 26 letters give 26^k keys of length k) and the dictionary
 * must fit a record.
 */
static void
check(void)
{
	long n = opt_entries ? opt_entries : 160, k = key_length ? key_length : 32;
	long v = value_length ? value_length : 32, i;
	double keys = 1;

	for (i = 0; i < k && keys < 2.0 * (double)n + 1; i++)
		keys *= 26;
	if (keys < 2.0 * (double)n + 1)
		lg_die(LG_USAGE, "kvg: %ld entries are more than half the %.0f "
		    "keys of length %ld", n, keys, k);
	if ((double)n * (double)(k + v + 8) > (double)LW_MAX_ANSWER)
		lg_die(LG_USAGE, "kvg: a dictionary of %ld entries of %ld-character "
		    "keys and %ld-character values would exceed 64M", n, k, v);
}

const lw_task lw_kvg = {
	.name = "kvg", .published = "GEN_KV_DICT",
	.gen = gen, .options = options, .check = check,
};
