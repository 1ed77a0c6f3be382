/*
 * agg.h: lg-agg, scored records into the tables the papers report.
 *
 * Records are read once and folded into groups keyed by the bench and the
 * values of the -g fields; memory grows with the number of groups (and
 * positions), never with the number of records.  A group table (gtab)
 * owns its groups, their keys and their sums; the printers borrow them.
 */
#ifndef LG_AGG_H
#define LG_AGG_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "fields.h"
#include "jsonl.h"
#include "extscores.h"
#include "models.h"
#include "record.h"
#include "scoredef.h"

/* LongGenBench Len over: every case; more than 40 entries and 2000 words
 * (the published notebook); a completion rate of 80% or more (the paper) */
enum { LEN_ALL, LEN_NOTEBOOK, LEN_PAPER80 };

enum { FMT_TABLE, FMT_TSV, FMT_CSV, FMT_MD, FMT_JSON, FMT_LATEX };

struct opts {
	struct field *fields;
	size_t nfields;
	int itask, ilength;	/* index of "task" and "length" in fields, or -1 */
	int fmt;
	int by_position;
	int axis_tokens;	/* --axis tokens: positions in output tokens */
	long bin_width;		/* --bin-width: tokens a bin spans */
	int smooth;		/* --smooth: moving average of the positions */
	int len_filter;		/* --len-filter: LEN_ALL, LEN_NOTEBOOK, LEN_PAPER80 */
	int compat;
	int paper;		/* --layout paper */
	int usage;		/* --usage */
	long bootstrap;		/* resamples, 0: no intervals */
	uint64_t seed;
	int gset;		/* -g given */
	const char *prices;	/* --prices FILE, or NULL */
	int tags;		/* --tags */
	int sample_size;	/* --sample-size */
	double cases_for;	/* --cases-for WIDTH, 0: not asked */
	int measure;		/* --time, --lengths (MEAS_), or 0 */
	const char *tokenizer;	/* --tokenizer FILE, or NULL */
	int split_settings;	/* --split-settings */
	int isettings;		/* its field "settings" in fields, or -1 */
	const char *models;	/* --models FILE, or NULL */
	const struct models *meta;	/* what it holds, once read */
	const char *correlate;	/* --correlate FILE, or NULL */
	const struct extscores *ext;	/* what it holds, once read */
	int table;		/* --table N: a paper table of its own, 0: none */
	const char **views;	/* --view OPTIONS, each (views.c) */
	size_t nviews;
};

enum { MEAS_TIME = 1, MEAS_LENGTHS };

/* LongGenBench sums of a group (or of one record before merging). */
enum { T_SINGLE, T_RANGE, T_PERIODIC, NTYPES };

struct lgb {
	long cases;		/* records counted */
	long failed;		/* counted as failures, or left out with --compat */
	long undecided;		/* checks the judge could not decide */
	long cut;		/* outputs cut by the token limit */
	double cr_sum;		/* sum of the per-case CR percentages */
	long found, expected;
	long pass, judged, total;	/* total: undecided checks too */
	long tpass[NTYPES], tjudged[NTYPES], ttotal[NTYPES];
	long tundecided[NTYPES];	/* of ttotal, undecided */
	long long words;	/* over the cases that count for Len */
	long len_cases;
	/* per position 1..npos, index at - 1 */
	long *ppass, *pjudged, *ptotal;
	size_t npos;
	/* --axis tokens: checks whose entry is not in the output */
	long upass, ujudged, utotal;
	/* --by-position: records without verdicts, so without positions
	 * (counted apart, never as failed checks) */
	long noverdicts;
};

/*
 * Mean-score sums (LongWeave and any other bench with scores.score).
 * cases are the records in the mean: scored ones, and failed ones (an
 * error: 0) unless --compat leaves those out; undecided records (no
 * scores.score and no error: the judge decided none of their items) are
 * counted apart, never in the mean; items are the judged items the judge
 * could not decide (scores.undecided), of scored and undecided records.
 */
struct score {
	long cases;
	long failed;
	long undecided;		/* records without a score: out of the mean */
	long items;		/* items undecided (scores.undecided) */
	long cut;		/* outputs cut by the token limit */
	double sum;		/* of scores in [0, 1] */
	double mean_sum;	/* average rows: sum of the cell means */
	long cells;		/* average rows: cells averaged */
};

/* Ada-LEval sums beside the mean score (adaleval.c), from lg-choice. */
enum { POS_FRONT, POS_MIDDLE, POS_REAR, NPOS };

struct ada {
	long scored;		/* records with scores.valid */
	long valid, copy, expect;
	double random;		/* sum of scores.random */
	long random_n;		/* records with scores.random */
	long tau_n;
	double tau;
	long pos_cases[NPOS], pos_hits[NPOS];
};

/* What a group's records spent (usage.c, --usage). */
struct usage {
	long recs, gens, cached, cut, priced, unpriced, nwords, ntarget, nttft;
	long nptok, notok, nrtok;	/* requests that report those tokens */
	long long attempts, words, by_llm, by_rules;
	double ptok, otok, rtok;
	double *lat;		/* latencies of the requests not cached */
	size_t nlat, cap;
	double lat_sum, ttft, otok_timed, lat_timed;
	double words_t, target_sum, tok_t, tok_target;
	double cost_in, cost_out;
};

/* What a group's records say of their failure tags (tags.c, --tags):
 * records failed (an error: lg-tags leaves them) and not tagged (no
 * tags: lg-tags not run) are counted apart from the tagged ones, over
 * which the shares are taken. */
enum { NTAGS = 8 };
/* their indexes, in lg(7)'s order (tags.c's tag_keys) */
enum { TAG_CUT_REASONING, TAG_TRUNCATED, TAG_REFUSED, TAG_FORMAT,
	TAG_STOPPED, TAG_SKIPPED, TAG_REPEATED, TAG_LOOPING };
struct tagsum {
	long recs, failed, untagged, tagged, none;
	long n[NTAGS];		/* tagged records with each tag */
	long loops;		/* tagged repeated or looping (or both) */
	double dn_sum;		/* units.distinct_n, over dn_n records */
	long dn_n;
};

enum { ROW_CELL, ROW_AVG, ROW_OVERALL };

/* LongGenBench's metrics, in column order; Ada-LEval's with lg-choice's
 * scores; other benches have one, the score. */
enum { M_CR, M_STIC1, M_STIC2, M_WAVG, M_SINGLE, M_RANGE, M_PERIODIC, M_LEN,
	NMET_LGB };
enum { A_SCORE, A_IF, A_COPY, A_EXPECT, A_TAU, A_FRONT, A_MIDDLE, A_REAR,
	NMET_ADA };
#define NMET_MAX NMET_LGB	/* the most metrics a group has */

_Static_assert((int)NMET_ADA <= (int)NMET_MAX, "struct ci holds NMET_MAX metrics");

/* A resampling unit: the sums of one case's records (boot.c).  sum is
 * the CR percentages (LongGenBench) or the scores; s and ss the per-record
 * score (CR for LongGenBench) and its square, for the sample spread. */
struct unit {
	double w;		/* records */
	double sum;
	long pass, judged, total;
	long tpass[NTYPES], ttotal[NTYPES];
	long words, len_cases;
	double s, ss;
	double aux;		/* --lengths: the target tokens */
	struct ada ada;		/* Ada-LEval, with lg-choice's scores */
};

/* A group's units, found by a hash of their ids.  Each is kept whole
 * (usz: sizeof (struct unit)), or for a bench without unit_add in a short
 * form of w, sum, s, ss and aux alone (the rest is 0): units_get() gives
 * it whole.  The ids are interned one after another in ids. */
struct units {
	unsigned char *v;	/* n units of usz bytes */
	size_t usz;
	size_t *id;		/* a unit's id: its offset in ids + 1, 0: none */
	char *ids;		/* "c" and the case id, "r" and the record id,
				 * each NUL-ended */
	size_t ilen, icap;
	size_t n, cap;
	size_t *slot, nslot, nids;
	int multi;		/* some case has several records (samples) */
	long dups;		/* records whose id, without a case, was seen
				 * before in the group */
};

/* A group's uncertainty: the percentile interval of each metric, the
 * standard error of the mean of per-case values (CR, or the score), the
 * spread between samples of a case and between cases (NAN: none). */
struct ci {
	double lo[NMET_MAX], hi[NMET_MAX];
	double se;
	double sd_samples, sd_cases, per_case;
};

struct bench;

/* The settings of a group's records of one task ("BENCH/TASK"), gen's and
 * the judge's, as text (NULL: unknown), once seen (settings.c). */
struct task_set {
	char *task;
	char *gen, *judge;
	int gseen, jseen;
	cJSON *gtree, *jtree;	/* gen and judge parsed, once compared */
	long defs[SCOREDEF_N];	/* scored records by definition (defs.c) */
};

/* What the tables of lw_tables.c and ada_tables.c read beside a bench's
 * sums: the judge's seconds (scores.judge_s, Table 9) and the cases'
 * prompt tokens (gold.tokens, Ada-LEval's Table 1). */
struct ptsum {
	double judge_s;
	long judge_n;		/* records with scores.judge_s */
	long recs, tok_n;	/* records; those with gold.tokens */
	double tok_max, tok_sum;
};

struct group {
	char *bench;
	const struct bench *b;	/* its bench's entry (NULL: an average row
				 * of the paper layout, no sums of its own) */
	char **val;		/* one value per field (strings as nulkey.h keys) */
	unsigned char *syn;	/* 1: an average row's label, sorted last */
	int row;		/* ROW_CELL, or the kind of average row */
	long unscored;		/* records no scorer touched (unscored.h):
				 * in no sum, shown apart */
	struct lgb lgb;
	struct score sc;
	struct ada ada;
	struct units units;	/* per case (intervals, samples, repeated ids) */
	struct ci ci;
	struct usage *use;	/* --usage */
	struct tagsum *tags;	/* --tags */
	struct ptsum pt;	/* --table 1 and 9 */
	struct group **cells;	/* average rows: the cells averaged */
	size_t ncells;
	char *params;		/* gen.params of its records, printed, when they
				 * agree (NULL: none, or they differ) */
	cJSON *ptree;		/* params parsed, once compared */
	int pstate;		/* 0: no record yet, 1: they agree, 2: differ */
	/* settings.c: the settings of its records, per task; the first
	 * difference, in words, its task (borrowed from tsets), and whether
	 * it is the judge's */
	struct task_set *tsets;
	size_t ntsets;
	char *sdiff;
	const char *stask;
	int sjudge;
	char *hkey;
	unsigned long hash;
};

/* One record's sums, as a bench's read() fills them. */
struct sums {
	struct lgb lgb;
	struct score sc;
	struct ada ada;
	struct unit u;		/* the record as a resampling unit */
};

/*
 * How a group's units are resampled (boot.c): the sums its metrics need
 * beyond the records (w) and their sum, as ncol doubles, and the nmet
 * metrics (at most NMET_MAX) of a sum of units, in percent (NAN: none);
 * scale turns a unit's sum per record into percent (scores in [0, 1]:
 * 100; LongGenBench's CR, a percentage already: 1).
 */
struct resampling {
	int nmet;
	int ncol;
	double scale;
	void (*pack)(const struct unit *u, double *c);
	void (*unpack)(const double *c, struct unit *u);
	void (*metrics)(const struct unit *u, double *m);
};

/*
 * A benchmark's entry (bench.c): how lg-agg reads its records, folds them
 * into groups, resamples and prints them.  A bench no entry names is read
 * as a mean score (longweave.c) and printed without average rows.
 */
struct bench {
	/* One record into d (zeroed): 0 counted, with d->u its unit; 1
	 * counted apart (failed under --compat, undecided): no unit; -1 bad
	 * (reported), nothing to merge. */
	int (*read)(const cJSON *rec, jsonl *in, const struct opts *o,
	    struct sums *d);
	/* Fold d into g; takes what d holds. */
	void (*merge)(struct group *g, struct sums *d);
	/* Add the bench's sums of unit b to a (samples of a case); NULL:
	 * none but w, sum, s and ss. */
	void (*unit_add)(struct unit *a, const struct unit *b);
	const struct resampling *(*resampling)(const struct group *g);
	/* A run of the bench's groups, sorted, in the long layout and in
	 * the paper layout (fields task, length, gen.model). */
	void (*print)(struct group **g, size_t n, const struct opts *o);
	void (*paper)(struct group **g, size_t n, const struct opts *o);
	/* Its records failed and undecided (LongGenBench: checks). */
	void (*counts)(const struct group *g, long *failed, long *undecided);
	/* Free the group's sums; NULL: nothing to free. */
	void (*drop)(struct group *g);
};

/* bench.c: the entry of a bench (the mean-score one when none names it) */
const struct bench *agg_bench(const char *name);

/* recs.c: what is read of any record */
/* The record's id as a unit's key (nulkey.h), with its model; NULL: none. */
char *rec_key(const cJSON *rec);
/* Its case member as a key, NULL when none: 0, or -1 when not a string. */
int case_of(const cJSON *rec, jsonl *in, char **out);
/* 1 when the output was cut by the token limit (gen.finish_reason "length"). */
int rec_cut(const cJSON *rec);

/* The id's tail in rec_key(): 0x01 'm' and the model, or "". */
char *rec_key_tail(const cJSON *rec);

/* fast.c: plain records folded without a tree.  agg_fast_new: NULL when
 * o asks what only a whole reading gives.  agg_fast_take is
 * jsonl_next_take()'s take (arg: the agg_fast); a record it was offered
 * and left is read whole and, once add()ed, handed to agg_fast_note with
 * the group its score went to (NULL: none, or not as a plain score). */
typedef struct agg_fast agg_fast;
agg_fast *agg_fast_new(const struct opts *o);
int agg_fast_take(void *arg, const char *line, size_t len,
    const jsonscan_member *m, size_t n);
void agg_fast_note(agg_fast *f, const cJSON *rec, struct group *g);
void agg_fast_free(agg_fast *f);
/* A plain record's sums, its score v, its output cut or not. */
void score_plain(struct sums *d, double v, int cut);

/* units.c */
/* Add a record's unit u to its case (case_id), or as a case of its own
 * (rec_id: a repeat is counted in dups; NULL: no id). */
void units_add(struct units *us, const struct bench *b, const char *case_id,
    const char *rec_id, const struct unit *u);
void units_merge(struct units *a, const struct units *b);
/* Unit i of us, whole, into u. */
void units_get(const struct units *us, size_t i, struct unit *u);
/* In a canonical order (by id, then content): the draws do not depend on
 * the order of the records.  Ends the case lookup. */
void units_sort(struct units *us);
void units_free(struct units *us);

/* opts.c: the command line into o; exits on a mistake and after
 * --help, --version and --list-tasks.  The index of the first file. */
int agg_parse(int argc, char **argv, struct opts *o);
void agg_opts_free(struct opts *o);
/* The words of a run of view (--view's OPTIONS) alone: argv[0], this
 * run's options argv[1..first) but --view's, then view's words; their
 * count in *nv; *text holds the words (both the caller's to free). */
char **agg_view_argv(int argc, char **argv, int first, const char *view,
    int *nv, char **text);


/* group.c */
typedef struct gtab gtab;
/* -g FIELDS into o (fields_parse), with the places of task and length:
 * 0, or -1 when the list is bad.  Group values are field_value()'s keys;
 * cells_for() and json_row() show them whole. */
int agg_fields(const char *list, struct opts *o);
gtab *gtab_new(size_t nfields);
/* Find or add the group of bench (named bench, of entry b); vals and syn
 * are copied (syn may be NULL). */
struct group *gtab_get(gtab *t, const struct bench *b, const char *bench,
    char **vals, const unsigned char *syn);
/* All groups, sorted for output; the array is the caller's, the groups not. */
struct group **gtab_sorted(gtab *t, const struct opts *o, size_t *n);
void groups_sort(struct group **v, size_t n, const struct opts *o);
/* Length tiers in natural order (1k < 2k < ... < 128k), others after. */
int cmp_tier(const char *a, const char *b);
/* Note the gen.params of a record of g (JSON rows carry them, with the
 * lg version, when its records agree); group_params_fold folds a cell
 * into an average row. */
void group_params(struct group *g, const cJSON *rec);
void group_params_fold(struct group *a, const struct group *c);
/* The group's bench (when no field names it) and values, for messages. */
void group_label(struct buf *b, const struct group *g, const struct opts *o);
void gtab_free(gtab *t);

/* longgenbench.c: the entry's functions; lgb_metrics of a sum of units */
int lgb_read(const cJSON *rec, jsonl *in, const struct opts *o,
    struct sums *d);
void lgb_merge(struct group *g, struct sums *d);
void lgb_add(struct lgb *g, const struct lgb *d);
void lgb_clear(struct lgb *d);
void lgb_unit_add(struct unit *a, const struct unit *b);
const struct resampling *lgb_resampling(const struct group *g);
void lgb_metrics(const struct unit *u, double *m);
void lgb_print(struct group **g, size_t n, const struct opts *o);
void lgb_counts(const struct group *g, long *failed, long *undecided);
void lgb_drop(struct group *g);

/* longweave.c: mean scores, LongWeave's (lw_) with its average rows and
 * what its published pipeline left out, and any other bench's */
int lw_read(const cJSON *rec, jsonl *in, const struct opts *o,
    struct sums *d);
int score_read(const cJSON *rec, jsonl *in, const struct opts *o,
    struct sums *d);
void score_merge(struct group *g, struct sums *d);
const struct resampling *score_resampling(const struct group *g);
void lw_print(struct group **g, size_t n, const struct opts *o);
void score_print(struct group **g, size_t n, const struct opts *o);
void score_counts(const struct group *g, long *failed, long *undecided);

/* adaleval.c: the mean score and lg-choice's scores */
int ada_read(const cJSON *rec, jsonl *in, const struct opts *o,
    struct sums *d);
void ada_merge(struct group *g, struct sums *d);
void ada_unit_add(struct unit *a, const struct unit *b);
const struct resampling *ada_resampling(const struct group *g);
void ada_print(struct group **g, size_t n, const struct opts *o);

/* boot.c */
/* num / den, NAN when den is not positive. */
double ratio(double num, double den);
/* Fill g->ci from its units (a cell), or from the cells (an average row). */
void boot_cell(struct group *g, const struct opts *o);
/* The q quantile of sorted v[0..n), n > 0, interpolated. */
double quantile(const double *v, size_t n, double q);
void boot_avg(struct group *a, struct group **cells, size_t n,
    const struct opts *o);
/* The 95% interval of g's metric k (its resampling's metrics() index)
 * from --bootstrap resamples of m of its units, drawn with replacement, as
 * boot_cell seeds them (m = units.n: boot_cell's interval); NAN when there
 * is none. */
void boot_at(struct group *g, const struct opts *o, size_t m, int k,
    double *lo, double *hi);

/* usage.c */
/* Read a price file (MODEL INPUT OUTPUT per line): 0, or the exit status
 * after a message. */
int prices_load(const char *path);
/* Whether --usage prices what it counts (1, the default) or not (a view
 * of lg-agg --view without --prices, while others have it). */
void prices_use(int on);
void prices_free(void);
void usage_read(const cJSON *rec, struct group *g);
void usage_free(struct usage *u);
void usage_print(struct group **g, size_t n, const struct opts *o);

/* tags.c: --tags */
/* One record's tags into d (zeroed): 0, or -1 when they are bad
 * (reported, nothing to add). */
int tags_read(const cJSON *rec, jsonl *in, struct tagsum *d);
void tags_add(struct group *g, const struct tagsum *d);
/* A table per bench of its groups; paper: one row per model (gen.model,
 * field 2 of the paper layout), its groups pooled. */
void tags_print(struct group **g, size_t n, const struct opts *o);
void tags_paper(struct group **g, size_t n, const struct opts *o);

/* sample.c: --sample-size and --cases-for, per group */
void sample_print(struct group **g, size_t n, const struct opts *o);
/* measure.c: --time (mean generation time per record) and --lengths
 * (mean output tokens against the tier's target), one row per group */
const struct bench *measure_bench(int measure);
void measure_print(struct group **g, size_t n, const struct opts *o);
void measure_free(void);
/* postok.c: --axis tokens, the bin of --bin-width tokens where entry at
 * starts in the record's output (poscurve_bin(): 0; 1: no place, not in
 * the output; -1: bad, warned), what counted it, and the tokenizer freed
 * at exit */
int postok_bin(const cJSON *rec, long at, const struct opts *o, long *bin,
    jsonl *in);
const char *postok_source(const struct opts *o);
void postok_free(void);	/* the tokenizer, once at exit */

/* paper.c: the papers' tables of one bench's groups (fields task,
 * length, gen.model): LongGenBench's, LongWeave's (and any other mean
 * score's), Ada-LEval's */
void paper_lgb(struct group **g, size_t n, const struct opts *o);
void paper_lw(struct group **g, size_t n, const struct opts *o);
void paper_ada(struct group **g, size_t n, const struct opts *o);

/* correlate.c: --correlate, lg's scores per model and tier against the
 * outside scores: the coefficients, then the points */
void correlate_print(struct group **g, size_t n, const struct opts *o);
/* lw_tables.c: --table 4, 5, 6, 7 and 9, LongWeave's tables beside
 * Table 3 (fields task, length, gen.model; Table 6 adds
 * scores.judge.model); ada_tables.c: Ada-LEval's Table 1 (fields task,
 * length) and its paper layout, the 32k-128k results in a table of their
 * own.  paper_table prints the --table of one bench's groups. */
void paper_table(struct group **g, size_t n, const struct opts *o);
/* One record into g for --table 9 and 1: 0, or -1 when bad (reported). */
int pt_read(const cJSON *rec, jsonl *in, const struct opts *o,
    struct group *g);
void lw_table4(struct group **g, size_t n, const struct opts *o);
void lw_table5(struct group **g, size_t n, const struct opts *o);
void lw_table6(struct group **g, size_t n, const struct opts *o);
void lw_table7(struct group **g, size_t n, const struct opts *o);
void lw_table9(struct group **g, size_t n, const struct opts *o);
void ada_table1(struct group **g, size_t n, const struct opts *o);
void ada_paper(struct group **g, size_t n, const struct opts *o);

/* settings.c: what made a record (lg(7), its manifest) */
/* gen's settings as text into *out (NULL: unknown, no gen.lg), its
 * template only when with_template: 1; 0 when the record failed before
 * it had a gen. */
int settings_gen(const cJSON *rec, int with_template, char **out);
/* A short id of settings text (8 hex digits of its SHA-256), "unknown"
 * for NULL; the caller frees it. */
char *settings_id(const char *settings);
/* skey.c: --split-settings' key, the settings each id stands for */
typedef struct skeys skeys;
skeys *skeys_new(void);
/* Note id and its settings text (NULL: unknown), once per id. */
void skeys_note(skeys *s, const char *id, const char *text);
/* After the tables: one row per id, the members that differ. */
void skeys_print(skeys *s, const struct opts *o);
void skeys_free(skeys *s);
/* Note rec's settings in g (its first difference in g->sdiff). */
void group_settings(struct group *g, const cJSON *rec);
/* The settings noted for rec's task (bench/task) in g, added if new. */
struct task_set *settings_task(struct group *g, const cJSON *rec);
/* Name each group whose records differ in settings: 1 if any did. */
int settings_refused(struct group **g, size_t n, const struct opts *o);
/* defs.c: count rec's definition (scoredef.h) under its task in g; name
 * each group pooling records of a task scored by both: 1 if one did. */
void group_defs(struct group *g, const cJSON *rec);
int defs_refused(struct group **g, size_t n, const struct opts *o);

/* table.c: a table of text cells printed in one of the formats */
typedef struct table table;
/* cols[i] names column i; right[i] nonzero right-aligns it. */
table *table_new(const char *const *cols, const int *right, size_t ncols);
/* Append a row; the table takes the strings (malloc'd). */
void table_add(table *t, char **cells);
void table_print(const table *t, int fmt);
/* The line that labels a bench's table ("BENCH: WHAT"; bold in Markdown,
 * a comment in LaTeX, none in JSON). */
void table_title(const char *bench, const char *what, int fmt);
void table_free(table *t);
/* Columns naming the group fields, then the given metric columns. */
table *table_for(const struct opts *o, const char *const *cols,
    const int *right, size_t ncols);
/* Fresh cells: the group's field values, room for n more after them. */
char **cells_for(const struct group *g, const struct opts *o, size_t n);
char *fmt_pct(double num, double den);
char *fmt_num(double v, int decimals);
char *fmt_long(long v);
/* table_for with a "±" column after each column i with ci[i] when
 * intervals are on, and the sample columns (K, sd-samples, sd-cases). */
table *table_ci(const struct opts *o, const char *const *cols,
    const int *right, size_t ncols, const unsigned char *ci, int samples);
char *fmt_hw(double lo, double hi, int decimals);
char *fmt_maybe(double v, int decimals);	/* "-" for NAN */
/* The "±" cell of metric met when intervals are on. */
void cell_ci(char **c, size_t *k, const struct group *g, int met,
    const struct opts *o);
void cell_ci_dec(char **c, size_t *k, const struct group *g, int met,
    const struct opts *o, int decimals);
void cells_samples(char **c, size_t *k, const struct group *g);
/* Nonzero when some group has several records of one case. */
int any_samples(struct group **g, size_t n);
/* A JSON row with "bench" and the group fields; json_emit prints and frees. */
cJSON *json_row(const struct group *g, const struct opts *o);
/* lg_version, and gen_params when g's records agree on them (else null). */
void json_run(cJSON *j, const struct group *g);
void json_num(cJSON *o, const char *key, double v);
void json_ratio(cJSON *o, const char *key, double num, double den);
void json_emit(cJSON *o);
/* KEY_lo and KEY_hi of metric met, when intervals are on. */
void json_ci(cJSON *j, const char *key, const struct group *g, int met,
    const struct opts *o);
void json_se(cJSON *j, const char *key, const struct group *g,
    const struct opts *o);
void json_samples(cJSON *j, const struct group *g);
void json_maybe(cJSON *j, const char *key, double v);	/* null for NAN */

struct unscored;
/* main.c: members no table reads, left out unless a field names them */
#define AGG_NUNREAD 5
extern const char *const agg_unread[AGG_NUNREAD];
/* main.c: a record folded into the groups of t by o (0, or -1 when it was
 * bad: reported); the groups printed (0, or 1 when refused: said). */
int agg_add(const cJSON *rec, jsonl *in, const struct opts *o, gtab *t,
    char **vals, skeys *keys, struct unscored *un, struct group **plain);
int agg_print(gtab *t, const struct opts *o, skeys *keys);

/* views.c: --view: the tables of the views from one reading of files;
 * the exit status, the worst of the views'. */
int agg_views(int argc, char **argv, int first, const struct opts *o);

#endif
