/*
 * jsonl.h: reading JSON Lines.
 *
 * A reader walks the files named on the command line (or stdin), one line at
 * a time, tracking the file name and line number.  CR before LF is dropped; a
 * last line without a newline is still a line.  Lines longer than the record
 * limit are skipped with a message and never held in memory whole.
 *
 * The reader owns the line it returns; the line is valid until the next call.
 * Parsed records returned by jsonl_next() belong to the caller (rec_free()
 * or cJSON_Delete(), the same); they carry their text (splice.h).  A byte-order
 * mark is skipped at the start of a file and refused anywhere else.
 */
#ifndef LG_JSONL_H
#define LG_JSONL_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "jsonscan.h"

#define JSONL_DEFAULT_MAX ((size_t)64 << 20)

/* Record size limit for readers opened from now on (--max-record). */
extern size_t jsonl_max;
/* The first size of their read buffer (at least 128 KiB; tests set less). */
extern size_t jsonl_buffer;

typedef struct jsonl jsonl;

/* Files to read (NULL or "-" means stdin); n == 0 reads stdin. */
jsonl *jsonl_open(char **files, int n);
void jsonl_free(jsonl *r);
void jsonl_set_max(jsonl *r, size_t max);
/*
 * Say nothing of bad lines and unreadable files (still counted): for a
 * first pass over input that another reader reports as it reads it.
 */
void jsonl_quiet(jsonl *r);
/*
 * Leave long values unparsed until rec_get() asks for them: for callers
 * that read records only through rec_get() and the rec_* getters.
 */
void jsonl_lazy(jsonl *r);
/* The same for every value, short ones too. */
void jsonl_lazy_all(jsonl *r);
/*
 * Records point at the reader's line instead of a copy of it: for callers
 * that free each record before they ask for the next.
 */
void jsonl_borrow(jsonl *r);
/*
 * Records without their top-level members named keys[0..n) (keys written
 * without escapes), as if the line had not held them; their values are
 * still checked.  For callers that never read those members and never
 * print a record back.  keys stays the caller's and must outlive r.
 */
void jsonl_skip(jsonl *r, const char *const *keys, size_t n);

/*
 * Lines lent to a pipe: a writer that hands long pieces of the line just
 * read to the pipe fd by vmsplice(), without copying them, names fd and
 * its count of the bytes it has put into it (jsonl_lend_to()), checks
 * that a piece lies in the line (jsonl_holds()) and, once it is in the
 * pipe, says up to where (jsonl_lent(): the count after it).  The reader
 * then writes no byte of its buffer again while the pipe may still read
 * it (FIONREAD): it goes on in another buffer instead.
 */
void jsonl_lend_to(jsonl *r, int fd, const unsigned long long *seq);
int jsonl_holds(const jsonl *r, const char *p, size_t n);
void jsonl_lent(jsonl *r, unsigned long long seq_end);

/*
 * Next raw line: 1 and the line and its length set, 0 at the end of all input.  A line
 * that is too long, holds NUL bytes or invalid UTF-8 is reported and counted
 * in jsonl_errors(); an unreadable file is reported and counted in
 * jsonl_syserrors().
 */
int jsonl_line(jsonl *r, char **line, size_t *len);

/*
 * Next record: a cJSON object, or NULL at the end.  Blank lines are skipped;
 * lines that are not a JSON object (strict RFC 8259, nested at most
 * JSONSCAN_MAX_DEPTH deep) are reported and skipped.
 */
cJSON *jsonl_next(jsonl *r);
/*
 * jsonl_next() that first offers each record that is an object of ASCII
 * text (no byte-order mark) to take(): its line and its top-level members
 * (valid until take returns).  When take returns nonzero the record was
 * taken whole and the next is read; else it is parsed and returned as
 * jsonl_next() returns it, *offered (when not NULL) set to 1 when take
 * was offered that record, 0 when not.  take NULL: jsonl_next().
 */
typedef int (*jsonl_take_fn)(void *arg, const char *line, size_t len,
    const jsonscan_member *m, size_t n);
cJSON *jsonl_next_take(jsonl *r, jsonl_take_fn take, void *arg,
    int *offered);

const char *jsonl_file(const jsonl *r);	/* display name of the current file */
long jsonl_lineno(const jsonl *r);
int jsonl_errors(const jsonl *r);
int jsonl_syserrors(const jsonl *r);

/* Make a pipe's buffer larger (when fd is one), for long records. */
void pipe_room(int fd);

/* Report a problem with the current record: "prog: FILE:LINE: msg". */
void jsonl_warn(jsonl *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Exit status for the input side: LG_SYS, LG_BAD or LG_OK. */
int jsonl_status(const jsonl *r);

#endif
