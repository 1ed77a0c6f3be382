/*
 * context.c: --max-context N.  A prompt longer than the model's context is
 * not sent: its record gets an error saying how long it was, and is scored
 * as a failure, never cut silently.  The count is the tokens of the
 * system text and the prompt, by the rank table of --tokenizer or
 * $LG_TOKENIZER (exact cl100k_base counts, bpe.h), else by the
 * approximate count, which the message then says.  A chat template's own
 * tokens are not counted.
 */
#include <stdlib.h>
#include <string.h>

#include "bpe.h"
#include "diag.h"
#include "infer.h"
#include "record.h"
#include "xalloc.h"

void
context_setup(infer_opts *o, const char *tokenizer)
{
	if (o->max_context <= 0)
		return;
	o->tok = bpe_setup(tokenizer);
	if (!bpe_exact(o->tok) && !o->quiet)
		lg_warn("--max-context: no rank table (--tokenizer or "
		    "LG_TOKENIZER): prompt lengths are approximate");
}

void
context_free(infer_opts *o)
{
	bpe_free(o->tok);
	o->tok = NULL;
}

long
context_tokens(bpe *b, const char *s)
{
	size_t n;

	if (s == NULL || *s == '\0')
		return 0;
	n = bpe_encode(b, s, strlen(s), 0, NULL, NULL);
	return n == (size_t)-1 ? -1 : (long)n;
}

/* The gen of a record not sent: request_gen() of no request, no endpoint. */
static cJSON *
gen_of(const infer_opts *o, const char *sys_opt, const cJSON *rec, long tokens)
{
	http_result res = { 0 };
	cJSON *g;

	res.prompt_tokens = tokens;
	res.output_tokens = -1;
	res.ttft_s = -1;
	g = request_gen(o, sys_opt, rec, &res);
	rec_del(g, "endpoint");
	cJSON_AddNumberToObject(g, "max_context", (double)o->max_context);
	cJSON_AddStringToObject(g, "tokenizer", bpe_name(o->tok));
	return g;
}

int
context_over(const infer_opts *o, cJSON *rec, const char *system,
    const char *sys_opt)
{
	long np, ns;
	cJSON *e;
	char *m;

	if (o->max_context <= 0)
		return 0;
	np = context_tokens(o->tok, rec_str(rec, "prompt"));
	ns = context_tokens(o->tok, system);
	if (np < 0 || ns < 0)
		m = xasprintf("prompt could not be counted: over %zu bytes",
		    (size_t)BPE_MAX_TEXT);
	else if (np + ns <= o->max_context)
		return 0;
	else if (bpe_exact(o->tok))
		m = xasprintf("prompt of %ld tokens exceeds --max-context %ld",
		    np + ns, o->max_context);
	else
		m = xasprintf("prompt of %ld tokens (approximate count) exceeds "
		    "--max-context %ld", np + ns, o->max_context);
	rec_del(rec, "output");
	rec_del(rec, "reasoning");
	rec_set(rec, "gen", gen_of(o, sys_opt, rec, np < 0 || ns < 0 ? -1 : np + ns));
	e = cJSON_CreateObject();
	cJSON_AddStringToObject(e, "stage", "infer");
	cJSON_AddStringToObject(e, "message", m);
	cJSON_AddNumberToObject(e, "status", 0);
	rec_set(rec, "error", e);
	free(m);
	return 1;
}
