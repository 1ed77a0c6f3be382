/*
 * poscurve.c: the position curve's token axis and moving average (see
 * poscurve.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bpe.h"
#include "poscurve.h"
#include "record.h"
#include "xalloc.h"

struct poscurve {
	const char *tokenizer;
	bpe *tok;
	int tried;
};

poscurve *
poscurve_new(const char *tokenizer)
{
	poscurve *p = xcalloc(1, sizeof *p);

	p->tokenizer = tokenizer;
	return p;
}

void
poscurve_free(poscurve *p)
{
	if (p == NULL)
		return;
	bpe_free(p->tok);
	free(p);
}

static bpe *
tokenizer(poscurve *p)
{
	if (!p->tried) {
		p->tok = bpe_setup(p->tokenizer);
		p->tried = 1;
	}
	return p->tok;
}

const char *
poscurve_source(poscurve *p)
{
	bpe *b = tokenizer(p);

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

/* The token offset where entry at starts: as poscurve_bin(). */
static int
offset(poscurve *p, const cJSON *rec, long at, double *t, jsonl *in)
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
	if (!bpe_exact(tokenizer(p)))
		return scaled(rec, off, len, t, in);
	if ((n = bpe_encode(p->tok, out->valuestring, off, 0, NULL, NULL)) ==
	    (size_t)-1) {
		jsonl_warn(in, "output: cannot count its tokens");
		return -1;
	}
	*t = (double)n;
	return 0;
}

int
poscurve_bin(poscurve *p, const cJSON *rec, long at, long width, long *bin,
    jsonl *in)
{
	double t;
	int r;

	if ((r = offset(p, rec, at, &t, in)) != 0)
		return r;
	if (t / (double)width >= (double)POSCURVE_MAXBIN) {
		jsonl_warn(in, "entry %ld starts at token %.0f, past %ld bins of "
		    "%ld", at, t, POSCURVE_MAXBIN, width);
		return -1;
	}
	*bin = (long)(t / (double)width);
	return 0;
}

void
poscurve_window(size_t k, size_t nk, int w, size_t *lo, size_t *hi)
{
	size_t before = (size_t)(w - 1) / 2, after = (size_t)w / 2;

	*lo = k > before ? k - before : 0;
	*hi = k + after + 1 < nk ? k + after + 1 : nk;
}
