/*
 * resumed.c: what --resume may take from its file.  A record a judge model
 * decided counts as done only when this run would ask the same judge (the
 * same model, the same published prompt or none, LongWeave's published
 * judge for its records); otherwise the resume is
 * refused, or with --redo-changed the record is judged again.  With
 * --retry-errors, records with undecided checks or a judge error are
 * judged again too.
 */
#include <string.h>

#include "judge.h"
#include "longweave.h"
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

int
judge_resumed(const cJSON *rec, jsonl *in, void *arg)
{
	const judge_resume *c = arg;
	const char *stage = rec_str(rec_get(rec, "error"), "stage");
	char *why = changed(c, rec);

	if (why != NULL)
		return resume_changed(rec, in, why, c->redo_changed, "the file "
		    "holds records judged otherwise than this run would judge "
		    "them: give the same judge, another file, or --redo-changed "
		    "to judge them again");
	if (c->retry_errors && ((stage != NULL && strcmp(stage, "judge") == 0) ||
	    rec_long(rec_get(rec, "scores"), "stic_undecided", 0) > 0 ||
	    rec_long(rec_get(rec, "scores"), "undecided", 0) > 0))
		return RESUME_TODO;
	return RESUME_DONE;
}
