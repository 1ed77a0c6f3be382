/*
 * unscored.h: records no scorer touched.  A record with no scores member
 * (or a null one) and no error went through no scoring stage and failed
 * in none (lg-gen | lg-prompt | lg-infer | lg-agg, say): it is unscored,
 * neither a 0 nor a failure, counted apart by lg-agg, lg-compare, lg-plot
 * and lg-report, which name how many and of which tasks, once, on stderr.
 * A tally owns its task names.
 */
#ifndef LG_UNSCORED_H
#define LG_UNSCORED_H

#include <cjson/cJSON.h>

#include "buf.h"

/* 1 when rec has no scores (absent or null) and no error. */
int unscored_rec(const cJSON *rec);

struct unscored {
	long n;			/* records */
	char **tasks;		/* "BENCH/TASK", sorted, each once */
	size_t ntasks;
};

/* Count rec (unscored_rec()) under its bench and task. */
void unscored_note(struct unscored *u, const cJSON *rec);
/* The sentence, without the program's name: "4 records of
 * longgenbench/diary were never scored (no scores, no error): score them
 * with lg-score"; nothing when none was counted. */
void unscored_say(const struct unscored *u, struct buf *b);
/* unscored_say() as a warning, when some record was unscored. */
void unscored_warn(const struct unscored *u);
void unscored_free(struct unscored *u);

#endif
