/*
 * resume.h: the ids of records already in the output of an earlier run
 * (--resume), so that a rerun appending to that file does only what is
 * left, and the ids of a run's input read so far, so that an id read
 * twice is refused.  An idset is a hash set of strings; it owns them
 * (idset_free).
 */
#ifndef LG_RESUME_H
#define LG_RESUME_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "jsonl.h"

typedef struct idset idset;

/* How the file ends: after a newline (or empty), with a whole record but
 * no newline, or in the middle of a record (cut by a kill). */
enum { TAIL_OK, TAIL_NOEOL, TAIL_CUT };

/*
 * -1 (and a message) when the file exists but cannot be read.  *tail says
 * how it ends and *keep is the length of its whole lines.  A file that does
 * not exist is an empty set (a first run).
 */
int idset_load(idset **out, const char *path, int *tail, long long *keep);
/* An empty set. */
idset *idset_new(void);
int idset_has(const idset *s, const char *id);
/* The same for an id of len bytes, which may hold NUL bytes. */
int idset_hasn(const idset *s, const char *id, size_t len);
void idset_free(idset *s);

/*
 * The ids of the resume file, exiting with status 3 when it cannot be read.
 * When standard output is that same file, it is first made to end after a
 * whole line: a record cut by a kill (the kernel may stop a write of more
 * than a page at a page boundary) is dropped, to be done again, and a
 * missing last newline is added.  Call before writing anything.
 */
idset *resume_load(const char *path);

/*
 * The same, where fn decides for each record of the file that has an id
 * whether it is done (RESUME_DONE) or to be done again (RESUME_TODO: its
 * id is left out of the set).  fn may refuse the whole resume itself, by
 * lg_die() (in is the file being read, for its line; NULL in the second
 * pass).  When standard output is the file, the lines of records to be
 * done again are dropped from it, in place, before anything is written, so
 * that the new records replace them.
 */
typedef int (*resume_filter)(const cJSON *rec, jsonl *in, void *arg);
idset *resume_load_filter(const char *path, resume_filter fn, void *arg);
/*
 * The same, and for each record done a note, note(rec, arg) (malloc'd;
 * NULL: none), kept with its id: what a record of the input must agree
 * with to be skipped as done, when that depends on the input (lg-infer:
 * the template its prompt was rendered from).
 */
typedef char *(*resume_noter)(const cJSON *rec, void *arg);
idset *resume_load_noted(const char *path, resume_filter fn, resume_noter note,
    void *arg);
/*
 * The note of the record done with rec's id (NULL: none), and the file and
 * line where that record is.  resume_noted(): whether s holds any note.
 */
const char *resume_note(const idset *s, const cJSON *rec, const char **file,
    long *line);
int resume_noted(const idset *s);

/*
 * For a filter: the record was made otherwise, as why says (malloc'd,
 * taken).  With redo, RESUME_TODO; else the record is reported (with in)
 * and the run ends with status 2 and the message what.
 */
int resume_changed(const cJSON *rec, jsonl *in, char *why, int redo,
    const char *what);

/*
 * Where rec stands for a run that needs ids (s may be NULL: no --resume):
 * RESUME_DONE when its id is in s, RESUME_TODO when not, RESUME_NOID when
 * it has no usable id (missing, not a string or empty: numbers are not
 * ids), to be reported with RESUME_NOID_MSG.  Ids compare whole, NUL
 * bytes included.
 */
enum { RESUME_TODO, RESUME_DONE, RESUME_NOID, RESUME_DUP };
#define RESUME_NOID_MSG "id: missing, not a string or empty (a record needs a string id)"
int resume_check(const idset *s, const cJSON *rec);

/*
 * resume_check() for the record just read from in, in a run of a tool
 * that can be resumed: every run, with --resume or not, keeps the ids it
 * has read in seen (from idset_new()), and a record whose id is there
 * already is RESUME_DUP, to be reported with resume_dup_warn(), dropped,
 * and the run to exit 1.  Two records of one id would be two records a
 * resume cannot tell apart: after a kill between them, the one written
 * would count for both.  The places kept name the reader's files: in must
 * outlive seen's use.
 */
int resume_next(const idset *done, idset *seen, const cJSON *rec, jsonl *in);
/*
 * For a tool whose input may hold several models' records of one case (a
 * judge's): from now on, for the whole process, records are told apart by
 * id and gen.model, in every function here.  Call before any set is made.
 */
void resume_by_model(void);
/* Report a RESUME_DUP at the line being read, with the line of the first. */
void resume_dup_warn(const idset *seen, const cJSON *rec, jsonl *in);

#endif
