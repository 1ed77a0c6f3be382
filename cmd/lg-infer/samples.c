/*
 * samples.c: --samples K, repeated samples of each case.  Case X gives K
 * records, X/s1 .. X/sK, each a copy of X with two more members, case (X)
 * and sample (1..K), sent with its own seed: sample k has the decoding
 * parameters of the run with seed S + k - 1, S being --seed (0 when not
 * given), so the samples differ and a run is reproduced by the same
 * options.  Each sample is a record of its own for --resume and --cache.
 * K = 1 leaves everything as it was.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "infer.h"
#include "jsonscan.h"
#include "record.h"
#include "splice.h"
#include "xalloc.h"

infer_opts *
samples_opts(const infer_opts *o)
{
	infer_opts *v;
	double base = rec_num(o->params, "seed", 0);
	int k;

	if (o->samples <= 1)
		return NULL;
	v = xcalloc((size_t)o->samples, sizeof *v);
	for (k = 0; k < o->samples; k++) {
		v[k] = *o;
		v[k].params = cJSON_Duplicate(o->params, 1);
		rec_set(v[k].params, "seed", cJSON_CreateNumber(base + k));
	}
	return v;
}

void
samples_free(const infer_opts *o, infer_opts *v)
{
	int k;

	if (v == NULL)
		return;
	for (k = 0; k < o->samples; k++)
		cJSON_Delete(v[k].params);
	free(v);
}

const infer_opts *
sample_of(const infer_opts *o, const infer_opts *v, const cJSON *rec)
{
	long k = rec_long(rec, "sample", 0);

	if (v == NULL || k < 1 || k > o->samples || rec_get(rec, "case") == NULL)
		return o;
	return &v[k - 1];
}

cJSON *
sample_copy(const cJSON *rec, int k)
{
	jsonscan_member *m = NULL;
	size_t len, n = 0, cap = 0, at = 0;
	char *line = rec_print(rec, &len), *id;
	const char *x = rec_id(rec);
	int isobj = 0;
	cJSON *c = NULL;

	if (jsonscan(line, len, &isobj, &m, &n, &cap, &at) == JSONSCAN_OK && isobj)
		c = splice_parse(line, len, m, n, 0, &at);
	free(m);
	free(line);
	if (c == NULL)
		lg_die(LG_SYS, "%s: the record could not be copied", x);
	id = xasprintf("%s/s%d", x, k);
	rec_set_str(c, "case", x);
	rec_set_num(c, "sample", k);
	rec_set_str(c, "id", id);
	free(id);
	return c;
}
