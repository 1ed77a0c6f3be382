/*
 * dryrun.c: lg-infer --dry-run.  What a run would send, counted, with
 * nothing sent: per bench, task and length, the records, the requests
 * (records times --samples), the prompt tokens (system and prompt text, in
 * the run's tokenizer: exact with a rank table), the longest prompt, the
 * prompts over --max-context (not sent, as in a run), the most output
 * tokens the requests may ask (requests times --max-tokens) and, with
 * --prices, what that costs at most.  Records an earlier stage failed are
 * counted apart (a run passes them on), as are records a run would refuse.
 * Beside the ceiling, the output expected: per request, the mean of the
 * group's answers in --like's file, else the tier's target (budget.c),
 * never above --max-tokens; unknown ("-") for a group with neither, and
 * then for the total too, which would otherwise count it as nothing.
 * With --judge, the judge requests, their most output tokens and their
 * prompt tokens, as lg-judge --dry-run counts them (judgecost.c), times
 * --samples.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpe.h"
#include "buf.h"
#include "diag.h"
#include "infer.h"
#include "jprint.h"
#include "jsonl.h"
#include "prices.h"
#include "record.h"
#include "xalloc.h"

typedef struct {
	char *key[3];		/* bench, task, length ("-" when absent) */
	int borrowed;		/* the keys are not the group's own */
	long records, passed, bad, over;
	double requests, prompt, longest, sent_prompt;
	double expected;	/* output tokens expected of the requests */
	int unknown;		/* requests whose output has no expected size */
	double judge_req, judge_out, judge_prompt;	/* --judge: lg-judge's */
	int judged;		/* they are known */
} group;

typedef struct {
	group *g;
	size_t n, cap;
	size_t last;		/* the group of the record before */
} groups;

static const char *
field(const cJSON *rec, const char *k)
{
	const char *s = rec_str(rec, k);

	return s != NULL && *s != '\0' ? s : "-";
}

static group *
group_of(groups *gs, const cJSON *rec)
{
	const char *k[3] = { field(rec, "bench"), field(rec, "task"),
	    field(rec, "length") };
	size_t i, j;

	for (i = 0; i < gs->n; i++) {
		size_t at = (gs->last + i) % gs->n;

		for (j = 0; j < 3; j++)
			if (strcmp(gs->g[at].key[j], k[j]) != 0)
				break;
		if (j == 3)
			return &gs->g[gs->last = at];
	}
	if (gs->n == gs->cap) {
		gs->cap = gs->cap ? gs->cap * 2 : 16;
		gs->g = xreallocarray(gs->g, gs->cap, sizeof *gs->g);
	}
	memset(&gs->g[gs->n], 0, sizeof gs->g[gs->n]);
	for (j = 0; j < 3; j++)
		gs->g[gs->n].key[j] = xstrdup(k[j]);
	gs->last = gs->n;
	return &gs->g[gs->n++];
}

static int
cmp_group(const void *a, const void *b)
{
	const group *x = a, *y = b;
	int c, j;

	for (j = 0; j < 3; j++)
		if ((c = strcmp(x->key[j], y->key[j])) != 0)
			return c;
	return 0;
}

/* Count rec into g: NULL, or why a run would refuse it. */
static const char *
count(const infer_opts *o, group *g, const cJSON *rec)
{
	const cJSON *sy = rec_get(rec, "system");
	const char *system = cJSON_IsString(sy) ? sy->valuestring : o->system;
	const char *why;
	double p, s;
	int pass;

	g->records++;
	if ((why = infer_check(rec, &pass)) != NULL) {
		g->bad++;
		return why;
	}
	if (pass) {
		g->passed++;
		return NULL;
	}
	p = (double)context_tokens(o->tok, rec_str(rec, "prompt"));
	s = (double)context_tokens(o->tok, system);
	if (p < 0 || s < 0 || (o->max_context > 0 && p + s > o->max_context)) {
		g->over++;
		return NULL;
	}
	g->requests += o->samples;
	g->prompt += (p + s) * o->samples;
	if (p + s > g->longest)
		g->longest = p + s;
	return NULL;
}

static void
add(group *t, const group *g)
{
	t->records += g->records;
	t->passed += g->passed;
	t->bad += g->bad;
	t->over += g->over;
	t->requests += g->requests;
	t->prompt += g->prompt;
	if (g->longest > t->longest)
		t->longest = g->longest;
	t->expected += g->expected;
	t->unknown |= g->unknown;
	t->judge_req += g->judge_req;
	t->judge_out += g->judge_out;
	t->judge_prompt += g->judge_prompt;
}

/* The output tokens g's requests are expected to write; a warning for a
 * group with requests and no expected size, or no --max-tokens on a tier
 * a server's default would cut. */
static void
expect(const infer_opts *o, const like *l, group *g)
{
	double mt = rec_num(o->params, "max_tokens", 0);
	double e = like_mean(l, (const char *const *)g->key);

	if (e < 0)
		e = (double)budget_target(g->key[0], g->key[2]);
	if (e >= 0 && mt > 0 && e > mt)
		e = mt;
	if (e >= 0)
		g->expected = g->requests * e;
	else
		g->unknown = g->requests > 0;
	if (g->unknown && !o->quiet)
		lg_warn("%s %s %s: no expected output size (not a long-output "
		    "tier%s)", g->key[0], g->key[1], g->key[2], l != NULL ?
		    ", no answer of it in --like's file" : ": give --like FILE, "
		    "an earlier run's records");
	if (g->requests > 0)
		budget_warn_tier(o, g->key[0], g->key[2]);
}

static const char *const head[] = {
	"bench", "task", "length", "records", "requests", "prompt_tokens",
	"longest", "over_context", "failed_before", "bad", "output_tokens_max",
	"usd_in", "usd_out_max", "usd_max", "output_tokens_expected",
	"usd_expected", "judge_requests", "judge_output_tokens_max",
	"judge_prompt_tokens"
};
#define NCOL (sizeof head / sizeof head[0])

static void
row(char **c, const infer_opts *o, const struct price *pr, const group *g)
{
	long long mt = (long long)rec_num(o->params, "max_tokens", 0);
	double out = mt > 0 ? g->requests * (double)mt : -1;
	size_t k = 0, j;

	for (j = 0; j < 3; j++)
		c[k++] = xstrdup(g->key[j]);
	c[k++] = xasprintf("%ld", g->records);
	c[k++] = xasprintf("%.0f", g->requests);
	c[k++] = xasprintf("%.0f", g->prompt);
	c[k++] = xasprintf("%.0f", g->longest);
	c[k++] = o->max_context > 0 ? xasprintf("%ld", g->over) : xstrdup("-");
	c[k++] = xasprintf("%ld", g->passed);
	c[k++] = xasprintf("%ld", g->bad);
	c[k++] = out >= 0 ? xasprintf("%.0f", out) : xstrdup("-");
	c[k++] = pr != NULL ? xasprintf("%.4f", price_in(pr, g->prompt)) :
	    xstrdup("-");
	c[k++] = pr != NULL && out >= 0 ? xasprintf("%.4f",
	    price_out(pr, out)) : xstrdup("-");
	c[k++] = pr != NULL && out >= 0 ? xasprintf("%.4f",
	    price_in(pr, g->prompt) + price_out(pr, out)) : xstrdup("-");
	c[k++] = !g->unknown ? xasprintf("%.0f", g->expected) : xstrdup("-");
	c[k++] = pr != NULL && !g->unknown ? xasprintf("%.4f",
	    price_in(pr, g->prompt) + price_out(pr, g->expected)) :
	    xstrdup("-");
	c[k++] = g->judged ? xasprintf("%.0f", g->judge_req) : xstrdup("-");
	c[k++] = g->judged ? xasprintf("%.0f", g->judge_out) : xstrdup("-");
	c[k++] = g->judged ? xasprintf("%.0f", g->judge_prompt) : xstrdup("-");
}

/* Columns left-aligned for names, right-aligned for numbers. */
static void
print(char ***rows, size_t nrows)
{
	size_t w[NCOL] = { 0 }, i, j, l;

	for (j = 0; j < NCOL; j++)
		w[j] = strlen(head[j]);
	for (i = 0; i < nrows; i++)
		for (j = 0; j < NCOL; j++)
			if ((l = strlen(rows[i][j])) > w[j])
				w[j] = l;
	for (j = 0; j < NCOL; j++)
		printf(j < 3 ? "%s%-*s" : "%s%*s", j ? "  " : "", (int)w[j],
		    head[j]);
	printf("\n");
	for (i = 0; i < nrows; i++) {
		for (j = 0; j < NCOL; j++)
			printf(j < 3 ? "%s%-*s" : "%s%*s", j ? "  " : "",
			    (int)w[j], rows[i][j]);
		printf("\n");
	}
}

/* The price of o's model in prices_path, or NULL with none asked; exits
 * when the file names none. */
static const struct price *
price_of(const infer_opts *o, const char *prices_path, struct prices *ps,
    int *status)
{
	const struct price *pr;

	*status = LG_OK;
	if (prices_path == NULL)
		return NULL;
	if ((*status = prices_read(ps, prices_path)) != 0)
		return NULL;
	if ((pr = prices_find(ps, o->model)) == NULL) {
		prices_clear(ps);
		lg_die(LG_USAGE, "--prices: %s names no price for model %s",
		    prices_path, o->model);
	}
	return pr;
}

/* Count the input into gs, copied for --judge into jc; an exit status. */
static int
count_all(const infer_opts *o, groups *gs, judgecost *jc)
{
	jsonl *in = jsonl_open(o->files, o->nfiles);
	cJSON *rec;
	const char *why;
	int status, bad = 0;

	while ((rec = jsonl_next(in)) != NULL) {
		if ((why = count(o, group_of(gs, rec), rec)) != NULL) {
			jsonl_warn(in, "%s: a run would not send it", why);
			bad = 1;
		}
		judgecost_add(jc, rec);
		cJSON_Delete(rec);
	}
	status = jsonl_status(in);
	if (status == LG_OK && bad)
		status = LG_BAD;
	jsonl_free(in);
	return status;
}

int
infer_dry_run(infer_opts *o, const char *prices_path)
{
	struct prices ps = { 0 };
	const struct price *pr;
	groups gs = { 0 };
	static char tname[] = "total", empty[] = "";
	group total = { .key = { tname, empty, empty }, .borrowed = 1 };
	like *l = NULL;
	judgecost *jc;
	char ***rows;
	size_t i, j;
	int status, js;

	pr = price_of(o, prices_path, &ps, &status);
	if (status == LG_OK && o->like != NULL)
		l = like_read(o->like, o, &status);
	if (status != LG_OK) {
		like_free(l);
		prices_clear(&ps);
		return status;
	}
	jc = judgecost_new(o);
	status = count_all(o, &gs, jc);
	if ((js = judgecost_run(jc, o)) != LG_OK && status == LG_OK)
		status = js;
	if (gs.n > 0)
		qsort(gs.g, gs.n, sizeof *gs.g, cmp_group);
	rows = xreallocarray(NULL, gs.n + 1, sizeof *rows);
	for (i = 0; i < gs.n; i++) {
		expect(o, l, &gs.g[i]);
		total.judged = gs.g[i].judged = judgecost_get(jc,
		    (const char *const *)gs.g[i].key, &gs.g[i].judge_req,
		    &gs.g[i].judge_out, &gs.g[i].judge_prompt);
		gs.g[i].judge_req *= o->samples;	/* each sample judged */
		gs.g[i].judge_out *= o->samples;
		gs.g[i].judge_prompt *= o->samples;
		add(&total, &gs.g[i]);
		rows[i] = xreallocarray(NULL, NCOL, sizeof **rows);
		row(rows[i], o, pr, &gs.g[i]);
	}
	rows[gs.n] = xreallocarray(NULL, NCOL, sizeof **rows);
	row(rows[gs.n], o, pr, &total);
	print(rows, gs.n + 1);
	if (!o->quiet) {
		lg_warn("dry run, nothing sent: prompt tokens in %s%s; chat "
		    "templates add a few per message", bpe_name(o->tok),
		    bpe_exact(o->tok) ? "" : " (approximate)");
		if (rec_get(o->params, "max_tokens") == NULL)
			lg_warn("no --max-tokens: the output, and its cost, have "
			    "no bound");
	}
	for (i = 0; i <= gs.n; i++) {
		for (j = 0; j < NCOL; j++)
			free(rows[i][j]);
		free(rows[i]);
	}
	free(rows);
	for (i = 0; i < gs.n; i++)
		for (j = 0; j < 3; j++)
			free(gs.g[i].key[j]);
	free(gs.g);
	like_free(l);
	judgecost_free(jc);
	prices_clear(&ps);
	return status;
}
