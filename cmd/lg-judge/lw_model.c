/*
 * lw_model.c: what the model judge does with the entry of any LongWeave
 * task (longweave.h); what differs from task to task is in the entry.
 *
 * The judged text is the rules' own (the judge's judged, JUDGED_*): the
 * answer up to gold.words words, punctuation intact, or its first
 * gold.words \w+ words (with --compat joined by single spaces), or the
 * whole answer.  A missing, empty or failed answer is judged by no one:
 * every item fails (by rules).
 *
 * What the rules decide clearly (--hybrid, the entry's clear), the model
 * never sees; nor an item the rules could not judge.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "longweave.h"
#include "record.h"
#include "words.h"
#include "xalloc.h"

char *
lw_judged(const lw_task *t, const cJSON *rec, int compat, size_t *len)
{
	const lw_judge *j = compat ? t->published : t->own;
	size_t n = 0;
	const char *out = rec_strn(rec, "output", &n);
	long words = rec_long(rec_get(rec, "gold"), "words", 0);

	if (out == NULL || n == 0 || rec_get(rec, "error") != NULL)
		return NULL;
	switch (j->judged) {
	case JUDGED_ALL:
		*len = n;
		return xstrndup(out, n);
	case JUDGED_WORDS:
		return words_text(out, n, words > 0 ? words : -1, compat, len);
	default:
		*len = words > 0 ? words_upto(out, n, words) : n;
		return xstrndup(out, *len);
	}
}

int
lw_clear(const lw_task *t, const cJSON *v)
{
	if (!cJSON_IsTrue(rec_get(v, "judged")))
		return 1;
	return t->clear != NULL && t->clear(v);
}

void
lw_set_bool(cJSON *v, const char *key, int b)
{
	cJSON_DeleteItemFromObjectCaseSensitive(v, key);
	cJSON_AddBoolToObject(v, key, b);
}

void
lw_apply(const lw_task *t, cJSON *v, const int *val)
{
	static const int none[LW_MAXFIELDS];

	cJSON_DeleteItemFromObjectCaseSensitive(v, "by");
	t->apply(v, val != NULL ? val : none);
	lw_set_bool(v, "judged", val != NULL);
}

double
lw_hmean(double a, double b)
{
	return a > 0 && b > 0 ? 2 * a * b / (a + b) : 0;
}

/* Python's round(x, 4): the nearest double to x correctly rounded. */
double
lw_round4(double x)
{
	char b[64];

	snprintf(b, sizeof b, "%.4f", x);
	return strtod(b, NULL);
}

/* The published sr total: 2 / (1/a + 1/c) when both exceed 1e-9. */
double
lw_published_hmean(double a, double c)
{
	return a > 1e-9 && c > 1e-9 ? 2.0 / (1.0 / a + 1.0 / c) : 0;
}

void
lw_tally(const lw_task *t, cJSON *rec, int compat, const judge_at *in)
{
	const cJSON *v, *vs = rec_get(rec, "verdicts");
	cJSON *sc;
	long n = 0, pass = 0, ans = 0, und = 0, dec;
	size_t i;

	if (!cJSON_IsArray(vs) || cJSON_GetArraySize(vs) == 0)
		return;
	sc = rec_obj(rec, "scores");
	cJSON_ArrayForEach(v, vs) {
		n++;
		if (cJSON_IsTrue(rec_get(v, "undecided"))) {
			und++;
			continue;
		}
		pass += cJSON_IsTrue(rec_get(v, "pass"));
		ans += cJSON_IsTrue(rec_get(v, "answered"));
	}
	dec = n - und;
	rec_set_num(sc, t->count, (double)n);
	/* only when some item is undecided, so rule scores keep their shape */
	if (und > 0)
		rec_set_num(sc, "undecided", (double)und);
	else
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "undecided");
	if (dec == 0) {
		/* no score stands for "could not judge" */
		for (i = 0; t->scored[i] != NULL; i++)
			cJSON_DeleteItemFromObjectCaseSensitive(sc, t->scored[i]);
		judge_warn(in, "%s: the judge decided none of its %ld items: no score",
		    rec_id(rec), n);
		return;
	}
	t->tally(rec, sc, pass, ans, dec, compat);
}
