/*
 * tau.h: lg-tau, the order scorer.  main.c reads the options and passes
 * each record of the scored tasks to tau_score() (score.c), which parses
 * the answer (answer.c), maps it to the true order by label or by content
 * (tfidf.c) and counts pairs (kendall.c).  Arrays returned here belong to
 * the caller (free()); blocks point into the text they were parsed from.
 */
#ifndef LG_TAU_H
#define LG_TAU_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "jsonl.h"

/* kendall.c: pair counts of n points (x[i], y[i]). */
typedef struct {
	uint64_t n0;	/* pairs: n(n-1)/2 */
	uint64_t n1;	/* pairs tied in x */
	uint64_t n2;	/* pairs tied in y */
	uint64_t n3;	/* pairs tied in both */
	uint64_t c;	/* concordant pairs */
	uint64_t d;	/* discordant pairs */
} kt_counts;

/*
 * Kendall's tau-b, (c - d) / sqrt((n0 - n1) * (n0 - n2)), in O(n log n);
 * NaN when n < 2 or either side is constant.  k, when not NULL, gets the
 * counts.
 */
double kendall_tau_b(const long *x, const long *y, size_t n, kt_counts *k);

/* answer.c: a labelled block of an answer. */
typedef struct {
	long label;		/* -1 when too large to read */
	const char *text;	/* the block's content */
	size_t len;
	const char *all;	/* all up to the next label, blank lines and */
	size_t alen;		/* stray text included, stripped */
} block;

/*
 * Blocks labelled [[Segment N]] (see lg-tau(1) for what is accepted), in
 * the order written; the number found, *out allocated when > 0.
 */
size_t parse_blocks(const char *s, size_t len, block **out);
/* The same by the published pattern and its rules for content. */
size_t parse_blocks_compat(const char *s, size_t len, block **out);
/*
 * A plain list of labels, "Answer: [4, 1, 3, 2]" (the last such list) or
 * else the last bracketed list of two or more integers; the number of
 * labels, *out allocated, or 0 and *out NULL when there is none.  Labels
 * and lists take the decimal digits of any script by their value.
 */
size_t parse_list(const char *s, size_t len, long **out);

/*
 * tfidf.c: for each of the m texts ret[], the index of the most similar of
 * the n texts orig[] by the cosine of TF-IDF vectors fitted on both sets
 * (see lg-tau(1)); the first on ties, 0 when a text has no terms.  When
 * empty is not NULL, empty[i] is set to whether ret[i] had no terms; when
 * sim is not NULL, sim[i] to that cosine, in [0, 1].
 */
void tfidf_align(const char *const *orig, const size_t *olen, size_t n,
    const char *const *ret, const size_t *rlen, size_t m, size_t *out,
    int *empty, double *sim);

/* score.c */
enum { ALIGN_DEFAULT, ALIGN_LABEL, ALIGN_CONTENT };

typedef struct {
	int align;	/* --align, ALIGN_DEFAULT when not given */
	int compat;	/* --compat */
} tau_opts;

/* Add scores to a record of a scored task: REC_OK or REC_BAD. */
int tau_score(cJSON *rec, jsonl *in, const tau_opts *o);

#endif
