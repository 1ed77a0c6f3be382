/* score.h: the scores of a kvg answer against its gold pair. */
#ifndef LG_KV_SCORE_H
#define LG_KV_SCORE_H

#include <stddef.h>

#include "dict.h"
#include "tasklist.h"

/* --definition: the published code's score, or the paper's metrics */
enum { KV_DEF_CODE, KV_DEF_PAPER };

typedef struct {
	int compat;	/* --compat: the published scorer, byte for byte */
	int def;	/* --definition: KV_DEF_ value */
} kv_opts;

/* Read the options into o (opts.c); exits with a message on a bad one.
 * The index of the first operand. */
int kv_opts_parse(int argc, char **argv, const lg_task *t, size_t n,
    kv_opts *o);

typedef struct {
	const char *key, *value;
	long index, entries, key_length, value_length;
} kv_gold;

typedef struct {
	double score, exists, position, count, length;
	long found_index;	/* of the gold key, -1 when absent */
	long entries;		/* distinct keys in the answer */
	int raised;		/* compat: the published code divides by zero */
} kv_scores;

/*
 * Score a deduplicated dictionary.  compat: the pair exists when the key is
 * a key and the value any value, and the published rounding applies; when
 * the rounded length score is 0 the published total divides by zero, which
 * sets raised.  def KV_DEF_PAPER: the total is the harmonic mean of
 * existence, length and position (never with compat).
 */
void kv_score(const kv_dict *d, int found, const kv_gold *g, int compat,
    int def, kv_scores *s);

#endif
