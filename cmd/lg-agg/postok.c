/*
 * postok.c: --by-position --axis tokens, on the position curve's token
 * axis (common/poscurve.h, shared with lg-plot): one poscurve for the
 * run, its tokenizer loaded when first needed, freed by postok_free().
 */
#include "agg.h"
#include "poscurve.h"

static poscurve *pc;

static poscurve *
curve(const struct opts *o)
{
	if (pc == NULL)
		pc = poscurve_new(o->tokenizer);
	return pc;
}

void
postok_free(void)
{
	poscurve_free(pc);
	pc = NULL;
}

const char *
postok_source(const struct opts *o)
{
	return poscurve_source(curve(o));
}

int
postok_bin(const cJSON *rec, long at, const struct opts *o, long *bin,
    jsonl *in)
{
	return poscurve_bin(curve(o), rec, at, o->bin_width, bin, in);
}
