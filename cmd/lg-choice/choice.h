/*
 * choice.h: lg-choice, the Ada-LEval scorer.  main.c reads the options and
 * hands each adaleval record to score_record() (score.c); parse.c reads
 * answers as models write them, compat.c as the published code does.
 */
#ifndef LG_CHOICE_H
#define LG_CHOICE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "jsonl.h"

#define NPARTS 4

/* parse.c: 0 when no valid answer, with *why the reason. */
int parse_designation(const char *s, size_t len, long n, long *k,
    const char **why);
int parse_order(const char *s, size_t len, long *order, const char **why);

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
