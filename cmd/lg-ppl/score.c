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
#include "jprint.h"
#include "ppl.h"
#include "record.h"

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

int
ppl_case_read(const cJSON *vars, ppl_case *c, const char **why)
{
	const cJSON *parts = rec_get(vars, "parts"), *p;

	memset(c, 0, sizeof *c);
	if (!cJSON_IsObject(vars)) {
		*why = "vars: missing or not an object";
		return -1;
	}
	c->before = rec_str(vars, "before");
	c->after = rec_str(vars, "after");
	if (c->before == NULL || c->after == NULL) {
		*why = "vars: before and after must be strings";
		return -1;
	}
	if (!cJSON_IsArray(parts) || cJSON_GetArraySize(parts) != PPL_NPARTS) {
		*why = "vars.parts: want an array of 4 parts";
		return -1;
	}
	cJSON_ArrayForEach(p, parts) {
		long l = rec_long(p, "label", 0);
		const char *t = rec_str(p, "text");

		if (l < 1 || l > PPL_NPARTS || t == NULL || c->part[l - 1] != NULL) {
			*why = "vars.parts: want labels 1 to 4, each once, with a "
			    "text string";
			return -1;
		}
		c->part[l - 1] = t;
	}
	return 0;
}

/* One piece of the text, after a newline when nl says so. */
static void
piece(buf *b, const char *s, int nl, double *chars)
{
	if (nl) {
		buf_add(b, "\\n", 2);
		*chars += 1;
	}
	jprint_chars(b, s);
	*chars += ppl_chars(s);
}

void
ppl_body(const ppl_opts *o, const ppl_case *c, const int order[PPL_NPARTS],
    buf *b, double *chars)
{
	int k;

	buf_reset(b);
	*chars = 0;
	buf_puts(b, "{\"model\":");
	jprint_string(b, o->model);
	buf_puts(b, ",\"prompt\":\"");
	piece(b, c->before, 0, chars);
	for (k = 0; k < PPL_NPARTS; k++)	/* after what came, if any */
		piece(b, c->part[order[k] - 1], *chars > 0, chars);
	if (*c->after)
		piece(b, c->after, 1, chars);
	buf_puts(b, "\",\"max_tokens\":1,\"temperature\":0,\"echo\":true,"
	    "\"logprobs\":1,\"stream\":false}");
}

double
ppl_chars(const char *s)
{
	double n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}
