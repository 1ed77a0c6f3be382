/*
 * lw_tables.c: LongWeave's tables beside Table 3 (paper.c), --table N,
 * one table per model (gen.model) in the paper's shape:
 *   4  failure patterns: the paper's eight in its four categories, count
 *      and share (of the tagged records) of those lg-tags sees: skipped
 *      (incomplete factual coverage), stopped or truncated (length
 *      control), repeated or looping (redundancy / looping), cut-reasoning
 *      (failure to terminate reasoning); the four others need a judge
 *      model reading the answer (selective instruction execution,
 *      stepwise deviation, calculation failures, fabricated facts): "-".
 *      lg-tags' refused and format follow, as not in the paper.
 *   5  stability over sample size: per task (tiers pooled), the mean and
 *      standard deviation of the score over --bootstrap draws of n cases
 *      without replacement (seeded by --seed), n = 20, 40, ..., 200 ("-"
 *      past the task's cases), and the Overall row: per draw the mean of
 *      the tasks' scores ("-" unless every task has n cases).
 *   6  one row per task a judge model scored, one column per judge
 *      (scores.judge.model): the task's score, the mean of its tiers'
 *      cell means as Table 3 takes it; Total Score, per judge, the mean
 *      over every task, those the rules scored (no judge model) with
 *      their one score in every column ("-" when a judged task has no
 *      score by that judge).
 *   7  the mean output tokens per tier (--lengths' measure, the tasks
 *      pooled), then the records measured, failed and without a length.
 *   9  per tier, inference (gen.latency_s) and evaluation (scores.judge_s,
 *      lg-judge's seconds of model requests) time per sample, one column
 *      per task; "-" where no record has the time (the rule scorers are
 *      not timed).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "diag.h"
#include "nulkey.h"
#include "ptab.h"
#include "rng.h"
#include "tasks.h"
#include "xalloc.h"

static const char *
lw_label(const char *task)
{
	return task_label(bench_names[BENCH_LONGWEAVE], task);
}

/* --- Table 4 ---------------------------------------------------------- */

enum { P_JUDGE = -1, P_LENGTH = -2, P_LOOPS = -3 };

static const struct pattern {
	const char *cat, *name, *from;
	int tag;		/* a tag, or P_ */
} patterns[] = {
	{ "Instruction-following errors", "Selective instruction execution",
	    "judge model", P_JUDGE },
	{ "Instruction-following errors", "Stepwise deviation",
	    "judge model", P_JUDGE },
	{ "Instruction-following errors", "Incomplete factual coverage",
	    "skipped", TAG_SKIPPED },
	{ "Instruction-following errors", "Length control issues",
	    "stopped, truncated", P_LENGTH },
	{ "Numerical errors", "Calculation failures", "judge model", P_JUDGE },
	{ "Content problems", "Fabricated facts", "judge model", P_JUDGE },
	{ "Content problems", "Redundancy / looping", "repeated, looping",
	    P_LOOPS },
	{ "Reasoning-specific failures", "Failure to terminate reasoning",
	    "cut-reasoning", TAG_CUT_REASONING },
	{ "Not in the paper", "Refusals", "refused", TAG_REFUSED },
	{ "Not in the paper", "Unreadable form", "format", TAG_FORMAT },
};
#define NPATTERNS (sizeof patterns / sizeof patterns[0])

static double
pattern_count(const struct pattern *p, const struct tagsum *t)
{
	switch (p->tag) {
	case P_JUDGE:
		return NAN;
	case P_LENGTH:	/* never both: stopped is not truncated */
		return (double)(t->n[TAG_STOPPED] + t->n[TAG_TRUNCATED]);
	case P_LOOPS:
		return (double)t->loops;
	}
	return (double)t->n[p->tag];
}

static void
table4_rows(table *tb, const struct group *g0, const char *model,
    const struct tagsum *t, const struct opts *o)
{
	static const char *const tot[] = { "(tagged records)",
		"(failed: an error, not tagged)", "(not tagged: no lg-tags)" };
	const long totn[] = { t->tagged, t->failed, t->untagged };
	struct ptrow r;
	size_t i;

	for (i = 0; i < NPATTERNS; i++) {
		double c = pattern_count(&patterns[i], t);

		pt_start(&r, g0, "4", model, patterns[i].name, 4, o);
		pt_text(&r, "category", patterns[i].cat);
		pt_text(&r, "from", patterns[i].from);
		pt_num(&r, "count", c, 0);
		if (r.j != NULL)
			json_maybe(r.j, "share", t->tagged > 0 ?
			    100.0 * c / (double)t->tagged : NAN);
		else
			r.c[r.k++] = t->tagged > 0 && !isnan(c) ?
			    xasprintf("%.1f%%", 100.0 * c / (double)t->tagged) :
			    xstrdup("-");
		pt_end(&r, tb);
	}
	for (i = 0; i < 3; i++) {
		pt_start(&r, g0, "4", model, tot[i], 4, o);
		pt_text(&r, "category", "");
		pt_text(&r, "from", "");
		pt_num(&r, "count", (double)totn[i], 0);
		pt_num(&r, "share", NAN, 1);
		pt_end(&r, tb);
	}
}

void
lw_table4(struct group **g, size_t n, const struct opts *o)
{
	static const char *const cols[] = { "category", "lg-tags", "count",
		"share" };
	const char **models;
	size_t nm, m, i;

	models = pt_values(g, n, PF_MODEL, PT_NAMES, &nm);
	for (m = 0; m < nm; m++) {
		struct tagsum t = { 0 };
		table *tb = o->fmt == FMT_JSON ? NULL :
		    pt_table("pattern", cols, 4, 2);

		for (i = 0; i < n; i++) {
			const struct tagsum *s = g[i]->tags;
			int k;

			if (s == NULL || strcmp(g[i]->val[PF_MODEL], models[m]) != 0)
				continue;
			t.tagged += s->tagged;
			t.failed += s->failed;
			t.untagged += s->untagged;
			t.loops += s->loops;
			for (k = 0; k < NTAGS; k++)
				t.n[k] += s->n[k];
		}
		table4_rows(tb, g[0], models[m], &t, o);
		pt_print(tb, g[0], "Table 4, failure patterns", models[m], o,
		    m == 0);
	}
	free(models);
}

/* --- Table 5 ---------------------------------------------------------- */

#define T5_STEP 20
#define T5_NS 10		/* n = 20, 40, ..., 200 */

/* The cases of one task: the records and sum of each unit of its groups,
 * tiers pooled. */
struct pool {
	double *w, *sum;
	size_t n;
};

static void
pool_of(struct pool *p, struct group **g, size_t n, const char *task,
    const char *model)
{
	size_t i, k;

	struct unit u;

	p->n = 0;
	p->w = p->sum = NULL;
	for (i = 0; i < n; i++) {
		if (strcmp(g[i]->val[PF_TASK], task) != 0 ||
		    strcmp(g[i]->val[PF_MODEL], model) != 0)
			continue;
		units_sort(&g[i]->units);	/* draws whatever the input order */
		for (k = 0; k < g[i]->units.n; k++) {
			units_get(&g[i]->units, k, &u);
			if (u.w <= 0)
				continue;
			p->w = xreallocarray(p->w, p->n + 1, sizeof *p->w);
			p->sum = xreallocarray(p->sum, p->n + 1, sizeof *p->sum);
			p->w[p->n] = u.w;
			p->sum[p->n++] = u.sum;
		}
	}
}

/* The score in percent of m cases drawn from p without replacement. */
static double
draw(rng *r, const struct pool *p, size_t m, size_t *idx)
{
	double w = 0, s = 0;
	size_t i;

	rng_sample(r, p->n, idx, m);
	for (i = 0; i < m; i++) {
		w += p->w[idx[i]];
		s += p->sum[idx[i]];
	}
	return 100.0 * s / w;
}

static void
mean_sd(const double *v, size_t n, double *mean, double *sd)
{
	double s = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	*mean = s / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	*sd = n > 1 ? sqrt(ss / (double)(n - 1)) : NAN;
}

/* mean[t][k], sd[t][k] for each task t (row nt: Overall) and n = k's. */
static void
table5_draws(const struct pool *p, size_t nt, const struct opts *o,
    double *mean, double *sd)
{
	size_t B = (size_t)o->bootstrap, k, b, t, maxn = 0;
	double *v = xcalloc(B * (nt + 1), sizeof *v);
	size_t *idx;
	rng r;

	for (t = 0; t < nt; t++)
		if (p[t].n > maxn)
			maxn = p[t].n;
	idx = xcalloc(maxn ? maxn : 1, sizeof *idx);
	for (k = 0; k < T5_NS; k++) {
		size_t m = T5_STEP * (k + 1), have = 0;

		rng_seed(&r, o->seed);
		for (b = 0; b < B; b++) {
			double all = 0;

			for (t = 0; t < nt; t++)
				if (p[t].n >= m) {
					v[t * B + b] = draw(&r, &p[t], m, idx);
					all += v[t * B + b];
				}
			v[nt * B + b] = all / (double)nt;
		}
		for (t = 0; t <= nt; t++) {
			double *mt = &mean[t * T5_NS + k], *st = &sd[t * T5_NS + k];

			*mt = *st = NAN;
			if (t < nt ? p[t].n >= m : have == nt)
				mean_sd(v + t * B, B, mt, st);
			if (t < nt && p[t].n >= m)
				have++;
		}
	}
	free(idx);
	free(v);
}

static void
table5_model(struct group **g, size_t n, const char *model,
    const char **tasks, size_t nt, table *tb, const struct opts *o)
{
	struct pool *p = xcalloc(nt ? nt : 1, sizeof *p);
	double *mean = xcalloc((nt + 1) * T5_NS, sizeof *mean);
	double *sd = xcalloc((nt + 1) * T5_NS, sizeof *sd);
	size_t t, k, all = 0;

	for (t = 0; t < nt; t++) {
		pool_of(&p[t], g, n, tasks[t], model);
		all += p[t].n;
	}
	table5_draws(p, nt, o, mean, sd);
	for (t = 0; t <= nt; t++) {
		struct ptrow r;

		pt_start(&r, g[0], "5", model, t < nt ? lw_label(tasks[t]) :
		    "Overall", T5_NS + 1, o);
		for (k = 0; k < T5_NS; k++) {
			char key[16];

			snprintf(key, sizeof key, "n%zu", T5_STEP * (k + 1));
			pt_sd(&r, key, mean[t * T5_NS + k], sd[t * T5_NS + k]);
		}
		pt_num(&r, "cases", (double)(t < nt ? p[t].n : all), 0);
		pt_end(&r, tb);
	}
	for (t = 0; t < nt; t++) {
		free(p[t].w);
		free(p[t].sum);
	}
	free(p);
	free(mean);
	free(sd);
}

void
lw_table5(struct group **g, size_t n, const struct opts *o)
{
	const char *cols[T5_NS + 1];
	char names[T5_NS][8];
	const char **models, **tasks;
	size_t nm, nt, m, k;

	for (k = 0; k < T5_NS; k++) {
		snprintf(names[k], sizeof names[k], "%zu", T5_STEP * (k + 1));
		cols[k] = names[k];
	}
	cols[T5_NS] = "cases";
	models = pt_values(g, n, PF_MODEL, PT_NAMES, &nm);
	tasks = pt_values(g, n, PF_TASK, PT_TASKS, &nt);
	for (m = 0; m < nm; m++) {
		table *tb = o->fmt == FMT_JSON ? NULL :
		    pt_table("task", cols, T5_NS + 1, 0);

		table5_model(g, n, models[m], tasks, nt, tb, o);
		pt_print(tb, g[0], "Table 5, mean\xc2\xb1sd of the score over "
		    "draws of n cases", models[m], o, m == 0);
	}
	free(models);
	free(tasks);
}

/* --- Table 6 ---------------------------------------------------------- */

static const char no_judge[] = "-";	/* field_value of an absent member */

/* The mean of the cell means of task's tiers by judge (NAN: none). */
static double
task_score(struct group **g, size_t n, const char *model, const char *task,
    const char *judge)
{
	double s = 0;
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (strcmp(g[i]->val[PF_MODEL], model) == 0 &&
		    strcmp(g[i]->val[PF_TASK], task) == 0 &&
		    strcmp(g[i]->val[PF_JUDGE], judge) == 0 &&
		    g[i]->sc.cases > 0) {
			s += g[i]->sc.sum / (double)g[i]->sc.cases;
			k++;
		}
	return k ? 100.0 * s / (double)k : NAN;
}

/* Whether a judge model scored some of task's records. */
static int
judged(struct group **g, size_t n, const char *model, const char *task)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(g[i]->val[PF_MODEL], model) == 0 &&
		    strcmp(g[i]->val[PF_TASK], task) == 0 &&
		    strcmp(g[i]->val[PF_JUDGE], no_judge) != 0)
			return 1;
	return 0;
}

static void
table6_model(struct group **g, size_t n, const char *model,
    const char **tasks, size_t nt, const char **judges, size_t nj,
    table *tb, const struct opts *o)
{
	double *tot = xcalloc(nj ? nj : 1, sizeof *tot);
	size_t t, j, ntask = 0;
	struct ptrow r;

	for (t = 0; t < nt; t++) {
		int jd = judged(g, n, model, tasks[t]);
		double rules = jd ? NAN : task_score(g, n, model, tasks[t],
		    no_judge);

		if (!jd && isnan(rules))
			continue;	/* none of the model's records */
		ntask++;
		if (jd)
			pt_start(&r, g[0], "6", model, lw_label(tasks[t]), nj, o);
		for (j = 0; j < nj; j++) {
			double v = jd ? task_score(g, n, model, tasks[t],
			    judges[j]) : rules;

			tot[j] += v;
			if (jd)
				pt_num(&r, judges[j], v, 2);
		}
		if (jd)
			pt_end(&r, tb);
	}
	pt_start(&r, g[0], "6", model, "Total Score", nj, o);
	for (j = 0; j < nj; j++)
		pt_num(&r, judges[j], ntask ? tot[j] / (double)ntask : NAN, 2);
	pt_end(&r, tb);
	free(tot);
}

void
lw_table6(struct group **g, size_t n, const struct opts *o)
{
	const char **models, **tasks, **all, **judges;
	size_t nm, nt, na, nj = 0, m, i;

	models = pt_values(g, n, PF_MODEL, PT_NAMES, &nm);
	tasks = pt_values(g, n, PF_TASK, PT_TASKS, &nt);
	all = pt_values(g, n, PF_JUDGE, PT_NAMES, &na);
	judges = xcalloc(na ? na : 1, sizeof *judges);
	for (i = 0; i < na; i++)
		if (strcmp(all[i], no_judge) != 0)
			judges[nj++] = all[i];
	if (nj == 0)
		lg_warn("--table 6: no record names a judge model "
		    "(scores.judge.model): the rules scored them all");
	for (m = 0; m < nm; m++) {
		table *tb = o->fmt == FMT_JSON ? NULL :
		    pt_table("task", judges, nj, 0);

		table6_model(g, n, models[m], tasks, nt, judges, nj, tb, o);
		pt_print(tb, g[0], "Table 6, the score by judge model",
		    models[m], o, m == 0);
	}
	free(judges);
	free(all);
	free(models);
	free(tasks);
}

/* --- Table 7 ---------------------------------------------------------- */

void
lw_table7(struct group **g, size_t n, const struct opts *o)
{
	const char **models, **tiers, **cols;
	size_t nm, nl, m, l, i;
	table *tb = NULL;

	models = pt_values(g, n, PF_MODEL, PT_NAMES, &nm);
	tiers = pt_values(g, n, PF_LEN, PT_TIERS, &nl);
	cols = xcalloc(nl + 3, sizeof *cols);
	for (l = 0; l < nl; l++)
		cols[l] = tiers[l];
	cols[nl] = "measured";
	cols[nl + 1] = "failed";
	cols[nl + 2] = "no-length";
	if (o->fmt != FMT_JSON)
		tb = pt_table("model", cols, nl + 3, 0);
	for (m = 0; m < nm; m++) {
		struct score all = { 0 };
		struct ptrow r;
		char *show = nulkey_show(models[m]);

		pt_start(&r, g[0], "7", models[m], show, nl + 3, o);
		free(show);
		for (l = 0; l < nl; l++) {
			double s = 0, c = 0;

			for (i = 0; i < n; i++)
				if (strcmp(g[i]->val[PF_MODEL], models[m]) == 0 &&
				    strcmp(g[i]->val[PF_LEN], tiers[l]) == 0) {
					s += g[i]->sc.sum;
					c += (double)g[i]->sc.cases;
				}
			pt_num(&r, tiers[l], c > 0 ? s / c : NAN, 1);
		}
		for (i = 0; i < n; i++)
			if (strcmp(g[i]->val[PF_MODEL], models[m]) == 0) {
				all.cases += g[i]->sc.cases;
				all.failed += g[i]->sc.failed;
				all.undecided += g[i]->sc.undecided;
			}
		pt_num(&r, "measured", (double)all.cases, 0);
		pt_num(&r, "failed", (double)all.failed, 0);
		pt_num(&r, "no_length", (double)all.undecided, 0);
		pt_end(&r, tb);
	}
	pt_print(tb, g[0], "Table 7, mean output tokens per length tier",
	    NULL, o, 1);
	free(cols);
	free(models);
	free(tiers);
}

/* --- Table 9 ---------------------------------------------------------- */

static const struct group *
cell(struct group **g, size_t n, const char *task, const char *tier,
    const char *model)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(g[i]->val[PF_TASK], task) == 0 &&
		    strcmp(g[i]->val[PF_LEN], tier) == 0 &&
		    strcmp(g[i]->val[PF_MODEL], model) == 0)
			return g[i];
	return NULL;
}

static void
table9_model(struct group **g, size_t n, const char *model,
    const char **tasks, size_t nt, const char **tiers, size_t nl,
    const char **labels, table *tb, const struct opts *o)
{
	size_t l, t;
	int ev;

	for (l = 0; l < nl; l++)
		for (ev = 0; ev < 2; ev++) {
			struct ptrow r;
			char *item = xasprintf("%s (%s)", ev ? "Evaluation" :
			    "Inference", tiers[l]);

			pt_start(&r, g[0], "9", model, item, nt, o);
			free(item);
			for (t = 0; t < nt; t++) {
				const struct group *c = cell(g, n, tasks[t],
				    tiers[l], model);
				double v = c == NULL ? NAN : ev ?
				    ratio(c->pt.judge_s, (double)c->pt.judge_n) :
				    ratio(c->sc.sum, (double)c->sc.cases);

				pt_num(&r, labels[t], v, 2);
			}
			pt_end(&r, tb);
		}
}

void
lw_table9(struct group **g, size_t n, const struct opts *o)
{
	const char **models, **tasks, **tiers, **labels;
	size_t nm, nt, nl, m, t;

	models = pt_values(g, n, PF_MODEL, PT_NAMES, &nm);
	tasks = pt_values(g, n, PF_TASK, PT_TASKS, &nt);
	tiers = pt_values(g, n, PF_LEN, PT_TIERS, &nl);
	labels = xcalloc(nt ? nt : 1, sizeof *labels);
	for (t = 0; t < nt; t++)
		labels[t] = lw_label(tasks[t]);
	for (m = 0; m < nm; m++) {
		table *tb = o->fmt == FMT_JSON ? NULL :
		    pt_table("metric (input length)", labels, nt, 0);

		table9_model(g, n, models[m], tasks, nt, tiers, nl, labels, tb,
		    o);
		pt_print(tb, g[0], "Table 9, seconds per sample", models[m], o,
		    m == 0);
	}
	free(labels);
	free(models);
	free(tasks);
	free(tiers);
}
