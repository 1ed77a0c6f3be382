/*
 * score.c: one Ada-LEval record's scores.
 *
 * scores: score (1 when the answer is right: the designation of the
 * accepted answer, or all four parts in place), valid (1 when the parser
 * read an answer), copy (1 when that answer is the instruction's example,
 * A4 or [4, 1, 3, 2]), expect (1 when the gold is the example), random (the
 * chance a guess is right: 1/n, or 1/24), and for tsort with a valid answer
 * tau (Kendall's tau between the answer's order and the true one).  With
 * --compat, evaluated is 0 where the published evaluation raises.
 * verdicts: one, for the record's check, with the answer read and why none.
 */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "choice.h"
#include "diag.h"
#include "record.h"

static const long example[NPARTS] = { 4, 1, 3, 2 };

static void
put(cJSON *sc, const char *k, double v)
{
	rec_set(sc, k, cJSON_CreateNumber(v));
}

static void
verdict(cJSON *rec, int pass, const char *answer, const char *why)
{
	cJSON *vs = cJSON_CreateArray(), *v = cJSON_CreateObject();

	cJSON_AddStringToObject(v, "kind", rec_is(rec, "adaleval", "tsort") ?
	    "order" : "choice");
	cJSON_AddBoolToObject(v, "pass", pass);
	cJSON_AddStringToObject(v, "by", "rules");
	if (answer != NULL)
		cJSON_AddStringToObject(v, "answer", answer);
	else
		cJSON_AddNullToObject(v, "answer");
	if (why != NULL)
		cJSON_AddStringToObject(v, "why", why);
	cJSON_AddItemToArray(vs, v);
	rec_set(rec, "verdicts", vs);
}

/* Kendall's tau of two permutations of 1..4 (no ties). */
static double
tau4(const long *a, const long *g)
{
	long pa[NPARTS + 1], pg[NPARTS + 1];
	int i, j, c = 0;

	for (i = 0; i < NPARTS; i++) {
		pa[a[i]] = i;
		pg[g[i]] = i;
	}
	for (i = 1; i <= NPARTS; i++)
		for (j = i + 1; j <= NPARTS; j++)
			c += ((pa[i] < pa[j]) == (pg[i] < pg[j])) ? 1 : -1;
	return c / 6.0;
}

static int
tsort(cJSON *rec, jsonl *in, const char *out, size_t len, int compat)
{
	const cJSON *go = rec_get(rec_get(rec, "gold"), "order"), *e;
	long gold[NPARTS], order[NPARTS];
	const char *why = NULL;
	int n = 0, valid, hit, i, seen[NPARTS + 1] = { 0 };
	cJSON *sc;
	char ans[64];

	if (!cJSON_IsArray(go) || cJSON_GetArraySize(go) != NPARTS)
		return rec_fail(rec, in, "choice",
		    "gold.order: want four labels");
	cJSON_ArrayForEach(e, go) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 1 || e->valuedouble > 4 ||
		    e->valuedouble != (double)(long)e->valuedouble ||
		    seen[(long)e->valuedouble]++)
			return rec_fail(rec, in, "choice",
			    "gold.order: want a permutation of 1 to 4");
		gold[n++] = (long)e->valuedouble;
	}
	sc = rec_obj(rec, "scores");
	if (compat) {
		int r = compat_order(out, len, gold, &valid, order);

		hit = r == CMP_HIT;
		put(sc, "evaluated", r == CMP_RAISE ? 0 : 1);
		if (!valid)
			why = "no answer the published parser reads";
		else if (r == CMP_RAISE)
			why = "the published evaluation raises on this answer";
	} else {
		valid = parse_order(out, len, order, &why);
		hit = valid && memcmp(order, gold, sizeof gold) == 0;
	}
	snprintf(ans, sizeof ans, "[%ld, %ld, %ld, %ld]", order[0], order[1],
	    order[2], order[3]);
	put(sc, "score", hit);
	put(sc, "valid", valid);
	put(sc, "copy", valid && memcmp(order, example, sizeof example) == 0);
	put(sc, "expect", memcmp(gold, example, sizeof example) == 0);
	put(sc, "random", 1.0 / 24);
	for (i = 0; i < NPARTS && valid; i++)
		if (order[i] < 1 || order[i] > NPARTS)
			valid = 0;
	if (valid && !compat)
		put(sc, "tau", tau4(order, gold));
	verdict(rec, hit, valid || compat ? ans : NULL, why);
	return REC_OK;
}

static int
bestanswer(cJSON *rec, jsonl *in, const char *out, size_t len, int compat)
{
	const cJSON *gold = rec_get(rec, "gold");
	long g = rec_long(gold, "index", -1), n = rec_long(gold, "n", -1), k = 0;
	const char *why = NULL;
	int valid;
	cJSON *sc;
	char ans[32];

	if (n < 1 || n > 100000000 || g < 1 || g > n)
		return rec_fail(rec, in, "choice",
		    "gold.index and gold.n: want 1 <= index <= n");
	if (compat) {
		k = compat_designation(out, len, n);
		valid = k > 0;
		if (!valid)
			why = "no designation the published parser reads";
	} else
		valid = parse_designation(out, len, n, &k, &why);
	snprintf(ans, sizeof ans, "A%ld", k);
	sc = rec_obj(rec, "scores");
	put(sc, "score", valid && k == g);
	put(sc, "valid", valid);
	put(sc, "copy", valid && k == 4);
	put(sc, "expect", g == 4);
	put(sc, "random", 1.0 / (double)n);
	verdict(rec, valid && k == g, valid ? ans : NULL, why);
	return REC_OK;
}

int
score_record(cJSON *rec, jsonl *in, int compat)
{
	const char *out, *why;
	size_t len;
	int ret;

	out = rec_answer_len(rec, &len, &why);
	if (why != NULL)
		jsonl_warn(in, "%s: %s", rec_id(rec), why);
	if (out == NULL)
		out = "";
	if (rec_is(rec, "adaleval", "tsort"))
		ret = tsort(rec, in, out, len, compat);
	else
		ret = bestanswer(rec, in, out, len, compat);
	return why != NULL && ret == REC_OK ? REC_BAD : ret;
}
