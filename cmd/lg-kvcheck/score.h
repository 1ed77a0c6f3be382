/* score.h: the scores of a kvg answer against its gold pair. */
#ifndef LG_KV_SCORE_H
#define LG_KV_SCORE_H

#include "dict.h"

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
 * sets raised.
 */
void kv_score(const kv_dict *d, int found, const kv_gold *g, int compat,
    kv_scores *s);

#endif
