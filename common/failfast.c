/* failfast.c: stop a run whose setup is wrong (see failfast.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "failfast.h"
#include "xalloc.h"

struct held {
	void *user;
	char *error;
	const char *endpoint;	/* a replica's display URL: lives with the engine */
	long status;
	int attempts;
	double latency_s;
};

int
failfast_hold(failfast *f, void *user, const http_result *res)
{
	struct held *h;

	if (res->ok) {
		f->answered = 1;
		return 0;
	}
	if (f->answered || !res->setup)
		return 0;
	f->held = xreallocarray(f->held, f->nheld + 1, sizeof *f->held);
	h = &f->held[f->nheld++];
	h->user = user;
	h->error = xstrdup(res->error ? res->error : "request failed");
	h->endpoint = res->endpoint;
	h->status = res->status;
	h->attempts = res->attempts;
	h->latency_s = res->latency_s;
	return 1;
}

int
failfast_tripped(const failfast *f, int last)
{
	return !f->answered && (f->nheld >= FAILFAST_N || (last && f->nheld > 0));
}

void
failfast_die(const failfast *f, int keyed, const char *key_option)
{
	const struct held *h = &f->held[f->nheld - 1];
	char hint[256] = "";

	if (h->status == 401 && !keyed)
		snprintf(hint, sizeof hint, "no API key was sent: set LG_API_KEY "
		    "or OPENAI_API_KEY, or give %s FILE", key_option);
	else if (h->status == 401 || h->status == 403)
		snprintf(hint, sizeof hint, "check the API key");
	else if (h->status == 404)
		snprintf(hint, sizeof hint, "check the model name and the base "
		    "URL");
	else
		snprintf(hint, sizeof hint, "check the base URL and that the "
		    "server is up");
	lg_die(LG_SYS, "%s: %s (%zu request%s failed so, none was answered: "
	    "stopped, with nothing written for them; %s, then run again)",
	    h->endpoint ? h->endpoint : "server", h->error, f->nheld,
	    f->nheld == 1 ? "" : "s", hint);
}

void
failfast_release(failfast *f, void (*fn)(void *user, const http_result *res))
{
	size_t i, n = f->nheld;
	struct held *v = f->held;

	f->held = NULL;
	f->nheld = 0;
	for (i = 0; i < n; i++) {
		http_result res = { 0 };

		res.endpoint = v[i].endpoint;
		res.error = v[i].error;
		res.status = v[i].status;
		res.attempts = v[i].attempts;
		res.latency_s = v[i].latency_s;
		res.ttft_s = -1;
		res.prompt_tokens = res.output_tokens = -1;
		res.setup = 1;
		fn(v[i].user, &res);
		free(v[i].error);
	}
	free(v);
}
