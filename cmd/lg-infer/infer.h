/*
 * infer.h: the parts of lg-infer.
 *
 * main.c reads the options into an infer_opts (owned by main), run.c drives
 * the records through the engine of http.h, reader.c reads input records
 * in a thread of their own, resume.c knows the ids already answered,
 * resumed.c decides what --resume takes from its file,
 * request.c builds request bodies and the gen object, output.c writes
 * finished records, progress.c draws the status and summary lines.
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

/* reader.c: records read ahead by a thread, through a bounded queue. */
typedef struct {
	cJSON *rec;
	const char *file;	/* borrowed from argv or "-" */
	long line;
	int pass;		/* failed earlier and has no prompt: pass on */
	const char *bad;	/* why it cannot be sent (already reported) */
} inrec;

typedef struct reader reader;
/* wake is called (from the reader thread) when a record or the end arrives. */
reader *reader_start(char **files, int n, size_t cap, const idset *skip,
    void (*wake)(void *), void *arg);
/* 1 and *r filled, 0 when nothing is there now; *eof when all is read. */
int reader_take(reader *rd, inrec *r, int *eof);
/* Records skipped as already answered, and lines counted ahead (-1: unknown). */
void reader_counts(reader *rd, unsigned long *skipped, long *lines);
/* Join the thread and give the input's exit status (jsonl_status). */
int reader_finish(reader *rd);

/* request.c */
char *request_body(const infer_opts *o, const char *system, const char *prompt);
cJSON *request_gen(const infer_opts *o, const char *system_opt,
    const http_result *res);

/*
 * output.c: one write(2) per record, so a kill leaves whole lines.
 * output_line() prints a record (the caller frees it), output_write()
 * writes it with its newline.
 */
char *output_line(const cJSON *rec, size_t *len);
void output_write(const char *line, size_t len);

/* progress.c: lg-infer's line and summary on common/progress.h */
void progress_draw(progress *p, const http_stats *st, int force);
void progress_clear(progress *p);
void progress_summary(progress *p, const http_stats *st);

#endif
