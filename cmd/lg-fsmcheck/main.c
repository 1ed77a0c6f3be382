/*
 * lg-fsmcheck: score answers to the LongWeave sms task (state-machine
 * simulation) against the gold trace.  Records of other benchmarks and
 * tasks pass through.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "jsonl.h"
#include "record.h"
#include "tasks.h"
#include "trace.h"
#include "udigit.h"

static const char usage[] =
"usage: lg-fsmcheck [--compat] [--max-record SIZE] [file ...]\n"
"\n"
"  --compat          score as the published scorer: plain rows only, the\n"
"                    correct prefix judged on the output column alone\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  --list-tasks      print the tasks it scores and exit\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

#define STAGE "fsmcheck"

/* The tasks it scores: those of the list (tasks.def) it is SCORER of. */
static const lg_task tasks[] = {
#undef TASK_BY_fsmcheck
#define TASK_BY_fsmcheck(...) __VA_ARGS__
#define TASK_ENTRY(b, t) { b, #t, NULL },
#include "taskscored.h"
};
#define NTASKS (sizeof tasks / sizeof tasks[0])

typedef struct {
	double match_ratio, acc[4], exact;
	long prefix, steps, rows;
} fsm_scores;

static void
set_scores(cJSON *rec, const fsm_scores *s)
{
	cJSON *o = rec_obj(rec, "scores");

	rec_set_num(o, "score", s->match_ratio);
	rec_set_num(o, "match_ratio", s->match_ratio);
	rec_set_num(o, "prefix", (double)s->prefix);
	rec_set_num(o, "steps", (double)s->steps);
	rec_set_num(o, "rows", (double)s->rows);
	rec_set_num(o, "state_acc", s->acc[0]);
	rec_set_num(o, "input_acc", s->acc[1]);
	rec_set_num(o, "next_acc", s->acc[2]);
	rec_set_num(o, "output_acc", s->acc[3]);
	rec_set_num(o, "exact", s->exact);
}

/* The gold trace: L rows of four strings; L, or -1 when malformed. */
static long
gold_steps(const cJSON *rec)
{
	const cJSON *trace = rec_get(rec_get(rec, "gold"), "trace"), *row, *c;
	long n = 0;

	if (!cJSON_IsArray(trace))
		return -1;
	cJSON_ArrayForEach(row, trace) {
		if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != 4)
			return -1;
		cJSON_ArrayForEach(c, row)
			if (!cJSON_IsString(c))
				return -1;
		n++;
	}
	return n;
}

/*
 * States compare without case or blanks, "S1" = "s 1"; symbols exactly.
 * Digits of any script compare by their value, "S\uff11" = "S1".
 */
static int
same(const char *got, const char *want, int col, int compat)
{
	size_t gl = strlen(got), wl = strlen(want);
	int fold = col == 0 || col == 2, a, b, ka, kb;

	if (compat)
		return strcmp(got, want) == 0;
	for (;;) {
		while (fold && isspace((unsigned char)*got))
			got++, gl--;
		while (fold && isspace((unsigned char)*want))
			want++, wl--;
		if (*got == '\0' || *want == '\0')
			return *got == *want;
		ka = udigit(got, gl, &a);
		kb = udigit(want, wl, &b);
		if (ka > 0 || kb > 0) {
			if (ka == 0 || kb == 0 || a != b)
				return 0;
			got += ka, gl -= (size_t)ka;
			want += kb, wl -= (size_t)kb;
			continue;
		}
		if (fold ? tolower((unsigned char)*got) != tolower((unsigned char)*want) :
		    *got != *want)
			return 0;
		got++, gl--;
		want++, wl--;
	}
}

static void
score(const fsm_trace *t, const cJSON *trace, long steps, int compat,
    fsm_scores *s)
{
	const cJSON *row = trace->child;
	long i, hits[4] = { 0 };
	int c, inprefix = 1;

	memset(s, 0, sizeof *s);
	s->steps = steps;
	s->rows = (long)t->n;
	for (i = 0; i < steps && (size_t)i < t->n; i++, row = row->next) {
		const fsm_row *r = &t->v[i];
		int all = 1;

		for (c = 0; c < 4; c++) {
			int ok = c < r->n &&
			    same(r->cell[c], cJSON_GetArrayItem(row, c)->valuestring, c, compat);

			hits[c] += ok;
			all &= ok;
		}
		/* the published scorer stops at a short row or a wrong output */
		if (compat)
			all = r->n == 4 && same(r->cell[3],
			    cJSON_GetArrayItem(row, 3)->valuestring, 3, 1);
		if (inprefix && all)
			s->prefix++;
		else
			inprefix = 0;
	}
	for (c = 0; c < 4; c++)
		s->acc[c] = (double)hits[c] / (double)steps;
	s->match_ratio = (double)s->prefix / (double)steps;
	s->exact = compat ? s->prefix == steps :
	    s->prefix == steps && s->rows == steps;
}

/* One verdict per check, in order: a trace check passes on an exact trace. */
static void
set_verdicts(cJSON *rec, const fsm_scores *s)
{
	const cJSON *checks = rec_get(rec, "checks"), *c;
	cJSON *vs;

	if (!cJSON_IsArray(checks))
		return;
	vs = cJSON_CreateArray();
	cJSON_ArrayForEach(c, checks) {
		const char *kind = rec_str(c, "kind");
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "kind", kind ? kind : "?");
		cJSON_AddBoolToObject(o, "pass", kind != NULL &&
		    strcmp(kind, "trace") == 0 && s->exact == 1);
		cJSON_AddStringToObject(o, "by", "rules");
		cJSON_AddNumberToObject(o, "prefix", (double)s->prefix);
		cJSON_AddItemToArray(vs, o);
	}
	rec_set(rec, "verdicts", vs);
}

static int
check(cJSON *rec, jsonl *in, void *arg)
{
	const int *compat = arg;
	const char *text, *why;
	fsm_trace t;
	fsm_scores s;
	long steps;
	size_t len;
	int ret = REC_OK;

	if (task_find(tasks, NTASKS, rec) == NULL)
		return REC_OK;
	/* no scores without a gold trace: nothing to score against */
	if (!cJSON_IsObject(rec_get(rec, "gold")))
		return rec_fail(rec, in, STAGE,
		    "gold: missing or not an object");
	if ((steps = gold_steps(rec)) < 1)
		return rec_fail(rec, in, STAGE,
		    "gold.trace: missing, empty or not rows of four strings");
	text = rec_answer_len(rec, &len, &why);
	if (why != NULL)
		ret = rec_fail(rec, in, STAGE, "%s", why);
	if (*compat)
		fsm_parse_compat(text, len, &t);
	else
		fsm_parse(text, len, &t);
	score(&t, rec_get(rec_get(rec, "gold"), "trace"), steps, *compat, &s);
	set_verdicts(rec, &s);
	set_scores(rec, &s);
	fsm_free(&t);
	return ret;
}

int
main(int argc, char **argv)
{
	static const rec_scorer s = { .usage = usage, .tasks = tasks,
	    .ntasks = NTASKS, .init = fsm_init, .fini = fsm_fini, .fn = check };

	return rec_filter_main(argc, argv, &s);
}
