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

cJSON *rec_get(const cJSON *rec, const char *key);
const char *rec_str(const cJSON *rec, const char *key);	/* NULL unless a string */
/* Number field as a long; def when absent or not an integral number. */
long rec_long(const cJSON *rec, const char *key, long def);
double rec_num(const cJSON *rec, const char *key, double def);
cJSON *rec_obj(cJSON *rec, const char *key);	/* object field, created if absent */
const char *rec_id(const cJSON *rec);		/* the id, or "(no id)" */

/* Nonzero when the record's bench and task are these. */
int rec_is(const cJSON *rec, const char *bench, const char *task);
/*
 * The answer a scorer scores: the output string, or "" when there is none
 * (an empty answer scores 0).  *why is set to the problem to report, or
 * NULL: "output: not a string", or "output: missing" unless an earlier
 * stage's error already says why there is none.
 */
const char *rec_answer(const cJSON *rec, const char **why);

void rec_set(cJSON *rec, const char *key, cJSON *val);
void rec_set_str(cJSON *rec, const char *key, const char *s);
void rec_set_num(cJSON *rec, const char *key, double v);

/* Set "error": {"stage": stage, "message": msg} (formatted). */
void rec_error(cJSON *rec, const char *stage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Write the record as one compact line to stdout.  Its integral numbers
 * become raw JSON text on the way (the same output, printed faster): write
 * a record last, just before deleting it.
 */
void rec_write(cJSON *rec);

/*
 * A filter: read every record from files (stdin when n == 0), call fn on it,
 * write it unless fn returned REC_DROP, and free it.  fn returns REC_OK,
 * REC_BAD (the record was written with a problem already reported) or
 * REC_DROP.  Returns the exit status for the run, stdout checked.
 */
enum { REC_OK, REC_BAD, REC_DROP };
typedef int (*rec_fn)(cJSON *rec, jsonl *in, void *arg);
int rec_filter(char **files, int n, rec_fn fn, void *arg);

/* A size: bytes, or with a k, M or G suffix ("64M"); -1 on junk. */
int parse_size(const char *s, size_t *out);
/* The --max-record option: set jsonl_max, or exit 2 with a message. */
void opt_max_record(const char *arg);

#endif
