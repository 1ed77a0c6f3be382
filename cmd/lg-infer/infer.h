/*
 * infer.h: the parts of lg-infer.
 *
 * main.c reads the options into an infer_opts (owned by main), run.c drives
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
	double connect_timeout, idle_timeout, timeout;
	int retries;
	double backoff_base, backoff_max;
	size_t max_reply;	/* --max-reply; 0: the engine's default */
	int keep_order;
	const char *resume;
	int redo_changed;	/* --redo-changed */
	int retry_errors;	/* --retry-errors */
	const char *cache;
	char *key;		/* from --api-key-file or the environment */
	int insecure;
	int quiet;
	char **files;
	int nfiles;
} infer_opts;

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
} resume_ctx;
int infer_resumed(const cJSON *rec, jsonl *in, void *arg);

/* request.c */
char *request_body(const infer_opts *o, const char *system, const char *prompt);
cJSON *request_gen(const infer_opts *o, const char *system_opt,
    const http_result *res);

/* progress.c: lg-infer's line and summary on common/progress.h */
void progress_draw(progress *p, const http_stats *st, int force);
void progress_clear(progress *p);
void progress_summary(progress *p, const http_stats *st);

#endif
