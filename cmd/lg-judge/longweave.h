/*
 * longweave.h: lg-judge's LongWeave tasks (biog, sr, nw), one file of rules
 * per task (lw_TASK.c), listed in longweave.c with what the model judge
 * needs of each (lw_model.c): the judged text, the items, how many go in
 * one call, the reply's booleans, what the rules decide clearly, and the
 * scores the verdicts add up to.  Other LongWeave tasks pass through.
 */
#ifndef LG_JUDGE_LONGWEAVE_H
#define LG_JUDGE_LONGWEAVE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "judge.h"

typedef struct {
	int compat;	/* --compat: judge the published truncation */
} judge_opts;

/*
 * Judge rec by rules: set verdicts and scores.  Returns REC_OK, or REC_BAD
 * after rec_error() and a warning at the record's position.
 */
int lw_rules_biog(cJSON *rec, const judge_at *in, const judge_opts *o);
void lw_rules_biog_fini(void);
int lw_rules_sr(cJSON *rec, const judge_at *in, const judge_opts *o);
int lw_rules_nw(cJSON *rec, const judge_at *in, const judge_opts *o);

/* Length of s up to the end of its max-th white-space separated word. */
size_t lw_upto_words(const char *s, size_t len, long max);
/*
 * The first n \w+ words of s with what follows each up to the next word
 * (compat: the words alone, joined by single spaces).  Caller frees.
 */
char *lw_word_text(const char *s, size_t len, long n, int compat,
    size_t *outlen);

enum { LW_BIOG, LW_SR, LW_NW };

/* The compat of a verdict the published LongWeave judge decided (--resume
 * tells it from our own judge's). */
#define LW_COMPAT_PROMPT "longweave-published"

typedef struct {
	const char *task;
	int id;			/* LW_BIOG, ... */
	int (*rules)(cJSON *rec, const judge_at *in, const judge_opts *o);
	const char *items;	/* the member of gold that lists the items */
	int batch;		/* items per call; 0: one call per category */
	const char *fields[2];	/* the booleans the reply gives per item */
	int nfields;
} lw_task;

/* The task of a LongWeave record lg-judge judges, or NULL. */
const lw_task *lw_find(const cJSON *rec);

/*
 * When rec is a LongWeave record of a task in the table, judge it, set
 * *ret and return 1; else return 0 and leave rec alone.
 */
int lw_rules(cJSON *rec, const judge_at *in, const judge_opts *o, int *ret);
/* Free what the rules keep between records. */
void lw_rules_fini(void);

/* lw_model.c */
/* The text the items refer to (caller frees), or NULL: no answer. */
char *lw_judged(const lw_task *t, const cJSON *rec, int compat, size_t *len);
/* Did the rules decide the item of verdict v clearly (--hybrid)? */
int lw_clear(const lw_task *t, const cJSON *v);
/* The template variables of gold item it, numbered n from 1. */
cJSON *lw_item_vars(const lw_task *t, const cJSON *it, int n);
/* The model's booleans (t->fields order) into verdict v. */
void lw_apply(const lw_task *t, cJSON *v, const int *val);
/*
 * The scores from the verdicts, whoever decided them, over the decided
 * ones: scores.undecided counts the others (when there are), and with no
 * verdict decided the record has no score nor rates, and a warning at in.
 * compat: rates rounded to four decimals as published (biog, sr), nw's
 * extra results counted.
 */
void lw_tally(const lw_task *t, cJSON *rec, int compat, const judge_at *in);

/*
 * lw_ask.c: the question for a batch of items, from the task's rubric
 * (share/rubrics/longweave/TASK.tmpl; nw adds the category's criteria
 * from share/rubrics/longweave/nw/rubric.json) or under --compat the
 * published one (TASK-published.tmpl; nw/AP_Style_Evaluation.json), and
 * the reading of the reply, ours or the published.
 */
typedef struct lw_asker lw_asker;
lw_asker *lw_asker_new(void);
void lw_asker_free(lw_asker *a);
/*
 * The prompt for items idx[0..n) of gold list items (numbered 1..n in the
 * prompt), with text fenced; category for nw.  compat: the published
 * prompt, text as it is.  NULL and *err (caller frees) when a rubric
 * cannot be read or rendered.
 */
char *lw_prompt(lw_asker *a, const lw_task *t, const char *text,
    const cJSON *items, const int *idx, int n, const char *category,
    int compat, char **err);
/* Is category one of the published AP rubric's (nw --compat)? */
int lw_published_category(lw_asker *a, const char *category);
/*
 * Read a reply about n items: 1 and val[k * t->nfields + f] set for item
 * k+1, field f; 0 and *why ("unparseable reply", "incomplete reply").
 * The reply must hold one JSON object {"verdicts": [...]} (alone, in a
 * Markdown code fence or in prose) with each item once, each field a
 * boolean.
 */
int lw_parse(const lw_task *t, const char *reply, size_t len, int n, int *val,
    const char **why);
/* What to say when asking again after a reply lw_parse() could not read. */
const char *lw_correction(const lw_task *t);
/*
 * Read a reply as the published code reads it (--compat): 1 and val set
 * as for lw_parse() (items the reply lacks false); extra[0..1] the
 * present and compliant results nw's reply gives beyond its n statements
 * (counted as published).  0: the published code reads nothing from it.
 */
int lw_parse_published(lw_asker *a, const lw_task *t, const char *reply,
    size_t len, int n, int *val, long extra[2]);

#endif
