/*
 * adaleval.c: lg-oracle's Ada-LEval answers.  tsort: "Answer: [2, 4, 1,
 * 3]", gold.order written as the published sample writes it; bestanswer:
 * "Answer: A3", gold.answer.  With --drop P a case is degraded with
 * probability P, one of three ways drawn evenly: a wrong answer (the next
 * order of the 24 in lexicographic order after the true one, or the next
 * designation, A1 after the last), the instruction's example copied
 * ("[4, 1, 3, 2]", "A4"), or no valid answer ("I cannot tell.").  A copied
 * example can be right: that is the expectation the scorer reports.
 */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "oracle.h"
#include "record.h"

enum { DEG_NONE, DEG_WRONG, DEG_COPY, DEG_NOANSWER };

static int
degrade(const oracle_opts *o, rng *r)
{
	if (o->drop <= 0 || rng_random(r) >= o->drop)
		return DEG_NONE;
	return DEG_WRONG + (int)rng_choice(r, 3);
}

/* The next permutation of v[0..n) in lexicographic order, wrapping. */
static void
next_perm(long *v, size_t n)
{
	size_t i, j;
	long t;

	if (n < 2)
		return;
	for (i = n - 1; i > 0 && v[i - 1] >= v[i]; i--)
		;
	if (i > 0) {
		for (j = n - 1; v[j] <= v[i - 1]; j--)
			;
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
	for (j = n - 1; i < j; i++, j--) {
		t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

static int
tsort(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const cJSON *order = rec_get(rec_get(rec, "gold"), "order"), *e;
	long v[16];
	size_t n = 0, i;
	struct buf b = { 0 };
	int d = degrade(o, r);

	if (!cJSON_IsArray(order))
		return rec_fail(rec, in, "oracle",
		    "gold.order is not an array");
	cJSON_ArrayForEach(e, order) {
		if (!cJSON_IsNumber(e) || n == 16 || e->valuedouble < 0 ||
		    e->valuedouble > 1e9)
			return rec_fail(rec, in, "oracle",
			    "gold.order: want up to 16 labels");
		v[n++] = (long)e->valuedouble;
	}
	if (d == DEG_NOANSWER)
		buf_puts(&b, "I cannot tell.");
	else if (d == DEG_COPY)
		buf_puts(&b, "Answer: [4, 1, 3, 2]");
	else {
		if (d == DEG_WRONG)
			next_perm(v, n);
		buf_puts(&b, "Answer: [");
		for (i = 0; i < n; i++)
			buf_printf(&b, "%s%ld", i ? ", " : "", v[i]);
		buf_putc(&b, ']');
	}
	rec_set_str(rec, "output", buf_str(&b));
	buf_free(&b);
	return REC_OK;
}

static int
bestanswer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const cJSON *gold = rec_get(rec, "gold");
	long k = rec_long(gold, "index", -1), n = rec_long(gold, "n", -1);
	char out[64];
	int d = degrade(o, r);

	if (k < 1 || n < k)
		return rec_fail(rec, in, "oracle",
		    "gold.index: want 1 to gold.n");
	if (d == DEG_NOANSWER)
		snprintf(out, sizeof out, "I cannot tell.");
	else if (d == DEG_COPY)
		snprintf(out, sizeof out, "Answer: A4");
	else
		snprintf(out, sizeof out, "Answer: A%ld", d == DEG_WRONG ?
		    k % n + 1 : k);
	rec_set_str(rec, "output", out);
	return REC_OK;
}

/* The writers of the tasks of the list (tasks.def): the function named
 * for each above; one missing does not compile. */
static const struct {
	const char *task;
	int (*write)(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
} writers[] = {
#define LW(t, ...)
#define ADA(t, ...) { #t, t },
#include "tasks.def"
#undef LW
#undef ADA
};

void
oracle_adaleval_tasks(void)
{
	size_t i;

	for (i = 0; i < sizeof writers / sizeof writers[0]; i++)
		task_line("adaleval", writers[i].task, NULL);
}

int
oracle_adaleval(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const char *task = rec_str(rec, "task");
	size_t i;

	for (i = 0; task != NULL && i < sizeof writers / sizeof writers[0]; i++)
		if (strcmp(writers[i].task, task) == 0)
			return writers[i].write(rec, in, o, r);
	return rec_fail(rec, in, "oracle", "unknown adaleval task");
}
