/*
 * infer.h: the parts of lg-infer.
 *
 * opts.c reads the options into an infer_opts (owned by main), run.c drives
 * the records through the record engine (engine.h: read ahead, window,
 * output) and the HTTP engine (http.h), resume.c knows the ids already
 * answered, resumed.c decides what --resume takes from its file,
 * request.c builds request bodies and the gen object, progress.c draws
 * the status and summary lines.
 */
#ifndef LG_INFER_H
#define LG_INFER_H

#include <pthread.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "bpe.h"
#include "http.h"
#include "jsonl.h"
#include "progress.h"
#include "resume.h"

typedef struct {
	char **base;		/* --base-url values, or from LG_BASE_URL */
	size_t nbase;
	const char *model;
	int completions;
	int stream;
	cJSON *params;		/* every decoding parameter, in sending order */
	const char *system;	/* --system */
	int parallel;
	http_opts net;		/* timeouts, retries, backoff, --max-reply (0:
				 * the engine's default), --insecure */
	int keep_order;
	const char *resume;
	int redo_changed;	/* --redo-changed */
	int retry_errors;	/* --retry-errors */
	const char *cache;
	const char *keyfile;	/* --api-key-file */
	char *key;		/* from --api-key-file or the environment */
	int quiet;
	char **files;
	int nfiles;
	int samples;		/* --samples K: records per case */
	long max_context;	/* --max-context; 0: none */
	const char *tokenizer;	/* --tokenizer */
	bpe *tok;		/* counts prompts for --max-context */
	int dry_run;		/* --dry-run: count, send nothing */
	const char *prices;	/* --prices, with --dry-run */
	const char *like;	/* --like, with --dry-run */
	const char *judge;	/* --judge, with --dry-run: lg-judge's options */
	const char *self;	/* argv[0], to find lg-judge beside it */
	const char *batch_requests;	/* --batch-requests FILE */
	const char *batch_results;	/* --batch-results FILE */
	int batch;		/* either: no server, whole replies */
	int batch_api;		/* --batch (or --batch-id): the Batch API */
	const char *batch_id;	/* --batch-id ID: pick up that batch */
	double batch_poll;	/* --batch-poll S: seconds between polls */
	char *batch_endpoint;	/* gen.endpoint of --batch's records, or NULL:
				 * "batch:FILE" */
	char *batch_name;	/* the results file in messages, or NULL: its
				 * path */
} infer_opts;

/*
 * opts.c: the options into *o (defaults first, the servers of
 * $LG_BASE_URL when no --base-url); the index of the first file.  Exits
 * on a usage error, --help and --version.
 */
int infer_parse(int argc, char **argv, infer_opts *o);
int infer_run(infer_opts *o);
/*
 * Can the record be sent?  NULL when it can, else the reason (a static
 * string); *pass is set for a record an earlier stage failed.  Called by
 * the reader, so that input messages come out in input order.
 */
const char *infer_check(const cJSON *rec, int *pass);

/* resumed.c: the --resume filter (resume.h), arg a resume_ctx. */
typedef struct {
	const infer_opts *o;
	const http_engine *e;
	const infer_opts *sopts;	/* per sample (samples.c), or NULL */
} resume_ctx;
int infer_resumed(const cJSON *rec, jsonl *in, void *arg);
/* The note kept with a record of the resume file (resume.h): its
 * gen.template as text, "unset" when it has none, NULL when unknown (not
 * made here, or by an lg older than gen.lg). */
char *infer_note(const cJSON *rec, void *arg);
/* What differs between the template noted for rec's id (at file:line of
 * the resume file) and rec's own, naming the id, the member and both
 * values (malloc'd); NULL: nothing. */
char *infer_template_changed(const cJSON *rec, const char *note,
    const char *file, long line);

/* request.c */
char *request_body(const infer_opts *o, const char *system, const char *prompt);
/*
 * The body of the request of rec (a record infer_check() passed), or NULL
 * when it is not to be sent (--max-context: rec has its error and gen);
 * *sys_opt is the --system text when it is the one sent, else NULL.
 */
char *request_prepare(const infer_opts *o, cJSON *rec, const char **sys_opt);
/* The gen of rec's answer (res): the request, what came back, and what
 * made it (lg's version, rec's template, the server's model and
 * fingerprint). */
cJSON *request_gen(const infer_opts *o, const char *system_opt,
    const cJSON *rec, const http_result *res);

/*
 * context.c: --max-context.  context_setup() opens the tokenizer (the
 * --tokenizer table, NULL for $LG_TOKENIZER); context_over() is 1, with
 * the record's error and gen set, when its prompt is too long to send.
 */
void context_setup(infer_opts *o, const char *tokenizer);
/* The tokens of s in b (0 for NULL or ""), -1 when s is too long to count. */
long context_tokens(bpe *b, const char *s);
void context_free(infer_opts *o);
int context_over(const infer_opts *o, cJSON *rec, const char *system,
    const char *sys_opt);

/*
 * samples.c: --samples K.  samples_opts() gives the options of each
 * sample (the run's, with the sample's seed), NULL when K is 1;
 * sample_of() those a record was made with (o unless it is a sample);
 * sample_copy() the record of sample k of a case.
 */
infer_opts *samples_opts(const infer_opts *o);
void samples_free(const infer_opts *o, infer_opts *v);
const infer_opts *sample_of(const infer_opts *o, const infer_opts *v,
    const cJSON *rec);
cJSON *sample_copy(const cJSON *rec, int k);

/*
 * dryrun.c: --dry-run: the table of what the run would send, per bench,
 * task and length, with its cost at most and expected when prices_path
 * names a price file (prices.h), the output expected (budget.c, like.c)
 * and with --judge the judging's requests (judgecost.c); o->tok must be
 * open.  An exit status.
 */
int infer_dry_run(infer_opts *o, const char *prices_path);

/*
 * budget.c: budget_target() is the output tokens a request of bench's
 * tier length is expected to write (the tier's target on LongGenBench and
 * LongWeave), -1 when unknown (Ada-LEval's tiers are input sizes);
 * budget_warn_tier() warns, once per bench and length, when no
 * --max-tokens is given on a tier whose target a server's default limit
 * (4096) would cut; budget_free() forgets what it warned of.
 */
long budget_target(const char *bench, const char *length);
void budget_warn_tier(const infer_opts *o, const char *bench,
    const char *length);
void budget_free(void);

/*
 * like.c: --like FILE, per bench, task and length the mean output tokens
 * of the answered records of an earlier run (gen.output_tokens, else the
 * output counted in o's tokenizer, opened into o->tok when needed);
 * like_mean() is -1 for a group the file has no answer of.
 */
typedef struct like like;
like *like_read(const char *path, infer_opts *o, int *status);
double like_mean(const like *l, const char *const key[3]);
void like_free(like *l);

/*
 * judgecost.c: --judge OPTS.  judgecost_new() is NULL without it;
 * judgecost_add() copies a record read for lg-judge; judgecost_run()
 * runs lg-judge --dry-run OPTS on the copy (an exit status: its own when
 * it fails, said on stderr); judgecost_get() gives a group's judge
 * requests, most output tokens and prompt tokens (0 when lg-judge counted
 * none of it),
 * 0 when there are none to give (no --judge, or lg-judge failed).
 */
typedef struct judgecost judgecost;
judgecost *judgecost_new(const infer_opts *o);
void judgecost_add(judgecost *j, const cJSON *rec);
int judgecost_run(judgecost *j, const infer_opts *o);
int judgecost_get(const judgecost *j, const char *const key[3],
    double *requests, double *out_max, double *prompt);
void judgecost_free(judgecost *j);

/*
 * batch.c: --batch-requests: each record's request, as lg-infer would send
 * it, to the file, one batch request line each; an exit status.  The
 * custom_id of a request: "ID#DIGEST", the record's id (unique in a run)
 * and the first BATCH_DIGEST hex digits of the body's SHA-256 (a string
 * item, NULs of the id kept).
 */
int infer_batch_requests(infer_opts *o);
#define BATCH_DIGEST 16
cJSON *batch_custom_id(const char *id, size_t idlen, const char *body);

/*
 * batchres.c: --batch-results FILE, the output of a batch.
 * batchres_open() reads the file's custom_ids and where their lines are
 * (a line that cannot be taken is reported and counted), dying when it
 * cannot be read; batchres_answer() calls fn back, at once, with the
 * result of rec's id as the HTTP engine would give it (a failure when
 * there is none, none that is a reply, or one to a request other than
 * body); batchres_unused() reports the
 * lines no record took and gives the count of lines reported, these and
 * the bad ones.
 */
typedef struct batchres batchres;
batchres *batchres_open(const infer_opts *o);
void batchres_answer(batchres *b, const cJSON *rec, const char *body,
    const char *file, long line, http_done_fn fn, void *user);
unsigned long batchres_unused(batchres *b);
void batchres_free(batchres *b);

/*
 * oaibatch.c: --batch: the requests written (infer_batch_requests()),
 * run by the server's Batch API (uploaded, created or picked up by
 * --batch-id, polled, downloaded) and the records written from the
 * results (infer_run()); an exit status.  The request and results files
 * are o->batch_requests and o->batch_results when given, else temporary
 * ones removed at exit.
 */
int infer_batch_api(infer_opts *o);
/* Remove --batch's temporary files (before dying of a signal). */
void infer_batch_unlink(void);

/* progress.c: lg-infer's line and summary on common/progress.h (st NULL:
 * a summary of --batch-results, which sends nothing) */
void progress_draw(progress *p, const http_stats *st, int force);
void progress_clear(progress *p);
void progress_summary(progress *p, const http_stats *st);

#endif
