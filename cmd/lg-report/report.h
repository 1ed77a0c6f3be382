/* report.h: the parts of lg-report's page (owned by lg-report). */
#ifndef LG_REPORT_H
#define LG_REPORT_H

#include <stddef.h>

#include <cjson/cJSON.h>
#include <stdio.h>

#include "buf.h"

/* The style sheet and the script of the page, constant text. */
extern const char report_css[];
extern const char report_js[];

/* Append s escaped for HTML text and attribute values. */
void html_esc(struct buf *b, const char *s);

/* Append the record-derived JSON text j for a <script> block: every '<'
 * written \u003c, so no "</script>" or "<!--" can end or change the block. */
void html_json(struct buf *b, const char *j);

/* Append s percent-encoded as encodeURIComponent() does (UTF-8 bytes
 * %XX but letters, digits and -_.!~*'()), for a page address. */
void url_esc(struct buf *b, const char *s);

/* Append text s escaped for the inside of a JavaScript string literal
 * between double quotes, which reads back as s: '"' and '\\' escaped;
 * '<', '>', the control characters, U+2028 and U+2029 written \uXXXX, so
 * that no "</script>", "<!--" or line end can end the string or the
 * script that holds it. */
void js_esc(struct buf *b, const char *s);

/* outdir.c: the report as a folder (-o DIR): DIR/index.html, the page
 * without the cases' details, and DIR/cases/NNNN.js, the details in
 * chunks of up to OUTDIR_CASES cases (or OUTDIR_BYTES bytes) that the page
 * loads when a case of theirs is opened.  Everything is written in a
 * hidden folder beside DIR and renamed DIR once whole; on a failure it is
 * removed. */
#define OUTDIR_CASES 256
#define OUTDIR_BYTES ((size_t)1 << 20)

struct outdir {
	char *dir;		/* as named */
	char *stage;		/* the hidden folder written */
	FILE *chunk;		/* the chunk being written, or NULL */
	size_t bytes;		/* written to it */
	long incur;		/* cases in it */
	long *first;		/* the first case of each chunk */
	long nchunks;
	size_t cap;
};

/* Check that DIR can be made (it does not exist, or is an empty folder)
 * and make the hidden folder; -1 after a message. */
int outdir_open(struct outdir *d, const char *dir);
/* Case n's details, JSON text j; -1 when a write failed. */
int outdir_case(struct outdir *d, long n, const char *j);
/* Close the last chunk and open DIR's page for writing (NULL after a
 * message). */
FILE *outdir_page(struct outdir *d);
/* The page f written: close it and rename the folder DIR; -1 after a
 * message, the folder removed. */
int outdir_commit(struct outdir *d, FILE *f);
/* Remove what was written (after a failure), and free d. */
void outdir_abort(struct outdir *d);
void outdir_free(struct outdir *d);

/* cases.c: the case list and each case's details.  Names and ids are
 * keys (nulkey.h): whole, NUL bytes included. */
struct rgroup {
	char *bench, *task, *length, *model;
	long repeats;		/* records repeating an id, without a case */
	int anon;		/* its records name no model */
};

struct seen {			/* a record without a case member */
	size_t g;		/* its group, an index into the groups */
	char *key;		/* its id */
};

struct report {
	struct rgroup *g;	/* bench, task, length, model */
	size_t ng, capg;
	size_t *gslot;		/* groups by hash: index + 1, 0 empty */
	size_t nslot;		/* slots, a power of two */
	struct buf index;	/* the case index, a JSON array's items */
	long ncases;
	long tagged;		/* records with tags (lg-tags) */
	FILE *details;		/* the per-case blocks, until the end */
	struct outdir *dir;	/* -o DIR: the details in its chunks */
	FILE *records;		/* the records, one a line, for lg-agg */
	struct buf line;		/* a line of records being made */
	struct buf detail;		/* a case's details being made */
	size_t max_text;
	struct seen *seen;
	size_t nseen, capseen;
	const char *base;	/* the baseline model's key (a group's), or
				 * NULL: no model */
};

/* Add a record (bad: charts found it bad; counted: its output's tokens
 * as the length chart counted them, written into the copy for lg-agg
 * --lengths, or -1); -1 when a write failed (said). */
int report_add(struct report *r, const cJSON *rec, int bad,
    double counted);
/* Once every record is in: warn of ids repeated without a case member. */
void report_repeats(struct report *r);
void report_free(struct report *r);

/* metrics.c: a case's metrics beside its score (LongGenBench's CR,
 * STIC-1, STIC-2, wAvg, type rates and words; Ada-LEval's IF and tau) as
 * a new JSON array, in the order report_metrics_json() names them, null
 * for a value the record cannot give; NULL for a bench without any.  The
 * caller owns the array. */
cJSON *report_metrics(const cJSON *rec, const char *bench);
/* Append the names of each bench's metrics as a script element of id
 * "metrics": {BENCH: [[name, label, unit], ...]}. */
void report_metrics_json(struct buf *o);

/* tables.c: lg-agg's and lg-compare's tables, run on the records. */
struct tabctx {
	const char *self;	/* this program's argv[0]: its tools beside it */
	int fd;			/* the records read, one a line */
	long draws;		/* --bootstrap */
	const char *max_record;	/* --max-record's argument */
	const char *prices;	/* --prices FILE, or NULL */
	int tags;		/* some record has tags: lg-agg --tags */
	int jobs;		/* -j: runs of lg-agg at once */
	const char *models;	/* --models FILE (lg-agg's), or NULL */
	const char *correlate;	/* --correlate FILE (lg-agg's), or NULL */
	int lw, ada;		/* some record is LongWeave's, Ada-LEval's:
				 * lg-agg --table N of that paper */
};

/* aggjson.c: lg-agg's -f json rows as tables with the columns, labels
 * and number formats of its text tables. */
#define AGG_TEXT (-2)		/* aggcol.dec: a string, as it is */
struct aggcol {
	const char *head;	/* the text table's column */
	const char *key;	/* the JSON row's key */
	int dec;		/* decimals, or AGG_TEXT */
	unsigned char ci;	/* "±" after it: KEY_lo, KEY_hi (with draws) */
	unsigned char boot;	/* shown only with draws */
	unsigned char opt;	/* shown only when the first row has the key */
};
struct aggspec {
	const char *row;	/* the rows' "row" (words, space-separated),
				 * or NULL: rows without one */
	const char *total;	/* a total row's "row", or NULL */
	const char *has, *lacks;	/* a key the rows have, lack (or
				 * NULL) */
	const struct aggcol *cols;	/* ended by a NULL head */
	int samples;		/* K, sd-samples, sd-cases when repeated
				 * samples: 1, a row's samples_per_case > 1;
				 * 2, a row has the key */
};
struct aggtab {
	const struct aggspec *spec;
	const char *const *group;	/* the -g fields but bench */
	int draws;		/* --bootstrap is not 0 */
};

/* The rows[0..n) of bench and of t's kind as a table, columns keep
 * (NULL: all); prune: columns "-" in every row left out and named. */
void agg_html(struct buf *o, cJSON *const *rows, size_t n, const char *bench,
    const struct aggtab *t, const char *const *keep, int prune);

/* hdr[0..nh), bench first, and rows[0..nrows) of as many cells, as an
 * HTML table: a "±" column joins the value before it; keep: the columns
 * shown (NULL: all but the first); prune: as agg_html. */
void agg_block(struct buf *o, char **hdr, size_t nh, char ***rows, size_t nrows,
    const char *const *keep, int prune);

struct jrows {			/* JSON lines of a run */
	cJSON **v;
	size_t n;
	struct buf warn;	/* its warnings about its table, lines (lg-agg
				 * --table N, --correlate, --models) */
};

/* lg-agg --table N's numbers, in the order of the page */
#define TABS_NPTAB 6
extern const char *const tabs_ptab[TABS_NPTAB];

typedef struct tabs {
	const struct tabctx *ctx;
	int ok;			/* no run failed */
	struct jrows lng, pos, g1, g2;	/* lg-agg -f json's rows: groups,
				 * --by-position, per bench and model, per
				 * bench, task and model */
	struct jrows use, tags, time, lengths, sample;	/* --usage, --tags,
				 * --time, --lengths, --sample-size (none
				 * with --bootstrap 0) */
	cJSON **paper;	/* lg-agg --layout paper's JSON rows */
	size_t npaper;
	struct buf paper_warn;	/* its warnings about --models' file */
	struct jrows ptab[TABS_NPTAB];	/* lg-agg --table N, N as
				 * tabs_ptab[] */
	struct jrows corr;	/* lg-agg --correlate FILE */
} tabs;

/* Run lg-agg's tables (a note in o for each that failed). */
void tabs_run(tabs *t, const struct tabctx *c, struct buf *o);
/* The tables of one bench (a key without NUL): a row per model of its
 * headline numbers, the papers' tables, every group, tokens and cost. */
void tabs_headline(struct buf *o, const tabs *t, const char *bench);
void tabs_paper(struct buf *o, const tabs *t, const char *bench);
void tabs_long(struct buf *o, const tabs *t, const char *bench);
void tabs_usage(struct buf *o, const tabs *t, const char *bench);
void tabs_tags(struct buf *o, const tabs *t, const char *bench);
void tabs_time(struct buf *o, const tabs *t, const char *bench);
void tabs_lengths(struct buf *o, const tabs *t, const char *bench);
void tabs_sample(struct buf *o, const tabs *t, const char *bench);
/* lg-compare of models a and b (by gen.model) per bench and per bench,
 * task and length, for each of benches[0..nb). */
void tabs_compare(struct buf *o, tabs *t, const char *a, const char *b,
    char *const *benches, size_t nb);
void tabs_free(tabs *t);

#endif
