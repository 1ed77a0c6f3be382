/*
 * judge.h: the parts of lg-judge.
 *
 * verdicts.c walks a LongGenBench record's checks, finds the entry each
 * one points at and builds its verdict; the rules (rules.c) decide at once,
 * the model (llm.c) later, through a callback.  verdicts_finish() tallies
 * the verdicts into scores.  Verdict objects belong to the record.
 */
#ifndef LG_JUDGE_H
#define LG_JUDGE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "http.h"
#include "jsonl.h"
#include "resume.h"

enum { JUDGE_RULES, JUDGE_MODEL, JUDGE_HYBRID };

/* The default --judge-max-tokens of our own question. */
#define JUDGE_MAX_TOKENS 2048

/*
 * Called for each check the model must decide: the verdict to fill, the
 * entry's text (borrowed from the record) and what is wanted.
 */
typedef void (*ask_fn)(void *arg, cJSON *verdict, const char *text, size_t len,
    const char *want);

typedef struct {
	unsigned long checks, by_rules, by_model, unparsed;
} judge_counts;

/*
 * Build the record's verdicts.  Returns REC_OK, REC_BAD or, for records of
 * other benchmarks, REC_DROP's opposite: *mine is set to 0 and nothing is
 * touched.  *asked counts the callbacks made.
 */
int verdicts_start(cJSON *rec, jsonl *in, int mode, ask_fn ask, void *arg,
    int *mine, int *asked, judge_counts *jc);
/* Tally verdicts into scores. */
void verdicts_finish(cJSON *rec);

/* Rules: 1 when text shows want; may add detail to verdict. */
int rules_decide(const char *text, size_t len, const char *want, cJSON *verdict);
void rules_fini(void);

/* resumed.c: the --resume filter (resume.h), arg a judge_resume. */
typedef struct {
	const char *model;	/* the judge model; NULL under --rules */
	const char *compat;	/* the published prompt, or NULL */
	int redo_changed, retry_errors;
} judge_resume;
int judge_resumed(const cJSON *rec, jsonl *in, void *arg);

/* The model judge: run over files; returns the exit status. */
typedef struct {
	http_opts http;		/* the engine: servers, key, concurrency, retries */
	char **base;		/* the judge servers, owned here (http.base_urls) */
	const char *model;
	int judge_retries, hybrid;
	long max_tokens;
	double temperature;
	double top_p;		/* < 0: not sent */
	long seed;
	int has_seed;		/* else no seed, but on asking again */
	const char *compat;	/* the published prompt (share/rubrics/NAME.tmpl)
				 * as a raw completion, read as published; NULL:
				 * our own question, read strictly */
	const char *rubric;
	char *key;		/* owned here (http.api_key) */
	const idset *done;	/* --resume: ids to skip, or NULL */
} llm_opts;

int llm_run(char **files, int nfiles, const llm_opts *o);

/*
 * LongWeave tasks judged by rules (longweave.c, one lw_TASK.c each): *mine
 * is 1 when the record is one of them, and its verdicts and scores are then
 * set; the return is REC_OK or REC_BAD.
 */
int longweave_rules(cJSON *rec, jsonl *in, int *mine);
int lw_rules_sr(cJSON *rec, jsonl *in);

#endif
