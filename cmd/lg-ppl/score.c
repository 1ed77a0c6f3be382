/*
 * The candidates of a TSort case.
 *
 * Candidate i (0..23) is the i-th order of the labels 1..4 in
 * lexicographic order ([1, 2, 3, 4] first, [4, 3, 2, 1] last).  Its text is
 * vars.before, then the texts of the parts in that order, then vars.after,
 * joined by single newlines (the way lg-gen joins paragraphs), an empty
 * before or after text left out with its newline: the book's passage as it
 * would read in that order, with no instruction around it.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "ppl.h"
#include "record.h"
#include "xalloc.h"

void
ppl_order(int i, int order[PPL_NPARTS])
{
	int left[PPL_NPARTS] = { 1, 2, 3, 4 }, n = PPL_NPARTS, k, f, j;
	static const int fact[PPL_NPARTS] = { 6, 2, 1, 1 };

	for (k = 0; k < PPL_NPARTS; k++) {
		f = i / fact[k];
		i %= fact[k];
		order[k] = left[f];
		for (j = f; j < n - 1; j++)
			left[j] = left[j + 1];
		n--;
	}
}

char *
ppl_candidate(const cJSON *vars, const int order[PPL_NPARTS], const char **why)
{
	const cJSON *parts = rec_get(vars, "parts"), *p;
	const char *before = rec_str(vars, "before"), *after = rec_str(vars, "after");
	const char *text[PPL_NPARTS] = { NULL };
	buf b = { 0 };
	int k;

	if (!cJSON_IsObject(vars)) {
		*why = "vars: missing or not an object";
		return NULL;
	}
	if (before == NULL || after == NULL) {
		*why = "vars: before and after must be strings";
		return NULL;
	}
	if (!cJSON_IsArray(parts) || cJSON_GetArraySize(parts) != PPL_NPARTS) {
		*why = "vars.parts: want an array of 4 parts";
		return NULL;
	}
	cJSON_ArrayForEach(p, parts) {
		long l = rec_long(p, "label", 0);
		const char *t = rec_str(p, "text");

		if (l < 1 || l > PPL_NPARTS || t == NULL || text[l - 1] != NULL) {
			*why = "vars.parts: want labels 1 to 4, each once, with a "
			    "text string";
			return NULL;
		}
		text[l - 1] = t;
	}
	if (*before)
		buf_puts(&b, before);
	for (k = 0; k < PPL_NPARTS; k++) {
		if (b.len > 0)
			buf_putc(&b, '\n');
		buf_puts(&b, text[order[k] - 1]);
	}
	if (*after) {
		buf_putc(&b, '\n');
		buf_puts(&b, after);
	}
	return buf_take(&b);
}

char *
ppl_body(const ppl_opts *o, const char *text)
{
	cJSON *b = cJSON_CreateObject();
	char *s;

	cJSON_AddStringToObject(b, "model", o->model);
	cJSON_AddStringToObject(b, "prompt", text);
	cJSON_AddNumberToObject(b, "max_tokens", 1);
	cJSON_AddNumberToObject(b, "temperature", 0);
	cJSON_AddTrueToObject(b, "echo");
	cJSON_AddNumberToObject(b, "logprobs", 1);
	cJSON_AddFalseToObject(b, "stream");
	s = cJSON_PrintUnformatted(b);
	cJSON_Delete(b);
	if (s == NULL)
		lg_die(LG_SYS, "out of memory");
	return s;
}

double
ppl_chars(const char *s)
{
	double n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}
