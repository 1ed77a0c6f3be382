/*
 * resumed.c: what --resume may take from the file.  A record answered (or
 * failed) by lg-infer carries gen: it counts as done only when this run
 * would make it the same way: the same model, API, endpoint (one of the
 * base URLs), decoding parameters and --system.  Otherwise the resume is
 * refused, or with --redo-changed the record is done again; with
 * --retry-errors a record that failed here (error.stage "infer") is done
 * again too.  The template its prompt was rendered from (gen.template,
 * lg-prompt's) is the input's: it is noted with the id and compared when
 * the input's record of that id is read (infer_template_changed), where
 * a change refuses the resume whatever the options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "record.h"
#include "xalloc.h"

/* The first decoding parameter that differs between was and now, named. */
static char *
param_changed(const cJSON *was, const cJSON *now)
{
	const cJSON *e, *x = NULL, *y = NULL;
	const char *name = NULL;
	char *a, *b, *m;

	cJSON_ArrayForEach(e, was)
		if (!cJSON_Compare(e, rec_get(now, e->string), 1)) {
			name = e->string;
			break;
		}
	if (name == NULL)
		cJSON_ArrayForEach(e, now)
			if (rec_get(was, e->string) == NULL) {
				name = e->string;
				break;
			}
	if (name == NULL)
		return xstrdup("made with other parameters");
	x = rec_get(was, name);
	y = rec_get(now, name);
	a = rec_shown(x, "unset");
	b = rec_shown(y, "unset");
	m = xasprintf("made with parameter %s %s, not %s", name, a, b);
	free(a);
	free(b);
	return m;
}

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
	if (params != NULL && !cJSON_Compare(params, o->params, 1))
		return param_changed(params, o->params);
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

char *
infer_note(const cJSON *rec, void *arg)
{
	const cJSON *gen = rec_get(rec, "gen");
	const cJSON *t = rec_get(gen, "template");

	(void)arg;
	/* made here, by an lg that names its templates (else: unknown) */
	if (!cJSON_IsObject(gen) || rec_get(gen, "model") == NULL ||
	    !cJSON_IsString(rec_get(gen, "lg")))
		return NULL;
	return rec_shown(cJSON_IsObject(t) ? t : NULL, "unset");
}

/* A template's member k as text, and its name, for a message. */
static char *
tmpl_shown(const cJSON *t, const char *k)
{
	const char *name = rec_str(t, "name");
	char *v, *r;

	if (t == NULL)
		return xstrdup("none");
	v = rec_shown(rec_get(t, k), "unset");
	r = strcmp(k, "name") == 0 ? xstrdup(v) : xasprintf("%s (%s)", v,
	    name != NULL ? name : "unnamed");
	free(v);
	return r;
}

char *
infer_template_changed(const cJSON *rec, const char *note, const char *file,
    long line)
{
	static const char *const keys[] = { "name", "sha256", "system_sha256" };
	cJSON *was = strcmp(note, "unset") == 0 ? NULL : cJSON_Parse(note);
	const cJSON *now = rec_get(rec, "template");
	const char *k = NULL;
	char *a, *b, *m;
	size_t i;

	if (!cJSON_IsObject(now))
		now = NULL;
	if ((was == NULL) != (now == NULL))
		k = "sha256";
	for (i = 0; k == NULL && was != NULL &&
	    i < sizeof keys / sizeof keys[0]; i++) {
		const cJSON *x = rec_get(was, keys[i]), *y = rec_get(now, keys[i]);

		if ((x == NULL) != (y == NULL) ||
		    (x != NULL && !cJSON_Compare(x, y, 1)))
			k = keys[i];
	}
	if (k == NULL) {
		cJSON_Delete(was);
		return NULL;
	}
	a = tmpl_shown(was, k);
	b = tmpl_shown(now, k);
	m = xasprintf("%s: template.%s %s in %s:%ld, %s in this input: its "
	    "prompt was rendered otherwise (another template, or lg-prompt "
	    "--variant)", rec_id(rec), k, a, file, line, b);
	free(a);
	free(b);
	cJSON_Delete(was);
	return m;
}
