/*
 * lgb_case.h: making one LongGenBench case.  The libraries (phrasings, events,
 * facilities, names) are loaded once per scenario and owned by lgb_libs;
 * lgb_libs_free() releases them.
 */
#ifndef LG_LGB_CASE_H
#define LG_LGB_CASE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "rng.h"

typedef struct {
	char **v;
	size_t n;
} lgb_list;

typedef struct {
	lgb_list phr[3];	/* phrasings: single, range, periodic */
	lgb_list item[3];	/* events or facilities for each kind */
	lgb_list names;		/* people (diary, menu) */
	char *example;		/* an example entry */
	char *task;
} lgb_libs;

typedef struct {
	const char *task, *tier, *type;
	int number, cols, words, year;
} lgb_spec;

enum { K_SINGLE, K_RANGE, K_PERIODIC };

int lgb_libs_load(lgb_libs *l, const char *task);
void lgb_libs_free(lgb_libs *l);
/* Fill rec with vars, checks and gold; 0, or -1 after a message. */
int lgb_make_case(const lgb_libs *l, const lgb_spec *sp, rng *r, cJSON *rec);
int lgb_words_for(long tokens, int number);

/*
 * --import: official dataset or result file to records; exit status.  Only
 * the tasks and tiers listed (NULL: all) are written, at most n of each
 * task and tier (n < 0: all); ids number every case of the file, written or
 * not.  model, when not NULL, goes into the gen of each result record; a
 * dataset file (no outputs) then is a usage error.
 */
typedef struct {
	char **tasks, **tiers;
	size_t ntasks, ntiers;
	long n;
	const char *model;
} lgb_import_opts;
int lgb_import(const char *path, const lgb_import_opts *io);

#endif
