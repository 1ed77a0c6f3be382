/*
 * judge.h: lg-judge's deciders.  A decider sets one verdict per check of a
 * LongGenBench record; main.c finds the part each check points at and
 * tallies the scores.
 */
#ifndef LG_JUDGE_H
#define LG_JUDGE_H

#include <stddef.h>
#include <cjson/cJSON.h>

/*
 * Decide whether text[0..len) shows want.  Returns 1 (pass) or 0, and may
 * add detail fields to verdict (borrowed; the caller owns it).
 */
int rules_decide(const char *text, size_t len, const char *want, cJSON *verdict);
void rules_fini(void);

#endif
