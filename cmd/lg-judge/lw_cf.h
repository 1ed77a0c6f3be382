/*
 * lw_cf.h: lg-judge --cf-relevance (lw_cf.c), the published relevance
 * judge of the LongWeave code-fixing task (cf), after lg-flake8: is the
 * answer's code a relevant and complete fix of the program given?  One
 * verdict per record, "kind": "relevance"; an irrelevant fix scores 0.
 */
#ifndef LG_JUDGE_LW_CF_H
#define LG_JUDGE_LW_CF_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "judge.h"

/* The "compat" of a verdict asked and read as published. */
#define CF_COMPAT "longweave-cf"

typedef struct cf_asker cf_asker;
/*
 * The prompt and system message (share/rubrics/longweave/cf.tmpl,
 * cf.system.tmpl); compat: verdicts marked as read as published.  NULL
 * and *err (caller frees) when they cannot be read.
 */
cf_asker *cf_asker_new(int compat, char **err);
/* Free a (NULL: nothing) and what the readers keep. */
void cf_asker_free(cf_asker *a);

/* Is rec a LongWeave cf record? */
int cf_mine(const cJSON *rec);
/*
 * Begin a cf record: REC_OK, or REC_BAD (judge_fail(): no lg-flake8
 * scores, no vars.code).  *verdict: the record's fresh verdict, or NULL
 * when there is nothing to judge (an earlier stage's error, or a bad
 * record).  *prompt (caller frees): the question to ask, or NULL when
 * the verdict is settled already (no code: it fails by rules).
 */
int cf_begin(cf_asker *a, cJSON *rec, const judge_at *at, cJSON **verdict,
    char **prompt);
/* The chat request for prompt, the attempt-th time (caller frees). */
char *cf_body(const cf_asker *a, const llm_opts *o, const char *prompt,
    int attempt);

/*
 * The reply read strictly: one JSON object (in a Markdown code fence or
 * not), nothing around it, holding "is_relevant_and_complete" once, as
 * true or false.  1 or 0, -1: unparseable.
 */
int cf_read_strict(const char *reply, size_t len);
/*
 * The reply read as _parse_relevance_response() reads it: 1 or 0; when it
 * finds no verdict, 1 (relevant) with *assumed set.
 */
int cf_read_published(const char *reply, size_t len, int *assumed);

/*
 * Fill verdict v: pass 1 or 0, or -1 for undecided (why says what went
 * wrong); assumed: the published reading found no verdict.
 */
void cf_settle(cJSON *v, int pass, int assumed, const char *by,
    const char *reply, const char *why);
/* The record's scores from its verdict, lg-flake8's score as base. */
void cf_tally(cJSON *rec);

/* --list-tasks: the line of the task --cf-relevance judges, ours or the
 * published: "longweave<TAB>cf<TAB>model,compat". */
void cf_list_task(void);

#endif
