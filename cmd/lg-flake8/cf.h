/*
 * cf.h: lg-flake8's shared state.  main.c reads records in batches and
 * runs the tools over each batch; score.c turns what they found for one
 * record into its "scores".  An item owns its strings and results; the
 * record belongs to the batch until it is written.
 */
#ifndef LG_FLAKE8_CF_H
#define LG_FLAKE8_CF_H

#include <cjson/cJSON.h>

#include "carry.h"
#include "lint.h"
#include "sandbox.h"
#include "tasklist.h"

/* --definition: the published code's total, or the paper's metrics */
enum { CF_DEF_CODE, CF_DEF_PAPER };

typedef struct {
	int compat;		/* --compat: the published scorer */
	int def;		/* --definition: CF_DEF_ value */
	char *python;		/* --python, resolved to a path */
	char **flake8;		/* --flake8 split into argv, NULL-terminated */
	double timeout;		/* --timeout: wall-clock seconds per answer */
	int jobs;		/* -j: runs at once */
	int prep;		/* --prepare: the originals only, into the
				 * records (and the cache) */
	const char *cache_dir;	/* --cache, NULL: the default place */
	int cache_off;		/* --no-cache */
} cf_opts;

/* Read the options into o (its strings owned, see cf_opts_free()); exits
 * with a message on a bad one.  The index of the first operand. */
/* The tasks it scores (opts.c): --list-tasks, and which records are its. */
extern const lg_task cf_tasks[];
extern const size_t cf_ntasks;

int cf_parse(int argc, char **argv, cf_opts *o);
void cf_opts_free(cf_opts *o);
/* Free a NULL-terminated vector of strings and the strings. */
void cf_free_words(char **v);

typedef struct {
	cJSON *rec;
	char *file;		/* where the record was read */
	long line;
	int ours;		/* a longweave cf record with what scoring needs */
	char *code;		/* the extracted code */
	size_t code_len;	/* its length (it may hold NULs) */
	int how;		/* EX_ value */
	const char *orig;	/* vars.code, borrowed from rec */
	long gold_defs;		/* gold.functions, -1 if absent */
	fl_file fix, org;	/* parser and flake8 findings */
	cf_carry carry;		/* what the record carries of its original */
	sb_result run;		/* the sandboxed run */
	int ran;
} cf_item;

/* Set rec's "scores" from what the tools found. */
void cf_score(cf_item *it, const cf_opts *o, const fl_info *info);
/* Zero scores for a record that could not be scored. */
void cf_score_zero(cJSON *rec, const cf_opts *o);

#endif
