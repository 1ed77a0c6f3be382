/*
 * Fuzz lg-choice's answer readers: the case line is an adaleval/tsort or
 * adaleval/bestanswer record (gold, checks; "compat": true for --compat),
 * the rest is the answer.  The tool's main.c is compiled in, its main()
 * renamed.  Beyond running clean, what is scored must hold together: a
 * right answer is a valid one, a valid tsort answer of the default reader
 * (but a copy of the instruction's examples, valid and never right) is a
 * permutation of the case's parts and a valid designation lies in A1..An;
 * and the normalized text is UTF-8, no longer than the answer, and
 * normalizing it again changes nothing.
 */
#include "fuzz.h"

int lg_choice_main(int argc, char **argv);
#define main lg_choice_main
#include "../../cmd/lg-choice/main.c"
#undef main

static double
score(const cJSON *rec, const char *k)
{
	const cJSON *v = rec_get(rec_get(rec, "scores"), k);

	return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* The verdict's answer, as the default reader writes it, must be one. */
static void
check_answer(const cJSON *rec, int tsort)
{
	const cJSON *v = cJSON_GetArrayItem(rec_get(rec, "verdicts"), 0);
	const char *a = rec_str(v, "answer"), *p;
	char seen[CHOICE_MAX + 1] = { 0 }, *end;
	long x, n = 0, count;

	if (a == NULL) {	/* only a copy of the examples, never right */
		if (score(rec, "copy") != 1 || score(rec, "score") != 0)
			abort();
		return;
	}
	if (!tsort) {
		count = rec_long(rec_get(rec, "gold"), "n", -1);
		if (a[0] != 'A' || (x = strtol(a + 1, &end, 10)) < 1 ||
		    x > count || *end != '\0')
			abort();
		return;
	}
	count = cJSON_GetArraySize(rec_get(rec_get(rec, "gold"), "order"));
	if (a[0] != '[')
		abort();
	for (p = a + 1; *p != ']'; p = end) {
		if (n > 0 && strncmp(p, ", ", 2) == 0)
			p += 2;
		x = strtol(p, &end, 10);
		if (end == p || x < 1 || x > count || seen[x]++)
			abort();
		n++;
	}
	if (n != count || p[1] != '\0')
		abort();
}

static void
check_norm(const char *s, size_t len)
{
	size_t n1, n2;
	char *t1 = choice_norm(s, len, &n1), *t2;

	if (n1 > len || utf8_invalid(t1, n1) != n1)
		abort();
	t2 = choice_norm(t1, n1, &n2);
	if (n2 != n1 || memcmp(t1, t2, n1) != 0)
		abort();
	free(t1);
	free(t2);
}

/* lg-choice's record function, then what must hold of what it wrote. */
static int
checked(cJSON *rec, jsonl *in, void *arg)
{
	const int *compat = arg;
	const char *out;
	size_t len;
	int ret, tsort = rec_is(rec, "adaleval", "tsort");

	ret = each(rec, in, arg);
	if ((out = rec_strn(rec, "output", &len)) != NULL)
		check_norm(out, len);
	if ((tsort || rec_is(rec, "adaleval", "bestanswer")) &&
	    rec_get(rec, "error") == NULL) {
		if (score(rec, "score") == 1 && score(rec, "valid") != 1)
			abort();
		if (!*compat && score(rec, "valid") == 1)
			check_answer(rec, tsort);
	}
	return ret;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_scorer(data, size, checked, parse_init);
}
