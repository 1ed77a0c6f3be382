/*
 * longweave.h: the LongWeave tasks of lg-gen.  longweave.c parses options,
 * makes one case per task, tier and index, and calls the task's function to
 * fill the record's vars, checks and gold.  Each task lives in lw_TASK.c.
 */
#ifndef LG_GEN_LONGWEAVE_H
#define LG_GEN_LONGWEAVE_H

#include <stdint.h>
#include <cjson/cJSON.h>

#include "rng.h"

/*
 * An option of a task, --NAME ARG, parsed into the task's own variable: a
 * number in [min, max] into *num, else a fraction into *frac, else the
 * argument into *str.  The task's variable holds its default (0 for a
 * difficulty knob: the tier's published size).  Tasks may take an option
 * of one name (--words): it sets each one's variable.  A table of them
 * ends with a NULL name.
 */
typedef struct {
	const char *name;
	long min, max;
	long *num;
	double *frac;
	const char **str;
} lw_option;

/* The knobs' ranges, each the task's option entry's. */
#define LW_MAX_ENTRIES		1000000
#define LW_MAX_KEY		1000000	/* --key-length, --value-length */
#define LW_MAX_STEPS		1000000
#define LW_MAX_SEGMENTS		10000
#define LW_MAX_SEGMENT_WORDS	100000
#define LW_MAX_CODE_TOKENS	1000000
#define LW_MAX_ROWS		100000
#define LW_MAX_FACTS		10000
#define LW_MAX_RECORDS		100000
#define LW_NW_CATEGORIES	10	/* the rubric's */
#define LW_MAX_STATEMENTS	10000	/* per category */
#define LW_MAX_WORDS		100000
#define LW_MAX_ANSWER		(64L << 20)	/* kvg: bytes of the dictionary */

typedef struct {
	const char *task;	/* kvg, sms, pr, cf, biog */
	const char *tier;	/* 1k, 2k, 4k, 8k */
	int tier_index;		/* 0..3 */
	long index;		/* 0..n-1 */
	const char *published_id;	/* e.g. GEN_KV_DICT/1k_0 */
	uint32_t seed;		/* the case seed the rng was seeded with */
} lw_case;

/*
 * Fill rec (which already has id, bench, task, length, seed, published_id)
 * with vars, checks and gold, drawing from r.  Return 0, or -1 after
 * reporting a problem with lg_warn() (the run then exits 1 or 3).
 * init/fini, when set, run once per run (load a corpus, say); options
 * are the task's own (its variables set before init).
 */
typedef struct {
	const char *name;	/* our name, as -t takes it */
	const char *published;	/* the published task name in sample ids */
	int (*init)(void);
	int (*gen)(const lw_case *c, cJSON *rec, rng *r);
	void (*fini)(void);
	/* the task's options, or NULL; check, when set, checks them
	 * together after parsing (exits LG_USAGE with a message when they
	 * do not fit) */
	const lw_option *options;
	void (*check)(void);
} lw_task;

/* Each task's entry, lw_TASK, is defined in its lw_TASK.c, with named
 * fields; tasks[] of longweave.c holds those of the task list (tasks.def),
 * and lg-gen does not link without one (lg-judge's entries are
 * judged_TASK, lg-oracle's lw_oracle_TASK). */

/*
 * The lines of the share file rel that are not comments (starting with
 * '#'), NULL-terminated, each and the array owned by the caller; NULL after
 * a warning that names what (e.g. "cf library") when it cannot be read.
 */
char **lw_read_list(const char *rel, const char *what, size_t *n);

#endif
