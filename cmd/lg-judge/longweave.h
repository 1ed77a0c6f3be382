/*
 * longweave.h: lg-judge's LongWeave tasks, one file per task (lw_TASK.c)
 * holding its rules and what the model judge needs of it, all in the
 * task's entry (an lw_task), and the entries in judged[] of longweave.c:
 * adding a task is its file (and its rubrics in share/rubrics/longweave/)
 * and its entry there.
 * lw_model.c and lw_ask.c run any entry: the judged text, the items, how
 * many go in one call, the reply's booleans, what the rules decide
 * clearly, the scores the verdicts add up to.  Other LongWeave tasks pass
 * through.
 */
#ifndef LG_JUDGE_LONGWEAVE_H
#define LG_JUDGE_LONGWEAVE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "judge.h"

/* --definition: the published code's score, or the paper's (biog, rules) */
enum { LW_DEF_CODE, LW_DEF_PAPER };

typedef struct {
	int compat;	/* --compat: judge the published truncation */
	int definition;	/* --definition: LW_DEF_ value */
} judge_opts;

/* The compat of a verdict the published LongWeave judge decided (--resume
 * tells it from our own judge's). */
#define LW_COMPAT_PROMPT "longweave-published"

/* The booleans a reply gives per item, at most. */
#define LW_MAXFIELDS 4

/* What the model judge sees of the answer (lw_judged()), up to gold.words:
 * white-space separated words, punctuation intact; \w+ words (words_text(),
 * compat: joined by single spaces); the whole answer. */
enum { JUDGED_UPTO, JUDGED_WORDS, JUDGED_ALL };

/*
 * A category's criteria for a batch of one category (nw): the entry of the
 * array list, in the share file file, whose member key is the category;
 * its members[0..2] give the template's criteria, incorrect and correct
 * ("" when missing).  fallback: the criteria of a category not in the
 * file; NULL: such a category cannot be asked about.
 */
typedef struct {
	const char *file, *list, *key;
	const char *members[3];
	const char *fallback;
} lw_criteria;

/*
 * A model judge of a task, ours or the published (--compat): the prompt
 * template (share/rubrics/...), the judged text (JUDGED_*), an item's
 * template variables (added to o, which holds n, and under --compat
 * "more"), the criteria by category or NULL; ours: what an item is called
 * ("fact": lw_correction()); the published: its reading of a reply, as
 * lw_parse_published().
 */
typedef struct {
	const char *rubric;
	int judged;
	void (*item)(cJSON *o, const cJSON *it);
	const lw_criteria *criteria;
	const char *noun;
	int (*read)(const char *reply, size_t len, int n, int *val,
	    long extra[2]);
} lw_judge;

/*
 * A LongWeave task lg-judge judges: every fact of it.
 *   rules    judge rec by rules: set verdicts and scores.  Returns REC_OK,
 *            or REC_BAD after rec_error() and a warning at the record's
 *            position;
 *   fini     free what the rules keep between records, or NULL;
 *   items    the member of gold that lists the items;
 *   batch    items per call; 0: one call per category (gold.categories);
 *   fields   the booleans the reply gives per item, nfields of them;
 *   clear    did the rules decide verdict v clearly (--hybrid)?  NULL:
 *            nothing the rules judged is clear;
 *   apply    the model's booleans b (fields order) into verdict v;
 *   count    the member of scores that counts the items;
 *   scored   the members of scores the tally sets (NULL-ended), gone
 *            when nothing is decided;
 *   tally    the scores over dec decided items, pass passed and ans
 *            answered ("answered" true);
 *   own      our model judge, or NULL: none;
 *   published  the published judge (--compat), or NULL: none.
 */
typedef struct {
	const char *task;
	int (*rules)(cJSON *rec, const judge_at *in, const judge_opts *o);
	void (*fini)(void);
	const char *items;
	int batch;
	const char *fields[LW_MAXFIELDS];
	int nfields;
	int (*clear)(const cJSON *v);
	void (*apply)(cJSON *v, const int *b);
	const char *count;
	const char *const *scored;
	void (*tally)(const cJSON *rec, cJSON *sc, long pass, long ans,
	    long dec, int compat);
	const lw_judge *own, *published;
} lw_task;

/* The entries of judged[], in its order: lw_task_at(i) for i < lw_ntasks(). */
size_t lw_ntasks(void);
const lw_task *lw_task_at(size_t i);

/* What an entry provides, LW_RULES | LW_MODEL | LW_COMPAT. */
enum { LW_RULES = 1, LW_MODEL = 2, LW_COMPAT = 4 };
int lw_provides(const lw_task *t);
/* --list-tasks: "longweave<TAB>TASK<TAB>rules,model,compat" (what the
 * entry provides) to stdout, one line per entry of judged[] in its order,
 * then cf (--cf-relevance, lw_cf.c). */
void lw_list_tasks(void);
/*
 * What a mode needs of task t (LW_RULES, with LW_MODEL for our model judge
 * or LW_COMPAT under --compat), for a record read at in: when the entry
 * does not provide it, a message naming the task and what it lacks, and
 * exit LG_USAGE.
 */
void lw_need(const lw_task *t, int mode, const judge_at *in);

/* The task of a LongWeave record lg-judge judges, or NULL. */
const lw_task *lw_find(const cJSON *rec);

/*
 * When rec is a LongWeave record of a task in the table, judge it, set
 * *ret and return 1; else return 0 and leave rec alone.
 */
int lw_rules(cJSON *rec, const judge_at *in, const judge_opts *o, int *ret);
/* Free what the rules keep between records. */
void lw_rules_fini(void);

/* The published readers' Python: json.loads() is py_loads() of
 * pyloads.h; the truth of a value, a member as a dict holds it (the last of
 * that name), "true"/"false" after strip() and lower() (1, 0; else -1). */
int py_truth(const cJSON *v);
const cJSON *py_member(const cJSON *o, const char *key);
int py_word(const char *s, size_t n);
/* Add the string member fkey of from (else alt, else "") to o as key. */
void lw_copy_str(cJSON *o, const char *key, const cJSON *from,
    const char *fkey, const char *alt);
/* Delete member key of v and add it as the boolean b. */
void lw_set_bool(cJSON *v, const char *key, int b);
/* Python's round(x, 4); a harmonic mean (0 unless both exceed 0); the
 * published one (0 unless both exceed 1e-9). */
double lw_round4(double x);
double lw_hmean(double a, double b);
double lw_published_hmean(double a, double b);

/* lw_model.c: what the model judge does with any entry. */
/* The text the items refer to (caller frees), or NULL: no answer. */
char *lw_judged(const lw_task *t, const cJSON *rec, int compat, size_t *len);
/* Did the rules decide the item of verdict v clearly (--hybrid)? */
int lw_clear(const lw_task *t, const cJSON *v);
/* The model's booleans (t->fields order; NULL: undecided, all false) into
 * verdict v, its "by" gone and "judged" set. */
void lw_apply(const lw_task *t, cJSON *v, const int *val);
/*
 * The scores from the verdicts, whoever decided them, over the decided
 * ones: scores.undecided counts the others (when there are), and with no
 * verdict decided the record has no score nor rates, and a warning at in.
 * compat: the task's tally as published.
 */
void lw_tally(const lw_task *t, cJSON *rec, int compat, const judge_at *in);

/*
 * lw_ask.c: the question for a batch of items, from the rubric of the
 * task's own judge (t->own) or under --compat the published one
 * (t->published), with the criteria of the batch's category when the
 * judge has them, and the reading of the reply, ours or the published.
 */
typedef struct lw_asker lw_asker;
lw_asker *lw_asker_new(void);
void lw_asker_free(lw_asker *a);
/*
 * The prompt for items idx[0..n) of gold list items (numbered 1..n in the
 * prompt), with text fenced; category for a batch of one category.
 * compat: the published prompt, text as it is.  NULL and *err (caller
 * frees) when a rubric cannot be read or rendered.
 */
char *lw_prompt(lw_asker *a, const lw_task *t, const char *text,
    const cJSON *items, const int *idx, int n, const char *category,
    int compat, char **err);
/* Can the published judge of t ask about category (1 when it has no
 * criteria by category)? */
int lw_published_category(lw_asker *a, const lw_task *t, const char *category);
/*
 * Read a reply about n items: 1 and val[k * t->nfields + f] set for item
 * k+1, field f; 0 and *why ("unparseable reply", "incomplete reply").
 * The reply must hold one JSON object {"verdicts": [...]} (alone, in a
 * Markdown code fence or in prose) with each item once, each field a
 * boolean.
 */
int lw_parse(const lw_task *t, const char *reply, size_t len, int n, int *val,
    const char **why);
/* What to say when asking again after a reply lw_parse() could not read:
 * the form wanted, shown on two items.  Caller frees. */
char *lw_correction(const lw_task *t);
/*
 * Read a reply as the published code reads it (--compat): 1 and val set
 * as for lw_parse() (items the reply lacks false); extra[0..1] the
 * present and compliant results a reply gives beyond its n items (nw's,
 * counted as published).  0: the published code reads nothing from it.
 */
int lw_parse_published(const lw_task *t, const char *reply, size_t len,
    int n, int *val, long extra[2]);

#endif
