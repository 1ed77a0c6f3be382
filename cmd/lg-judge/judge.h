/*
 * judge.h: the parts of lg-judge.
 *
 * verdicts.c walks a LongGenBench record's checks, finds the entry each
 * one points at and builds its verdict; the rules (rules.c) decide at once,
 * the model (llm.c) later, through a callback.  verdicts_finish() tallies
 * the verdicts into scores.  Verdict objects belong to the record.  The
 * LongWeave tasks are in longweave.h; llm.c asks the model about their
 * items in batches (lw_ask.c builds the question and reads the reply).
 */
#ifndef LG_JUDGE_H
#define LG_JUDGE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "buf.h"
#include "http.h"
#include "jsonl.h"
#include "resume.h"

enum { JUDGE_RULES, JUDGE_MODEL, JUDGE_HYBRID };

/* Where a record was read, for messages (the reader may be ahead). */
typedef struct {
	const char *file;
	long line;
} judge_at;
/* "lg-judge: FILE:LINE: message" (main.c). */
void judge_warn(const judge_at *at, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A record this stage cannot judge: rec_failat() with stage "judge"
 * (verdicts.c). */
int judge_fail(cJSON *rec, const judge_at *at, const char *msg);

/* The default --judge-max-tokens of our own question. */
#define JUDGE_MAX_TOKENS 2048
/* The published LongWeave judge's decoding (config/task_config.yaml). */
#define JUDGE_LW_COMPAT_MAX_TOKENS 8192
#define JUDGE_LW_COMPAT_TEMPERATURE 0.7

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
 * touched.  *asked counts the callbacks made.  With JUDGE_RULES the
 * verdicts are written as text at once (a raw item, the same bytes the
 * objects would print) and tallied into scores here: verdicts_finish() is
 * for the other modes.
 */
int verdicts_start(cJSON *rec, const judge_at *in, int mode, ask_fn ask, void *arg,
    int *mine, int *asked, judge_counts *jc);
/*
 * Tally verdicts into scores: score over the decided checks; with none
 * decided no score, and a warning at in.
 */
void verdicts_finish(cJSON *rec, const judge_at *in);

/*
 * A record's parts (parts.c): at, off and len of each, indexed by
 * position once per record.  A parts_index is reused from record to
 * record; parts_free() releases it.
 */
typedef struct {
	long at, off, len;
} part;
typedef struct {
	part *p;
	size_t n, cap;
	size_t *idx;		/* position -> index + 1, 0: none */
	size_t nidx, idxcap;
} parts_index;
/*
 * Read the parts of rec: *isarray is set when it has a parts array; 1 and
 * a message in msg when a part is malformed ("parts[2].at: not a
 * non-negative integer"), else 0.
 */
int parts_load(parts_index *pi, const cJSON *rec, int *isarray, char *msg, size_t n);
/* The first part at position at, or NULL. */
const part *part_find(const parts_index *pi, long at);
void parts_free(parts_index *pi);

/*
 * A record's checks, when their text is exactly what lg-gen writes (keys
 * kind, at, want in that order, strings without escapes, at a whole
 * number): checks_exact() gives 1 and the list; 0 for any other text (or
 * a parsed member), to be read from the tree.  kind and want are offsets
 * of NUL-ended strings in text.  A list is reused from record to record.
 */
typedef struct {
	size_t kind, want;
	long at;
} check_at;
typedef struct {
	check_at *v;
	size_t n, cap;
	struct buf text;
} checks_list;
int checks_exact(const cJSON *rec, checks_list *cl);
void checks_free(checks_list *cl);

/*
 * Rules: 1 when text shows want.  Until the next call, the wanted words
 * not found can be added to a verdict, as an array "missing" (nothing
 * when none is missing), as an item or as text (",\"missing\":[...]").
 */
int rules_match(const char *text, size_t len, const char *want);
void rules_missing(cJSON *verdict);
void rules_missing_text(struct buf *b);
void rules_fini(void);

/* resumed.c: the --resume filter (resume.h), arg a judge_resume. */
typedef struct {
	const char *model;	/* the judge model; NULL under --rules */
	const char *compat;	/* the published prompt, or NULL */
	const char *cf_compat;	/* --cf-relevance: CF_COMPAT under --compat */
	int redo_changed, retry_errors;
	/* a model judge: its options, and what scores.judge names as the
	 * LongGenBench rubric (llm_rubric) */
	const struct llm_opts *llm;
	char *rubric_name;
	char rubric_sha[65];
} judge_resume;
int judge_resumed(const cJSON *rec, jsonl *in, void *arg);

/* How a judge question is decoded: what the request body says. */
typedef struct {
	long max_tokens;
	double temperature;
	double top_p;		/* < 0: not sent */
	long seed;
	int has_seed;		/* else no seed, but on asking again */
} judge_decoding;

/*
 * Add d to the request body b; attempt (0 the first ask) makes a question
 * asked again a new draw, and a new cache key: the seed plus attempt, or
 * attempt itself when no seed was asked for.
 */
void judge_decoding_add(cJSON *b, const judge_decoding *d, int attempt);
/*
 * manifest.c: what judged a record, as scores.judge (set when the record
 * has scores): by "rules", "model" or "hybrid"; the model (NULL under the
 * rules); the rubric's name and SHA-256 (NULL: none); the decoding (NULL:
 * none); compat, the published judge; timed, the seconds its model
 * requests took (scores.judge_s, beside scores.judge: no setting).
 */
typedef struct {
	const char *by, *model, *rubric, *sha256;
	const judge_decoding *dec;
	int compat;
	int timed;
	double seconds;
} judge_note;
void judge_manifest(cJSON *rec, const judge_note *n);
/* The SHA-256 of the rubric at a share path, read once ("-": unreadable). */
const char *judge_rubric_sha(const char *rel);
void judge_manifest_fini(void);

/* Append the message {role, content} to the array msgs. */
void judge_message(cJSON *msgs, const char *role, const char *content);

/*
 * --cf-relevance: the LongWeave cf relevance judge (lw_cf.h), its decoding:
 * the published one under --compat, else ours, unless options say
 * otherwise.
 */
typedef struct {
	int on;
	judge_decoding dec;
} cfrel_opts;

/* The model judge: run over files; returns the exit status. */
typedef struct llm_opts {
	http_opts http;		/* the engine: servers, key, concurrency, retries */
	char **base;		/* the judge servers, owned here (http.base_urls) */
	const char *model;
	int judge_retries, hybrid;
	int timed;		/* --judge-time: scores.judge_s */
	judge_decoding dec;	/* LongGenBench checks' */
	const char *compat;	/* the published prompt (share/rubrics/NAME.tmpl)
				 * as a raw completion, read as published; NULL:
				 * our own question, read strictly */
	int compat_marker;	/* --compat-prompt c: a chat question, the
				 * reply read by its "#*# Yes/No" marker
				 * (yesno_marker) */
	const char *rubric;
	int lw_compat;		/* LongWeave: the published judge */
	judge_decoding lw;	/* LongWeave: the decoding, ours or under
				 * --compat the published one (8192 tokens,
				 * 0.7, no top_p, no seed), unless an option
				 * says otherwise */
	cfrel_opts cf;		/* --cf-relevance */
	char *key;		/* owned here (http.api_key) */
	const idset *done;	/* --resume: ids to skip, or NULL */
} llm_opts;

/* A marker PREFIX-HEX (under 32 bytes) that text does not contain. */
void judge_fence(const char *text, const char *prefix, char fence[32]);

int llm_run(char **files, int nfiles, const llm_opts *o);
/*
 * The question about one LongGenBench check, from rubric (llm_rubric()'s
 * text): the entry text[0..len) (fenced unless o->compat) and want.
 * NULL and *err (caller frees) when the rubric does not render.
 */
char *llm_prompt(const llm_opts *o, const char *rubric, const char *text,
    size_t len, const char *want, char **err);
/* The LongGenBench rubric's text (malloc'd), its name (as given, or its
 * place in share; malloc'd) and SHA-256; exits when it cannot be read. */
char *llm_rubric(const llm_opts *o, char **name, char sha[65]);

/*
 * opts.c: the options into *a (zeroed first, then the defaults; the
 * decoding defaults of the mode chosen); the index of the first file.
 * Exits on a usage error, --help and --version.  main.c owns *a.
 */
typedef struct {
	llm_opts llm;		/* the model judge's options */
	judge_resume jr;	/* --redo-changed, --retry-errors */
	const char *resume;	/* --resume FILE */
	const char *keyfile;	/* --api-key-file */
	int rules;		/* --rules */
	int compat;		/* --compat */
	int definition;		/* --definition: LW_DEF_ value */
	int list_tasks;		/* --list-tasks */
	int dry_run;		/* --dry-run */
} judge_args;
int judge_parse(int argc, char **argv, judge_args *a);

/*
 * dryrun.c: --dry-run: per bench, task and length, the records, those an
 * earlier stage failed, the requests the judging chosen in a would send
 * and the most output tokens they may ask, tab-separated with a header
 * and a total row; nothing is sent.  An exit status.
 */
int judge_dry_run(const judge_args *a, char **files, int n);

#endif
