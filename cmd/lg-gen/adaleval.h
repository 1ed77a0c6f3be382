/*
 * adaleval.h: the Ada-LEval tasks of lg-gen (Wang et al., NAACL 2024).
 * adaleval.c parses the options, loads the task's template and the
 * tokenizer, and asks the task for one case per tier and index; each task
 * lives in ada_TASK.c and is one entry of the table in adaleval.c.
 *
 * Lengths are tokens of the whole prompt as lg-prompt renders it from
 * share/templates/adaleval/TASK.tmpl, counted by the tokenizer of
 * --tokenizer or LG_TOKENIZER (cl100k_base), or approximately without one.
 */
#ifndef LG_GEN_ADALEVAL_H
#define LG_GEN_ADALEVAL_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "rng.h"

enum { GOLD_RANDOM, GOLD_FRONT, GOLD_MIDDLE, GOLD_REAR };

typedef struct {
	const char *corpus;	/* --corpus: books (tsort), Q&A JSON Lines */
	long stride;		/* --stride: paragraphs between case starts, 0 none */
	int gold_at;		/* --gold-at (bestanswer) */
	const char *truncate;	/* --truncate TIER (bestanswer), or NULL */
	long truncate_cap;	/* its token cap */
	uint64_t seed;		/* -s */
	long limit;		/* -n with --import: the first N elements, or -1 */
} ada_opts;

typedef struct {
	const char *tier;	/* 2k, 4k, ... */
	long cap;		/* the tier's token cap */
	long index;		/* 0..n-1 */
	const ada_opts *opts;
} ada_case;

/*
 * init loads what the task needs (once per run); gen fills rec (which has
 * id, bench, task, length, seed) with vars, checks and gold, drawing from
 * r: 0, -1 after a message (the case is bad), 1 when the corpus has no
 * more cases for the tier (the caller says so once and stops the tier).
 * import turns element idx of an official file (path, of tier) into a
 * record, owned by the caller, or NULL after a message naming the element.
 */
enum {	/* the options only some tasks take */
	ADA_STRIDE = 1,		/* --stride */
	ADA_GOLD_AT = 2,	/* --gold-at */
	ADA_TRUNCATE = 4	/* --truncate */
};

typedef struct {
	const char *name;
	const char *const *tiers;
	const long *caps;
	size_t ntiers;
	const char *deftiers;	/* -l when not given */
	const char *corpus;	/* what --corpus names, for the usage message */
	unsigned own;		/* ADA_STRIDE, ... : the task-only options it takes */
	const char *file;	/* official files: FILE_TIER.json, or NULL */
	const char *const *ftiers;	/* the tiers of the official files */
	size_t nftiers;
	int (*init)(const ada_opts *o);
	int (*gen)(const ada_case *c, cJSON *rec, rng *r);
	cJSON *(*import)(const cJSON *e, const ada_opts *o, const char *path,
	    const char *tier, size_t idx);
	void (*fini)(void);
	const char *defcorpus;	/* --corpus when not given, under share/, or
				 * NULL: the task needs one (or --import) */
} ada_task;

/* Each task's entry, ada_TASK, defined in its ada_TASK.c; tasks[] of
 * adaleval.c holds those of the task list (tasks.def). */

/* An id in an official file: a string, or an integer written in decimal;
 * NULL otherwise.  Caller frees. */
char *ada_id_of(const cJSON *v);
/* The id under key of element idx of an official file, or NULL after a
 * message when the element is not an object or has no such id. */
char *ada_element_id(const cJSON *e, const char *key, const char *path,
    size_t idx);
/* The start of an imported record: id, bench, task, length; caller frees. */
cJSON *ada_import_rec(const char *task, const char *tier, size_t idx);
/* Its import object: the file's base name and the element's index. */
cJSON *ada_import_from(cJSON *rec, const char *path, size_t idx);
/* Tokens of s[0..n) by the run's tokenizer. */
size_t ada_tokens(const char *s, size_t n);
/* The name of the run's tokenizer: "cl100k_base", or "approximate". */
const char *ada_tokenizer(void);
/* The task's prompt rendered from vars, as lg-prompt renders it; caller
 * frees.  NULL after a message when the template fails. */
char *ada_render(const cJSON *vars);
/* Tokens of the rendered prompt, or -1 after a message. */
long ada_prompt_tokens(const cJSON *vars);
/*
 * The prompt cut to cap tokens by keeping its first cap/2 and last cap -
 * cap/2 tokens (the middle goes); the whole prompt when it fits.  Needs an
 * exact tokenizer.  Caller frees.
 */
char *ada_truncate(const char *s, long cap);
/* Record the tokens and the tokenizer in gold. */
void ada_gold_tokens(cJSON *gold, long tokens);

#endif
