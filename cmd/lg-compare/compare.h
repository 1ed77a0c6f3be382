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

#include "jsonl.h"

enum { FMT_TABLE, FMT_JSON };

/* A dotted path into the record (-g and --by). */
struct field {
	char *path;
	char **parts;
	size_t nparts;
};

struct opts {
	struct field *fields;	/* the group fields */
	size_t nfields;
	struct field by;	/* --by: the field that tells A from B */
	int have_by;
	char *val[2];		/* --by FIELD=A,B: the two values, or NULL */
	long resamples;		/* --bootstrap */
	uint64_t seed;
	long top;		/* cases listed per group */
	int fmt;
};

/* The per-case numbers of one side, summed over its records (samples). */
enum { C_SCORE, C_CR, C_PASS, C_JUDGED, C_TOTAL, C_CHK, C_NCHK, NCOMP };

struct side {
	long nrec;		/* records folded in */
	long failed;		/* of which failed (error, or no scores) */
	long lgb;		/* of which carried LongGenBench counts */
	double c[NCOMP];	/* sums; divided by nrec once read */
	unsigned char *chk;	/* pass per check, one record only */
	long nchk;		/* -1: no check list to pair */
};

struct kase {
	char *id;
	size_t group;
	struct side s[2];
};

struct group {
	char **val;		/* one value per field */
	struct kase **cases;	/* paired and unpaired, sorted by id */
	size_t ncases;
	size_t npaired, only[2];
};

/* fields.c */
int field_parse(const char *path, struct field *f);
void field_free(struct field *f);
int fields_parse(const char *list, struct opts *o);
void fields_free(struct opts *o);
/* The value at f as text ("-" when absent); -1 for an object or array. */
int field_value(const cJSON *rec, const struct field *f, char **out);

/* read.c */
typedef struct ctab ctab;
ctab *ctab_new(size_t nfields);
void ctab_free(ctab *t);
/* Fold a record into side (0 A, 1 B): 0, or -1 when bad (reported). */
int ctab_add(ctab *t, const cJSON *rec, jsonl *in, int side,
    const struct opts *o);
/* Finish: means over samples, groups sorted, cases sorted within them. */
struct group **ctab_groups(ctab *t, const struct opts *o, size_t *n);
/* Counts over all groups: cases per side, paired. */
void ctab_counts(ctab *t, size_t *cases, size_t *paired);

/* stats.c: one row of the comparison */
enum { M_SCORE, M_CR, M_STIC1, M_STIC2, M_WAVG, M_CHECKS, NMETRICS };
extern const char *const metric_name[NMETRICS];

struct row {
	int metric;
	size_t cases;		/* paired cases that count */
	int defined;		/* 0: a denominator is zero */
	double a, b, diff, lo, hi, p;
	int have_ci;
	const char *test;	/* "perm" or "mcnemar" */
	long ab, ba;		/* McNemar: pass in A only, in B only */
};

/* The rows of a group, as many as apply; returns how many (<= NMETRICS). */
size_t compare_group(const struct group *g, const struct opts *o,
    struct row *rows);
/* Two-sided exact McNemar (binomial) p-value for b and c discordant pairs. */
double mcnemar_p(long b, long c);
/* The q quantile of sorted v[0..n), linear interpolation. */
double quantile(const double *v, size_t n, double q);

/* print.c */
void print_all(struct group **g, size_t n, const struct opts *o,
    const char *label[2], size_t cases[2], size_t paired, long other);

#endif
