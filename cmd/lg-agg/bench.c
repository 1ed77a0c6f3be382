/*
 * bench.c: the benchmarks lg-agg knows, one entry each (agg.h, struct
 * bench), in the order of tasks.h; a bench that none names is read as a
 * mean score and printed without average rows.
 */
#include <stddef.h>

#include "agg.h"
#include "tasks.h"

static const struct bench benches[NBENCHES] = {
	[BENCH_LONGGENBENCH] = {
		.read = lgb_read, .merge = lgb_merge,
		.unit_add = lgb_unit_add, .resampling = lgb_resampling,
		.print = lgb_print, .paper = paper_lgb,
		.counts = lgb_counts, .drop = lgb_drop,
	},
	[BENCH_LONGWEAVE] = {
		.read = lw_read, .merge = score_merge,
		.resampling = score_resampling,
		.print = lw_print, .paper = paper_lw,
		.counts = score_counts,
	},
	[BENCH_ADALEVAL] = {
		.read = ada_read, .merge = ada_merge,
		.unit_add = ada_unit_add, .resampling = ada_resampling,
		.print = ada_print, .paper = ada_paper,
		.counts = score_counts,
	},
};

/* Any other bench: a mean score, LongWeave's paper layout. */
static const struct bench other = {
	.read = score_read, .merge = score_merge,
	.resampling = score_resampling,
	.print = score_print, .paper = paper_lw,
	.counts = score_counts,
};

const struct bench *
agg_bench(const char *name)
{
	int b = bench_index(name);

	return b >= 0 ? &benches[b] : &other;
}
