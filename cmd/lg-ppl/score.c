/*
 * The candidates of a TSort case.
 *
 * Candidate i (0..23) is the i-th order of the labels 1..4 in
 * lexicographic order ([1, 2, 3, 4] first, [4, 3, 2, 1] last).  Its text is
 * vars.before, then the texts of the parts in that order, then vars.after,
 * joined by single newlines (the way lg-gen joins paragraphs), an empty
 * before or after text left out with its newline: the book's passage as it
 * would read in that order, with no instruction around it.  Its request
 * body is read out as the transfer sends it, the texts escaped a chunk at
 * a time: a case's text is never copied whole.
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

#define CHUNK	16384		/* bytes escaped at a time */

/* The bytes of s[0..n) once escaped, and its characters. */
static size_t
escaped_len(const char *s, size_t n, double *chars)
{
	struct buf b = { 0 };
	size_t len = 0, k;

	for (k = 0; k < n; k += CHUNK) {
		buf_reset(&b);
		jprint_chars(&b, s + k, n - k < CHUNK ? n - k : CHUNK);
		len += b.len;
	}
	buf_free(&b);
	*chars = ppl_chars(s);
	return len;
}

/* Text i of c: 0 before, 1 to 4 the parts by label, 5 after. */
static const char *
text_of(const ppl_case *c, int i)
{
	return i == 0 ? c->before : i <= PPL_NPARTS ? c->part[i - 1] : c->after;
}

int
ppl_case_read(const cJSON *vars, ppl_case *c, const char **why)
{
	const cJSON *parts = rec_get(vars, "parts"), *p;
	int k;

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
	for (k = 0; k < PPL_NPARTS + 2; k++)
		c->elen[k] = escaped_len(text_of(c, k), strlen(text_of(c, k)),
		    &c->chars[k]);
	return 0;
}

static void
seg(ppl_body *b, const char *s, size_t len, int esc)
{
	b->seg[b->nseg].s = s;
	b->seg[b->nseg].len = len;
	b->seg[b->nseg].esc = esc;
	b->nseg++;
}

/* A text of the case: after a newline when nl says so. */
static void
text_seg(ppl_body *b, const ppl_case *c, int i, int nl)
{
	const char *s = text_of(c, i);

	if (nl) {
		seg(b, "\\n", 2, 0);
		b->len += 2;
		b->chars += 1;
	}
	seg(b, s, strlen(s), 1);
	b->len += c->elen[i];
	b->chars += c->chars[i];
}

static const char suffix[] = "\",\"max_tokens\":1,\"temperature\":0,"
    "\"echo\":true,\"logprobs\":1,\"stream\":false}";

void
ppl_body_init(ppl_body *b, const ppl_opts *o, const ppl_case *c,
    const int order[PPL_NPARTS])
{
	int k;

	buf_reset(&b->head);
	buf_puts(&b->head, "{\"model\":");
	jprint_string(&b->head, o->model);
	buf_puts(&b->head, ",\"prompt\":\"");
	b->nseg = 0;
	b->len = b->head.len + sizeof suffix - 1;
	b->chars = 0;
	seg(b, b->head.s, b->head.len, 0);
	text_seg(b, c, 0, 0);
	for (k = 0; k < PPL_NPARTS; k++)	/* after what came, if any */
		text_seg(b, c, order[k], b->chars > 0);
	if (*c->after)
		text_seg(b, c, PPL_NPARTS + 1, 1);
	seg(b, suffix, sizeof suffix - 1, 0);
	ppl_body_rewind(b);
}

const char *
ppl_body_piece(const ppl_body *b, int i, size_t *len)
{
	const int k = i + 1;	/* the head first, the suffix last */

	if (i < 0 || k >= b->nseg - 1)
		return NULL;
	if (!b->seg[k].esc) {	/* the escaped newline between texts */
		*len = 1;
		return "\n";
	}
	*len = b->seg[k].len;
	return b->seg[k].s;
}

void
ppl_body_rewind(ppl_body *b)
{
	b->at = 0;
	b->off = 0;
	buf_reset(&b->stage);
	b->soff = 0;
}

size_t
ppl_body_read(ppl_body *b, char *dst, size_t n)
{
	size_t got = 0, k;

	while (got < n) {
		if (b->soff < b->stage.len) {	/* escaped, not given yet */
			k = b->stage.len - b->soff;
			k = k < n - got ? k : n - got;
			memcpy(dst + got, b->stage.s + b->soff, k);
			b->soff += k;
			got += k;
			continue;
		}
		if (b->at == b->nseg)
			break;
		if (b->off == b->seg[b->at].len) {
			b->at++;
			b->off = 0;
			continue;
		}
		k = b->seg[b->at].len - b->off;
		if (!b->seg[b->at].esc) {
			k = k < n - got ? k : n - got;
			memcpy(dst + got, b->seg[b->at].s + b->off, k);
			got += k;
		} else {
			k = k < CHUNK ? k : CHUNK;
			buf_reset(&b->stage);
			b->soff = 0;
			jprint_chars(&b->stage, b->seg[b->at].s + b->off, k);
		}
		b->off += k;
	}
	return got;
}

void
ppl_body_free(ppl_body *b)
{
	buf_free(&b->head);
	buf_free(&b->stage);
}

double
ppl_chars(const char *s)
{
	double n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}
