/* outtok.c: an output's length in tokens (outtok.h). */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "outtok.h"
#include "record.h"
#include "share.h"

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

bpe *
outtok_setup_quiet(void)
{
	const char *path = getenv("LG_TOKENIZER");
	char err[512], *shipped = NULL;
	int sys;
	bpe *b;

	if (path == NULL) {
		shipped = share_path("tokenizers/cl100k_base.tiktoken");
		if (access(shipped, F_OK) != 0) {
			free(shipped);
			return NULL;
		}
		path = shipped;
	} else if (*path == '\0') {
		path = NULL;
	}
	b = bpe_open(path, err, sizeof err, &sys);
	free(shipped);
	return b;
}

double
output_tokens_quiet(const cJSON *rec, bpe *tok)
{
	const char *s;
	size_t len, n;

	if (tok == NULL || given(rec) >= 0 ||
	    (s = rec_strn(rec, "output", &len)) == NULL)
		return -1;
	if ((n = bpe_encode(tok, s, len, 0, NULL, NULL)) == (size_t)-1)
		return -1;
	return (double)n;
}

double
output_tokens_given(const cJSON *rec)
{
	return given(rec);
}

double
output_words_counted(const cJSON *rec)
{
	const cJSON *v = rec_get(rec, OUTWORDS_COUNTED);
	size_t len;

	if (rec_strn(rec, "output", &len) != NULL || !cJSON_IsNumber(v) ||
	    !(v->valuedouble >= 0 && v->valuedouble < 1e15))
		return -1;
	return floor(v->valuedouble);
}
