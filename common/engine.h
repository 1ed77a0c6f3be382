/*
 * engine.h: the record engine of the tools that send requests (lg-infer,
 * lg-judge's model path).
 *
 * A reader thread reads the input records ahead of the work, so that a
 * slow producer upstream never holds up transfers in flight, and hands
 * them over through a queue of bounded size (the loop is woken when the
 * queue stops being empty, the reader when it is half empty again: not a
 * wake-up per record).  The loop (engine_run) takes
 * records while there is room, gives each to the tool (start), steps the
 * HTTP engine, and writes each record the tool says is finished
 * (engine_done): at once, or with keep_order in its input turn.  At most
 * window records are begun and not written, so memory is bounded by the
 * work in flight, not by the input.  One writer: each record goes out with
 * one writev(2), unbuffered, so a kill cuts at most the record being
 * written.
 *
 * No global state: everything is in the engine; several may run.
 * Threads: check runs in the reader thread (so that its messages come out
 * in input order); every other callback in the thread of engine_run.
 * Ownership: the engine owns each job and its record; the tool may change
 * the record until engine_done(), after which both are gone.
 */
#ifndef LG_ENGINE_H
#define LG_ENGINE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "http.h"
#include "resume.h"

typedef struct engine engine;

typedef struct {
	cJSON *rec;
	const char *file;	/* where the record was read (borrowed) */
	long line;
	int pass;		/* check said: pass it on as it is */
	const char *bad;	/* check said: it cannot be worked (reported) */
	void *user;		/* the tool's, freed by the tool */
	unsigned long seq;	/* input order, from 0 */
	int ready;		/* private */
} engine_job;

typedef struct {
	char **files;		/* input files (borrowed); none: stdin */
	int nfiles;
	const idset *skip;	/* ids already done (--resume), or NULL */
	size_t ahead;		/* records read ahead at most (0: 16) */
	size_t window;		/* records begun and not written at most */
	int keep_order;		/* write in input order */
	http_engine *http;	/* stepped by the loop, woken by the reader;
				 * NULL: the tool finishes records itself
				 * (at once, or in turn) */
	int step_ms;		/* longest wait in http_step (0: 250) */
	/*
	 * In the reader thread: NULL when the record can be worked, else why
	 * not (a static string, reported at the record's position); *pass set
	 * for a record to pass on untouched.  NULL: every record is worked.
	 */
	const char *(*check)(const cJSON *rec, int *pass);
	/* Begin a record; the tool calls engine_done() now or later. */
	void (*start)(void *arg, engine *e, engine_job *j);
	/* Room for one more record besides the window?  NULL: yes. */
	int (*room)(void *arg);
	/* Called at each turn of the loop (signals, progress, fail fast). */
	void (*turn)(void *arg, engine *e);
	/*
	 * In the reader thread, with copies > 1: each record that can be
	 * worked becomes copies records, copy(arg, rec, k) for k = 1 ..
	 * copies (new records, with ids of their own: --resume skips each
	 * one done); the record read is freed.  A record passed on or
	 * refused by check goes through once, as read.
	 */
	int copies;
	cJSON *(*copy)(void *arg, const cJSON *rec, int k);
	/*
	 * In the reader thread, for a record done (skip) whose id has a note
	 * (resume_load_noted(): from the record done at file:line): NULL
	 * when it is done as this run would do it, else why not (malloc'd),
	 * reported at the record's position, and the resume is refused: the
	 * input is read no further, records not begun are dropped, and
	 * engine_run() returns LG_USAGE.  When every input is a regular file
	 * the whole input is checked so before any record is begun.
	 */
	char *(*resumed)(void *arg, const cJSON *rec, const char *note,
	    const char *file, long line);
	/* The line of a finished record (malloc'd); NULL: rec_print. */
	char *(*print)(void *arg, cJSON *rec, size_t *len);
	void *arg;
} engine_opts;

/* Start the reader thread. */
engine *engine_new(const engine_opts *o);
/*
 * Work every record; returns the input's exit status (LG_OK, LG_BAD when a
 * line was refused or a record had no id to resume by, or the id of an
 * earlier one: resume_next(), LG_SYS, LG_USAGE when resumed refused one).
 */
int engine_run(engine *e);
/* The record is finished: out it goes, now or in its turn. */
void engine_done(engine *e, engine_job *j);
/* Records skipped as done, and input lines counted ahead (-1: unknown). */
void engine_counts(engine *e, unsigned long *skipped, long *lines);
/* Records begun and not written yet. */
unsigned long engine_unwritten(const engine *e);
/* Join the reader, free what is left. */
void engine_free(engine *e);

#endif
