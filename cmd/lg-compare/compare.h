/*
 * compare.h: lg-compare, two runs paired by case.
 *
 * Each record is folded into its case (the "case" member when present,
 * for repeated samples, else the id) on its side, A or B, within its group
 * (the -g fields).  A case keeps a few numbers per side, never the record,
 * so memory grows with the number of cases.  The case table (ctab) owns
 * the groups and the cases; the statistics and the printers borrow them.
 */
#ifndef LG_COMPARE_H
#define LG_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "fields.h"
#include "jsonl.h"
#include "paired.h"

enum { FMT_TABLE, FMT_JSON };

/* Group values, case ids and the labels of A and B are keys (nulkey.h),
 * as field_value() gives them: whole, NUL bytes included. */
struct opts {
	struct field *fields;	/* the group fields */
	size_t nfields;
	struct field by;	/* --by: the field that tells A from B */
	int have_by;
	char *val[2];		/* --by FIELD=A,B: the two values, or NULL */
	char *baseline;		/* --baseline: the value that is A, or NULL */
	long resamples;		/* --bootstrap */
	uint64_t seed;
	long top;		/* cases listed per group */
	int fmt;
};

struct kase {
	char *id;
	size_t group;
	struct paired_side s[2];
	long nscore[2];		/* records of s[] with a score: all but
				 * LongGenBench ones with no decided check */
};

struct group {
	char **val;		/* one value per field */
	struct kase **cases;	/* paired and unpaired, sorted by id */
	size_t ncases;
	size_t npaired, only[2];
	size_t nund;		/* on both sides, undecided on one or both:
				 * left out */
	size_t nuns;		/* on both sides, a side never scored (no
				 * scores, no error): left out */
};

/* read.c */
typedef struct ctab ctab;
ctab *ctab_new(size_t nfields);
void ctab_free(ctab *t);
/* Fold a record into side (0 A, 1 B): 0, or -1 when bad (reported). */
int ctab_add(ctab *t, const cJSON *rec, jsonl *in, int side,
    const struct opts *o);
/* Finish: means over samples, groups sorted, cases sorted within them. */
struct group **ctab_groups(ctab *t, const struct opts *o, size_t *n);
/* Counts over all groups: cases per side, paired, and those on both
 * sides left out because a side has no decided record. */
void ctab_counts(ctab *t, size_t *cases, size_t *paired, size_t *undecided,
    size_t *unscored);
/* Each task and group whose records, on either side, were scored by two
 * definitions of the score (scoredef.h), said on stderr: 1 if one was. */
int ctab_defs_refused(const ctab *t);
/* The records never scored (unscored.h), said once on stderr. */
void ctab_warn_unscored(const ctab *t);
/* Nonzero when the case has records on side, decided or not. */
int case_ran(const struct kase *k, int side);
/* Nonzero when the case is on both sides, unpaired, and a side has only
 * records nothing scored (no scores, no error). */
int case_unscored(const struct kase *k);
/* Nonzero when both sides have a score (case_scored()): the cases of the
 * score row and of the changes. */
int case_scored(const struct kase *k);
/* Nonzero when its check lists pair check by check: one record a side,
 * lists of one length.  case_checks_differ(): one record a side, two lists
 * of different lengths (another version of the case or scorer), never
 * paired. */
int case_checks_paired(const struct kase *k);
int case_checks_differ(const struct kase *k);

/* stats.c: the rows of a group, as many as apply; returns how many (<= NMETRICS). */
size_t compare_group(const struct group *g, const struct opts *o,
    struct paired_row *rows);

/* print.c */
void print_all(struct group **g, size_t n, const struct opts *o,
    const char *label[2], size_t cases[2], size_t paired, size_t undecided,
    size_t unscored,
    long other);

#endif
