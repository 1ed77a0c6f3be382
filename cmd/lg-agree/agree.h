/*
 * agree.h: lg-agree, two judgings of the same answers compared item by
 * item (agreement and Cohen's kappa), and a sheet of judged items for a
 * person to label, read back as a third judging.
 *
 * A judging is the list of its records, each reduced to its group
 * (bench, task), id, model, line and the outcome of each verdict; the texts are
 * not kept.  The judging owns its records and their items.
 */
#ifndef LG_AGREE_H
#define LG_AGREE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "jsonl.h"

enum { FMT_TABLE, FMT_TSV, FMT_JSON };

/* The outcome of a verdict. */
enum { V_FAIL, V_PASS, V_UNDECIDED, V_UNJUDGED };

struct item {
	long idx;		/* its position in verdicts, or its "index" */
	const char *key;	/* what it judges: "kind at N", or NULL (the
				 * judging's names) */
	int v;			/* V_ */
};

/* Strings kept once each: a hash set of its own copies. */
struct names {
	char **slot;
	size_t cap, n;
	struct buf key;		/* a verdict's key being made */
};

struct jrec {
	const char *bench, *task;	/* "-" when absent (the judging's
				 * names) */
	char *id;		/* a key (nulkey.h) */
	const char *model;	/* gen.model, a key, or "-": the answers of
				 * two models to one case are two records
				 * (the judging's names) */
	long line;
	int failed;		/* an error from a stage */
	int sampled;		/* items carry "index": a labelled sample */
	int dup;		/* the id seen before on its side: left out */
	struct item *it;
	size_t n;
};

struct judging {
	const char *file;	/* display name */
	struct jrec *r;
	size_t n, cap;
	struct names *names;	/* the groups', models' and items' names,
				 * shared by the judgings compared (the
				 * caller's: names_free()) */
};

struct opts {
	long resamples;		/* -b */
	uint64_t seed;		/* -s */
	long top;		/* -n: disagreements listed per group */
	int fmt;
	long sheet;		/* --sheet N, 0 when not exporting */
	size_t cut;		/* --cut: bytes of text per cell */
	const char *by;		/* --by: the judge a sheet names */
};

/* read.c */
/* nulkey_of(), an empty string included; caller frees. */
char *key_of(const char *s, size_t len);
/* The key of a verdict: "kind at N" (kind or type, at or item), the
 * kind alone, or NULL; caller frees. */
char *verdict_key(const cJSON *v);
/* The outcome of verdict v: V_, or -1 when pass is not a boolean. */
int verdict_outcome(const cJSON *v);
/* " at N" for a verdict's place x, as %.15g writes it, appended to b. */
void verdict_at(struct buf *b, double x);
/* The kept copy of the caller's key k (freed when one was kept). */
const char *names_take(struct names *t, char *k);
/* The kept copy of the key made in t->key (the buffer's, when new). */
const char *names_made(struct names *t);
/* r appended to j's records (j owns what it holds now). */
void judging_add(struct judging *j, const struct jrec *r);
/* Read a judging from file ("-": the standard input); returns 0, or 1
 * when some records were bad (reported), LG_SYS on a read error. */
int judging_read(struct judging *j, const char *file);
void judging_free(struct judging *j);
void names_free(struct names *t);

/* fast.c: records of a plain shape read without a tree (jsonl_next_take()
 * with agree_take(), its arg an agree_fast of the judging and its reader);
 * the others are left to the whole reading. */
struct agree_fast *agree_fast_new(struct judging *j, jsonl *in);
void agree_fast_free(struct agree_fast *f);
int agree_take(void *arg, const char *line, size_t len,
    const jsonscan_member *m, size_t n);

/* agree.c */
/* An item where the two disagree. */
struct diff {
	const struct jrec *ra;
	const struct item *a, *b;
};

/* A paired record's table. */
struct pair {
	long n[4];
};

/* The pairs of one bench and task: borrowed texts, owned arrays. */
struct group {
	const char *bench, *task;
	size_t records, only[2], failed, mismatched;
	long undecided, unjudged;
	long n[4];
	struct pair *p;
	size_t np;
	struct diff *d;
	size_t nd;
	double k, lo, hi;
	long kdraws;		/* draws with a defined kappa */
};

/* The agreement of A and B, printed; returns the exit status. */
int agree(struct judging *a, struct judging *b, const struct opts *o);

/* Cohen's kappa of a 2x2 table: n[0] both pass, n[1] A pass B fail,
 * n[2] A fail B pass, n[3] both fail; NAN when not defined (no items,
 * or both judges gave one and the same answer to every item). */
double kappa(const long n[4]);

/* print.c: the groups as a table, TSV or JSON Lines. */
void agree_print(const struct group *g, size_t ng, const struct judging *a,
    const struct judging *b, const struct opts *o);

/* sheet.c */
/* s[0..len) as one TSV cell: \\, \t, \n, \r and other control bytes
 * as \xHH; appended to b. */
void tsv_escape(struct buf *b, const char *s, size_t len);
int sheet_export(char **files, int nfiles, const struct opts *o);
int sheet_import(char **files, int nfiles, const struct opts *o);

#endif
