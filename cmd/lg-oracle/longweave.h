/*
 * longweave.h: lg-oracle's LongWeave writers, one per task in lw_TASK.c.
 * Each sets rec's "output" to the reference answer for the case, degraded
 * as the options ask, with the contract of oracle_longgenbench() in
 * oracle.h.
 */
#ifndef LG_ORACLE_LONGWEAVE_H
#define LG_ORACLE_LONGWEAVE_H

#include "oracle.h"

/* A task's writer: its name, as records give it, the writer, and the
 * units --repeat writes twice (oracle.h). */
typedef struct {
	const char *task;
	int (*fn)(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
	oracle_units units;
} lw_writer;

/* Each task's entry, lw_oracle_TASK, is defined in its lw_TASK.c and
 * declared next to writers[] in longweave.c, the only file that names it. */

#endif
