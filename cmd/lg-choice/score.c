/*
 * score.c: one Ada-LEval record's scores.
 *
 * scores: score (1 when the answer is right: the designation of the
 * accepted answer, or all parts in place), valid (1 when the parser read
 * an answer, or the output is nothing but a copy of the instruction's
 * examples), copy (1 when the answer is the instruction's example, A4 or
 * [4, 1, 3, 2], or the output that copy; never scored right), expect (1 when the gold is the example), random (the
 * chance a guess is right: 1/n, or 1/n! for n parts, 1/24 for the four of
 * a published case), and for tsort with a valid answer tau (Kendall's tau
 * between the answer's order and the true one).  A tsort case has the
 * parts its checks' order n says, else four.  With
 * --compat, evaluated is 0 where the published evaluation raises.
 * verdicts: one, for the record's check, with the answer read and why none.
 */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "choice.h"
#include "diag.h"
#include "record.h"
#include "tasks.h"

static const long example[NPARTS] = { 4, 1, 3, 2 };

static void
put(cJSON *sc, const char *k, double v)
{
	rec_set(sc, k, cJSON_CreateNumber(v));
}

/* The verdict of a kind ("order", "choice") into rec. */
static void
verdict(cJSON *rec, const char *kind, int pass, const char *answer,
    const char *why)
{
	cJSON *vs = cJSON_CreateArray(), *v = cJSON_CreateObject();

	cJSON_AddStringToObject(v, "kind", kind);
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

/* Kendall's tau of two permutations of 1..n (no ties). */
static double
tau(const long *a, const long *g, long n)
{
	long pa[CHOICE_MAX + 1], pg[CHOICE_MAX + 1], i, j, c = 0;

	for (i = 0; i < n; i++) {
		pa[a[i]] = i;
		pg[g[i]] = i;
	}
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			c += ((pa[i] < pa[j]) == (pg[i] < pg[j])) ? 1 : -1;
	return (double)c / ((double)n * (double)(n - 1) / 2);
}

/* The parts of a tsort case: checks' order n when the record has one,
 * else NPARTS; 0 when that n is not a count from 2 to CHOICE_MAX. */
static long
parts(const cJSON *rec)
{
	const cJSON *c, *n;

	const cJSON *cs = rec_get(rec, "checks");

	if (!cJSON_IsArray(cs))
		return NPARTS;
	cJSON_ArrayForEach(c, cs) {
		const char *k = rec_str(c, "kind");

		if (k == NULL || strcmp(k, "order") != 0)
			continue;
		n = rec_get(c, "n");
		if (!cJSON_IsNumber(n) || n->valuedouble < 2 ||
		    n->valuedouble > CHOICE_MAX ||
		    n->valuedouble != (double)(long)n->valuedouble)
			return 0;
		return (long)n->valuedouble;
	}
	return NPARTS;
}

static int
tsort(cJSON *rec, jsonl *in, const char *out, size_t len, int compat)
{
	const cJSON *go = rec_get(rec_get(rec, "gold"), "order"), *e;
	long gold[CHOICE_MAX], order[CHOICE_MAX] = { 0 }, n = 0, i, count, v;
	const char *why = NULL;
	int valid, hit, read, copied = 0, r;
	char seen[CHOICE_MAX + 1] = { 0 };
	double fact = 1;
	cJSON *sc;
	struct buf ans = { 0 };

	if ((count = parts(rec)) == 0)
		return rec_fail(rec, in, "choice",
		    "checks: the order's n: want a count from 2 to %d",
		    CHOICE_MAX);
	if (!cJSON_IsArray(go) || cJSON_GetArraySize(go) != count)
		return rec_fail(rec, in, "choice",
		    "gold.order: want %ld labels", count);
	cJSON_ArrayForEach(e, go) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 1 ||
		    e->valuedouble > (double)count ||
		    e->valuedouble != (double)(long)e->valuedouble ||
		    seen[(long)e->valuedouble]++)
			return rec_fail(rec, in, "choice",
			    "gold.order: want a permutation of 1 to %ld", count);
		gold[n++] = (long)e->valuedouble;
	}
	if (compat && count != NPARTS)
		return rec_fail(rec, in, "choice",
		    "--compat: the published TSort has %d parts, not %ld",
		    NPARTS, count);
	sc = rec_obj(rec, "scores");
	if (compat) {
		r = compat_order(out, len, gold, &valid, order);
		read = valid;
		hit = r == CMP_HIT;
		put(sc, "evaluated", r == CMP_RAISE ? 0 : 1);
		if (!valid)
			why = "no answer the published parser reads";
		else if (r == CMP_RAISE)
			why = "the published evaluation raises on this answer";
	} else {
		r = parse_order(out, len, count, order, &why);
		read = r == PARSE_ANSWER;
		copied = r == PARSE_EXAMPLE;
		valid = read || copied;
		hit = read &&
		    memcmp(order, gold, (size_t)count * sizeof gold[0]) == 0;
	}
	buf_putc(&ans, '[');
	for (i = 0; i < count; i++)
		buf_printf(&ans, "%s%ld", i ? ", " : "", order[i]);
	buf_putc(&ans, ']');
	for (i = 2; i <= count; i++)
		fact *= (double)i;
	v = count == NPARTS;
	put(sc, "score", hit);
	put(sc, "valid", valid);
	put(sc, "copy", copied ||
	    (v && read && memcmp(order, example, sizeof example) == 0));
	put(sc, "expect", v && memcmp(gold, example, sizeof example) == 0);
	put(sc, "random", 1.0 / fact);
	if (read && !compat)
		put(sc, "tau", tau(order, gold, count));
	verdict(rec, "order", hit, read || compat ? buf_str(&ans) : NULL, why);
	buf_free(&ans);
	return REC_OK;
}

static int
bestanswer(cJSON *rec, jsonl *in, const char *out, size_t len, int compat)
{
	const cJSON *gold = rec_get(rec, "gold");
	long g = rec_long(gold, "index", -1), n = rec_long(gold, "n", -1), k = 0;
	const char *why = NULL;
	int valid, read, copied = 0, r;
	cJSON *sc;
	char ans[32];

	if (n < 1 || n > 100000000 || g < 1 || g > n)
		return rec_fail(rec, in, "choice",
		    "gold.index and gold.n: want 1 <= index <= n");
	if (compat) {
		k = compat_designation(out, len, n);
		read = k > 0;
		if (!read)
			why = "no designation the published parser reads";
	} else {
		r = parse_designation(out, len, n, &k, &why);
		read = r == PARSE_ANSWER;
		copied = r == PARSE_EXAMPLE;
	}
	valid = read || copied;
	snprintf(ans, sizeof ans, "A%ld", k);
	sc = rec_obj(rec, "scores");
	put(sc, "score", read && k == g);
	put(sc, "valid", valid);
	put(sc, "copy", copied || (read && k == 4));
	put(sc, "expect", g == 4);
	put(sc, "random", 1.0 / (double)n);
	verdict(rec, "choice", read && k == g, read ? ans : NULL, why);
	return REC_OK;
}

/* The scorer of each task of the list lg-choice scores (tasks.def): the
 * function above named for it. */
static const struct {
	const char *task;
	int (*fn)(cJSON *rec, jsonl *in, const char *out, size_t len,
	    int compat);
} scorers[] = {
#undef TASK_BY_choice
#define TASK_BY_choice(...) __VA_ARGS__
#define TASK_ENTRY(b, t) { #t, t },
#include "taskscored.h"
};

int
score_record(cJSON *rec, jsonl *in, int compat)
{
	const char *out, *why;
	size_t len, i;
	int ret;

	out = rec_answer_len(rec, &len, &why);
	if (why != NULL)
		jsonl_warn(in, "%s: %s", rec_id(rec), why);
	if (out == NULL)
		out = "";
	/* a record of another task is not handed here (main.c): the last */
	for (i = 0; i + 1 < sizeof scorers / sizeof scorers[0] &&
	    !rec_is(rec, "adaleval", scorers[i].task); i++)
		;
	ret = scorers[i].fn(rec, in, out, len, compat);
	return why != NULL && ret == REC_OK ? REC_BAD : ret;
}
