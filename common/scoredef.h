/*
 * scoredef.h: the definition a record's score was computed by, and the
 * refusal to pool two.  A scorer with two definitions of a task's score
 * (lg-kvcheck, lg-flake8, lg-judge --rules: --definition code|paper)
 * writes scores.definition "paper" under the paper's; a scored record
 * without it was scored by the published code's.  A mean over records of
 * one task scored by both would measure neither: lg-agg, lg-compare and
 * lg-plot count each pool's records by definition and refuse a pool with
 * both, naming it and the counts.  A tally owns its keys.
 */
#ifndef LG_SCOREDEF_H
#define LG_SCOREDEF_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"

enum { SCOREDEF_CODE, SCOREDEF_PAPER, SCOREDEF_N };

/*
 * rec's definition: SCOREDEF_PAPER when scores.definition is "paper",
 * SCOREDEF_CODE when it has a scores object without one; -1 when it says
 * none: no scores, or an error (a failure is the same under both).
 */
int scoredef_of(const cJSON *rec);
/* Count rec's definition in n (nothing when it says none). */
void scoredef_add(long n[SCOREDEF_N], const cJSON *rec);
/* 1 when n counts records of both definitions. */
int scoredef_mixed(const long n[SCOREDEF_N]);
/* The sentence, without the program's name: "records of WHAT scored by
 * different definitions, 3 by the code's and 2 by the paper's
 * (scores.definition "paper"): score them again under one --definition". */
void scoredef_say(struct buf *b, const char *what, const long n[SCOREDEF_N]);

/* A tally by key (a pool's name, as the messages show it). */
struct scoredefs {
	char **keys;
	long (*n)[SCOREDEF_N];
	size_t nkeys, last;
};

void scoredefs_note(struct scoredefs *t, const char *key, const cJSON *rec);
/* Add k records of definition d (SCOREDEF_*) under key. */
void scoredefs_count(struct scoredefs *t, const char *key, int d, long k);
/* One warning for each key whose records mix definitions, hint (or NULL)
 * after the sentence: 1 when there was one, else 0. */
int scoredefs_refused(const struct scoredefs *t, const char *hint);
void scoredefs_free(struct scoredefs *t);

#endif
