/*
 * oracle.h: lg-oracle, the reference model.  main.c parses the options and
 * calls the writer of the record's benchmark, which sets "output" (the
 * answer).  main.c sets "gen".  Records of benchmarks without a writer pass
 * through untouched.
 */
#ifndef LG_ORACLE_H
#define LG_ORACLE_H

#include <stdint.h>
#include <cjson/cJSON.h>

#include "jsonl.h"
#include "rng.h"

typedef struct {
	double stop_at;		/* --stop-at: fraction of the answer written (1) */
	double forget_after;	/* --forget-after: instructions followed up to here (1) */
	double drop;		/* --drop: probability of missing each check (0) */
	long words;		/* --words: words per entry, 0 = as asked */
	uint64_t seed;		/* -s */
	const char *model;	/* --model: gen.model */
	double repeat;		/* --repeat: probability of writing a unit twice (0) */
} oracle_opts;

/*
 * Write the answer into rec.  r is seeded for this record from the options'
 * seed and the record's id, so answers do not depend on record order.
 * Return REC_OK, or REC_BAD after setting rec's error and warning with the
 * reader's position.
 */
int oracle_longgenbench(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int oracle_longweave(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
int oracle_adaleval(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
/*
 * --repeat (repeat.c): write each unit of rec's output twice with
 * probability o->repeat, drawing from r (its own generator, so the other
 * dials' draws do not move).
 */
void oracle_repeat(cJSON *rec, const oracle_opts *o, rng *r);
/*
 * The units of --repeat for a task: the answer is cut at sep; a piece is a
 * unit when it opens with opens, holds none of the bytes of avoid and has
 * words words or more.  sep NULL: the task has none (--repeat leaves its
 * answers alone).  Static data.
 */
typedef struct {
	const char *sep, *opens, *avoid;
	size_t words;
} oracle_units;
/* The units of LongWeave task task (its writer's entry), or NULL. */
const oracle_units *oracle_longweave_units(const char *task);

/* --list-tasks: one line per task with a writer (tasks.h). */
void oracle_longweave_tasks(void);
void oracle_adaleval_tasks(void);

#endif
