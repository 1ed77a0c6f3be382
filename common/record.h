/*
 * record.h: reading fields of a record and writing records out.
 *
 * Records are cJSON objects owned by the caller.  rec_set() takes ownership
 * of the value it is given and replaces a field in place (keeping the order
 * of fields) or appends it.  The getters return borrowed pointers into the
 * record.
 */
#ifndef LG_RECORD_H
#define LG_RECORD_H

#include <cjson/cJSON.h>

#include "jsonl.h"
#include "tasklist.h"

cJSON *rec_get(const cJSON *rec, const char *key);
const char *rec_str(const cJSON *rec, const char *key);	/* NULL unless a string */
/* Number field as a long; def when absent or not an integral number. */
long rec_long(const cJSON *rec, const char *key, long def);
/* Number field; def when absent or not a number. */
double rec_num(const cJSON *rec, const char *key, double def);
cJSON *rec_obj(cJSON *rec, const char *key);	/* object field, created if absent */
const char *rec_id(const cJSON *rec);		/* the id, or "(no id)" */
/*
 * A string field whole, NUL bytes included (the record's text is decoded
 * again when the string holds \u0000): NULL unless a string; the length
 * in *len.  The bytes belong to the record.
 */
const char *rec_strn(const cJSON *rec, const char *key, size_t *len);
/* The id whole (rec_strn), or NULL when it is missing or not a string. */
const char *rec_idn(const cJSON *rec, size_t *len);

/* Nonzero when the record's bench and task are these. */
int rec_is(const cJSON *rec, const char *bench, const char *task);
/*
 * The answer a scorer scores: the output string, or "" when there is none
 * (an empty answer scores 0).  *why is set to the problem to report, or
 * NULL: "output: not a string", or "output: missing" unless an earlier
 * stage's error already says why there is none.
 */
const char *rec_answer(const cJSON *rec, const char **why);
/* The same, whole: NUL bytes included, its length in *len. */
const char *rec_answer_len(const cJSON *rec, size_t *len, const char **why);

/*
 * Records read by jsonl_next() keep their text: members a stage does not
 * touch are written back byte for byte as they came.  rec_set(), rec_obj(),
 * rec_del() and rec_error() mark what they change; a stage that changes a
 * member's value in place by other means calls rec_touch() on its key.
 */
void rec_touch(cJSON *rec, const char *key);
void rec_del(cJSON *rec, const char *key);	/* remove a member */
void rec_set(cJSON *rec, const char *key, cJSON *val);
void rec_set_str(cJSON *rec, const char *key, const char *s);
void rec_set_num(cJSON *rec, const char *key, double v);

/* Set "error": {"stage": stage, "message": msg} (formatted). */
void rec_error(cJSON *rec, const char *stage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * The record as one compact line, without the newline, and its length:
 * untouched members as they were read, the rest printed (jprint.h).  The
 * caller frees the text.
 */
char *rec_print(const cJSON *rec, size_t *len);
/* A value for a message: v as compact JSON (rec_print), or absent when v
 * is NULL; the caller frees the text. */
char *rec_shown(const cJSON *v, const char *absent);
/* Write the record as one line to stdout. */
void rec_write(cJSON *rec);
/* Free a record (from jsonl_next() or made by the caller): cJSON_Delete(). */
void rec_free(cJSON *rec);

/*
 * A filter: read every record from files (stdin when n == 0), call fn on it,
 * write it unless fn returned REC_DROP, and free it.  fn returns REC_OK,
 * REC_BAD (the record was written with a problem already reported),
 * REC_DROP, or REC_DROP_BAD (not written, a problem already reported).  Returns the exit status for the run, stdout checked.
 */
enum { REC_OK, REC_BAD, REC_DROP, REC_DROP_BAD };

/*
 * A stage fails on a record: warn at the reader's position as "ID:
 * message", and set the record's error to {stage, message} unless it has
 * one already.  The one rule: the first error is the cause, so an earlier
 * stage's error is kept and later stages only warn.  Returns REC_BAD.
 */
int rec_fail(cJSON *rec, jsonl *in, const char *stage, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same for a record read earlier, at FILE:LINE. */
int rec_failat(cJSON *rec, const char *file, long line, const char *stage,
    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
typedef int (*rec_fn)(cJSON *rec, jsonl *in, void *arg);
int rec_filter(char **files, int n, rec_fn fn, void *arg);

/* The --max-record option: set jsonl_max, or exit 2 with a message. */
void opt_max_record(const char *arg);
/*
 * The command line of a scoring filter that takes no options but these:
 * --compat (sets *compat to 1), --max-record, --list-tasks (the tasks
 * t[0..n), tasks.h), --help (usage on stdout, exit 0) and --version;
 * anything else prints usage on stderr and exits 2.  Returns the index in
 * argv of the first file operand.
 */
int rec_filter_opts(int argc, char **argv, const char *usage,
    const lg_task *t, size_t n, int *compat);

/*
 * A scoring filter's main(): its usage and tasks, its options (parse,
 * which returns the index of the first file operand as rec_filter_opts()
 * does, into arg; NULL: rec_filter_opts() into an int compat of its own,
 * handed to fn), what to set up before the records and free after (or
 * NULL), and fn, called on each record as by rec_filter().
 */
typedef struct rec_scorer {
	const char *usage;
	const lg_task *tasks;
	size_t ntasks;
	int (*parse)(int argc, char **argv, const struct rec_scorer *s,
	    void *arg);
	void *arg;
	void (*init)(void), (*fini)(void);
	rec_fn fn;
} rec_scorer;
/* lg_init(), the options, init, the records through fn, fini: the exit
 * status of main(). */
int rec_filter_main(int argc, char **argv, const rec_scorer *s);

#endif
