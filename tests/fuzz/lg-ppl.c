/*
 * Fuzz lg-ppl's reply parser: the input is a completions server's reply
 * body, read by ppl_read() for a text of as many characters as the first
 * byte says (times 4).  Where cJSON reads the whole body as one JSON
 * object too, the result must be the one the tree gives (read here as
 * lg-ppl read replies before, through cJSON): the same score and count of
 * prompt tokens, or a failure in both.
 */
#include <math.h>

#include "fuzz.h"
#include "../../cmd/lg-ppl/ppl.h"

/* The reply read through a cJSON tree: 0, or -1 when it fails. */
static int
tree_read(const cJSON *j, double chars, double *nll, long *tokens)
{
	const cJSON *lp, *tl, *off, *u, *v;
	long n, np, i = 0, counted = 0;
	double sum = 0;

	lp = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(
	    cJSON_GetObjectItemCaseSensitive(j, "choices"), 0), "logprobs");
	if (!cJSON_IsObject(lp))
		lp = NULL;
	tl = cJSON_GetObjectItemCaseSensitive(lp, "token_logprobs");
	if (!cJSON_IsArray(tl))
		return -1;
	n = cJSON_GetArraySize(tl);
	off = cJSON_GetObjectItemCaseSensitive(lp, "text_offset");
	u = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(j,
	    "usage"), "prompt_tokens");
	if (cJSON_IsArray(off) && cJSON_GetArraySize(off) == n) {
		np = 0;
		cJSON_ArrayForEach(v, off) {
			if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0))
				return -1;
			np += v->valuedouble < chars;
		}
	} else if (cJSON_IsNumber(u) && u->valuedouble >= 0 &&
	    u->valuedouble <= (double)n) {
		np = (long)u->valuedouble;
	} else {
		return -1;
	}
	if (np < 2)
		return -1;
	cJSON_ArrayForEach(v, tl) {
		if (i >= np)
			break;
		if (!(i == 0 && cJSON_IsNull(v))) {
			if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) ||
			    v->valuedouble > 1e-3 || v->valuedouble < -1e6)
				return -1;
			if (i > 0) {
				sum += v->valuedouble > 0 ? 0 : -v->valuedouble;
				counted++;
			}
		}
		i++;
	}
	*nll = sum / (double)counted;
	*tokens = np;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double chars, nll = -1, tnll = -1;
	long tokens = -1, ttokens = -1;
	const char *end;
	char *s, *why;
	cJSON *j;
	int rc, trc;

	if (size == 0)
		return 0;
	chars = 4.0 * data[0];
	s = fz_cstr(data + 1, size - 1);
	rc = ppl_read(s, size - 1, chars, NULL, &nll, &tokens, &why);
	if ((rc == 0) != (why == NULL))
		abort();
	if (rc == 0 && (!isfinite(nll) || nll < 0 || tokens < 2))
		abort();
	free(why);
	j = cJSON_ParseWithLengthOpts(s, size - 1, &end, 0);
	if (cJSON_IsObject(j) && (size_t)(end - s) + strspn(end, " \t\r\n") ==
	    size - 1 && memchr(s, '\0', size - 1) == NULL && rc != -2) {
		trc = tree_read(j, chars, &tnll, &ttokens);
		if (trc != rc || (rc == 0 && (tnll != nll || ttokens != tokens)))
			abort();
	}
	cJSON_Delete(j);
	free(s);
	return 0;
}
