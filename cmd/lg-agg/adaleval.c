/*
 * adaleval.c: Ada-LEval rows, from lg-choice's scores.  Beside the mean
 * score (accuracy) and the cases: IF%, the instruction-following rate
 * (valid answers / cases; a failed case has none; an undecided one,
 * without a score, is counted apart and left out of every rate); copy%, the
 * copy-instruction rate (answers equal to the instruction's example /
 * valid answers); expect%, the expectation (golds equal to the example /
 * cases); random%, the random-guess baseline (mean of 1/n, 1/24 for
 * tsort); tau, the mean Kendall tau of the valid tsort answers.  A second
 * table, when cases carry gold.at, gives the accuracy by where the accepted
 * answer stood (front, middle, rear): the position-bias table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "record.h"
#include "xalloc.h"

static double
num(const cJSON *o, const char *k, int *has)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	*has = cJSON_IsNumber(v);
	return *has ? v->valuedouble : 0;
}

static void
read_ada(const cJSON *rec, const struct score *s, struct ada *d)
{
	const cJSON *sc = rec_get(rec, "scores");
	const char *at = rec_str(rec_get(rec, "gold"), "at");
	static const char *const pos[NPOS] = { "front", "middle", "rear" };
	double v;
	int has, i;

	memset(d, 0, sizeof *d);
	if (cJSON_IsObject(sc)) {
		v = num(sc, "valid", &has);
		if (has) {
			d->scored = 1;
			d->valid = v > 0 && !s->failed;
			d->copy = d->valid && num(sc, "copy", &has) > 0;
			d->expect = num(sc, "expect", &has) > 0;
			d->random = num(sc, "random", &has);
			d->random_n = has;
			v = num(sc, "tau", &has);
			if (has && d->valid) {
				d->tau_n = 1;
				d->tau = v;
			}
		}
	}
	for (i = 0; at != NULL && i < NPOS; i++)
		if (strcmp(at, pos[i]) == 0) {
			d->pos_cases[i] = 1;
			d->pos_hits[i] = s->sum > 0;
		}
}

static void
ada_add(struct ada *g, const struct ada *d)
{
	int i;

	g->scored += d->scored;
	g->valid += d->valid;
	g->copy += d->copy;
	g->expect += d->expect;
	g->random += d->random;
	g->random_n += d->random_n;
	g->tau_n += d->tau_n;
	g->tau += d->tau;
	for (i = 0; i < NPOS; i++) {
		g->pos_cases[i] += d->pos_cases[i];
		g->pos_hits[i] += d->pos_hits[i];
	}
}

int
ada_read(const cJSON *rec, jsonl *in, const struct opts *o, struct sums *d)
{
	int r = score_read(rec, in, o, d);

	if (r == 0) {
		read_ada(rec, &d->sc, &d->ada);
		d->u.ada = d->ada;
	}
	return r;
}

void
ada_merge(struct group *g, struct sums *d)
{
	ada_add(&g->ada, &d->ada);
	score_merge(g, d);
}

void
ada_unit_add(struct unit *a, const struct unit *b)
{
	ada_add(&a->ada, &b->ada);
}

static void
metrics(const struct unit *u, double *m)
{
	const struct ada *a = &u->ada;
	int t;

	m[A_SCORE] = 100.0 * ratio(u->sum, u->w);
	m[A_IF] = 100.0 * ratio((double)a->valid, a->scored ? u->w : 0);
	m[A_COPY] = 100.0 * ratio((double)a->copy, (double)a->valid);
	m[A_EXPECT] = 100.0 * ratio((double)a->expect, (double)a->scored);
	m[A_TAU] = ratio(a->tau, (double)a->tau_n);
	for (t = 0; t < NPOS; t++)
		m[A_FRONT + t] = 100.0 * ratio((double)a->pos_hits[t],
		    (double)a->pos_cases[t]);
}

static void
pack(const struct unit *u, double *c)
{
	int t;

	c[0] = (double)u->ada.scored;
	c[1] = (double)u->ada.valid;
	c[2] = (double)u->ada.copy;
	c[3] = (double)u->ada.expect;
	c[4] = (double)u->ada.tau_n;
	c[5] = u->ada.tau;
	for (t = 0; t < NPOS; t++) {
		c[6 + t] = (double)u->ada.pos_cases[t];
		c[9 + t] = (double)u->ada.pos_hits[t];
	}
}

static void
unpack(const double *c, struct unit *u)
{
	int t;

	u->ada.scored = (long)c[0];
	u->ada.valid = (long)c[1];
	u->ada.copy = (long)c[2];
	u->ada.expect = (long)c[3];
	u->ada.tau_n = (long)c[4];
	u->ada.tau = c[5];
	for (t = 0; t < NPOS; t++) {
		u->ada.pos_cases[t] = (long)c[6 + t];
		u->ada.pos_hits[t] = (long)c[9 + t];
	}
}

static const struct resampling resampling = {
	NMET_ADA, 12, 100.0, pack, unpack, metrics
};

/* lg-choice's metrics when some record has its scores, else the mean
 * score alone */
const struct resampling *
ada_resampling(const struct group *g)
{
	return g->ada.scored > 0 ? &resampling : score_resampling(g);
}

static int
ada_any(struct group **g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (g[i]->ada.scored > 0)
			return 1;
	return 0;
}

static int
any_pos(struct group **g, size_t n)
{
	size_t i;
	int k;

	for (i = 0; i < n; i++)
		for (k = 0; k < NPOS; k++)
			if (g[i]->ada.pos_cases[k] > 0)
				return 1;
	return 0;
}

static void
main_table(struct group **g, size_t n, const struct opts *o)
{
	static const char *const cols[] = { "score%", "cases", "failed",
		"undecided", "unscored", "cut", "IF%", "copy%", "expect%",
		"random%", "tau" };
	static const char *const cols_se[] = { "score%", "se", "cases",
		"failed", "undecided", "unscored", "cut", "IF%", "copy%",
		"expect%", "random%", "tau" };
	static const int right[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	/* intervals for score, IF, copy, expect and tau (cols_se) */
	static const unsigned char ci[12] = { 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0,
		1 };
	int samples = any_samples(g, n);
	table *tb = NULL;
	size_t i, k;

	for (i = 0; i < n; i++)
		boot_cell(g[i], o);
	if (o->fmt != FMT_JSON)
		tb = o->bootstrap > 0 ? table_ci(o, cols_se, right, 12, ci,
		    samples) : table_ci(o, cols, right, 11, ci, samples);

	for (i = 0; i < n; i++) {
		const struct group *r = g[i];
		const struct ada *a = &r->ada;
		double cases = (double)r->sc.cases;
		char **c;

		if (tb == NULL) {
			cJSON *j = json_row(r, o);

			cJSON_AddStringToObject(j, "row", "cell");
			json_ratio(j, "score", 100.0 * r->sc.sum, cases);
			json_num(j, "cases", cases);
			json_num(j, "failed", (double)r->sc.failed);
			json_num(j, "undecided", (double)r->sc.undecided);
			json_num(j, "undecided_items", (double)r->sc.items);
			json_num(j, "unscored", (double)r->unscored);
			json_num(j, "cut", (double)r->sc.cut);
			json_ratio(j, "if", 100.0 * (double)a->valid,
			    a->scored ? cases : 0);
			json_ratio(j, "copy", 100.0 * (double)a->copy, (double)a->valid);
			json_ratio(j, "expect", 100.0 * (double)a->expect, (double)a->scored);
			json_ratio(j, "random", 100.0 * a->random, (double)a->random_n);
			json_ratio(j, "tau", a->tau, (double)a->tau_n);
			json_se(j, "score_se", r, o);
			json_ci(j, "score", r, A_SCORE, o);
			json_ci(j, "if", r, A_IF, o);
			json_ci(j, "copy", r, A_COPY, o);
			json_ci(j, "expect", r, A_EXPECT, o);
			json_ci(j, "tau", r, A_TAU, o);
			if (samples)
				json_samples(j, r);
			json_emit(j);
			continue;
		}
		c = cells_for(r, o, 20);
		k = o->nfields;
		c[k++] = fmt_pct(r->sc.sum, cases);
		cell_ci(c, &k, r, 0, o);
		if (o->bootstrap > 0)
			c[k++] = fmt_maybe(r->ci.se, 1);
		c[k++] = fmt_long(r->sc.cases);
		c[k++] = fmt_long(r->sc.failed);
		c[k++] = fmt_long(r->sc.undecided);
		c[k++] = fmt_long(r->unscored);
		c[k++] = fmt_long(r->sc.cut);
		c[k++] = fmt_pct((double)a->valid, a->scored ? cases : 0);
		cell_ci(c, &k, r, A_IF, o);
		c[k++] = fmt_pct((double)a->copy, (double)a->valid);
		cell_ci(c, &k, r, A_COPY, o);
		c[k++] = fmt_pct((double)a->expect, (double)a->scored);
		cell_ci(c, &k, r, A_EXPECT, o);
		c[k++] = fmt_pct(a->random, (double)a->random_n);
		c[k++] = a->tau_n ? fmt_num(a->tau / (double)a->tau_n, 3) :
		    xstrdup("-");
		cell_ci_dec(c, &k, r, A_TAU, o, 3);
		if (samples)
			cells_samples(c, &k, r);
		table_add(tb, c);
	}
	if (tb != NULL) {
		table_print(tb, o->fmt);
		table_free(tb);
	}
}

static void
position_table(struct group **g, size_t n, const struct opts *o)
{
	static const char *const cols[] = { "front%", "middle%", "rear%",
		"front", "middle", "rear" };
	static const char *const keys[] = { "front", "middle", "rear" };
	static const char *const cases[] = { "front_cases", "middle_cases",
		"rear_cases" };
	static const int right[] = { 1, 1, 1, 1, 1, 1 };
	static const unsigned char ci[] = { 1, 1, 1, 0, 0, 0 };
	table *tb = o->fmt == FMT_JSON ? NULL :
	    table_ci(o, cols, right, 6, ci, 0);
	size_t i, k;
	int p;

	for (i = 0; i < n; i++) {
		const struct ada *a = &g[i]->ada;
		char **c;

		if (a->pos_cases[0] + a->pos_cases[1] + a->pos_cases[2] == 0)
			continue;
		if (tb == NULL) {
			cJSON *j = json_row(g[i], o);

			cJSON_AddStringToObject(j, "row", "position");
			for (p = 0; p < NPOS; p++) {
				json_ratio(j, keys[p], 100.0 * (double)a->pos_hits[p],
				    (double)a->pos_cases[p]);
				json_ci(j, keys[p], g[i], A_FRONT + p, o);
			}
			for (p = 0; p < NPOS; p++)
				json_num(j, cases[p], (double)a->pos_cases[p]);
			json_emit(j);
			continue;
		}
		c = cells_for(g[i], o, 9);
		k = o->nfields;
		for (p = 0; p < NPOS; p++) {
			c[k++] = fmt_pct((double)a->pos_hits[p], (double)a->pos_cases[p]);
			cell_ci(c, &k, g[i], A_FRONT + p, o);
		}
		for (p = 0; p < NPOS; p++)
			c[k++] = fmt_long(a->pos_cases[p]);
		table_add(tb, c);
	}
	if (tb != NULL) {
		putchar('\n');
		table_print(tb, o->fmt);
		table_free(tb);
	}
}

void
ada_print(struct group **g, size_t n, const struct opts *o)
{
	if (!ada_any(g, n)) {
		score_print(g, n, o);
		return;
	}
	main_table(g, n, o);
	if (any_pos(g, n))
		position_table(g, n, o);
}
