/* Request bodies and the gen object of an answer. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "infer.h"
#include "record.h"
#include "xalloc.h"

static void
add_params(cJSON *body, const cJSON *params)
{
	const cJSON *p;

	cJSON_ArrayForEach(p, params)
		cJSON_AddItemToObject(body, p->string, cJSON_Duplicate(p, 1));
}

char *
request_body(const infer_opts *o, const char *system, const char *prompt)
{
	cJSON *b = cJSON_CreateObject();
	char *s;

	cJSON_AddStringToObject(b, "model", o->model);
	if (o->completions) {
		if (system != NULL && *system != '\0') {
			char *p = xasprintf("%s\n\n%s", system, prompt);

			cJSON_AddStringToObject(b, "prompt", p);
			free(p);
		} else {
			cJSON_AddStringToObject(b, "prompt", prompt);
		}
	} else {
		cJSON *msgs = cJSON_AddArrayToObject(b, "messages"), *m;

		if (system != NULL) {
			m = cJSON_CreateObject();
			cJSON_AddStringToObject(m, "role", "system");
			cJSON_AddStringToObject(m, "content", system);
			cJSON_AddItemToArray(msgs, m);
		}
		m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "role", "user");
		cJSON_AddStringToObject(m, "content", prompt);
		cJSON_AddItemToArray(msgs, m);
	}
	add_params(b, o->params);
	if (o->stream) {
		cJSON_AddTrueToObject(b, "stream");
		cJSON_AddTrueToObject(cJSON_AddObjectToObject(b, "stream_options"),
		    "include_usage");
	}
	s = cJSON_PrintUnformatted(b);
	cJSON_Delete(b);
	if (s == NULL)
		lg_die(LG_SYS, "out of memory");
	return s;
}

char *
request_prepare(const infer_opts *o, cJSON *rec, const char **sys_opt)
{
	const cJSON *sy = rec_get(rec, "system");
	const char *system;

	*sys_opt = NULL;
	if (cJSON_IsString(sy)) {
		system = sy->valuestring;
	} else {
		system = o->system;
		*sys_opt = o->system;
	}
	if (context_over(o, rec, system, *sys_opt))
		return NULL;
	budget_warn_tier(o, rec_str(rec, "bench"), rec_str(rec, "length"));
	return request_body(o, system, rec_str(rec, "prompt"));
}

static void
add_count(cJSON *g, const char *k, long v)
{
	if (v >= 0)
		cJSON_AddNumberToObject(g, k, (double)v);
	else
		cJSON_AddNullToObject(g, k);
}

cJSON *
request_gen(const infer_opts *o, const char *system_opt, const cJSON *rec,
    const http_result *res)
{
	cJSON *g = cJSON_CreateObject();
	const cJSON *tmpl = rec_get(rec, "template");

	cJSON_AddStringToObject(g, "model", o->model);
	cJSON_AddStringToObject(g, "endpoint", res->endpoint);
	cJSON_AddStringToObject(g, "api", o->completions ? "completions" : "chat");
	cJSON_AddItemToObject(g, "params", cJSON_Duplicate(o->params, 1));
	if (o->samples > 1)	/* the sample's own */
		cJSON_AddItemToObject(g, "seed",
		    cJSON_Duplicate(rec_get(o->params, "seed"), 1));
	if (system_opt != NULL)
		cJSON_AddStringToObject(g, "system", system_opt);
	cJSON_AddBoolToObject(g, "stream", o->stream);
	if (res->finish_reason != NULL)
		cJSON_AddStringToObject(g, "finish_reason", res->finish_reason);
	else
		cJSON_AddNullToObject(g, "finish_reason");
	cJSON_AddBoolToObject(g, "truncated", res->truncated);
	add_count(g, "prompt_tokens", res->prompt_tokens);
	add_count(g, "output_tokens", res->output_tokens);
	if (res->latency_s >= 0)
		cJSON_AddNumberToObject(g, "latency_s", res->latency_s);
	else		/* not measured: a batch's answer */
		cJSON_AddNullToObject(g, "latency_s");
	if (res->ttft_s >= 0)
		cJSON_AddNumberToObject(g, "ttft_s", res->ttft_s);
	else
		cJSON_AddNullToObject(g, "ttft_s");
	add_count(g, "attempts", res->attempts);
	cJSON_AddBoolToObject(g, "cache_hit", res->cache_hit);
	/* what made the answer: this lg, and the server's word for itself */
	cJSON_AddStringToObject(g, "lg", LG_VERSION);
	if (cJSON_IsObject(tmpl))	/* lg-prompt's: what made the prompt */
		cJSON_AddItemToObject(g, "template", cJSON_Duplicate(tmpl, 1));
	if (res->server_model != NULL)
		cJSON_AddStringToObject(g, "server_model", res->server_model);
	if (res->fingerprint != NULL)
		cJSON_AddStringToObject(g, "system_fingerprint", res->fingerprint);
	return g;
}
