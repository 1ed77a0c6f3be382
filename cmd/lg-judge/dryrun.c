/*
 * dryrun.c: lg-judge --dry-run.  The requests the judging chosen (--rules,
 * a model, --hybrid, --compat, --cf-relevance) would send, counted from
 * the records (prompt records or answered ones) by this tool's own
 * tables, with nothing sent and no judge needed: per bench, task and
 * length, the records, the requests and the most output tokens they may
 * ask (requests times the judge's max_tokens).  A LongGenBench record
 * costs one request per check (at most: a check whose entry the answer
 * lacks is not asked), a LongWeave record of a task in judged[] one per
 * batch of its gold items (the entry's batch; 0: one per category of
 * gold.categories that has items), a cf record under --cf-relevance one;
 * --rules none.  Under --hybrid the rules decide some items first: the
 * counts are at most.  Records an earlier stage failed are counted apart.
 *
 * The prompt tokens: each LongGenBench and LongWeave question is built as
 * it would be sent (llm_prompt(), lw_prompt()) and counted with lg's
 * tokenizer (bpe_setup(): the shipped cl100k_base table).  A record not
 * answered yet (no output, or LongGenBench without lg-split's parts) has
 * its questions built with an empty answer: counted, and said on stderr,
 * as at least.  cf relevance questions are not built (their tokens are
 * not counted, and said so).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpe.h"
#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "xalloc.h"

typedef struct {
	char *name;		/* "bench\ttask\tlength" */
	long records, failed;
	double requests, out_max, prompt_tok;
} tally_row;

typedef struct {
	const judge_args *a;
	tally_row *r;
	size_t n;
	bpe *tok;		/* lg's tokenizer */
	char *rubric;		/* the LongGenBench question's template */
	lw_asker *lwa;
	parts_index pi;
	double blind;		/* questions built without their answer */
	double cf;		/* cf questions not built */
} dry;

/* The tokens of a question built (NULL: the rubric failed, exit 2). */
static double
tokens(dry *d, char *prompt, char *err)
{
	size_t n;

	if (prompt == NULL)
		lg_die(LG_USAGE, "rubric: %s", err);
	n = bpe_encode(d->tok, prompt, strlen(prompt), 0, NULL, NULL);
	free(prompt);
	if (n == (size_t)-1)
		lg_die(LG_SYS, "the tokenizer failed on a judge question");
	return (double)n;
}

/* The tokens of rec's LongGenBench questions, each entry from its part. */
static double
lgb_tokens(dry *d, const cJSON *rec)
{
	const cJSON *c;
	const part *pt;
	size_t olen = 0;
	const char *out = rec_strn(rec, "output", &olen), *want, *text;
	char msg[128], *err = NULL;
	int isarray, have;
	double sum = 0;

	have = out != NULL && !parts_load(&d->pi, rec, &isarray, msg,
	    sizeof msg) && isarray;
	cJSON_ArrayForEach(c, rec_get(rec, "checks")) {
		size_t len = 0;

		want = rec_str(c, "want");
		text = "";
		if (have && (pt = part_find(&d->pi, rec_long(c, "at", -1))) != NULL &&
		    pt->off >= 0 && pt->len >= 0 && (size_t)pt->off <= olen &&
		    (size_t)pt->len <= olen - (size_t)pt->off) {
			text = out + pt->off;
			len = (size_t)pt->len;
		} else
			d->blind++;
		sum += tokens(d, llm_prompt(&d->a->llm, d->rubric, text, len,
		    want != NULL ? want : "", &err), err);
	}
	return sum;
}

/* The tokens of the questions about items idx[0..n) of rec's task t. */
static double
lw_batch_tokens(dry *d, const lw_task *t, const char *text, const cJSON *items,
    const int *idx, int n, const char *category)
{
	char *err = NULL;

	if (d->a->compat && !lw_published_category(d->lwa, t, category))
		return 0;	/* the published code asks nothing */
	return tokens(d, lw_prompt(d->lwa, t, text, items, idx, n, category,
	    d->a->compat, &err), err);
}

/* The tokens of a LongWeave record's questions, batched as llm.c asks. */
static double
lw_tokens(dry *d, const lw_task *t, const cJSON *rec)
{
	const cJSON *gold = rec_get(rec, "gold"), *items = rec_get(gold, t->items);
	const cJSON *c;
	int n = cJSON_IsArray(items) ? cJSON_GetArraySize(items) : 0, i, m;
	int *idx = xcalloc((size_t)n + 1, sizeof *idx);
	size_t len = 0;
	char *text = lw_judged(t, rec, d->a->compat, &len);
	double sum = 0, asked = 0;

	for (i = 0; i < n; i++)
		idx[i] = i;
	if (t->batch > 0) {
		for (i = 0; i < n; i += t->batch, asked++)
			sum += lw_batch_tokens(d, t, text ? text : "", items,
			    idx + i, n - i < t->batch ? n - i : t->batch, NULL);
	} else {
		cJSON_ArrayForEach(c, rec_get(gold, "categories")) {
			for (m = 0, i = 0; i < n && cJSON_IsString(c); i++) {
				const char *ic = rec_str(cJSON_GetArrayItem(items,
				    i), "category");

				if (ic != NULL && strcmp(ic, c->valuestring) == 0)
					idx[m++] = i;
			}
			if (m > 0) {
				sum += lw_batch_tokens(d, t, text ? text : "",
				    items, idx, m, c->valuestring);
				asked++;
			}
		}
	}
	if (text == NULL)
		d->blind += asked;
	free(text);
	free(idx);
	return sum;
}

static const char *
part_of(const cJSON *rec, const char *k)
{
	const char *s = rec_str(rec, k);

	return s != NULL && *s != '\0' ? s : "-";
}

static tally_row *
row_for(dry *d, const cJSON *rec)
{
	char *name = xasprintf("%s\t%s\t%s", part_of(rec, "bench"),
	    part_of(rec, "task"), part_of(rec, "length"));
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->r[i].name, name) == 0) {
			free(name);
			return &d->r[i];
		}
	d->r = xreallocarray(d->r, d->n + 1, sizeof *d->r);
	memset(&d->r[d->n], 0, sizeof *d->r);
	d->r[d->n].name = name;
	return &d->r[d->n++];
}

/* The calls a LongWeave record of task t costs: its items in batches. */
static double
lw_calls(const lw_task *t, const cJSON *rec)
{
	const cJSON *gold = rec_get(rec, "gold");
	const cJSON *items = rec_get(gold, t->items), *c, *it;
	int n = cJSON_IsArray(items) ? cJSON_GetArraySize(items) : 0;
	double calls = 0;

	if (t->batch > 0)
		return (double)((n + t->batch - 1) / t->batch);
	c = rec_get(gold, "categories");
	c = cJSON_IsArray(c) ? c->child : NULL;
	for (; c != NULL; c = c->next) {
		int has = 0;

		for (it = n > 0 ? items->child : NULL; it != NULL && !has;
		    it = it->next) {
			const char *ic = rec_str(it, "category");

			has = ic != NULL && cJSON_IsString(c) &&
			    strcmp(ic, c->valuestring) == 0;
		}
		calls += has;
	}
	return calls;
}

/* The requests rec costs, the max_tokens of each and their prompts'
 * tokens. */
static double
calls_of(dry *d, const cJSON *rec, const judge_at *at, long *max_tokens,
    double *ptok)
{
	const judge_args *a = d->a;
	const llm_opts *o = &a->llm;
	const lw_task *t;
	const char *bench = rec_str(rec, "bench");
	const cJSON *checks;

	*max_tokens = 0;
	*ptok = 0;
	if (a->rules)
		return 0;
	if (o->cf.on && cf_mine(rec)) {
		*max_tokens = o->cf.dec.max_tokens;
		d->cf++;
		return 1;
	}
	if ((t = lw_find(rec)) != NULL) {
		lw_need(t, LW_RULES | (a->compat ? LW_COMPAT : LW_MODEL), at);
		*max_tokens = o->lw.max_tokens;
		*ptok = lw_tokens(d, t, rec);
		return lw_calls(t, rec);
	}
	if (bench == NULL || strcmp(bench, "longgenbench") != 0)
		return 0;
	checks = rec_get(rec, "checks");
	*max_tokens = o->dec.max_tokens;
	*ptok = lgb_tokens(d, rec);
	return cJSON_IsArray(checks) ? cJSON_GetArraySize(checks) : 0;
}

static int
count_one(cJSON *rec, jsonl *in, void *arg)
{
	dry *d = arg;
	tally_row *r = row_for(d, rec);
	judge_at at = { jsonl_file(in), jsonl_lineno(in) };
	long mt;
	double calls, ptok;

	r->records++;
	if (rec_get(rec, "error") != NULL) {
		r->failed++;
		return REC_DROP;
	}
	calls = calls_of(d, rec, &at, &mt, &ptok);
	r->requests += calls;
	r->prompt_tok += ptok;
	r->out_max += calls * (double)mt;
	return REC_DROP;
}

static int
by_name(const void *x, const void *y)
{
	return strcmp(((const tally_row *)x)->name,
	    ((const tally_row *)y)->name);
}

static void
put_row(const char *name, const tally_row *r)
{
	printf("%s\t%ld\t%ld\t%.0f\t%.0f\t%.0f\n", name, r->records, r->failed,
	    r->requests, r->out_max, r->prompt_tok);
}

int
judge_dry_run(const judge_args *a, char **files, int n)
{
	dry d;
	tally_row total = { NULL, 0, 0, 0, 0, 0 };
	char *name;
	char sha[65];
	size_t i;
	int status;

	memset(&d, 0, sizeof d);
	d.a = a;
	if (!a->rules) {
		d.tok = bpe_setup(NULL);
		d.rubric = llm_rubric(&a->llm, &name, sha);
		free(name);
		d.lwa = lw_asker_new();
	}
	status = rec_filter(files, n, count_one, &d);
	if (d.n > 0)
		qsort(d.r, d.n, sizeof *d.r, by_name);
	printf("bench\ttask\tlength\trecords\tfailed_before\tjudge_requests"
	    "\tjudge_output_tokens_max\tjudge_prompt_tokens\n");
	for (i = 0; i < d.n; i++) {
		put_row(d.r[i].name, &d.r[i]);
		total.records += d.r[i].records;
		total.failed += d.r[i].failed;
		total.requests += d.r[i].requests;
		total.out_max += d.r[i].out_max;
		total.prompt_tok += d.r[i].prompt_tok;
		free(d.r[i].name);
	}
	put_row("total\t\t", &total);
	free(d.r);
	if (a->llm.hybrid)
		lg_warn("dry run, --hybrid: the rules decide some items "
		    "first: the requests are at most these");
	if (d.blind > 0)
		lg_warn("dry run: %.0f judge question%s built without the answer "
		    "(records not answered, or LongGenBench ones not split by "
		    "lg-split): judge_prompt_tokens counts the rest, at least",
		    d.blind, d.blind == 1 ? "" : "s");
	if (d.cf > 0)
		lg_warn("dry run: the prompt tokens of %.0f cf relevance "
		    "question%s are not counted", d.cf, d.cf == 1 ? "" : "s");
	bpe_free(d.tok);
	free(d.rubric);
	lw_asker_free(d.lwa);
	parts_free(&d.pi);
	lw_rules_fini();
	return status;
}
