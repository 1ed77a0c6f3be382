/*
 * charts.c: scored records folded into the charts of lg-plot and
 * lg-report (owned by them).  Every point is a rate: a sum of values in
 * [0, 1] over n units (cases, or checks for the pooled STIC and position
 * rates); its 95% band is the Wilson score interval over those n units.
 * A failed record (an error from any stage; for LongGenBench, no scores
 * either) counts as a case scored 0 whose checks all failed, never left
 * out.  A LongWeave or Ada-LEval record without a score and without an
 * error is undecided: left out of the points, never a 0.  Each kind
 * counts both, and the undecided checks, for the note under its title.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "charts.h"
#include "nulkey.h"
#include "record.h"
#include "tasks.h"
#include "xalloc.h"

#define NBUCKET 4096
#define COMPAT_16K_LAST 52	/* the published 16k curve stops here for */
				/* Floor and Block */

const char *const charts_kind[CH_NKINDS] = {
	"position", "lgb-tiers", "longweave", "adaleval", "bias"
};

struct cell {
	int kind;
	char *series;
	char *cat;		/* bars: "upper\nlower"; lines: the x label */
	double x;		/* lines: the abscissa; bars: the sort key */
	double minor;		/* bars: the second sort key */
	int baseline;
	double n, sum;
	struct cell *next;
};

/* What a kind's points leave out or count as 0. */
struct tally {
	long failed, undecided, checks;
};

struct charts {
	int compat, bins;
	struct tally tally[CH_NKINDS];
	struct cell *bucket[NBUCKET];
	struct cell **all;
	size_t ncell, cap;
};

struct charts *
charts_new(int compat, int bins)
{
	struct charts *t = xcalloc(1, sizeof *t);

	t->compat = compat;
	t->bins = bins > 0 ? bins : 10;
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

static void
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
		c->next = t->bucket[h];
		t->bucket[h] = c;
		if (t->ncell == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 64;
			t->all = xreallocarray(t->all, t->cap, sizeof *t->all);
		}
		t->all[t->ncell++] = c;
	}
	c->n += n;
	c->sum += sum;
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

/* LongGenBench: an error, or no scores (lg-split never saw it). */
static int
failed(const cJSON *rec)
{
	return has_error(rec) || rec_get(rec, "scores") == NULL;
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

/* The positions and outcomes of a LongGenBench record's judged entries. */
struct pos {
	long *at;
	int *pass;
	int n;
};

static int
lgb_positions(const cJSON *arr, const char *name, int fail, struct pos *p,
    jsonl *in)
{
	const cJSON *v;
	int i = 0;

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
		p->at[i] = at;
		p->pass[i] = !fail && cJSON_IsTrue(ps);
		i++;
	}
	return 0;
}

static int
add_lgb(struct charts *t, const cJSON *rec, const char *model,
    const char *length, jsonl *in)
{
	const cJSON *sc = rec_get(rec, "scores");
	const char *type = rec_str(rec_get(rec, "gold"), "type");
	long found = 0, expected, pass = 0, judged = 0, total = 0;
	int fail = failed(rec), i, r = -1;
	struct pos p = { 0 };
	char series[512], cat[128];
	double tier = charts_tier(length);

	if (fail) {
		expected = count(cJSON_GetObjectItemCaseSensitive(rec_get(rec, "gold"),
		    "number"));
		if (expected < 1) {
			jsonl_warn(in, "no scores, and gold.number is not a "
			    "positive integer: cannot count the record as failed");
			return -1;
		}
		if (lgb_positions(rec_get(rec, "checks"), "checks", 1, &p, in) < 0)
			goto out;
		total = p.n;
	} else {
		if (!cJSON_IsObject(sc)) {
			jsonl_warn(in, "scores: not an object");
			return -1;
		}
		if (score_count(sc, "entries_found", &found, in) < 0 ||
		    score_count(sc, "entries_expected", &expected, in) < 0 ||
		    score_count(sc, "stic_pass", &pass, in) < 0 ||
		    score_count(sc, "stic_judged", &judged, in) < 0 ||
		    score_count(sc, "stic_total", &total, in) < 0)
			return -1;
		if (expected == 0) {
			jsonl_warn(in, "scores.entries_expected: zero");
			return -1;
		}
		if (found > expected || pass > judged || judged > total) {
			jsonl_warn(in, "scores: entries_found above entries_expected, "
			    "or stic_pass above stic_judged above stic_total");
			return -1;
		}
		if (lgb_positions(rec_get(rec, "verdicts"), "verdicts", 0, &p, in) < 0)
			goto out;
	}
	r = 0;
	tally(t, CH_LGB_TIERS, rec, fail, 0);
	tally(t, CH_POSITION, rec, fail, 0);
	snprintf(series, sizeof series, "%s", model);
	snprintf(cat, sizeof cat, "CR\n%s", length);
	put(t, CH_LGB_TIERS, series, cat, tier, 0, 0, 1, (double)found / expected);
	snprintf(cat, sizeof cat, "STIC-1\n%s", length);
	put(t, CH_LGB_TIERS, series, cat, tier, 1, 0, judged, pass);
	snprintf(cat, sizeof cat, "STIC-2\n%s", length);
	put(t, CH_LGB_TIERS, series, cat, tier, 2, 0, total, pass);
	snprintf(series, sizeof series, "%s %s", model, length);
	for (i = 0; i < p.n; i++) {
		double x;

		if (t->compat) {
			if (strcmp(length, "16k") == 0 && type != NULL &&
			    (strcmp(type, "Floor") == 0 || strcmp(type, "Block") == 0) &&
			    p.at[i] > COMPAT_16K_LAST)
				continue;
			x = (double)p.at[i];
		} else {
			long b = (p.at[i] - 1) * t->bins / expected;

			if (b >= t->bins)
				b = t->bins - 1;
			x = (b + 0.5) * 100.0 / t->bins;
		}
		put(t, CH_POSITION, series, "", x, 0, 0, 1, p.pass[i]);
	}
out:
	free(p.at);
	free(p.pass);
	return r;
}

static int
add_lw(struct charts *t, const cJSON *rec, const char *model, const char *task,
    const char *length, jsonl *in)
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
	tally(t, CH_LONGWEAVE, rec, fail, und);
	if (und)
		return 0;
	snprintf(cat, sizeof cat, "%s\n%s", length, task);
	put(t, CH_LONGWEAVE, model, cat, task_rank(bench_names[BENCH_LONGWEAVE], task) * 1e13 + charts_tier(length),
	    0, 0, 1, s);
	return 0;
}

static int
add_ada(struct charts *t, const cJSON *rec, const char *model, const char *task,
    const char *length, jsonl *in)
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
	tally(t, CH_ADALEVAL, rec, fail, und);
	if (at != NULL)
		tally(t, CH_BIAS, rec, fail, und);
	if (und)
		return 0;
	snprintf(series, sizeof series, "%s %s", model, task);
	put(t, CH_ADALEVAL, series, length, tier, 0, 0, 1, s);
	if (!isnan(rnd)) {
		snprintf(series, sizeof series, "random guess, %s", task);
		put(t, CH_ADALEVAL, series, length, tier, 0, 1, 1, rnd);
	}
	/* the three positions of a task and length, the empty ones too, so
	 * that every group of bars reads front, middle, rear */
	for (i = 0; at != NULL && i < 3; i++) {
		int here = strcmp(at, where[i]) == 0;

		snprintf(cat, sizeof cat, "%s\n%s %s", where[i], task, length);
		put(t, CH_BIAS, model, cat, task_rank(bench_names[BENCH_ADALEVAL], task) * 1e13 + tier, i, 0,
		    here, here && s > 0.5);
	}
	return 0;
}

int
charts_add(struct charts *t, const cJSON *rec, jsonl *in)
{
	const char *bench = rec_str(rec, "bench");
	const char *task = rec_str(rec, "task");
	const char *length = rec_str(rec, "length");
	static char gen_k[] = "gen", model_k[] = "model";
	static char *model_p[] = { gen_k, model_k };
	char *model;
	int r, b;

	if (bench == NULL) {
		jsonl_warn(in, "bench: %s", rec_get(rec, "bench") ? "not a string" :
		    "missing");
		return -1;
	}
	if ((b = bench_index(bench)) < 0)
		return 1;
	if (task == NULL || length == NULL) {
		jsonl_warn(in, "%s: %s", task == NULL ? "task" : "length",
		    rec_get(rec, task == NULL ? "task" : "length") ?
		    "not a string" : "missing");
		return -1;
	}
	/* the model whole, NUL bytes included: series are keyed by it */
	if ((model = nulkey_at(rec, model_p, 2)) == NULL)
		model = xstrdup("(no model)");
	if (b == BENCH_LONGGENBENCH)
		r = add_lgb(t, rec, model, length, in);
	else if (b == BENCH_LONGWEAVE)
		r = add_lw(t, rec, model, task, length, in);
	else
		r = add_ada(t, rec, model, task, length, in);
	free(model);
	return r;
}

long
charts_points(const struct charts *t, int kind)
{
	size_t i;
	long n = 0;

	for (i = 0; i < t->ncell; i++)
		n += t->all[i]->kind == kind && t->all[i]->n > 0;
	return n + t->tally[kind].failed + t->tally[kind].undecided;
}

/* "3 failed (counted 0), 2 undecided (left out), 5 checks undecided", or
 * NULL when there is nothing to say. */
static char *
note(const struct tally *y, int lgb)
{
	buf b = { 0 };

	if (y->failed > 0)
		buf_printf(&b, "%ld failed (an error: counted 0)", y->failed);
	if (y->undecided > 0)
		buf_printf(&b, "%s%ld undecided (no score: left out)",
		    b.len ? ", " : "", y->undecided);
	if (y->checks > 0)
		buf_printf(&b, "%s%ld %s the judge could not decide%s",
		    b.len ? ", " : "", y->checks, lgb ? "checks" : "items",
		    lgb ? " (not passed)" : "");
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

static const char *const titles[CH_NKINDS][3] = {
	{ "LongGenBench: pass rate by entry position",
	  "position of the entry in the output (% of the entries)",
	  "checks passed (%)" },
	{ "LongGenBench: completion rate and instruction adherence by length",
	  "metric and length tier", "%" },
	{ "LongWeave: mean score by task and length", "length tier and task",
	  "mean score (x 100)" },
	{ "Ada-LEval: accuracy against input length",
	  "input length (tokens, log2 scale)", "accuracy (%)" },
	{ "Ada-LEval: accuracy by position of the accepted answer",
	  "position of the accepted answer, task and length", "accuracy (%)" },
};

void
charts_build(const struct charts *t, int kind, const char *id,
    struct svg_chart *c)
{
	struct cell **cells = xcalloc(t->ncell + 1, sizeof *cells);
	char **names = xcalloc(t->ncell + 1, sizeof *names);
	size_t n = 0, nn = 0, i, j;
	int bars = kind != CH_POSITION && kind != CH_ADALEVAL;

	memset(c, 0, sizeof *c);
	c->kind = bars ? SVG_BARS : SVG_LINE;
	c->id = id;
	c->title = titles[kind][0];
	c->xlabel = titles[kind][1];
	c->ylabel = titles[kind][2];
	c->ymin = 0;
	c->ymax = 100;
	c->xlog2 = kind == CH_ADALEVAL;
	c->note = note(&t->tally[kind], kind == CH_POSITION ||
	    kind == CH_LGB_TIERS);
	if (kind == CH_POSITION && t->compat)
		c->xlabel = "entry number (absolute position, the published curve)";
	if (kind == CH_POSITION && !t->compat) {
		c->xmin = 0;
		c->xmax = 100;
	}
	for (i = 0; i < t->ncell; i++)
		if (t->all[i]->kind == kind)
			cells[n++] = t->all[i];
	qsort(cells, n, sizeof *cells, cmp_cell);
	/* the series, by name, baselines last */
	for (i = 0; i < n; i++) {
		for (j = 0; j < nn; j++)
			if (strcmp(names[j] + 1, cells[i]->series) == 0)
				break;
		if (j == nn)
			names[nn++] = xasprintf("%c%s", cells[i]->baseline ? 'b' : 'a',
			    cells[i]->series);
	}
	qsort(names, nn, sizeof *names, cmp_str);
	/* bars: the categories, in the order of the cells */
	if (bars) {
		c->cats = xcalloc(n + 1, sizeof *c->cats);
		for (i = 0; i < n; i++)
			if (c->ncats == 0 || strcmp(c->cats[c->ncats - 1], cells[i]->cat) != 0) {
				for (j = 0; j < (size_t)c->ncats; j++)
					if (strcmp(c->cats[j], cells[i]->cat) == 0)
						break;
				if (j == (size_t)c->ncats)
					c->cats[c->ncats++] = xstrdup(cells[i]->cat);
			}
	}
	/* lines with tier labels: a tick per tier */
	if (kind == CH_ADALEVAL) {
		c->xticks = xcalloc(n + 1, sizeof *c->xticks);
		c->xtickv = xcalloc(n + 1, sizeof *c->xtickv);
		for (i = 0; i < n; i++)
			if (c->nxticks == 0 || c->xtickv[c->nxticks - 1] != cells[i]->x) {
				c->xtickv[c->nxticks] = cells[i]->x;
				c->xticks[c->nxticks++] = xstrdup(cells[i]->cat);
			}
	}
	c->s = xcalloc(nn + 1, sizeof *c->s);
	c->ns = (int)nn;
	for (j = 0; j < nn; j++) {
		struct svg_series *s = &c->s[j];
		const char *key = names[j] + 1;
		int k = 0;

		s->name = nulkey_show(key);
		s->baseline = names[j][0] == 'b';
		s->x = xcalloc(n + 1, sizeof *s->x);
		s->y = xcalloc(n + 1, sizeof *s->y);
		s->lo = xcalloc(n + 1, sizeof *s->lo);
		s->hi = xcalloc(n + 1, sizeof *s->hi);
		for (i = 0; i < n; i++) {
			const struct cell *e = cells[i];
			double p;

			if (strcmp(e->series, key) != 0 ||
			    e->baseline != s->baseline)
				continue;
			if (bars) {
				int q;

				for (q = 0; q < c->ncats; q++)
					if (strcmp(c->cats[q], e->cat) == 0)
						break;
				s->x[k] = q;
			} else {
				s->x[k] = e->x;
			}
			p = e->n > 0 ? e->sum / e->n : NAN;
			s->y[k] = 100 * p;
			svg_wilson(p, e->n, &s->lo[k], &s->hi[k]);
			s->lo[k] *= 100;
			s->hi[k] *= 100;
			if (s->baseline)
				s->lo[k] = s->hi[k] = NAN;
			k++;
		}
		s->n = k;
	}
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
	memset(c, 0, sizeof *c);
}
