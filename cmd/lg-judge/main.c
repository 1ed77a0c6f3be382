/*
 * lg-judge: decide each LongGenBench check against the entry at its
 * position, and each item of the LongWeave biog, sr and nw tasks against
 * the answer, by rules (--rules), by a judge model, or both (--hybrid).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "resume.h"
#include "util.h"
#include "xalloc.h"

typedef struct {
	judge_counts jc;
	const idset *done;
	idset *seen;		/* the ids read (resume_next) */
	judge_opts lw;		/* the LongWeave tasks (longweave.c) */
} rules_ctx;

static int
rules_only(cJSON *rec, jsonl *in, void *arg)
{
	rules_ctx *c = arg;
	judge_counts *jc = &c->jc;
	judge_at at = { jsonl_file(in), jsonl_lineno(in) };
	int mine, asked, ret;

	switch (resume_next(c->done, c->seen, rec, in)) {
	case RESUME_DONE:
		return REC_DROP;
	case RESUME_DUP:
		resume_dup_warn(c->seen, rec, in);
		return REC_DROP_BAD;
	case RESUME_NOID:	/* refused when resuming */
		if (c->done == NULL)
			break;
		jsonl_warn(in, "%s, skipped", RESUME_NOID_MSG);
		return REC_DROP_BAD;
	}
	judge_note n = { "rules", NULL, NULL, NULL, NULL, 0 };

	n.compat = c->lw.compat;
	if (lw_rules(rec, &at, &c->lw, &ret)) {
		judge_manifest(rec, &n);
		return ret;
	}
	/* the verdicts and their scores at once */
	ret = verdicts_start(rec, &at, JUDGE_RULES, NULL, NULL, &mine, &asked, jc);
	if (mine)
		judge_manifest(rec, &n);
	return ret;
}

/* --rules: the whole run, its exit status. */
static int
judge_rules(judge_args *a, char **files, int n)
{
	rules_ctx rc;
	idset *done = NULL;
	int status;

	memset(&rc, 0, sizeof rc);
	rc.lw.compat = a->compat;	/* LongWeave: the published truncation */
	rc.lw.definition = a->definition;
	if (a->resume != NULL)
		done = resume_load_filter(a->resume, judge_resumed, &a->jr);
	rc.done = done;
	rc.seen = idset_new();
	status = rec_filter(files, n, rules_only, &rc);
	idset_free(rc.seen);
	rules_fini();
	lw_rules_fini();
	judge_manifest_fini();
	idset_free(done);
	free(a->llm.base);
	return status;
}

/* The judge server and model, from the environment when not given. */
static void
judge_env(judge_args *a)
{
	llm_opts *o = &a->llm;
	const char *env;

	if (o->http.nbase == 0 && (env = getenv("LG_JUDGE_BASE_URL")) != NULL && *env) {
		o->base = xreallocarray(o->base, 1, sizeof *o->base);
		o->base[o->http.nbase++] = (char *)env;
	}
	if (o->model == NULL && (env = getenv("LG_JUDGE_MODEL")) != NULL && *env)
		o->model = env;
	if (o->http.nbase == 0 || o->model == NULL)
		lg_die(LG_USAGE, "no judge: give --rules, or a judge model with "
		    "--judge-base-url and --judge-model");
}

/* A model judges (alone or with the rules): the run, its exit status. */
static int
judge_model(judge_args *a, char **files, int n)
{
	llm_opts *o = &a->llm;
	idset *done = NULL;
	int status;

	if (a->resume != NULL) {
		a->jr.model = o->model;
		a->jr.compat = o->compat;
		a->jr.cf_compat = a->compat ? CF_COMPAT : NULL;
		a->jr.llm = o;
		free(llm_rubric(o, &a->jr.rubric_name, a->jr.rubric_sha));
		done = resume_load_filter(a->resume, judge_resumed, &a->jr);
		free(a->jr.rubric_name);
		a->jr.rubric_name = NULL;
	}
	o->key = apikey_get(a->keyfile);
	o->http.base_urls = o->base;
	o->http.api_key = o->key;
	o->done = done;
	status = llm_run(files, n, o);
	idset_free(done);
	rules_fini();
	free(o->key);
	free(o->base);
	return status;
}

int
main(int argc, char **argv)
{
	judge_args a;
	int first;

	lg_init(argv[0]);
	/* a judge's input holds one case answered by several models */
	resume_by_model();
	first = judge_parse(argc, argv, &a);
	if (a.list_tasks) {
		lw_list_tasks();
		return lg_finish(LG_OK);
	}
	if (a.dry_run)
		return lg_finish(judge_dry_run(&a, argv + first, argc - first));
	if (a.rules)
		return judge_rules(&a, argv + first, argc - first);
	judge_env(&a);
	return judge_model(&a, argv + first, argc - first);
}
