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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "xalloc.h"

typedef struct {
	char *name;		/* "bench\ttask\tlength" */
	long records, failed;
	double requests, out_max;
} tally_row;

typedef struct {
	const judge_args *a;
	tally_row *r;
	size_t n;
} dry;

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

/* The requests rec costs and the max_tokens of each. */
static double
calls_of(const judge_args *a, const cJSON *rec, const judge_at *at,
    long *max_tokens)
{
	const llm_opts *o = &a->llm;
	const lw_task *t;
	const char *bench = rec_str(rec, "bench");
	const cJSON *checks;

	*max_tokens = 0;
	if (a->rules)
		return 0;
	if (o->cf.on && cf_mine(rec)) {
		*max_tokens = o->cf.dec.max_tokens;
		return 1;
	}
	if ((t = lw_find(rec)) != NULL) {
		lw_need(t, LW_RULES | (a->compat ? LW_COMPAT : LW_MODEL), at);
		*max_tokens = o->lw.max_tokens;
		return lw_calls(t, rec);
	}
	if (bench == NULL || strcmp(bench, "longgenbench") != 0)
		return 0;
	checks = rec_get(rec, "checks");
	*max_tokens = o->dec.max_tokens;
	return cJSON_IsArray(checks) ? cJSON_GetArraySize(checks) : 0;
}

static int
count_one(cJSON *rec, jsonl *in, void *arg)
{
	dry *d = arg;
	tally_row *r = row_for(d, rec);
	judge_at at = { jsonl_file(in), jsonl_lineno(in) };
	long mt;
	double calls;

	r->records++;
	if (rec_get(rec, "error") != NULL) {
		r->failed++;
		return REC_DROP;
	}
	calls = calls_of(d->a, rec, &at, &mt);
	r->requests += calls;
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
	printf("%s\t%ld\t%ld\t%.0f\t%.0f\n", name, r->records, r->failed,
	    r->requests, r->out_max);
}

int
judge_dry_run(const judge_args *a, char **files, int n)
{
	dry d = { a, NULL, 0 };
	tally_row total = { NULL, 0, 0, 0, 0 };
	size_t i;
	int status;

	status = rec_filter(files, n, count_one, &d);
	if (d.n > 0)
		qsort(d.r, d.n, sizeof *d.r, by_name);
	printf("bench\ttask\tlength\trecords\tfailed_before\tjudge_requests"
	    "\tjudge_output_tokens_max\n");
	for (i = 0; i < d.n; i++) {
		put_row(d.r[i].name, &d.r[i]);
		total.records += d.r[i].records;
		total.failed += d.r[i].failed;
		total.requests += d.r[i].requests;
		total.out_max += d.r[i].out_max;
		free(d.r[i].name);
	}
	put_row("total\t\t", &total);
	free(d.r);
	if (a->llm.hybrid)
		lg_warn("dry run, --hybrid: the rules decide some items "
		    "first: the requests are at most these");
	lw_rules_fini();
	return status;
}
