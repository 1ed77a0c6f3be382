/*
 * resumed.c: what --resume may take from the file.  A record answered (or
 * failed) by lg-infer carries gen: it counts as done only when this run
 * would make it the same way: the same model, API, endpoint (one of the
 * base URLs), decoding parameters and --system.  Otherwise the resume is
 * refused, or with --redo-changed the record is done again; with
 * --retry-errors a record that failed here (error.stage "infer") is done
 * again too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "record.h"
#include "xalloc.h"

/* What differs between rec's gen and this run, in words; NULL: nothing. */
static char *
changed(const resume_ctx *c, const cJSON *rec, const cJSON *gen)
{
	const infer_opts *o = sample_of(c->o, c->sopts, rec);
	const char *model = rec_str(gen, "model"), *api = rec_str(gen, "api");
	const char *ep = rec_str(gen, "endpoint"), *sys = rec_str(gen, "system");
	const cJSON *params = rec_get(gen, "params");
	const char *want_sys = cJSON_IsString(rec_get(rec, "system")) ? NULL :
	    o->system;
	size_t i;

	if (model == NULL || strcmp(model, o->model) != 0)
		return xasprintf("made with model %s, not %s", model ? model : "(none)",
		    o->model);
	if (api != NULL && strcmp(api, o->completions ? "completions" : "chat") != 0)
		return xasprintf("made with the %s API, not %s", api, o->completions ?
		    "completions" : "chat");
	if (ep != NULL) {
		for (i = 0; i < o->nbase; i++)
			if (strcmp(ep, http_endpoint(c->e, i)) == 0)
				break;
		if (i == o->nbase)
			return xasprintf("made with endpoint %s, not a --base-url "
			    "of this run",
			    ep);
	}
	if (params != NULL && !cJSON_Compare(params, o->params, 1)) {
		char *a = cJSON_PrintUnformatted(params);
		char *b = cJSON_PrintUnformatted(o->params);
		char *m = xasprintf("made with parameters %s, not %s", a, b);

		cJSON_free(a);
		cJSON_free(b);
		return m;
	}
	if ((sys == NULL) != (want_sys == NULL) ||
	    (sys != NULL && strcmp(sys, want_sys) != 0))
		return xasprintf("made with another --system");
	return NULL;
}

int
infer_resumed(const cJSON *rec, jsonl *in, void *arg)
{
	const resume_ctx *c = arg;
	const cJSON *gen = rec_get(rec, "gen");
	const char *stage = rec_str(rec_get(rec, "error"), "stage");
	char *why;

	if (!cJSON_IsObject(gen) || rec_get(gen, "model") == NULL)
		return RESUME_DONE;	/* not made here: passed through */
	if ((why = changed(c, rec, gen)) != NULL)
		return resume_changed(rec, in, why, c->o->redo_changed, "the "
		    "file holds records made otherwise than this run would make "
		    "them: give the same options, another file, or "
		    "--redo-changed to make them again");
	if (c->o->retry_errors && stage != NULL && strcmp(stage, "infer") == 0)
		return RESUME_TODO;
	return RESUME_DONE;
}
