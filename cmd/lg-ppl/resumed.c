/*
 * --resume FILE: the cases of FILE already scored by lg-ppl are skipped.
 * A record lg-ppl scored with another model refuses the resume; with
 * --retry-errors one that failed here (error.stage "ppl") is scored again.
 */
#include <string.h>

#include "diag.h"
#include "ppl.h"
#include "record.h"
#include "xalloc.h"

static int
filter(const cJSON *rec, jsonl *in, void *arg)
{
	const ppl_opts *o = arg;
	const cJSON *gen = rec_get(rec, "gen");
	const char *method = rec_str(gen, "method"), *model = rec_str(gen, "model");
	const char *stage = rec_str(rec_get(rec, "error"), "stage");

	if (method == NULL || strcmp(method, "perplexity") != 0)
		return RESUME_DONE;	/* not scored here: passed through */
	if (model == NULL || strcmp(model, o->model) != 0)
		return resume_changed(rec, in, xasprintf("scored with model %s, "
		    "not %s", model ? model : "(none)", o->model), 0, "the file "
		    "holds cases scored with another model: give the same -m or "
		    "another file");
	if (o->retry_errors && stage != NULL && strcmp(stage, "ppl") == 0)
		return RESUME_TODO;
	return RESUME_DONE;
}

idset *
ppl_resume(const ppl_opts *o)
{
	return resume_load_filter(o->resume, filter, (void *)o);
}
