/*
 * lg-kvcheck: the published scores of a kvg answer.
 *
 *   position  1 / (1 + (|i - index| / (0.25 n))^2)
 *   count     1 / (1 + (|m - n| / max(1, 0.25 n))^2)
 *   length    the mean of 1 / (1 + (|mean key length - K| / max(1, 0.25 K))^2)
 *             and the same for values (K = 32: a scale of 8)
 *   score     the harmonic mean of the three; all 0 when the pair is missing
 *
 * --definition paper: the paper's metrics, "Existence Score, Length score,
 * Position score" (Table 2), their harmonic mean (Section 2.6): existence
 * is 1 or 0, so the score is 3 / (1 + 1/length + 1/position), or 0.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score.h"

static double
bell(double diff, double scale)
{
	return 1 / (1 + (diff / scale) * (diff / scale));
}

/* Python's round(x, 4): correctly rounded, ties to even. */
static double
round4(double x)
{
	char b[64];

	snprintf(b, sizeof b, "%.4f", x);
	return strtod(b, NULL);
}

void
kv_score(const kv_dict *d, int found, const kv_gold *g, int compat,
    int def, kv_scores *s)
{
	double n = (double)g->entries, m = (double)d->n, klen = 0, vlen = 0;
	double ks, vs;
	size_t i;
	int valfound = 0;

	memset(s, 0, sizeof *s);
	s->found_index = -1;
	s->entries = found ? (long)d->n : 0;
	if (!found)
		return;
	for (i = 0; i < d->n; i++) {
		if (s->found_index < 0 && strcmp(d->v[i].key, g->key) == 0) {
			s->found_index = (long)i;
			if (strcmp(d->v[i].val, g->value) == 0)
				valfound = 1;
		}
		if (compat && strcmp(d->v[i].val, g->value) == 0)
			valfound = 1;
		klen += (double)kv_chars(d->v[i].key);
		vlen += (double)kv_chars(d->v[i].val);
	}
	if (s->found_index < 0 || !valfound)
		return;
	s->exists = 1;
	s->position = bell(fabs((double)(s->found_index - g->index)), n * 0.25);
	s->count = bell(fabs(m - n), fmax(1, n * 0.25));
	ks = bell(fabs(klen / m - (double)g->key_length),
	    fmax(1, (double)g->key_length * 0.25));
	vs = bell(fabs(vlen / m - (double)g->value_length),
	    fmax(1, (double)g->value_length * 0.25));
	s->length = (ks + vs) / 2;
	if (compat) {
		/* the published total uses the rounded length score only */
		s->length = round4(s->length);
		if (s->length == 0)
			s->raised = 1;	/* ZeroDivisionError: no score */
		else
			s->score = 3 / (1 / s->position + 1 / s->count +
			    1 / s->length);
		s->position = round4(s->position);
		s->count = round4(s->count);
	} else if (def == KV_DEF_PAPER)
		s->score = 3 / (1 / s->exists + 1 / s->length + 1 / s->position);
	else
		s->score = 3 / (1 / s->position + 1 / s->count + 1 / s->length);
}
