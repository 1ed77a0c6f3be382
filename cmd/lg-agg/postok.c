/*
 * postok.c: --by-position --axis tokens, where a LongGenBench check's entry
 * starts in the model's output, in output tokens.  The entry is the first
 * of the record's parts (lg-split) with the check's number; its byte offset
 * off is turned into the tokens of output[0:off], counted with the cl100k
 * table (--tokenizer, else $LG_TOKENIZER, else the shipped one), or, when
 * no table is there, gen.output_tokens scaled by off over the output's
 * bytes; postok_source() says which.  A check whose entry is not in the
 * output (or whose record has no output: failed) has no place: the caller
 * counts it apart.  The tokenizer is loaded once, freed by postok_free().
 */
#include <math.h>
#include <string.h>

#include "agg.h"
#include "bpe.h"

static bpe *tok;
static int tok_tried;

void
postok_free(void)
{
	bpe_free(tok);
	tok = NULL;
	tok_tried = 0;
}

static bpe *
tokenizer(const struct opts *o)
{
	if (!tok_tried) {
		tok = bpe_setup(o->tokenizer);
		tok_tried = 1;
	}
	return tok;
}

const char *
postok_source(const struct opts *o)
{
	bpe *b = tokenizer(o);

	return bpe_exact(b) ? bpe_name(b) : "scaled";
}

/* The byte offset of entry at in the parts: 0, 1 when no part has it, -1
 * when a part is bad (warned). */
static int
part_off(const cJSON *parts, long at, size_t outlen, size_t *off, jsonl *in)
{
	const cJSON *p;
	int i = 0;

	cJSON_ArrayForEach(p, parts) {
		const cJSON *a = cJSON_GetObjectItemCaseSensitive(p, "at");
		const cJSON *f = cJSON_GetObjectItemCaseSensitive(p, "off");

		i++;
		if (!cJSON_IsNumber(a) || a->valuedouble != (double)at)
			continue;
		if (!cJSON_IsNumber(f) || f->valuedouble < 0 ||
		    f->valuedouble != floor(f->valuedouble) ||
		    f->valuedouble > (double)outlen) {
			jsonl_warn(in, "parts[%d].off: not a byte offset from 0 "
			    "to the output's %zu bytes", i - 1, outlen);
			return -1;
		}
		*off = (size_t)f->valuedouble;
		return 0;
	}
	return 1;
}

/* gen.output_tokens scaled by off over len: 0, or -1 (warned). */
static int
scaled(const cJSON *rec, size_t off, size_t len, double *t, jsonl *in)
{
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(rec_get(rec, "gen"),
	    "output_tokens");

	if (!cJSON_IsNumber(g) || g->valuedouble < 0 || g->valuedouble > 1e9) {
		jsonl_warn(in, "gen.output_tokens: %s, needed for --axis tokens "
		    "without a tokenizer table", g ? "not a count" : "missing");
		return -1;
	}
	*t = len ? floor(g->valuedouble * (double)off / (double)len) : 0;
	return 0;
}

/*
 * The token offset where entry at starts in the record's output into *t:
 * 0; 1 when it has no place (no output, or no part numbered at); -1 when
 * the record is bad (warned).
 */
int
postok_at(const cJSON *rec, long at, const struct opts *o, double *t,
    jsonl *in)
{
	const cJSON *out = rec_get(rec, "output");
	const cJSON *parts = rec_get(rec, "parts");
	size_t off, len, n;
	int r;

	if (out == NULL || cJSON_IsNull(out))
		return 1;
	if (!cJSON_IsString(out)) {
		jsonl_warn(in, "output: not a string");
		return -1;
	}
	if (!cJSON_IsArray(parts)) {
		jsonl_warn(in, "parts: %s, needed for --axis tokens (run "
		    "lg-split)", parts ? "not an array" : "missing");
		return -1;
	}
	len = strlen(out->valuestring);
	if ((r = part_off(parts, at, len, &off, in)) != 0)
		return r;
	if (!bpe_exact(tokenizer(o)))
		return scaled(rec, off, len, t, in);
	if ((n = bpe_encode(tok, out->valuestring, off, 0, NULL, NULL)) ==
	    (size_t)-1) {
		jsonl_warn(in, "output: cannot count its tokens");
		return -1;
	}
	*t = (double)n;
	return 0;
}
