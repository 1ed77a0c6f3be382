/*
 * longgenbench.c: LongGenBench's metrics, as the published code computes
 * them.  CR is the mean over cases of the percentage of entries 1..N
 * present; STIC-1 is passes over judged checks and STIC-2 passes over all
 * checks, both pooled over cases and types; wAvg = CR x STIC-2; the rate
 * per instruction type uses the STIC-2 denominator; Len is the mean word
 * count, optionally over some cases only (--len-filter): those with more
 * than 40 entries and 2000 words (the published notebook's rule), or those
 * whose completion rate, entries found over entries asked, is 80% or more
 * (the paper's rule).  A record with no scores, or with an error from any stage, counts
 * as a failed case: CR 0, every check failed (left out of the means with
 * --compat, never out of the failed count).  Checks the judge could not
 * decide (scores.stic_undecided, per type scores.TYPE_undecided) are no
 * check at all: out of every numerator and denominator, STIC-2's too, and
 * counted apart, as are outputs cut by the token limit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "diag.h"
#include "poscurve.h"
#include "xalloc.h"

#define MAXPOS 100000L		/* the largest entry number taken */
#define LEN_MIN_ENTRIES 40	/* the notebook's Len filter: more than this */
#define LEN_MIN_WORDS 2000	/* and more than this many words */

static const char *const type_name[NTYPES] = { "single", "range", "periodic" };

static int
kind_of(const char *s)
{
	int i;

	for (i = 0; i < NTYPES; i++)
		if (s != NULL && strcmp(s, type_name[i]) == 0)
			return i;
	return -1;
}

/* A non-negative integer: 0, or -1 when v is not one. */
static int
as_count(const cJSON *v, long *out)
{
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 ||
	    v->valuedouble != floor(v->valuedouble) || v->valuedouble > 1e15)
		return -1;
	*out = (long)v->valuedouble;
	return 0;
}

/* scores.KEY as a count; absent gives def, or is bad when def < 0. */
static int
score_count(const cJSON *sc, const char *key, long def, long *out, jsonl *in)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sc, key);

	if (v == NULL && def >= 0) {
		*out = def;
		return 0;
	}
	if (v == NULL) {
		jsonl_warn(in, "scores.%s: missing", key);
		return -1;
	}
	if (as_count(v, out) < 0) {
		jsonl_warn(in, "scores.%s: not a non-negative integer", key);
		return -1;
	}
	return 0;
}

/* Room for positions 1..n. */
static void
pos_grow(struct lgb *d, size_t n)
{
	size_t m = d->npos ? d->npos : 16;

	if (n <= d->npos)
		return;
	while (m < n)
		m *= 2;
	d->ppass = xreallocarray(d->ppass, m, sizeof *d->ppass);
	d->pjudged = xreallocarray(d->pjudged, m, sizeof *d->pjudged);
	d->ptotal = xreallocarray(d->ptotal, m, sizeof *d->ptotal);
	memset(d->ppass + d->npos, 0, (m - d->npos) * sizeof *d->ppass);
	memset(d->pjudged + d->npos, 0, (m - d->npos) * sizeof *d->pjudged);
	memset(d->ptotal + d->npos, 0, (m - d->npos) * sizeof *d->ptotal);
	d->npos = m;
}

static void
pos_add(struct lgb *d, long at, int pass, int judged)
{
	size_t i = (size_t)at - 1;

	pos_grow(d, i + 1);
	d->ptotal[i]++;
	d->pjudged[i] += judged != 0;
	d->ppass[i] += pass != 0;
}

/*
 * A check of entry at into its position: the entry number, or with --axis
 * tokens the bin of the token offset where the entry starts in the output
 * (no such entry there: counted apart).  0, or -1 when the record is bad.
 */
static int
place(const cJSON *rec, long at, int pass, int judged, const struct opts *o,
    struct lgb *d, jsonl *in)
{
	long bin;
	int r;

	if (!o->axis_tokens) {
		pos_add(d, at, pass, judged);
		return 0;
	}
	if ((r = postok_bin(rec, at, o, &bin, in)) < 0)
		return -1;
	if (r == 1) {
		d->utotal++;
		d->ujudged += judged != 0;
		d->upass += pass != 0;
		return 0;
	}
	pos_add(d, bin + 1, pass, judged);
	return 0;
}

static int
position(const cJSON *item, const char *arr, int idx, long *at, jsonl *in)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, "at");

	if (as_count(v, at) < 0 || *at < 1 || *at > MAXPOS) {
		jsonl_warn(in, "%s[%d].at: not an entry number from 1 to %ld",
		    arr, idx, MAXPOS);
		return -1;
	}
	return 0;
}

/* A record without scores: CR 0, every check failed. */
static int
read_failed(const cJSON *rec, jsonl *in, const struct opts *o, struct lgb *d)
{
	const cJSON *checks = rec_get(rec, "checks");
	const cJSON *gold = rec_get(rec, "gold");
	const cJSON *c;
	long n;
	int i = 0;

	if (!cJSON_IsArray(checks)) {
		jsonl_warn(in, "no scores, and checks is %s: cannot count the "
		    "record as failed", checks ? "not an array" : "missing");
		return -1;
	}
	if (as_count(cJSON_GetObjectItemCaseSensitive(gold, "number"), &n) < 0 ||
	    n < 1) {
		jsonl_warn(in, "no scores, and gold.number is not a positive "
		    "integer: cannot count the record as failed");
		return -1;
	}
	cJSON_ArrayForEach(c, checks) {
		const cJSON *k = cJSON_GetObjectItemCaseSensitive(c, "kind");
		int t = kind_of(cJSON_IsString(k) ? k->valuestring : NULL);
		long at;

		if (t < 0) {
			jsonl_warn(in, "checks[%d].kind: not single, range or "
			    "periodic", i);
			lgb_clear(d);
			return -1;
		}
		if (position(c, "checks", i, &at, in) < 0) {
			lgb_clear(d);
			return -1;
		}
		d->total++;
		d->ttotal[t]++;
		if (o->by_position && place(rec, at, 0, 0, o, d, in) < 0) {
			lgb_clear(d);
			return -1;
		}
		i++;
	}
	d->cases = 1;
	d->failed = 1;
	d->expected = n;
	if (!o->len_filter)
		d->len_cases = 1;
	return 0;
}

static int
read_verdicts(const cJSON *rec, jsonl *in, const struct opts *o,
    struct lgb *d)
{
	const cJSON *vs = rec_get(rec, "verdicts");
	const cJSON *v;
	int i = 0;

	/* not judged yet (lg-split | lg-agg), or its counts alone: no
	 * position to give */
	if (vs == NULL || cJSON_IsNull(vs)) {
		d->noverdicts = 1;
		return 0;
	}
	if (!cJSON_IsArray(vs)) {
		jsonl_warn(in, "verdicts: not an array");
		return -1;
	}
	cJSON_ArrayForEach(v, vs) {
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(v, "pass");
		const cJSON *j = cJSON_GetObjectItemCaseSensitive(v, "judged");
		long at;

		if (position(v, "verdicts", i, &at, in) < 0)
			return -1;
		if (!cJSON_IsBool(p) || (j != NULL && !cJSON_IsBool(j))) {
			jsonl_warn(in, "verdicts[%d].%s: not true or false", i,
			    cJSON_IsBool(p) ? "judged" : "pass");
			return -1;
		}
		/* an undecided check is no check of its position */
		if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v,
		    "undecided")) && place(rec, at, cJSON_IsTrue(p), j == NULL ||
		    cJSON_IsTrue(j), o, d, in) < 0)
			return -1;
		i++;
	}
	return 0;
}

/* pass <= judged <= total - undecided, named after their keys for the
 * message. */
static int
ordered(long pass, long judged, long total, long undecided, const char *pre,
    jsonl *in)
{
	if (pass > judged) {
		jsonl_warn(in, "scores.%spass exceeds scores.%sjudged", pre, pre);
		return -1;
	}
	if (judged > total) {
		jsonl_warn(in, "scores.%sjudged exceeds scores.%stotal", pre, pre);
		return -1;
	}
	if (undecided > total - judged) {
		jsonl_warn(in, "scores.%sundecided exceeds scores.%stotal less "
		    "scores.%sjudged", pre, pre, pre);
		return -1;
	}
	return 0;
}

/* The undecided checks per type from the verdicts, for records that
 * give scores.stic_undecided alone; -1 when there are none to read. */
static int
type_undecided_verdicts(const cJSON *rec, struct lgb *d, jsonl *in)
{
	const cJSON *vs = rec_get(rec, "verdicts");
	const cJSON *v;
	long n = 0;
	int t;

	if (!cJSON_IsArray(vs)) {
		jsonl_warn(in, "scores.stic_undecided without "
		    "scores.single_undecided and no verdicts: cannot tell the "
		    "undecided checks of each type");
		return -1;
	}
	cJSON_ArrayForEach(v, vs) {
		const cJSON *k = cJSON_GetObjectItemCaseSensitive(v, "kind");

		if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v,
		    "undecided")))
			continue;
		if ((t = kind_of(cJSON_IsString(k) ? k->valuestring : NULL)) < 0) {
			jsonl_warn(in, "verdicts[%ld].kind: not single, range or "
			    "periodic", n);
			return -1;
		}
		d->tundecided[t]++;
		n++;
	}
	if (n != d->undecided) {
		jsonl_warn(in, "scores.stic_undecided is %ld, the undecided "
		    "verdicts %ld", d->undecided, n);
		return -1;
	}
	return 0;
}

/* The counts of each type: scores.TYPE_pass, _judged, _total and
 * _undecided (else undecided from the verdicts). */
static int
read_types(const cJSON *sc, const cJSON *rec, jsonl *in, struct lgb *d)
{
	static const char *const key_of[] = { "pass", "judged", "total",
	    "undecided" };
	char key[32];
	int t, i, has_und = 0;

	for (t = 0; t < NTYPES; t++) {
		long *to[] = { &d->tpass[t], &d->tjudged[t], &d->ttotal[t],
		    &d->tundecided[t] };

		for (i = 0; i < 4; i++) {
			snprintf(key, sizeof key, "%s_%s", type_name[t],
			    key_of[i]);
			has_und |= i == 3 &&
			    cJSON_GetObjectItemCaseSensitive(sc, key) != NULL;
			if (score_count(sc, key, 0, to[i], in) < 0)
				return -1;
		}
	}
	if (d->undecided > 0 && !has_und &&
	    type_undecided_verdicts(rec, d, in) < 0)
		return -1;
	for (t = 0; t < NTYPES; t++) {
		char pre[16];

		snprintf(pre, sizeof pre, "%s_", type_name[t]);
		if (ordered(d->tpass[t], d->tjudged[t], d->ttotal[t],
		    d->tundecided[t], pre, in) < 0)
			return -1;
	}
	return 0;
}

/*
 * Does a case count for Len under --len-filter?  The paper's rule, "at least
 * an 80% completion rate", in integers: found / expected >= 4 / 5.
 */
static int
len_counts(int rule, long found, long expected, long words)
{
	switch (rule) {
	case LEN_NOTEBOOK:
		return found > LEN_MIN_ENTRIES && words > LEN_MIN_WORDS;
	case LEN_PAPER80:
		return 5 * (long long)found >= 4 * (long long)expected;
	default:
		return 1;
	}
}

static int
read_scored(const cJSON *sc, const cJSON *rec, jsonl *in, const struct opts *o,
    struct lgb *d)
{
	long words;
	int unjudged;

	if (!cJSON_IsObject(sc)) {
		jsonl_warn(in, "scores: not an object");
		return -1;
	}
	/* a record lg-judge has not seen (lg-split | lg-agg, as when
	 * rescoring the completion rate of a published run) counts for CR
	 * and Len only */
	unjudged = cJSON_GetObjectItemCaseSensitive(sc, "stic_pass") == NULL &&
	    cJSON_GetObjectItemCaseSensitive(sc, "stic_judged") == NULL &&
	    cJSON_GetObjectItemCaseSensitive(sc, "stic_total") == NULL;
	if (score_count(sc, "entries_found", -1, &d->found, in) < 0 ||
	    score_count(sc, "entries_expected", -1, &d->expected, in) < 0 ||
	    score_count(sc, "words", -1, &words, in) < 0 ||
	    score_count(sc, "stic_pass", unjudged ? 0 : -1, &d->pass, in) < 0 ||
	    score_count(sc, "stic_judged", unjudged ? 0 : -1, &d->judged, in) < 0 ||
	    score_count(sc, "stic_total", unjudged ? 0 : -1, &d->total, in) < 0 ||
	    score_count(sc, "stic_undecided", 0, &d->undecided, in) < 0)
		return -1;
	if (d->expected == 0) {
		jsonl_warn(in, "scores.entries_expected: zero");
		return -1;
	}
	if (d->found > d->expected) {
		jsonl_warn(in, "scores.entries_found exceeds "
		    "scores.entries_expected");
		return -1;
	}
	if (ordered(d->pass, d->judged, d->total, d->undecided, "stic_",
	    in) < 0 || read_types(sc, rec, in, d) < 0)
		return -1;
	if (o->by_position && read_verdicts(rec, in, o, d) < 0) {
		lgb_clear(d);
		return -1;
	}
	d->cases = 1;
	d->cr_sum = 100.0 * (double)d->found / (double)d->expected;
	if (len_counts(o->len_filter, d->found, d->expected, words)) {
		d->words = words;
		d->len_cases = 1;
	}
	return 0;
}

/* Scores read from a record that failed: keep the totals, nothing passed. */
static void
fail_scored(struct lgb *d, const struct opts *o)
{
	size_t i;
	int t;

	d->failed = 1;
	d->found = 0;
	d->cr_sum = 0;
	d->pass = d->judged = d->undecided = 0;
	for (t = 0; t < NTYPES; t++)
		d->tpass[t] = d->tjudged[t] = d->tundecided[t] = 0;
	for (i = 0; i < d->npos; i++)
		d->ppass[i] = d->pjudged[i] = 0;
	d->upass = d->ujudged = 0;
	d->words = 0;
	d->len_cases = !o->len_filter;
}

static int
read_lgb(const cJSON *rec, jsonl *in, const struct opts *o, struct lgb *d)
{
	const cJSON *sc = rec_get(rec, "scores");
	int failed = sc == NULL || cJSON_IsNull(sc) ||
	    rec_get(rec, "error") != NULL;
	int r;

	memset(d, 0, sizeof *d);
	if (o->compat && failed) {
		d->failed = 1;
		d->cut = rec_cut(rec);
		return 1;
	}
	/*
	 * An error from any stage fails the record, whatever scores it has:
	 * its checks from the record, else the totals of its scores.
	 */
	if (!failed)
		r = read_scored(sc, rec, in, o, d);
	else if (cJSON_IsObject(sc) && !cJSON_IsArray(rec_get(rec, "checks"))) {
		if ((r = read_scored(sc, rec, in, o, d)) == 0)
			fail_scored(d, o);
	} else
		r = read_failed(rec, in, o, d);
	if (r == 0)
		d->cut = rec_cut(rec);
	return r;
}

void
lgb_add(struct lgb *g, const struct lgb *d)
{
	size_t i;
	int t;

	g->cases += d->cases;
	g->failed += d->failed;
	g->undecided += d->undecided;
	g->cut += d->cut;
	g->cr_sum += d->cr_sum;
	g->found += d->found;
	g->expected += d->expected;
	g->pass += d->pass;
	g->judged += d->judged;
	g->total += d->total;
	for (t = 0; t < NTYPES; t++) {
		g->tpass[t] += d->tpass[t];
		g->tjudged[t] += d->tjudged[t];
		g->ttotal[t] += d->ttotal[t];
		g->tundecided[t] += d->tundecided[t];
	}
	g->words += d->words;
	g->len_cases += d->len_cases;
	g->upass += d->upass;
	g->ujudged += d->ujudged;
	g->utotal += d->utotal;
	g->noverdicts += d->noverdicts;
	pos_grow(g, d->npos);
	for (i = 0; i < d->npos; i++) {
		g->ppass[i] += d->ppass[i];
		g->pjudged[i] += d->pjudged[i];
		g->ptotal[i] += d->ptotal[i];
	}
}

void
lgb_clear(struct lgb *d)
{
	free(d->ppass);
	free(d->pjudged);
	free(d->ptotal);
	memset(d, 0, sizeof *d);
}

/* The record as a resampling unit: its CR percentage and its counts, the
 * totals of decided checks only. */
static void
unit_lgb(struct unit *u, const struct lgb *l)
{
	int t;

	memset(u, 0, sizeof *u);
	u->w = (double)l->cases;
	u->sum = l->cr_sum;
	u->pass = l->pass;
	u->judged = l->judged;
	u->total = l->total - l->undecided;
	for (t = 0; t < NTYPES; t++) {
		u->tpass[t] = l->tpass[t];
		u->ttotal[t] = l->ttotal[t] - l->tundecided[t];
	}
	u->words = (long)l->words;
	u->len_cases = l->len_cases;
	u->s = l->cr_sum;
	u->ss = l->cr_sum * l->cr_sum;
}

int
lgb_read(const cJSON *rec, jsonl *in, const struct opts *o, struct sums *d)
{
	int r = read_lgb(rec, in, o, &d->lgb);

	if (r == 0)
		unit_lgb(&d->u, &d->lgb);
	return r;
}

void
lgb_merge(struct group *g, struct sums *d)
{
	lgb_add(&g->lgb, &d->lgb);
	lgb_clear(&d->lgb);
}

void
lgb_drop(struct group *g)
{
	lgb_clear(&g->lgb);
}

void
lgb_counts(const struct group *g, long *failed, long *undecided)
{
	*failed = g->lgb.failed;
	*undecided = g->lgb.undecided;
}

/* --- resampling: a case's counts, and the metrics of their sums ------ */

void
lgb_unit_add(struct unit *a, const struct unit *b)
{
	int t;

	a->pass += b->pass;
	a->judged += b->judged;
	a->total += b->total;
	for (t = 0; t < NTYPES; t++) {
		a->tpass[t] += b->tpass[t];
		a->ttotal[t] += b->ttotal[t];
	}
	a->words += b->words;
	a->len_cases += b->len_cases;
}

void
lgb_metrics(const struct unit *u, double *m)
{
	int t;

	m[M_CR] = ratio(u->sum, u->w);
	m[M_STIC1] = 100.0 * ratio((double)u->pass, (double)u->judged);
	m[M_STIC2] = 100.0 * ratio((double)u->pass, (double)u->total);
	m[M_WAVG] = m[M_CR] * ratio((double)u->pass, (double)u->total);
	for (t = 0; t < NTYPES; t++)
		m[M_SINGLE + t] = 100.0 * ratio((double)u->tpass[t],
		    (double)u->ttotal[t]);
	m[M_LEN] = ratio((double)u->words, (double)u->len_cases);
}

static void
pack(const struct unit *u, double *c)
{
	int t;

	c[0] = (double)u->pass;
	c[1] = (double)u->judged;
	c[2] = (double)u->total;
	for (t = 0; t < NTYPES; t++) {
		c[3 + t] = (double)u->tpass[t];
		c[6 + t] = (double)u->ttotal[t];
	}
	c[9] = (double)u->words;
	c[10] = (double)u->len_cases;
}

static void
unpack(const double *c, struct unit *u)
{
	int t;

	u->pass = (long)c[0];
	u->judged = (long)c[1];
	u->total = (long)c[2];
	for (t = 0; t < NTYPES; t++) {
		u->tpass[t] = (long)c[3 + t];
		u->ttotal[t] = (long)c[6 + t];
	}
	u->words = (long)c[9];
	u->len_cases = (long)c[10];
}

static const struct resampling resampling = {
	NMET_LGB, 11, 1.0, pack, unpack, lgb_metrics
};

const struct resampling *
lgb_resampling(const struct group *g)
{
	(void)g;
	return &resampling;
}

static const char *const main_cols[] = {
	"CR", "STIC-1", "STIC-2", "wAvg", "single", "range", "periodic",
	"Len", "cases", "failed", "undecided", "unscored", "cut"
};
static const int right[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
/* the main columns with an interval: CR .. Len */
static const unsigned char main_ci[] = { 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0,
	0 };
static const char *const met_key[NMET_LGB] = { "cr", "stic1", "stic2",
	"wavg", "single", "range", "periodic", "len" };

/* The decided checks of a type (all types: -1), STIC-2's denominator. */
static double
decided(const struct lgb *s, int t)
{
	if (t < 0)
		return (double)(s->total - s->undecided);
	return (double)(s->ttotal[t] - s->tundecided[t]);
}

static void
json_main(const struct group *g, const struct opts *o, int samples)
{
	const struct lgb *s = &g->lgb;
	cJSON *j = json_row(g, o);
	char key[32];
	int t;

	json_num(j, "cases", (double)s->cases);
	json_num(j, "failed", (double)s->failed);
	json_num(j, "undecided", (double)s->undecided);
	json_num(j, "unscored", (double)g->unscored);
	json_num(j, "cut", (double)s->cut);
	json_ratio(j, "cr", s->cr_sum, (double)s->cases);
	json_ratio(j, "stic1", 100.0 * (double)s->pass, (double)s->judged);
	json_ratio(j, "stic2", 100.0 * (double)s->pass, decided(s, -1));
	if (s->cases > 0 && decided(s, -1) > 0)
		json_num(j, "wavg", s->cr_sum / (double)s->cases *
		    (double)s->pass / decided(s, -1));
	else
		cJSON_AddNullToObject(j, "wavg");
	for (t = 0; t < NTYPES; t++)
		json_ratio(j, type_name[t], 100.0 * (double)s->tpass[t],
		    decided(s, t));
	json_ratio(j, "len", (double)s->words, (double)s->len_cases);
	json_num(j, "entries_found", (double)s->found);
	json_num(j, "entries_expected", (double)s->expected);
	json_num(j, "stic_pass", (double)s->pass);
	json_num(j, "stic_judged", (double)s->judged);
	json_num(j, "stic_total", (double)s->total);
	for (t = 0; t < NTYPES; t++) {
		snprintf(key, sizeof key, "%s_pass", type_name[t]);
		json_num(j, key, (double)s->tpass[t]);
		snprintf(key, sizeof key, "%s_judged", type_name[t]);
		json_num(j, key, (double)s->tjudged[t]);
		snprintf(key, sizeof key, "%s_total", type_name[t]);
		json_num(j, key, (double)s->ttotal[t]);
	}
	json_num(j, "words", (double)s->words);
	json_num(j, "len_cases", (double)s->len_cases);
	json_se(j, "cr_se", g, o);
	for (t = 0; t < NMET_LGB; t++)
		json_ci(j, met_key[t], g, t, o);
	if (samples)
		json_samples(j, g);
	json_emit(j);
}

static void
row_main(table *tb, const struct group *g, const struct opts *o, int samples)
{
	const struct lgb *s = &g->lgb;
	size_t k = o->nfields;
	char **c = cells_for(g, o, 13 + NMET_LGB + 3);
	int t;

	c[k++] = s->cases ? fmt_num(s->cr_sum / (double)s->cases, 1) :
	    xstrdup("-");
	cell_ci(c, &k, g, M_CR, o);
	c[k++] = fmt_pct((double)s->pass, (double)s->judged);
	cell_ci(c, &k, g, M_STIC1, o);
	c[k++] = fmt_pct((double)s->pass, decided(s, -1));
	cell_ci(c, &k, g, M_STIC2, o);
	if (s->cases > 0 && decided(s, -1) > 0)
		c[k++] = fmt_num(s->cr_sum / (double)s->cases *
		    (double)s->pass / decided(s, -1), 1);
	else
		c[k++] = xstrdup("-");
	cell_ci(c, &k, g, M_WAVG, o);
	for (t = 0; t < NTYPES; t++) {
		c[k++] = fmt_pct((double)s->tpass[t], decided(s, t));
		cell_ci(c, &k, g, M_SINGLE + t, o);
	}
	c[k++] = s->len_cases ? fmt_num((double)s->words /
	    (double)s->len_cases, 1) : xstrdup("-");
	cell_ci(c, &k, g, M_LEN, o);
	c[k++] = fmt_long(s->cases);
	c[k++] = fmt_long(s->failed);
	c[k++] = fmt_long(s->undecided);
	c[k++] = fmt_long(g->unscored);
	c[k++] = fmt_long(s->cut);
	if (samples)
		cells_samples(c, &k, g);
	table_add(tb, c);
}

/*
 * --smooth W: the rate of each position with checks as the mean of the
 * rates of the W positions with checks centred on it (fewer at the ends),
 * as lg-plot's position curve (poscurve_window()); NAN for a position
 * without checks.
 */
static double *
smoothed(const struct lgb *s, int w)
{
	double *r = xcalloc(s->npos + 1, sizeof *r);
	size_t *kept = xcalloc(s->npos + 1, sizeof *kept);
	size_t i, k, nk = 0;

	for (i = 0; i < s->npos; i++) {
		r[i] = NAN;
		if (s->ptotal[i] > 0)
			kept[nk++] = i;
	}
	for (k = 0; k < nk; k++) {
		size_t lo, hi, m;
		double sum = 0;

		poscurve_window(k, nk, w, &lo, &hi);
		for (m = lo; m < hi; m++)
			sum += 100.0 * (double)s->ppass[kept[m]] /
			    (double)s->ptotal[kept[m]];
		r[kept[k]] = sum / (double)(hi - lo);
	}
	free(kept);
	return r;
}

/* One position row: at (an entry number, a bin's first token, or -1: the
 * checks whose entry is not in the output), its counts, the smoothed
 * rate (NAN: none asked). */
static void
row_position(table *tb, const struct group *g, const struct opts *o,
    long at, const long *cnt, double sm)
{
	size_t k = o->nfields;
	char **c;

	if (o->fmt == FMT_JSON) {
		cJSON *j = json_row(g, o);

		if (!o->axis_tokens)
			json_num(j, "at", (double)at);
		else if (at < 0)
			cJSON_AddNullToObject(j, "tokens");
		else {
			json_num(j, "tokens", (double)at);
			json_num(j, "tokens_to", (double)(at + o->bin_width));
		}
		if (o->axis_tokens)
			cJSON_AddStringToObject(j, "counted", postok_source(o));
		json_num(j, "pass", (double)cnt[0]);
		json_num(j, "judged", (double)cnt[1]);
		json_num(j, "total", (double)cnt[2]);
		json_ratio(j, "rate", 100.0 * (double)cnt[0], (double)cnt[2]);
		if (o->smooth > 1)
			json_maybe(j, "smoothed", sm);
		json_emit(j);
		return;
	}
	c = cells_for(g, o, 6);
	c[k++] = at < 0 ? xstrdup("none") : fmt_long(at);
	c[k++] = fmt_long(cnt[0]);
	c[k++] = fmt_long(cnt[1]);
	c[k++] = fmt_long(cnt[2]);
	c[k++] = fmt_pct((double)cnt[0], (double)cnt[2]);
	if (o->smooth > 1)
		c[k++] = isnan(sm) ? xstrdup("-") : fmt_num(sm, 1);
	table_add(tb, c);
}

static void
rows_position(table *tb, const struct group *g, const struct opts *o)
{
	const struct lgb *s = &g->lgb;
	double *sm = o->smooth > 1 ? smoothed(s, o->smooth) : NULL;
	size_t i;

	for (i = 0; i < s->npos; i++) {
		long cnt[3] = { s->ppass[i], s->pjudged[i], s->ptotal[i] };

		if (s->ptotal[i] > 0)
			row_position(tb, g, o, o->axis_tokens ?
			    (long)i * o->bin_width : (long)i + 1, cnt,
			    sm ? sm[i] : NAN);
	}
	if (o->axis_tokens && s->utotal > 0) {
		long cnt[3] = { s->upass, s->ujudged, s->utotal };

		row_position(tb, g, o, -1, cnt, NAN);
	}
	free(sm);
}

/* The position table's columns: the first says what counted the tokens. */
static table *
table_position(const struct opts *o, char **head)
{
	const char *cols[6] = { "at", "pass", "judged", "total", "rate",
		"smoothed" };

	if (o->axis_tokens) {
		*head = xasprintf("tokens (%s)", postok_source(o));
		cols[0] = *head;
	}
	return table_for(o, cols, right, o->smooth > 1 ? 6 : 5);
}

/* Whether the group has a row of the position table. */
static int
has_positions(const struct group *g)
{
	size_t i;

	for (i = 0; i < g->lgb.npos; i++)
		if (g->lgb.ptotal[i] > 0)
			return 1;
	return g->lgb.utotal > 0;
}

/*
 * --by-position: the records that give no position, counted apart and
 * never as failed checks: those without verdicts and those
 * never scored, a row per group that has some, after the positions (a
 * blank line between when after); the first said on stderr (the second
 * are, by unscored_warn()).
 */
static void
print_apart(struct group **g, size_t n, const struct opts *o, int after)
{
	static const char *const cols[] = { "no-verdicts", "unscored" };
	static const int rt[] = { 1, 1 };
	table *tb = NULL;
	long nov = 0;
	size_t i, k;
	char **c;

	for (i = 0; i < n; i++) {
		const struct group *x = g[i];

		if (x->lgb.noverdicts == 0 && x->unscored == 0)
			continue;
		nov += x->lgb.noverdicts;
		if (o->fmt == FMT_JSON) {
			cJSON *j = json_row(x, o);

			cJSON_AddStringToObject(j, "row", "no_positions");
			json_num(j, "no_verdicts", (double)x->lgb.noverdicts);
			json_num(j, "unscored", (double)x->unscored);
			json_emit(j);
			continue;
		}
		if (tb == NULL)
			tb = table_for(o, cols, rt, 2);
		k = o->nfields;
		c = cells_for(x, o, 2);
		c[k++] = fmt_long(x->lgb.noverdicts);
		c[k++] = fmt_long(x->unscored);
		table_add(tb, c);
	}
	if (tb != NULL) {
		if (after)
			putchar('\n');
		table_title(g[0]->bench, "records without positions, counted "
		    "apart (no-verdicts: without verdicts; unscored: never "
		    "scored)",
		    o->fmt);
		table_print(tb, o->fmt);
		table_free(tb);
	}
	if (nov > 0)
		lg_warn("%s: %ld record%s without verdicts give%s no position "
		    "(counted apart, not as failed checks): lg-judge writes "
		    "them", g[0]->bench, nov, nov == 1 ? "" : "s",
		    nov == 1 ? "s" : "");
}

static void
print_positions(struct group **g, size_t n, const struct opts *o)
{
	table *tb = NULL;
	char *head = NULL;
	size_t i;
	int any = 0;

	for (i = 0; i < n; i++)
		any |= has_positions(g[i]);
	if (any && o->fmt != FMT_JSON)
		tb = table_position(o, &head);
	for (i = 0; i < n && any; i++)
		rows_position(tb, g[i], o);
	if (tb != NULL) {
		table_print(tb, o->fmt);
		table_free(tb);
	}
	free(head);
	print_apart(g, n, o, any);
}

void
lgb_print(struct group **g, size_t n, const struct opts *o)
{
	table *tb = NULL;
	size_t i;
	int samples = any_samples(g, n);

	if (o->by_position) {
		print_positions(g, n, o);
		return;
	}
	for (i = 0; i < n; i++)
		boot_cell(g[i], o);
	if (o->fmt != FMT_JSON)
		tb = table_ci(o, main_cols, right, 13, main_ci, samples);
	for (i = 0; i < n; i++) {
		if (o->fmt == FMT_JSON)
			json_main(g[i], o, samples);
		else
			row_main(tb, g[i], o, samples);
	}
	if (tb != NULL) {
		table_print(tb, o->fmt);
		table_free(tb);
	}
}
