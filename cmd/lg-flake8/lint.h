/*
 * lint.h: flake8 and the parser helper, run on batches of files.
 *
 * fl_probe() asks flake8 for its version and plugins once per run.
 * fl_parse() runs one Python process over a batch of files: does each
 * compile, how many functions does Python's ast find in it, and (unless
 * --compat) a copy without "# noqa" comments beside it, NAME_l.py, for
 * flake8.  fl_lint() runs one flake8 over a batch and counts violations per
 * file and family.  A batch that fails is retried in halves, down to one
 * file, so one bad answer cannot cost the others their scores.  Strings in the structures
 * belong to them: fl_info_free(), fl_file_free().
 */
#ifndef LG_FLAKE8_LINT_H
#define LG_FLAKE8_LINT_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "sandbox.h"

/* The families the published scorer selects, in its order. */
#define FL_SELECT "E,W,F,B,N,SIM,C4"
enum { FAM_E, FAM_W, FAM_F, FAM_B, FAM_N, FAM_SIM, FAM_C4, NFAM };
extern const char *const fl_families[NFAM];

typedef struct {
	char *version;		/* flake8's version */
	char *python;		/* the interpreter flake8 runs on, e.g. "CPython 3.11.2" */
	cJSON *plugins;		/* {"pycodestyle": "2.10.0", ...} */
	int have[NFAM];		/* 1 when a plugin provides the family */
} fl_info;

typedef struct {
	int compiles;		/* compile() accepted it */
	long defs;		/* FunctionDef and AsyncFunctionDef nodes; -1: no parse */
	long defs_text;		/* occurrences of "def " (the published count) */
	char *error;		/* why it did not compile, or NULL */
	long count;		/* flake8 violations; -1: flake8 failed on it */
	long fam[NFAM];		/* violations per family */
	char *lint_error;	/* count -1: how flake8 failed */
	int limit;		/* count -1: flake8 or the parser helper went
				 * over its limits on it */
	int parse_failed;	/* the parser helper gave no answer for it */
} fl_file;

/* flake8 --version; 0, or -1 with *why set (caller frees). */
int fl_probe(char *const *flake8, fl_info *info, char **why);
void fl_info_free(fl_info *info);
/* What the interpreter at python is (implementation, version, build),
 * asked once: 0, or -1 with *why set (caller frees). */
int fl_python_id(const char *python, char **id, char **why);
/* The text of everything the counts of a file depend on besides the file:
 * the parser helper and the interpreter that runs it (python_id), the
 * flake8 command and options, flake8's version, interpreter and plugins
 * (caller frees). */
char *fl_lint_fingerprint(char *const *flake8, const char *python_id,
    int compat, const fl_info *info);

/* The wall-clock and CPU limit of each flake8 or parser run, in seconds;
 * each also gets 1 GiB of address space per process. */
void fl_limits(double timeout);
/* files are NAME.py paths under dir; strip writes NAME_l.py copies. */
void fl_parse(const char *python, const char *dir, char **files, size_t n,
    int strip, fl_file *out);
/* Cut n files of these sizes into at most k runs of about the same bytes:
 * chunk i is files at[i] to at[i + 1] - 1 (at holds k + 1); returns the
 * number of chunks. */
size_t fl_chunks(const size_t *sizes, size_t n, size_t k, size_t *at);
/* fl_parse() over the m chunks at[] gives, up to parallel runs at once. */
void fl_parse_par(const char *python, const char *dir, char **files, size_t n,
    int strip, fl_file *out, const size_t *at, size_t m, int parallel);
/* Each flake8 run is given --jobs=1 (the caller runs several at once). */
void fl_one_job(int on);
/* flake8 on files under dir; fills count and fam of out[i]. */
void fl_lint(char *const *flake8, const char *dir, char **files, size_t n,
    int compat, fl_file *out);
/* After a run over files failed with ret and why (fl_lint_result(), why
 * taken): one file gets the failure, more are done again in halves. */
void fl_lint_failed(char *const *flake8, const char *dir, char **files,
    size_t n, int compat, fl_file *out, int ret, char *why);
void fl_file_free(fl_file *f);

/*
 * The parts of fl_lint(), for running flake8 beside other jobs: the
 * command line (the array is the caller's, its strings are not), the run's
 * options, and the reading of its result: 0, or -1 with *why set (caller
 * frees) when the run failed and fl_lint_failed() should take over (-2
 * when it went over its limits).
 */
char **fl_lint_argv(char *const *flake8, char **files, size_t n, int compat);
void fl_lint_opts(sb_opts *o, const char *dir, size_t n);
int fl_lint_result(sb_result *r, char **files, size_t n, fl_file *out,
    char **why);

#endif
