/*
 * charts.c: scored records folded into the charts of lg-plot and
 * lg-report (owned by them).  Every point is a rate: a sum of values over
 * n units (cases, or checks for the pooled STIC, type and position rates;
 * output tokens over cases for the length chart); its 95% band is the
 * bootstrap interval of chartci.c, each record one unit (the records of a
 * case one) of the group lg-agg would put it in: bench, task, length and
 * model (lg-agg's default -g) for LongWeave and Ada-LEval, length and
 * model (lg-agg -g length,gen.model) for LongGenBench and the length
 * chart.  A failed record (an error from any stage; for LongGenBench, no
 * scores either) counts as a case scored 0 whose checks all failed, never
 * left out.  A LongWeave or Ada-LEval record without a score and without
 * an error is undecided: left out of the points, never a 0.  A record of
 * any bench with no scores and no error was never scored (unscored.h):
 * left out too, counted apart, never failed.  Each kind counts them, and
 * the undecided checks, for the note under its title.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpe.h"
#include "buf.h"
#include "chartci.h"
#include "charts.h"
#include "nulkey.h"
#include "outtok.h"
#include "poscurve.h"
#include "record.h"
#include "scoredef.h"
#include "tasks.h"
#include "unscored.h"
#include "xalloc.h"

#define NBUCKET 4096
#define COMPAT_16K_LAST 52	/* the published 16k curve stops here for */
				/* Floor and Block */

const char *const charts_kind[CH_NKINDS] = {
	"position", "lgb-tiers", "lgb-types", "longweave", "length", "adaleval",
	"bias"
};

static const char *const type_name[] = { "single", "range", "periodic" };
#define NTYPES 3

struct cell {
	int kind;
	char *series;
	char *cat;		/* bars: "upper\nlower"; lines: the x label */
	double x;		/* lines: the abscissa; bars: the sort key */
	double minor;		/* bars: the second sort key */
	int baseline;
	double n, sum;
	double mul;		/* the rate is mul sum / n */
	size_t ix;		/* in all[] */
	struct cell *next;
};

/* What a kind's points leave out or count as 0. */
struct tally {
	long failed, undecided, checks;
	long unscored;		/* no scores, no error: left out */
	long noverdicts;	/* position: scored, no verdicts: left out */
	long counted;		/* length: outputs lg counted */
	long unplaced;		/* position, tokens: checks whose entry is
				 * not in the output (left out) */
};

/* The points a group's records add to, each found once per group: slots
 * of struct gkey. */
enum { S_LW, S_LEN, S_TARGET, S_CR, S_STIC1, S_STIC2, S_TYPE,
	S_ADA = S_TYPE + NTYPES, S_RANDOM, S_BIAS, S_NSLOTS = S_BIAS + 3 };

/* A group of records (bench, task, length and model, as lg-agg's key
 * texts), interned: its resampling groups and its points, so that a
 * record adds to them without printing or looking a key up again. */
struct gkey {
	char *part[4];		/* bench, task, length, model: keys, "-" */
	char *model;		/* the series: the model, or "(no model)" */
	char *pseries;		/* position: "MODEL LENGTH", made once */
	size_t grp[2];		/* chartci: default -g, -g length,gen.model */
	struct cell *slot[S_NSLOTS];
	struct gkey *next;
};

struct charts {
	struct charts_opts o;
	struct gkey *gbucket[NBUCKET];
	struct tally tally[CH_NKINDS];
	struct unscored un;	/* records never scored, for the warning */
	struct scoredefs defs;	/* scored records by task and definition */
	struct cell *bucket[NBUCKET];
	struct cell **all;
	size_t ncell, cap;
	chartci *ci;
	bpe *tok;		/* length: loaded when first needed */
	double counted;		/* the last record's output counted with
				 * tok, or -1 */
	poscurve *pc;		/* position: the token axis, or NULL */
	char xlab[160];		/* position: the token axis's label */
	double *val, *lo, *hi;	/* per cell, worked out at the first build */
	int worked;
};

void
charts_defaults(struct charts_opts *o)
{
	memset(o, 0, sizeof *o);
	o->bins = 10;
	o->bin_width = 1000;
	o->smooth = 1;
	o->min_count = 1;
	o->draws = 1000;
	o->seed = 1;
}

struct charts *
charts_new(const struct charts_opts *o)
{
	struct charts *t = xcalloc(1, sizeof *t);

	t->counted = -1;
	t->o = *o;
	if (t->o.bins < 1)
		t->o.bins = 10;
	if (t->o.smooth < 1)
		t->o.smooth = 1;
	if (t->o.bin_width < 1)
		t->o.bin_width = 1000;
	if (t->o.axis_tokens)
		t->pc = poscurve_new(t->o.tokenizer);
	t->ci = chartci_new(o->draws, o->seed);
	return t;
}

void
charts_free(struct charts *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->ncell; i++) {
		free(t->all[i]->series);
		free(t->all[i]->cat);
		free(t->all[i]);
	}
	free(t->all);
	for (i = 0; i < NBUCKET; i++)
		while (t->gbucket[i] != NULL) {
			struct gkey *k = t->gbucket[i];
			int j;

			t->gbucket[i] = k->next;
			for (j = 0; j < 4; j++)
				free(k->part[j]);
			free(k->model);
			free(k->pseries);
			free(k);
		}
	chartci_free(t->ci);
	unscored_free(&t->un);
	scoredefs_free(&t->defs);
	bpe_free(t->tok);
	poscurve_free(t->pc);
	free(t->val);
	free(t->lo);
	free(t->hi);
	free(t);
}

int
charts_kind_of(const char *name)
{
	int k;

	for (k = 0; k < CH_NKINDS; k++)
		if (strcmp(name, charts_kind[k]) == 0)
			return k;
	return -1;
}

double
charts_tier(const char *s)
{
	char *end;
	double v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	v = strtod(s, &end);
	if (*end == 'k' || *end == 'K') {
		v *= 1024;
		end++;
	} else if (*end == 'm' || *end == 'M') {
		v *= 1048576;
		end++;
	}
	return *end == '\0' && v > 0 && v < 1e12 ? v : -1;
}

static unsigned
hash(int kind, const char *series, const char *cat, double x)
{
	unsigned h = 2166136261u ^ (unsigned)kind;
	const char *p;
	long long xi = llround(x * 1000);

	for (p = series; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	h = (h ^ 0xff) * 16777619u;
	for (p = cat; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	h = (h ^ (unsigned)(xi & 0xffffffff)) * 16777619u;
	return h % NBUCKET;
}

/* Add n and sum to point c (and to the record's unit, unless a
 * baseline). */
static void
add_to(struct charts *t, struct cell *c, double n, double sum)
{
	c->n += n;
	c->sum += sum;
	if (!c->baseline)
		chartci_add(t->ci, c->ix, n, sum);
}

/* Add n and sum to a point, found or made (and to the record's unit,
 * unless a baseline). */
static struct cell *
put(struct charts *t, int kind, const char *series, const char *cat,
    double x, double minor, int baseline, double n, double sum)
{
	unsigned h = hash(kind, series, cat, x);
	struct cell *c;

	for (c = t->bucket[h]; c != NULL; c = c->next)
		if (c->kind == kind && c->x == x && strcmp(c->series, series) == 0 &&
		    strcmp(c->cat, cat) == 0)
			break;
	if (c == NULL) {
		c = xcalloc(1, sizeof *c);
		c->kind = kind;
		c->series = xstrdup(series);
		c->cat = xstrdup(cat);
		c->x = x;
		c->minor = minor;
		c->baseline = baseline;
		c->mul = kind == CH_LENGTH ? 1 : 100;
		c->ix = t->ncell;
		c->next = t->bucket[h];
		t->bucket[h] = c;
		if (t->ncell == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 64;
			t->all = xreallocarray(t->all, t->cap, sizeof *t->all);
		}
		t->all[t->ncell++] = c;
	}
	add_to(t, c, n, sum);
	return c;
}

/* Add n and sum to the point in slot s of k: 1, or 0 when it is not
 * there yet (the caller puts it, once). */
static int
again(struct charts *t, struct gkey *k, int s, double n, double sum)
{
	if (k->slot[s] == NULL)
		return 0;
	add_to(t, k->slot[s], n, sum);
	return 1;
}

/* A non-negative integral number, or -1. */
static long
count(const cJSON *v)
{
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 1e15 ||
	    v->valuedouble != floor(v->valuedouble))
		return -1;
	return (long)v->valuedouble;
}

static int
score_count(const cJSON *sc, const char *k, long *out, jsonl *in)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sc, k);

	if (v == NULL) {
		jsonl_warn(in, "scores.%s: missing", k);
		return -1;
	}
	if ((*out = count(v)) < 0) {
		jsonl_warn(in, "scores.%s: not a non-negative integer", k);
		return -1;
	}
	return 0;
}

/* scores.k in [0, 1]; absent: 0 with *has 0 when optional. */
static int
score_unit(const cJSON *sc, const char *k, int optional, double *out, jsonl *in)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sc, k);

	*out = NAN;
	if (v == NULL) {
		if (optional)
			return 0;
		jsonl_warn(in, "scores.%s: missing", k);
		return -1;
	}
	if (!cJSON_IsNumber(v)) {
		jsonl_warn(in, "scores.%s: not a number", k);
		return -1;
	}
	if (!(v->valuedouble >= 0 && v->valuedouble <= 1)) {
		jsonl_warn(in, "scores.%s: %g is outside [0, 1]", k, v->valuedouble);
		return -1;
	}
	*out = v->valuedouble;
	return 0;
}

static int
has_error(const cJSON *rec)
{
	const cJSON *e = rec_get(rec, "error");

	return e != NULL && !cJSON_IsNull(e);
}

/* LongGenBench: an error (a record with no scores and no error is
 * unscored, not failed). */
static int
failed(const cJSON *rec)
{
	return has_error(rec);
}

/* Not failed, and no scores.score: undecided. */
static int
undecided(const cJSON *rec)
{
	const cJSON *sc = rec_get(rec, "scores");

	return !has_error(rec) && (!cJSON_IsObject(sc) ||
	    cJSON_GetObjectItemCaseSensitive(sc, "score") == NULL);
}

/* scores.undecided or scores.stic_undecided: checks left undecided. */
static long
checks_undecided(const cJSON *rec)
{
	const cJSON *sc = rec_get(rec, "scores");
	long n = count(cJSON_GetObjectItemCaseSensitive(sc, "stic_undecided"));

	if (n < 0)
		n = count(cJSON_GetObjectItemCaseSensitive(sc, "undecided"));
	return n > 0 ? n : 0;
}

static void
tally(struct charts *t, int kind, const cJSON *rec, int fail, int und)
{
	t->tally[kind].failed += fail;
	t->tally[kind].undecided += und;
	t->tally[kind].checks += checks_undecided(rec);
}

/* The positions and outcomes of a LongGenBench record's judged entries,
 * and (a failed record's checks) the number of each instruction type. */
struct pos {
	long *at;
	int *pass;
	int n;
	long type_total[NTYPES];
};

static int
type_of(const cJSON *v)
{
	const char *k = rec_str(v, "kind");
	int i;

	for (i = 0; k != NULL && i < NTYPES; i++)
		if (strcmp(k, type_name[i]) == 0)
			return i;
	return -1;
}

/* The positions of arr (verdicts, or a failed record's checks) in p: 0,
 * 1 when a scored record has no verdicts (no position), -1
 * when the record is bad (said). */
static int
lgb_positions(const cJSON *arr, const char *name, int fail, struct pos *p,
    jsonl *in)
{
	const cJSON *v;
	int i = 0, k;

	/* a scored record without verdicts: no position, and no error */
	if (!fail && (arr == NULL || cJSON_IsNull(arr)))
		return 1;
	if (!cJSON_IsArray(arr)) {
		jsonl_warn(in, "%s: %s, needed for the position chart", name,
		    arr ? "not an array" : "missing");
		return -1;
	}
	p->n = cJSON_GetArraySize(arr);
	p->at = xcalloc((size_t)p->n + 1, sizeof *p->at);
	p->pass = xcalloc((size_t)p->n + 1, sizeof *p->pass);
	cJSON_ArrayForEach(v, arr) {
		const cJSON *ps = cJSON_GetObjectItemCaseSensitive(v, "pass");
		long at = count(cJSON_GetObjectItemCaseSensitive(v, "at"));

		if (at < 1 || at > 1000000) {
			jsonl_warn(in, "%s[%d].at: not an entry number from 1 "
			    "to 1000000", name, i);
			return -1;
		}
		if (!fail && !cJSON_IsBool(ps)) {
			jsonl_warn(in, "%s[%d].pass: not true or false", name, i);
			return -1;
		}
		/* an undecided check is no point of the chart */
		if (!fail && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v,
		    "undecided")))
			continue;
		if (fail && (k = type_of(v)) >= 0)
			p->type_total[k]++;
		p->at[i] = at;
		p->pass[i] = !fail && cJSON_IsTrue(ps);
		i++;
	}
	p->n = i;
	return 0;
}

/* A LongGenBench record's counts, from its scores or (failed) its checks. */
struct lgb {
	long found, expected, pass, judged, total;
	long tpass[NTYPES], ttotal[NTYPES];
	struct pos p;
};

static int
lgb_failed(const cJSON *rec, struct lgb *l, jsonl *in)
{
	int k;

	l->expected = count(cJSON_GetObjectItemCaseSensitive(rec_get(rec, "gold"),
	    "number"));
	if (l->expected < 1) {
		jsonl_warn(in, "no scores, and gold.number is not a positive "
		    "integer: cannot count the record as failed");
		return -1;
	}
	if (lgb_positions(rec_get(rec, "checks"), "checks", 1, &l->p, in) < 0)
		return -1;
	l->total = l->p.n;
	for (k = 0; k < NTYPES; k++)
		l->ttotal[k] = l->p.type_total[k];
	return 0;
}

static int
lgb_scored(const cJSON *rec, struct lgb *l, jsonl *in)
{
	const cJSON *sc = rec_get(rec, "scores");
	char key[32];
	long und = 0;
	int k;

	if (!cJSON_IsObject(sc)) {
		jsonl_warn(in, "scores: not an object");
		return -1;
	}
	if (score_count(sc, "entries_found", &l->found, in) < 0 ||
	    score_count(sc, "entries_expected", &l->expected, in) < 0 ||
	    score_count(sc, "stic_pass", &l->pass, in) < 0 ||
	    score_count(sc, "stic_judged", &l->judged, in) < 0 ||
	    score_count(sc, "stic_total", &l->total, in) < 0)
		return -1;
	if (l->expected == 0) {
		jsonl_warn(in, "scores.entries_expected: zero");
		return -1;
	}
	if (cJSON_GetObjectItemCaseSensitive(sc, "stic_undecided") != NULL &&
	    score_count(sc, "stic_undecided", &und, in) < 0)
		return -1;
	if (l->found > l->expected || l->pass > l->judged ||
	    l->judged > l->total - und) {
		jsonl_warn(in, "scores: entries_found above entries_expected, "
		    "or stic_pass above stic_judged above stic_total less "
		    "stic_undecided");
		return -1;
	}
	/* STIC-2 over the decided checks: an undecided one is no check */
	l->total -= und;
	und = 0;
	/* the counts per type, 0 when absent (as lg-agg reads them) */
	for (k = 0; k < NTYPES; k++) {
		snprintf(key, sizeof key, "%s_pass", type_name[k]);
		if (cJSON_GetObjectItemCaseSensitive(sc, key) != NULL &&
		    score_count(sc, key, &l->tpass[k], in) < 0)
			return -1;
		snprintf(key, sizeof key, "%s_total", type_name[k]);
		if (cJSON_GetObjectItemCaseSensitive(sc, key) != NULL &&
		    score_count(sc, key, &l->ttotal[k], in) < 0)
			return -1;
		snprintf(key, sizeof key, "%s_undecided", type_name[k]);
		if (cJSON_GetObjectItemCaseSensitive(sc, key) != NULL &&
		    score_count(sc, key, &und, in) < 0)
			return -1;
		if (l->tpass[k] > l->ttotal[k] - und) {
			jsonl_warn(in, "scores.%s_pass exceeds scores.%s_total "
			    "less scores.%s_undecided", type_name[k],
			    type_name[k], type_name[k]);
			return -1;
		}
		/* an undecided check is no check: out of the rate */
		l->ttotal[k] -= und;
		und = 0;
	}
	return lgb_positions(rec_get(rec, "verdicts"), "verdicts", 0, &l->p, in);
}

/* The position chart's abscissa of entry at of expected (with the token
 * axis, at is its bin, -1: none), or NAN when the curve leaves it out. */
static double
position_x(const struct charts *t, const cJSON *rec, const char *length,
    long at, long expected)
{
	const char *type = rec_str(rec_get(rec, "gold"), "type");
	long b;

	if (t->pc != NULL)
		return at < 0 ? NAN : (double)at * (double)t->o.bin_width;
	if (t->o.compat) {
		if (strcmp(length, "16k") == 0 && type != NULL &&
		    (strcmp(type, "Floor") == 0 || strcmp(type, "Block") == 0) &&
		    at > COMPAT_16K_LAST)
			return NAN;
		return (double)at;
	}
	b = (at - 1) * t->o.bins / expected;
	if (b >= t->o.bins)
		b = t->o.bins - 1;
	return (b + 0.5) * 100.0 / t->o.bins;
}

static void
put_lgb(struct charts *t, const cJSON *rec, struct gkey *k,
    const char *length, const struct lgb *l)
{
	static const char *const metric[3] = { "CR", "STIC-1", "STIC-2" };
	/* CR in percent, as lg-agg sums it */
	double n[3] = { 1, (double)l->judged, (double)l->total };
	double sum[3] = { 100.0 * (double)l->found / (double)l->expected,
		(double)l->pass, (double)l->pass };
	double tier = charts_tier(length), x;
	char cat[128];
	int i;

	for (i = 0; i < 3; i++)
		if (!again(t, k, S_CR + i, n[i], sum[i])) {
			snprintf(cat, sizeof cat, "%s\n%s", metric[i], length);
			k->slot[S_CR + i] = put(t, CH_LGB_TIERS, k->model, cat,
			    tier, i, 0, n[i], sum[i]);
			if (i == 0)
				k->slot[S_CR]->mul = 1;
		}
	for (i = 0; i < NTYPES; i++) {
		if (l->ttotal[i] == 0 || again(t, k, S_TYPE + i,
		    (double)l->ttotal[i], (double)l->tpass[i]))
			continue;
		snprintf(cat, sizeof cat, "%s\n%s", type_name[i], length);
		k->slot[S_TYPE + i] = put(t, CH_LGB_TYPES, k->model, cat, tier, i,
		    0, l->ttotal[i], l->tpass[i]);
	}
	if (k->pseries == NULL) {
		char series[512];

		snprintf(series, sizeof series, "%s %s", k->model, length);
		k->pseries = xstrdup(series);
	}
	for (i = 0; i < l->p.n; i++)
		if (!isnan(x = position_x(t, rec, length, l->p.at[i], l->expected)))
			put(t, CH_POSITION, k->pseries, "", x, 0, 0, 1,
			    l->p.pass[i]);
}

/* The token axis: each entry number of p turned into the bin where the
 * entry starts in the output, -1 when it is not there; their number, or
 * -1 when the record is bad (warned). */
static long
tokens_of(struct charts *t, const cJSON *rec, struct pos *p, jsonl *in)
{
	long bin, none = 0;
	int i, r;

	for (i = 0; i < p->n; i++) {
		if ((r = poscurve_bin(t->pc, rec, p->at[i], t->o.bin_width, &bin,
		    in)) < 0)
			return -1;
		p->at[i] = r == 1 ? -1 : bin;
		none += r == 1;
	}
	return none;
}

static int
add_lgb(struct charts *t, const cJSON *rec, struct gkey *k,
    const char *length, const char *uid, jsonl *in)
{
	struct lgb l = { 0 };
	int fail = failed(rec), r, nopos;
	long unplaced = 0;

	if (unscored_rec(rec)) {
		t->tally[CH_LGB_TIERS].unscored++;
		t->tally[CH_LGB_TYPES].unscored++;
		t->tally[CH_POSITION].unscored++;
		unscored_note(&t->un, rec);
		return 0;
	}
	r = fail ? lgb_failed(rec, &l, in) : lgb_scored(rec, &l, in);
	nopos = r == 1;	/* scored, not judged: no position */
	if (nopos) {
		t->tally[CH_POSITION].noverdicts++;
		r = 0;
	}
	if (r == 0 && !nopos && t->pc != NULL && (unplaced = tokens_of(t,
	    rec, &l.p, in)) < 0)
		r = -1;
	if (r == 0) {
		if (!nopos) {
			t->tally[CH_POSITION].unplaced += unplaced;
			tally(t, CH_POSITION, rec, fail, 0);
		}
		tally(t, CH_LGB_TIERS, rec, fail, 0);
		tally(t, CH_LGB_TYPES, rec, fail, 0);
		chartci_unit_in(t->ci, k->grp[1], uid);
		put_lgb(t, rec, k, length, &l);
	}
	free(l.p.at);
	free(l.p.pass);
	return r;
}

/* The length chart: the output against the tier's target, the record a
 * case of its length and model (lg-agg -g length,gen.model). */
static void
add_length(struct charts *t, const cJSON *rec, struct gkey *k,
    const char *length, const char *uid, jsonl *in)
{
	double tier = charts_tier(length), n;
	int counted;

	if (tier < 0)
		return;
	if (has_error(rec) || (n = output_tokens(rec, &t->tok, t->o.tokenizer,
	    in, &counted)) < 0) {
		t->tally[CH_LENGTH].failed++;
		return;
	}
	t->tally[CH_LENGTH].counted += counted;
	if (counted)
		t->counted = n;
	chartci_unit_in(t->ci, k->grp[1], uid);
	if (!again(t, k, S_LEN, 1, n))
		k->slot[S_LEN] = put(t, CH_LENGTH, k->model, length, tier, 0, 0,
		    1, n);
	if (!again(t, k, S_TARGET, 1, tier))
		k->slot[S_TARGET] = put(t, CH_LENGTH, "target length", length,
		    tier, 0, 1, 1, tier);
}

static int
add_lw(struct charts *t, const cJSON *rec, struct gkey *k, const char *task,
    const char *length, const char *uid, jsonl *in)
{
	const cJSON *sc = rec_get(rec, "scores");
	double s = 0;
	char cat[256];
	int fail = has_error(rec), und = !fail && undecided(rec);

	if (sc != NULL && !cJSON_IsNull(sc) && !cJSON_IsObject(sc)) {
		jsonl_warn(in, "scores: not an object");
		return -1;
	}
	if (!fail && !und && score_unit(sc, "score", 0, &s, in) < 0)
		return -1;
	add_length(t, rec, k, length, uid, in);
	if (unscored_rec(rec)) {
		t->tally[CH_LONGWEAVE].unscored++;
		unscored_note(&t->un, rec);
		return 0;
	}
	tally(t, CH_LONGWEAVE, rec, fail, und);
	if (und)
		return 0;
	chartci_unit_in(t->ci, k->grp[0], uid);
	if (again(t, k, S_LW, 1, s))
		return 0;
	snprintf(cat, sizeof cat, "%s\n%s", length, task);
	k->slot[S_LW] = put(t, CH_LONGWEAVE, k->model, cat,
	    task_rank(bench_names[BENCH_LONGWEAVE], task) * 1e13 +
	    charts_tier(length), 0, 0, 1, s);
	return 0;
}

static int
add_ada(struct charts *t, const cJSON *rec, struct gkey *k, const char *task,
    const char *length, const char *uid, jsonl *in)
{
	static const char *const where[] = { "front", "middle", "rear" };
	const cJSON *sc = rec_get(rec, "scores");
	const char *at = rec_str(rec_get(rec, "gold"), "at");
	double s = 0, rnd = NAN, tier = charts_tier(length);
	char series[512], cat[256];
	int i, fail = has_error(rec), und = !fail && undecided(rec);

	if (tier < 0) {
		jsonl_warn(in, "length: \"%s\" is not a size such as 2k, cannot "
		    "place it on the length axis", length);
		return -1;
	}
	if (sc != NULL && !cJSON_IsNull(sc) && !cJSON_IsObject(sc)) {
		jsonl_warn(in, "scores: not an object");
		return -1;
	}
	if (!fail && !und && (score_unit(sc, "score", 0, &s, in) < 0 ||
	    score_unit(sc, "random", 1, &rnd, in) < 0))
		return -1;
	if (unscored_rec(rec)) {
		t->tally[CH_ADALEVAL].unscored++;
		t->tally[CH_BIAS].unscored += at != NULL;
		unscored_note(&t->un, rec);
		return 0;
	}
	tally(t, CH_ADALEVAL, rec, fail, und);
	if (at != NULL)
		tally(t, CH_BIAS, rec, fail, und);
	if (und)
		return 0;
	chartci_unit_in(t->ci, k->grp[0], uid);
	if (!again(t, k, S_ADA, 1, s)) {
		snprintf(series, sizeof series, "%s %s", k->model, task);
		k->slot[S_ADA] = put(t, CH_ADALEVAL, series, length, tier, 0, 0,
		    1, s);
	}
	if (!isnan(rnd) && !again(t, k, S_RANDOM, 1, rnd)) {
		snprintf(series, sizeof series, "random guess, %s", task);
		k->slot[S_RANDOM] = put(t, CH_ADALEVAL, series, length, tier, 0,
		    1, 1, rnd);
	}
	/* the three positions of a task and length, the empty ones too, so
	 * that every group of bars reads front, middle, rear */
	for (i = 0; at != NULL && i < 3; i++) {
		int here = strcmp(at, where[i]) == 0;

		if (again(t, k, S_BIAS + i, here, here && s > 0.5))
			continue;
		snprintf(cat, sizeof cat, "%s\n%s %s", where[i], task, length);
		k->slot[S_BIAS + i] = put(t, CH_BIAS, k->model, cat,
		    task_rank(bench_names[BENCH_ADALEVAL], task) * 1e13 + tier,
		    i, 0, here, here && s > 0.5);
	}
	return 0;
}

/* A string field whole as a group value, as lg-agg -g takes it ("-" when
 * absent or not a string). */
static char *
key_part(const cJSON *rec, char *a, char *b)
{
	char *parts[2] = { a, b };
	char *k = nulkey_at(rec, parts, b ? 2 : 1);

	return k ? k : xstrdup("-");
}

/* The record's unit id, as lg-agg keys it: "c" and the case, or "r", the
 * id, 0x01 'm' and the model; NULL without either. */
static char *
unit_id(const cJSON *rec, const char *model)
{
	static char case_k[] = "case", id_k[] = "id";
	char *p[1] = { case_k }, *k;

	struct buf b = { 0 };

	if ((k = nulkey_at(rec, p, 1)) != NULL) {
		buf_putc(&b, 'c');
		buf_puts(&b, k);
		free(k);
		return buf_take(&b);
	}
	p[0] = id_k;
	if ((k = nulkey_at(rec, p, 1)) != NULL) {
		buf_putc(&b, 'r');
		buf_puts(&b, k);
		if (model != NULL) {
			buf_puts(&b, "\x01m");
			buf_puts(&b, model);
		}
		free(k);
		return buf_take(&b);
	}
	return NULL;
}

static unsigned
gkey_hash(char *const part[4])
{
	unsigned h = 2166136261u;
	const char *p;
	int i;

	for (i = 0; i < 4; i++) {
		for (p = part[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
		h = (h ^ 0xff) * 16777619u;
	}
	return h % NBUCKET;
}

/* The group of part[] (bench, task, length and model keys), interned:
 * the parts are taken over, or freed when the group is known. */
static struct gkey *
gkey_of(struct charts *t, char *part[4])
{
	unsigned h = gkey_hash(part);
	struct gkey *k;
	char *g;
	int i;

	for (k = t->gbucket[h]; k != NULL; k = k->next)
		if (strcmp(k->part[0], part[0]) == 0 &&
		    strcmp(k->part[1], part[1]) == 0 &&
		    strcmp(k->part[2], part[2]) == 0 &&
		    strcmp(k->part[3], part[3]) == 0)
			break;
	if (k != NULL) {
		for (i = 0; i < 4; i++)
			free(part[i]);
		return k;
	}
	k = xcalloc(1, sizeof *k);
	memcpy(k->part, part, sizeof k->part);
	k->model = xstrdup(strcmp(part[3], "-") == 0 ? "(no model)" : part[3]);
	/* the group keys of lg-agg's key_text(): default -g
	 * bench,task,length,gen.model, and -g length,gen.model */
	g = xasprintf("%zu:%s,%zu:%s,%zu:%s,%zu:%s,%zu:%s", strlen(part[0]),
	    part[0], strlen(part[0]), part[0], strlen(part[1]), part[1],
	    strlen(part[2]), part[2], strlen(part[3]), part[3]);
	k->grp[0] = chartci_group(t->ci, g);
	free(g);
	g = xasprintf("%zu:%s,%zu:%s,%zu:%s", strlen(part[0]), part[0],
	    strlen(part[2]), part[2], strlen(part[3]), part[3]);
	k->grp[1] = chartci_group(t->ci, g);
	free(g);
	k->next = t->gbucket[h];
	t->gbucket[h] = k;
	return k;
}

static int
add_keyed(struct charts *t, const cJSON *rec, const char *bench,
    const char *task, const char *length, jsonl *in)
{
	static char bench_k[] = "bench", task_k[] = "task", length_k[] = "length",
	    gen_k[] = "gen", model_k[] = "model";
	char *part[4] = { key_part(rec, bench_k, NULL),
		key_part(rec, task_k, NULL), key_part(rec, length_k, NULL),
		key_part(rec, gen_k, model_k) };
	struct gkey *k = gkey_of(t, part);
	char *uid = unit_id(rec, strcmp(k->part[3], "-") == 0 ? NULL :
	    k->part[3]);
	int r;

	if (bench_index(bench) == BENCH_LONGGENBENCH)
		r = add_lgb(t, rec, k, length, uid, in);
	else if (bench_index(bench) == BENCH_LONGWEAVE)
		r = add_lw(t, rec, k, task, length, uid, in);
	else
		r = add_ada(t, rec, k, task, length, uid, in);
	free(uid);
	return r;
}

/* String field k, whole: NULL when absent or not a string; *nul set, after
 * a message, when it holds a NUL byte (a bench, task or tier the charts'
 * tables, labels and tier sizes cannot take). */
static const char *
label(const cJSON *rec, const char *k, int *nul, jsonl *in)
{
	size_t len;
	const char *s = rec_strn(rec, k, &len);

	if (s != NULL && memchr(s, '\0', len) != NULL && !*nul) {
		jsonl_warn(in, "%s: holds a NUL byte (\\u0000), cannot chart it",
		    k);
		*nul = 1;
	}
	return s;
}

/* rec's definition (scoredef.h) under its task: the charts put a task's
 * points of every model and tier side by side. */
static void
note_def(struct charts *t, const cJSON *rec, const char *bench,
    const char *task)
{
	size_t nb = strnlen(bench, 200), nt = strnlen(task, 200);
	char key[402];

	/* "BENCH/TASK", each cut at 200 bytes, made without printing */
	memcpy(key, bench, nb);
	key[nb] = '/';
	memcpy(key + nb + 1, task, nt);
	key[nb + 1 + nt] = '\0';
	scoredefs_note(&t->defs, key, rec);
}

int
charts_add(struct charts *t, const cJSON *rec, jsonl *in)
{
	int nul = 0;
	const char *bench = label(rec, "bench", &nul, in);
	const char *task = label(rec, "task", &nul, in);
	const char *length = label(rec, "length", &nul, in);
	const cJSON *kase = rec_get(rec, "case");

	t->counted = -1;
	if (nul)
		return -1;
	if (bench == NULL) {
		jsonl_warn(in, "bench: %s", rec_get(rec, "bench") ? "not a string" :
		    "missing");
		return -1;
	}
	if (bench_index(bench) < 0)
		return 1;
	if (task == NULL || length == NULL) {
		jsonl_warn(in, "%s: %s", task == NULL ? "task" : "length",
		    rec_get(rec, task == NULL ? "task" : "length") ?
		    "not a string" : "missing");
		return -1;
	}
	if (kase != NULL && !cJSON_IsNull(kase) && !cJSON_IsString(kase)) {
		jsonl_warn(in, "case: not a string");
		return -1;
	}
	t->worked = 0;
	note_def(t, rec, bench, task);
	return add_keyed(t, rec, bench, task, length, in);
}

double
charts_counted(const struct charts *t)
{
	return t->counted;
}

int
charts_defs_refused(const struct charts *t)
{
	return scoredefs_refused(&t->defs, NULL);
}

long
charts_points(const struct charts *t, int kind)
{
	size_t i;
	long n = 0;

	for (i = 0; i < t->ncell; i++)
		n += t->all[i]->kind == kind && t->all[i]->n > 0;
	if (kind == CH_LENGTH)	/* records without outputs: no chart */
		return n;
	return n + t->tally[kind].failed + t->tally[kind].undecided +
	    t->tally[kind].unscored + t->tally[kind].noverdicts;
}

void
charts_warn_unscored(const struct charts *t, struct buf *b)
{
	if (b != NULL)
		unscored_say(&t->un, b);
	else
		unscored_warn(&t->un);
}

/* "3 failed (counted 0), 2 undecided (left out), 5 checks undecided", or
 * NULL when there is nothing to say. */
static char *
note(const struct tally *y, int kind)
{
	int lgb = kind == CH_POSITION || kind == CH_LGB_TIERS ||
	    kind == CH_LGB_TYPES;
	struct buf b = { 0 };

	if (kind == CH_LENGTH && y->failed > 0)
		buf_printf(&b, "%ld failed or without output (left out)",
		    y->failed);
	else if (y->failed > 0)
		buf_printf(&b, "%ld failed (an error: counted 0)", y->failed);
	if (y->undecided > 0)
		buf_printf(&b, "%s%ld undecided (no score: left out)",
		    b.len ? ", " : "", y->undecided);
	if (y->unscored > 0 && kind != CH_LENGTH)
		buf_printf(&b, "%s%ld unscored (never scored: left out)",
		    b.len ? ", " : "", y->unscored);
	if (y->noverdicts > 0)
		buf_printf(&b, "%s%ld without verdicts (no position: "
		    "left out)", b.len ? ", " : "", y->noverdicts);
	if (y->checks > 0 && kind != CH_LENGTH)
		buf_printf(&b, "%s%ld %s the judge could not decide%s",
		    b.len ? ", " : "", y->checks, lgb ? "checks" : "items",
		    lgb ? " (left out)" : "");
	if (y->unplaced > 0)
		buf_printf(&b, "%s%ld checks whose entry is not in the output "
		    "(no place on the token axis: left out)", b.len ? ", " : "",
		    y->unplaced);
	if (y->counted > 0)
		buf_printf(&b, "%s%ld without gen.output_tokens (counted in "
		    "cl100k_base tokens)", b.len ? ", " : "", y->counted);
	return b.len ? buf_take(&b) : NULL;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
cmp_cell(const void *a, const void *b)
{
	const struct cell *x = *(struct cell *const *)a, *y = *(struct cell *const *)b;

	if (x->x != y->x)
		return x->x < y->x ? -1 : 1;
	if (x->minor != y->minor)
		return x->minor < y->minor ? -1 : 1;
	return strcmp(x->cat, y->cat);
}

/* Position cells by series, then abscissa. */
static int
cmp_series_x(const void *a, const void *b)
{
	const struct cell *x = *(struct cell *const *)a, *y = *(struct cell *const *)b;
	int c = strcmp(x->series, y->series);

	if (c != 0)
		return c;
	return (x->x > y->x) - (x->x < y->x);
}

/*
 * The window of every cell (chartci.h): itself, but for a position the
 * positions of its line that have min_count checks, smooth of them
 * centred on it (fewer at the ends); a position with fewer checks has
 * none.
 */
static void
windows(const struct charts *t, size_t *start, size_t *win)
{
	struct cell **pc = xcalloc(t->ncell + 1, sizeof *pc);
	size_t *first = xcalloc(t->ncell + 1, sizeof *first);
	size_t *last = xcalloc(t->ncell + 1, sizeof *last);
	size_t np = 0, i, j, a, k, nk, w = 0;

	for (i = 0; i < t->ncell; i++) {
		first[i] = i;
		last[i] = i + 1;
		if (t->all[i]->kind == CH_POSITION)
			pc[np++] = t->all[i];
	}
	qsort(pc, np, sizeof *pc, cmp_series_x);
	for (a = 0; a < np; a = j) {
		for (j = a; j < np && strcmp(pc[j]->series, pc[a]->series) == 0; j++)
			first[pc[j]->ix] = last[pc[j]->ix] = SIZE_MAX;
		for (i = a, nk = 0; i < j; i++)
			if (pc[i]->n >= (double)t->o.min_count)
				pc[a + nk++] = pc[i];	/* the kept, in order */
		for (k = 0; k < nk; k++) {
			size_t lo, hi;

			poscurve_window(k, nk, t->o.smooth, &lo, &hi);
			first[pc[a + k]->ix] = a + lo;
			last[pc[a + k]->ix] = a + hi;
		}
	}
	for (i = 0; i < t->ncell; i++) {
		start[i] = w;
		if (t->all[i]->kind != CH_POSITION)
			win[w++] = i;
		else if (first[i] != SIZE_MAX)
			for (k = first[i]; k < last[i]; k++)
				win[w++] = pc[k]->ix;
	}
	start[t->ncell] = w;
	free(pc);
	free(first);
	free(last);
}
/* The value and interval of every cell, once. */
static void
work(struct charts *t)
{
	size_t n = t->ncell, i, *start, *win;
	double *cn, *cs, *mul;
	struct chartci_win w;

	if (t->worked)
		return;
	free(t->val);
	free(t->lo);
	free(t->hi);
	t->val = xcalloc(n + 1, sizeof *t->val);
	t->lo = xcalloc(n + 1, sizeof *t->lo);
	t->hi = xcalloc(n + 1, sizeof *t->hi);
	start = xcalloc(n + 1, sizeof *start);
	win = xcalloc((size_t)t->o.smooth * n + 1, sizeof *win);
	cn = xcalloc(n + 1, sizeof *cn);
	cs = xcalloc(n + 1, sizeof *cs);
	mul = xcalloc(n + 1, sizeof *mul);
	for (i = 0; i < n; i++) {
		cn[i] = t->all[i]->n;
		cs[i] = t->all[i]->sum;
		mul[i] = t->all[i]->mul;
	}
	windows(t, start, win);
	w = (struct chartci_win){ n, start, win, mul };
	chartci_run(t->ci, &w, cn, cs, t->val, t->lo, t->hi);
	free(start);
	free(win);
	free(cn);
	free(cs);
	free(mul);
	t->worked = 1;
}

static const char *const titles[CH_NKINDS][3] = {
	{ "LongGenBench: pass rate by entry position",
	  "position of the entry in the output (% of the entries)",
	  "checks passed (%)" },
	{ "LongGenBench: completion rate and instruction adherence by length",
	  "metric and length tier", "%" },
	{ "LongGenBench: instructions followed by type",
	  "instruction type and length tier", "checks passed (%)" },
	{ "LongWeave: mean score by task and length", "length tier and task",
	  "mean score (x 100)" },
	{ "LongWeave: output length against the target length",
	  "target length of the tier (tokens, log2 scale)",
	  "output length (tokens, mean)" },
	{ "Ada-LEval: accuracy against input length",
	  "input length (tokens, log2 scale)", "accuracy (%)" },
	{ "Ada-LEval: accuracy by position of the accepted answer",
	  "position of the accepted answer, task and length", "accuracy (%)" },
};

/* What the bands are, and for the position curve how it is drawn. */
static char *
caption(const struct charts *t, int kind, int bars)
{
	struct buf b = { 0 };

	if (t->o.draws > 0)
		buf_printf(&b, "%s: 95%% bootstrap intervals, %ld resamples of "
		    "the cases (as lg-agg)", bars ? "Whiskers" : "Bands",
		    t->o.draws);
	else
		buf_puts(&b, "No intervals (--bootstrap 0)");
	if (kind == CH_POSITION && t->o.smooth > 1)
		buf_printf(&b, "; moving average of %d positions", t->o.smooth);
	if (kind == CH_POSITION && t->o.min_count > 1)
		buf_printf(&b, "; positions with fewer than %ld checks left out",
		    t->o.min_count);
	return buf_take(&b);
}

/* The labels, ranges and notes of a kind. */
static void
setup(const struct charts *t, int kind, const char *id, struct svg_chart *c)
{
	int bars = kind != CH_POSITION && kind != CH_ADALEVAL &&
	    kind != CH_LENGTH;

	memset(c, 0, sizeof *c);
	c->kind = bars ? SVG_BARS : SVG_LINE;
	c->id = id;
	c->title = titles[kind][0];
	c->xlabel = titles[kind][1];
	c->ylabel = titles[kind][2];
	c->ymin = 0;
	c->ymax = 100;
	c->xlog2 = kind == CH_ADALEVAL || kind == CH_LENGTH;
	c->note = note(&t->tally[kind], kind);
	c->caption = caption(t, kind, bars);
	if (kind == CH_POSITION && t->o.compat)
		c->xlabel = "entry number (absolute position, the published curve)";
	if (kind == CH_POSITION && t->pc != NULL)
		c->xlabel = t->xlab;
	else if (kind == CH_POSITION && !t->o.compat) {
		c->xmin = 0;
		c->xmax = 100;
	}
}

/* The series names of cells[0..n), sorted, baselines last: "a" or "b" and
 * the name; their number. */
static size_t
series_names(struct cell **cells, size_t n, char **names)
{
	size_t i, j, nn = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < nn; j++)
			if (strcmp(names[j] + 1, cells[i]->series) == 0 &&
			    (names[j][0] == 'b') == cells[i]->baseline)
				break;
		if (j == nn)
			names[nn++] = xasprintf("%c%s", cells[i]->baseline ? 'b' : 'a',
			    cells[i]->series);
	}
	qsort(names, nn, sizeof *names, cmp_str);
	return nn;
}

/* Bars: the categories in the order of the cells; lines over tiers: a
 * tick per tier. */
static void
axes(struct svg_chart *c, int kind, struct cell **cells, size_t n)
{
	size_t i, j;

	if (c->kind == SVG_BARS) {
		c->cats = xcalloc(n + 1, sizeof *c->cats);
		for (i = 0; i < n; i++) {
			for (j = 0; j < (size_t)c->ncats; j++)
				if (strcmp(c->cats[j], cells[i]->cat) == 0)
					break;
			if (j == (size_t)c->ncats)
				c->cats[c->ncats++] = xstrdup(cells[i]->cat);
		}
	}
	if (kind == CH_ADALEVAL || kind == CH_LENGTH) {
		c->xticks = xcalloc(n + 1, sizeof *c->xticks);
		c->xtickv = xcalloc(n + 1, sizeof *c->xtickv);
		for (i = 0; i < n; i++)
			if (c->nxticks == 0 || c->xtickv[c->nxticks - 1] != cells[i]->x) {
				c->xtickv[c->nxticks] = cells[i]->x;
				c->xticks[c->nxticks++] = xstrdup(cells[i]->cat);
			}
	}
}

/* A round top for an axis of values up to m. */
static double
round_up(double m)
{
	double p;

	if (!(m > 0))
		return 100;
	p = pow(10, floor(log10(m)));
	return ceil(m * 1.05 / p * 2) / 2 * p;
}

/* Series s, named name (a series_names() entry), from the cells, with t's
 * values; *top: the largest value or upper bound seen. */
static void
fill(const struct charts *t, const struct svg_chart *c, const char *name,
    struct cell **cells, size_t n, struct svg_series *s, double *top)
{
	size_t i;
	int k = 0, q;

	s->name = nulkey_show(name + 1);
	s->baseline = name[0] == 'b';
	s->x = xcalloc(n + 1, sizeof *s->x);
	s->y = xcalloc(n + 1, sizeof *s->y);
	s->lo = xcalloc(n + 1, sizeof *s->lo);
	s->hi = xcalloc(n + 1, sizeof *s->hi);
	s->units = xcalloc(n + 1, sizeof *s->units);
	for (i = 0; i < n; i++) {
		const struct cell *e = cells[i];

		if (strcmp(e->series, name + 1) != 0 || e->baseline != s->baseline ||
		    isnan(t->val[e->ix]))
			continue;
		for (q = 0; c->kind == SVG_BARS && q < c->ncats; q++)
			if (strcmp(c->cats[q], e->cat) == 0)
				break;
		s->x[k] = c->kind == SVG_BARS ? q : e->x;
		s->y[k] = t->val[e->ix];
		s->lo[k] = s->baseline ? NAN : t->lo[e->ix];
		s->hi[k] = s->baseline ? NAN : t->hi[e->ix];
		s->units[k] = e->n;
		if (s->y[k] > *top)
			*top = s->y[k];
		if (!isnan(s->hi[k]) && s->hi[k] > *top)
			*top = s->hi[k];
		k++;
	}
	s->n = k;
}

void
charts_build(struct charts *t, int kind, const char *id, struct svg_chart *c)
{
	struct cell **cells = xcalloc(t->ncell + 1, sizeof *cells);
	char **names = xcalloc(t->ncell + 1, sizeof *names);
	size_t n = 0, nn, i, j;
	double top = 0;

	work(t);
	if (t->pc != NULL)
		snprintf(t->xlab, sizeof t->xlab, "where the entry starts in the "
		    "output (tokens, %s; bins of %ld)", poscurve_source(t->pc),
		    t->o.bin_width);
	setup(t, kind, id, c);
	for (i = 0; i < t->ncell; i++)
		if (t->all[i]->kind == kind)
			cells[n++] = t->all[i];
	qsort(cells, n, sizeof *cells, cmp_cell);
	nn = series_names(cells, n, names);
	axes(c, kind, cells, n);
	c->s = xcalloc(nn + 1, sizeof *c->s);
	c->ns = (int)nn;
	for (j = 0; j < nn; j++)
		fill(t, c, names[j], cells, n, &c->s[j], &top);
	if (kind == CH_LENGTH)	/* tokens: the axis up to the largest */
		c->ymax = round_up(top);
	for (j = 0; j < nn; j++)
		free(names[j]);
	free(names);
	free(cells);
}

void
charts_done(struct svg_chart *c)
{
	int i;

	for (i = 0; i < c->ns; i++) {
		free(c->s[i].name);
		free(c->s[i].x);
		free(c->s[i].y);
		free(c->s[i].lo);
		free(c->s[i].hi);
		free(c->s[i].units);
	}
	free(c->s);
	for (i = 0; i < c->ncats; i++)
		free(c->cats[i]);
	free(c->cats);
	for (i = 0; i < c->nxticks; i++)
		free(c->xticks[i]);
	free(c->xticks);
	free(c->xtickv);
	free(c->note);
	free(c->caption);
	memset(c, 0, sizeof *c);
}
