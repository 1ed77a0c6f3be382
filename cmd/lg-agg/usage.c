/*
 * usage.c: --usage, what a run spent per group, from the records' gen
 * (lg-infer, lg-oracle) and verdicts (lg-judge, rule scorers): requests,
 * attempts, cache hits, tokens, latency (mean, p50, p95, over the requests
 * not served from the cache), time to first token, output tokens per
 * second, outputs cut by the token limit, verdicts by model and by rules,
 * and the length of the outputs against the tier; with --prices FILE the
 * cost.  Latencies are kept per record to take percentiles.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "diag.h"
#include "outtok.h"
#include "prices.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

static struct prices prices;
static int prices_on = 1;	/* 0: a view without --prices (views.c) */

void
prices_use(int on)
{
	prices_on = on;
}

int
prices_load(const char *path)
{
	return prices_read(&prices, path);
}

void
prices_free(void)
{
	prices_clear(&prices);
}

/* A count in gen: its value, or -1 when absent, null or not a count. */
static double
gen_count(const cJSON *gen, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(gen, key);

	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) ||
	    v->valuedouble > 1e15)
		return -1;
	return v->valuedouble;
}

static void
lat_add(struct usage *u, double s)
{
	if (u->nlat == u->cap) {
		u->cap = u->cap ? 2 * u->cap : 64;
		u->lat = xreallocarray(u->lat, u->cap, sizeof *u->lat);
	}
	u->lat[u->nlat++] = s;
}

void
usage_read(const cJSON *rec, struct group *g)
{
	const cJSON *gen = rec_get(rec, "gen");
	const cJSON *vs = rec_get(rec, "verdicts"), *v;
	const cJSON *toks = rec_get(rec, "tokens");
	const char *length = rec_str(rec, "length"), *out;
	struct usage *u;
	double pt, ot, rt, lat, ttft, a, t, w;
	size_t len;
	long target;

	if (g->use == NULL)
		g->use = xcalloc(1, sizeof *g->use);
	u = g->use;
	u->recs++;
	/* the output's words; lg-report's copy: counted already */
	if ((out = rec_strn(rec, "output", &len)) != NULL)
		w = (double)count_words(out, len);
	else
		w = output_words_counted(rec);
	if (w >= 0) {
		u->words += (long long)w;
		u->nwords++;
		target = length ? tier_tokens(length) : 0;
		if (target > 0) {
			u->target_sum += (double)target;
			u->ntarget++;
			u->words_t += w;
		}
	}
	/* the output's tokens: a tokenizer's count (lg-tokens), else the
	 * server's */
	t = gen_count(toks, "output");
	if (t < 0)
		t = gen_count(gen, "output_tokens");
	target = length ? tier_tokens(length) : 0;
	if (t >= 0 && target > 0) {
		u->tok_t += t;
		u->tok_target += (double)target;
	}
	vs = cJSON_IsArray(vs) ? vs : NULL;
	cJSON_ArrayForEach(v, vs) {
		const char *by = rec_str(v, "by");

		if (by != NULL && strncmp(by, "llm:", 4) == 0)
			u->by_llm++;
		else if (by != NULL && strcmp(by, "rules") == 0)
			u->by_rules++;
	}
	if (!cJSON_IsObject(gen))
		return;
	u->gens++;
	u->cut += rec_cut(rec);
	if ((a = gen_count(gen, "attempts")) >= 0)
		u->attempts += (long long)a;
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(gen, "cache_hit"))) {
		u->cached++;
		return;		/* no time, no cost this run */
	}
	pt = gen_count(gen, "prompt_tokens");
	ot = gen_count(gen, "output_tokens");
	rt = gen_count(gen, "reasoning_tokens");
	if (pt >= 0) {
		u->ptok += pt;
		u->nptok++;
	}
	if (ot >= 0) {
		u->otok += ot;
		u->notok++;
	}
	if (rt >= 0) {
		u->rtok += rt;
		u->nrtok++;
	}
	if ((lat = gen_count(gen, "latency_s")) >= 0) {
		lat_add(u, lat);
		u->lat_sum += lat;
		if (ot >= 0) {
			u->otok_timed += ot;
			u->lat_timed += lat;
		}
	}
	if ((ttft = gen_count(gen, "ttft_s")) >= 0) {
		u->ttft += ttft;
		u->nttft++;
	}
	if (prices_on && prices.n > 0) {
		const struct price *p = prices_find(&prices,
		    rec_str(gen, "model"));

		if (p == NULL || pt < 0 || ot < 0)
			u->unpriced++;
		else {
			u->priced++;
			u->cost_in += price_in(p, pt);
			u->cost_out += price_out(p, ot);
		}
	}
}

void
usage_free(struct usage *u)
{
	if (u != NULL)
		free(u->lat);
	free(u);
}

static int
cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return a < b ? -1 : a > b;
}

static const char *const cols[] = {
	"records", "attempts", "cached", "in-tok", "out-tok", "reason-tok",
	"lat-mean", "lat-p50", "lat-p95", "ttft", "out-tok/s", "cut",
	"by-llm", "by-rules", "words", "words%", "tok%",
	"cost-in", "cost-out", "cost", "unpriced"
};
#define NCOLS_BASE 17
#define NCOLS_COST 4

static double
div0(double a, double b)
{
	return b > 0 ? a / b : NAN;
}

/* Add b's sums, and its latencies, to a: a table's total. */
static void
usage_merge(struct usage *a, const struct usage *b)
{
	size_t i;

	a->recs += b->recs;
	a->gens += b->gens;
	a->cached += b->cached;
	a->cut += b->cut;
	a->priced += b->priced;
	a->unpriced += b->unpriced;
	a->nwords += b->nwords;
	a->ntarget += b->ntarget;
	a->nttft += b->nttft;
	a->nptok += b->nptok;
	a->notok += b->notok;
	a->nrtok += b->nrtok;
	a->attempts += b->attempts;
	a->words += b->words;
	a->by_llm += b->by_llm;
	a->by_rules += b->by_rules;
	a->ptok += b->ptok;
	a->otok += b->otok;
	a->rtok += b->rtok;
	for (i = 0; i < b->nlat; i++)
		lat_add(a, b->lat[i]);
	a->lat_sum += b->lat_sum;
	a->ttft += b->ttft;
	a->otok_timed += b->otok_timed;
	a->lat_timed += b->lat_timed;
	a->words_t += b->words_t;
	a->target_sum += b->target_sum;
	a->tok_t += b->tok_t;
	a->tok_target += b->tok_target;
	a->cost_in += b->cost_in;
	a->cost_out += b->cost_out;
}

/* The columns of u, in the order of cols[] (NAN: "-"). */
static void
usage_metrics(struct usage *u, double *m)
{
	double p50 = NAN, p95 = NAN;

	if (u->nlat > 0) {
		qsort(u->lat, u->nlat, sizeof *u->lat, cmp_double);
		p50 = quantile(u->lat, u->nlat, 0.5);
		p95 = quantile(u->lat, u->nlat, 0.95);
	}
	m[0] = (double)u->recs;
	m[1] = (double)u->attempts;
	m[2] = (double)u->cached;
	/* "-" when no request reports them */
	m[3] = u->nptok ? u->ptok : NAN;
	m[4] = u->notok ? u->otok : NAN;
	m[5] = u->nrtok ? u->rtok : NAN;
	m[6] = div0(u->lat_sum, (double)u->nlat);
	m[7] = p50;
	m[8] = p95;
	m[9] = div0(u->ttft, (double)u->nttft);
	m[10] = div0(u->otok_timed, u->lat_timed);
	m[11] = (double)u->cut;
	m[12] = (double)u->by_llm;
	m[13] = (double)u->by_rules;
	m[14] = div0((double)u->words, (double)u->nwords);
	m[15] = 100.0 * div0(u->words_t, u->target_sum);
	m[16] = 100.0 * div0(u->tok_t, u->tok_target);
	m[17] = u->priced ? u->cost_in : NAN;
	m[18] = u->priced ? u->cost_out : NAN;
	m[19] = u->priced ? u->cost_in + u->cost_out : NAN;
	m[20] = (double)u->unpriced;
}

static void
json_usage(cJSON *row, const double *m, size_t nc)
{
	static const char *const keys[] = {
		"records", "attempts", "cache_hits", "prompt_tokens",
		"output_tokens", "reasoning_tokens", "latency_mean_s",
		"latency_p50_s", "latency_p95_s", "ttft_mean_s",
		"output_tokens_per_s", "cut", "verdicts_llm", "verdicts_rules",
		"words_mean", "words_of_target", "tokens_of_target",
		"cost_input", "cost_output", "cost", "unpriced"
	};
	size_t k;

	for (k = 0; k < nc; k++)
		json_maybe(row, keys[k], m[k]);
	json_emit(row);
}

static void
cells_usage(char **c, size_t j, const double *m, size_t nc)
{
	size_t k;

	for (k = 0; k < nc; k++) {
		int dec = k >= 6 && k <= 9 ? 2 : k == 10 || k >= 14 ? 1 : 0;

		if (k >= 17 && k <= 19)
			dec = 4;
		if (k == 20)
			dec = 0;
		c[j++] = fmt_maybe(m[k], dec);
	}
}

/*
 * One table per bench, labelled with it (a line before the table; a
 * comment in LaTeX), its groups and a total row: the sums over them, the
 * means and percentiles over all their records.  JSON: a row "usage" per
 * group and a row "usage_total" per bench.
 */
void
usage_print(struct group **g, size_t n, const struct opts *o)
{
	static const int right[NCOLS_BASE + NCOLS_COST] = {
		1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
	};
	static const unsigned char noci[NCOLS_BASE + NCOLS_COST];
	size_t nc = NCOLS_BASE + (prices_on && prices.n ? NCOLS_COST : 0),
	    i, k;
	struct usage tot = { 0 };
	double m[NCOLS_BASE + NCOLS_COST];
	table *tb = NULL;
	char **c;

	if (o->fmt != FMT_JSON)
		tb = table_ci(o, cols, right, nc, noci, 0);
	for (i = 0; i < n; i++) {
		struct usage zero = { 0 }, *u = g[i]->use ? g[i]->use : &zero;

		usage_merge(&tot, u);
		usage_metrics(u, m);
		if (tb == NULL) {
			cJSON *row = json_row(g[i], o);

			cJSON_AddStringToObject(row, "row", "usage");
			json_usage(row, m, nc);
			continue;
		}
		c = cells_for(g[i], o, nc);
		cells_usage(c, o->nfields, m, nc);
		table_add(tb, c);
	}
	usage_metrics(&tot, m);
	if (tb == NULL) {
		cJSON *row = cJSON_CreateObject();

		cJSON_AddStringToObject(row, "bench", g[0]->bench);
		cJSON_AddStringToObject(row, "lg_version", LG_VERSION);
		cJSON_AddStringToObject(row, "row", "usage_total");
		json_usage(row, m, nc);
	} else {
		c = xcalloc(o->nfields + nc, sizeof *c);
		for (k = 0; k < o->nfields; k++)
			c[k] = xstrdup(k == 0 ? "total" : "");
		cells_usage(c, o->nfields, m, nc);
		table_add(tb, c);
		if (o->fmt == FMT_LATEX)
			printf("%% %s: usage\n", g[0]->bench);
		else if (o->fmt == FMT_MD)
			printf("**%s: usage**\n\n", g[0]->bench);
		else
			printf("%s: usage\n", g[0]->bench);
		table_print(tb, o->fmt);
		table_free(tb);
	}
	free(tot.lat);
}
