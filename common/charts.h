/*
 * charts.h: the charts of scored records (owned by lg-plot and lg-report):
 * records are folded in one at a time (memory bounded by the number of
 * points, and for the intervals by the cases and their points), then each
 * kind of chart is built as an svg_chart.  Models are told apart by their
 * whole names, NUL bytes included (nulkey.h); a legend shows a NUL as
 * U+2400.
 *
 *   position   LongGenBench pass rate against entry position, one line per
 *              model and length; relative position (entry over entries, in
 *              bins) or, with compat, the published curve: absolute
 *              position, 16k Floor and Block positions past 52 dropped;
 *              or, with axis_tokens, where the entry starts in the output
 *              in bins of bin_width tokens, drawn at each bin's first
 *              token (lg-agg --by-position --axis tokens; a check whose
 *              entry is not in the output is left out and counted);
 *              optionally a moving average of smooth positions
 *              (poscurve.h), and the positions with fewer than min_count
 *              checks left out
 *   lgb-tiers  LongGenBench CR, STIC-1 and STIC-2 per length tier
 *   lgb-types  LongGenBench pass rate of single, range and periodic
 *              instructions per model and length tier
 *   longweave  LongWeave mean score per task and tier
 *   length     LongWeave output length (tokens) against the target length
 *              of the tier
 *   adaleval   Ada-LEval accuracy against length (log2), random-guess lines
 *   bias       Ada-LEval accuracy by where the accepted answer stood
 *
 * Every point has the 95% bootstrap interval lg-agg gives the same
 * numbers (chartci.h; draws 0: none).  A failed record (an error) counts
 * as a case scored 0; an undecided one (no score and no error: the judge
 * decided none of its items) is left out of the points, and so is an
 * unscored one (no scores and no error: nothing scored it, unscored.h),
 * counted apart and said once on stderr by charts_warn_unscored().  A
 * scored LongGenBench record without verdicts (its counts alone) is in every
 * chart but the position chart, which counts it apart.  A
 * chart says
 * under its title how many of each it holds, and how many checks the
 * judge could not decide, so that no 0 and no gap goes unexplained.
 */
#ifndef LG_CHARTS_H
#define LG_CHARTS_H

#include <stdint.h>

#include "buf.h"

#include <cjson/cJSON.h>

#include "jsonl.h"
#include "svg.h"

enum { CH_POSITION, CH_LGB_TIERS, CH_LGB_TYPES, CH_LONGWEAVE, CH_LENGTH,
	CH_ADALEVAL, CH_BIAS, CH_NKINDS };

extern const char *const charts_kind[CH_NKINDS];

struct charts_opts {
	int compat;		/* position: the published curve */
	int bins;		/* position: bins of the relative position */
	int axis_tokens;	/* position: x in output tokens (poscurve.h) */
	long bin_width;		/* position, axis_tokens: tokens a bin spans */
	int smooth;		/* position: moving average width (1: none) */
	long min_count;		/* position: fewest checks a point needs */
	long draws;		/* bootstrap resamples (0: no intervals) */
	uint64_t seed;		/* of the resampling, as lg-agg --seed */
	const char *tokenizer;	/* length: table for outputs without
				 * gen.output_tokens (NULL: bpe_setup's) */
};

/* The defaults: relative positions in 10 bins (with axis_tokens: bins of
 * 1000 tokens, lg-agg's), no smoothing, 1000 resamples seeded 1
 * (lg-agg's). */
void charts_defaults(struct charts_opts *o);

struct charts;

struct charts *charts_new(const struct charts_opts *o);
void charts_free(struct charts *t);

/*
 * Fold one record in: 0, 1 when its bench has no chart, -1 when a field is
 * missing or out of range (reported with jsonl_warn, nothing taken from
 * the record).
 */
int charts_add(struct charts *t, const cJSON *rec, jsonl *in);
/* The output tokens of the record last added as the length chart counted
 * them with the tokenizer (it has no gen.output_tokens), or -1: none
 * counted. */
double charts_counted(const struct charts *t);
/* The records no scorer touched, as one warning (nothing when none);
 * the sentence itself into b when b is not NULL. */
void charts_warn_unscored(const struct charts *t, struct buf *b);
/* Each task whose records were scored by two definitions of the score
 * (scoredef.h: its points would measure neither), said on stderr: 1 if
 * one was, and no chart should be drawn. */
int charts_defs_refused(const struct charts *t);

/* Number of points a kind has, plus the records it leaves out or counts
 * as failed (0: nothing to draw or say). */
long charts_points(const struct charts *t, int kind);

/* Build a kind into c (ids inside prefixed with id); free with
 * charts_done().  The intervals are worked out at the first build: fold
 * every record in before. */
void charts_build(struct charts *t, int kind, const char *id,
    struct svg_chart *c);
void charts_done(struct svg_chart *c);

/* A kind by name, -1 when unknown. */
int charts_kind_of(const char *name);

/* A length tier as a size: "16k" 16384, "2K" 2048, "500" 500; -1 when not one. */
double charts_tier(const char *s);

#endif
