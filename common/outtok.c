/* outtok.c: an output's length in tokens (outtok.h). */
#include <math.h>

#include "outtok.h"
#include "record.h"

/* gen.output_tokens as a length, or -1. */
static double
given(const cJSON *rec)
{
	const cJSON *v = rec_get(rec_get(rec, "gen"), "output_tokens");

	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 1e12)
		return floor(v->valuedouble);
	return -1;
}

double
output_tokens_counted(const cJSON *rec)
{
	const cJSON *v = rec_get(rec, OUTTOK_COUNTED);

	if (given(rec) >= 0 || !cJSON_IsNumber(v) || !(v->valuedouble >= 0 &&
	    v->valuedouble < 1e12))
		return -1;
	return floor(v->valuedouble);
}

double
output_tokens(const cJSON *rec, bpe **tok, const char *tokenizer,
    jsonl *in, int *counted)
{
	const char *s;
	size_t len, n;
	double g = given(rec);

	*counted = 0;
	if (g >= 0)
		return g;
	if ((s = rec_strn(rec, "output", &len)) == NULL)
		return -1;
	if (*tok == NULL)
		*tok = bpe_setup(tokenizer);
	if ((n = bpe_encode(*tok, s, len, 0, NULL, NULL)) == (size_t)-1) {
		jsonl_warn(in, "output: cannot be counted in tokens");
		return -1;
	}
	*counted = 1;
	return (double)n;
}
