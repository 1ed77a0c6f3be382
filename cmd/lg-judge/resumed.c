/*
 * resumed.c: what --resume may take from its file.  A record a judge model
 * decided counts as done only when this run would ask the same judge (the
 * same model, the same published prompt or none, LongWeave's published
 * judge for its records); otherwise the resume is
 * refused, or with --redo-changed the record is judged again.  So is a
 * record whose scores.judge (manifest.c) names another rubric, rubric
 * bytes (its sha256), decoding or mode than this run's would.  With
 * --retry-errors, records with undecided checks or a judge error are
 * judged again too.
 */
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "xalloc.h"

static char *
changed(const judge_resume *c, const cJSON *rec)
{
	const char *rec_want = c->compat != NULL && lw_find(rec) != NULL ?
	    LW_COMPAT_PROMPT : c->compat;
	const cJSON *v;

	cJSON_ArrayForEach(v, rec_get(rec, "verdicts")) {
		const char *by = rec_str(v, "by"), *compat = rec_str(v, "compat");
		const char *kind = rec_str(v, "kind"), *want = rec_want;

		if (by == NULL || strncmp(by, "llm:", 4) != 0)
			continue;
		if (c->model == NULL)
			return xasprintf("judged by %s, not by the rules", by);
		if (strcmp(by + 4, c->model) != 0)
			return xasprintf("judged by %s, not llm:%s", by, c->model);
		/* a cf relevance verdict: asked and read as published or not */
		if (kind != NULL && strcmp(kind, "relevance") == 0)
			want = c->cf_compat;
		if ((compat == NULL) != (want == NULL) ||
		    (compat != NULL && strcmp(compat, want) != 0))
			return xasprintf("judged with %s%s", compat ? "the prompt " :
			    "our own question", compat ? compat : "");
	}
	return NULL;
}

/* scores.judge as this run would write it for rec (rec's kind: cf
 * relevance, LongWeave, or LongGenBench checks), in a record of its own. */
static cJSON *
expected(const judge_resume *c, const cJSON *rec)
{
	const llm_opts *o = c->llm;
	const lw_task *t;
	const lw_judge *lj;
	judge_note n = { o->hybrid ? "hybrid" : "model", o->model,
		c->rubric_name, c->rubric_sha, &o->dec, o->compat != NULL };
	cJSON *x = cJSON_CreateObject();

	if (o->cf.on && cf_mine(rec)) {
		n.rubric = "rubrics/longweave/cf.tmpl";
		n.sha256 = judge_rubric_sha(n.rubric);
		n.dec = &o->cf.dec;
		n.compat = o->lw_compat;
	} else if ((t = lw_find(rec)) != NULL) {
		lj = o->lw_compat ? t->published : t->own;
		n.rubric = lj != NULL ? lj->rubric : NULL;
		n.sha256 = lj != NULL ? judge_rubric_sha(lj->rubric) : NULL;
		n.dec = &o->lw;
		n.compat = o->lw_compat;
	}
	cJSON_AddObjectToObject(x, "scores");
	judge_manifest(x, &n);
	return x;
}

/* The first member of a model's scores.judge that differs from this
 * run's (lg's version aside), with both values; NULL: none. */
static char *
manifest_changed(const judge_resume *c, const cJSON *rec)
{
	static const char *const keys[] = { "by", "model", "rubric", "sha256",
		"decoding", "compat" };
	const cJSON *was = rec_get(rec_get(rec, "scores"), "judge"), *a, *b;
	const char *by = rec_str(was, "by");
	cJSON *x;
	char *sa, *sb, *m = NULL;
	size_t i;

	if (c->llm == NULL || by == NULL || (strcmp(by, "model") != 0 &&
	    strcmp(by, "hybrid") != 0))
		return NULL;	/* the rules, or no manifest: the verdicts say */
	x = expected(c, rec);
	for (i = 0; m == NULL && i < sizeof keys / sizeof keys[0]; i++) {
		a = rec_get(was, keys[i]);
		b = rec_get(rec_get(rec_get(x, "scores"), "judge"), keys[i]);
		if ((a == NULL) == (b == NULL) && (a == NULL ||
		    cJSON_Compare(a, b, 1)))
			continue;
		sa = rec_shown(a, "none");
		sb = rec_shown(b, "none");
		m = xasprintf("judged with scores.judge.%s %s, not %s", keys[i],
		    sa, sb);
		free(sa);
		free(sb);
	}
	cJSON_Delete(x);
	return m;
}

int
judge_resumed(const cJSON *rec, jsonl *in, void *arg)
{
	const judge_resume *c = arg;
	const char *stage = rec_str(rec_get(rec, "error"), "stage");
	char *why = changed(c, rec);

	if (why == NULL)
		why = manifest_changed(c, rec);

	if (why != NULL)
		return resume_changed(rec, in, why, c->redo_changed, "the file "
		    "holds records judged otherwise than this run would judge "
		    "them: give the same judge (model, rubric, decoding), another "
		    "file, or --redo-changed to judge them again");
	if (c->retry_errors && ((stage != NULL && strcmp(stage, "judge") == 0) ||
	    rec_long(rec_get(rec, "scores"), "stic_undecided", 0) > 0 ||
	    rec_long(rec_get(rec, "scores"), "undecided", 0) > 0))
		return RESUME_TODO;
	return RESUME_DONE;
}
