/*
 * choice.h: lg-choice, the Ada-LEval scorer.  main.c reads the options and
 * hands each adaleval record to score_record() (score.c); parse.c reads
 * answers as models write them (on the text norm.c writes), compat.c as
 * the published code does.
 */
#ifndef LG_CHOICE_H
#define LG_CHOICE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "jsonl.h"

#define NPARTS 4		/* the parts of a published TSort case */
#define CHOICE_MAX 64		/* the most parts a tsort case may have */

/*
 * parse.c: the answer in s[0..len): PARSE_ANSWER with the designation
 * (1..n) in *k, or the order (a permutation of 1..count, count <=
 * CHOICE_MAX) in order[0..count); else PARSE_NONE, or PARSE_EXAMPLE when
 * the text holds nothing but copies of the instruction's examples, with
 * *why saying why (a static string).  parse_init() first, parse_fini() at
 * the end.
 */
enum { PARSE_NONE, PARSE_ANSWER, PARSE_EXAMPLE };
int parse_designation(const char *s, size_t len, long n, long *k,
    const char **why);
int parse_order(const char *s, size_t len, long count, long *order,
    const char **why);

/* norm.c: s[0..len) normalized (see norm.c), NUL-terminated, its length
 * in *outlen, never longer than len; the caller frees it. */
char *choice_norm(const char *s, size_t len, size_t *outlen);

/* compat.c: the published parsers. */
long compat_designation(const char *s, size_t len, long n);	/* 0: "???" */
enum { CMP_MISS, CMP_HIT, CMP_RAISE };
/* The published TSort match of the answer against gold[0..4); *valid is
 * whether it extracted anything but [0, 0, 0, 0], order[] what it did. */
int compat_order(const char *s, size_t len, const long *gold, int *valid,
    long *order);

/* score.c */
int score_record(cJSON *rec, jsonl *in, int compat);
void parse_init(void);
void parse_fini(void);

#endif
