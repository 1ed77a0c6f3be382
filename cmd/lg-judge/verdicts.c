/* verdicts.c: one verdict per check, and the scores they add up to. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "jprint.h"
#include "judge.h"
#include "record.h"

static const char *kinds[] = { "single", "range", "periodic" };

static int
kind_index(const char *k)
{
	int i;

	for (i = 0; k != NULL && i < 3; i++)
		if (strcmp(kinds[i], k) == 0)
			return i;
	return -1;
}

/* The parts of the record at hand, kept for the run. */
static parts_index pidx;
static int pidx_atexit;

static void
pidx_free(void)
{
	parts_free(&pidx);
}

/* Passes, judged, all and undecided checks per kind (single, range,
 * periodic) and in all (3). */
typedef struct {
	long pass[4], judged[4], total[4], undec[4], undecided;
} tally;

static void
count(tally *t, const char *kind, int pass, int judged, int undecided)
{
	int k = kind_index(kind);

	t->undecided += undecided;
	if (k >= 0) {
		t->pass[k] += pass;
		t->judged[k] += judged;
		t->total[k]++;
		t->undec[k] += undecided;
	}
	t->pass[3] += pass;
	t->judged[3] += judged;
	t->total[3]++;
}

/* The scores; score over the decided checks, none (and a warning at in)
 * when the judge decided no check. */
static void
set_scores(cJSON *rec, const tally *t, const judge_at *in)
{
	long decided = t->total[3] - t->undecided;
	cJSON *sc = rec_obj(rec, "scores");
	char key[32];
	int i;

	rec_set_num(sc, "stic_pass", (double)t->pass[3]);
	rec_set_num(sc, "stic_judged", (double)t->judged[3]);
	rec_set_num(sc, "stic_total", (double)t->total[3]);
	/* only when some check is undecided, so rule scores keep their shape */
	if (t->undecided > 0)
		rec_set_num(sc, "stic_undecided", (double)t->undecided);
	else
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "stic_undecided");
	for (i = 0; i < 3; i++) {
		snprintf(key, sizeof key, "%s_pass", kinds[i]);
		rec_set_num(sc, key, (double)t->pass[i]);
		snprintf(key, sizeof key, "%s_judged", kinds[i]);
		rec_set_num(sc, key, (double)t->judged[i]);
		snprintf(key, sizeof key, "%s_total", kinds[i]);
		rec_set_num(sc, key, (double)t->total[i]);
		/* as stic_undecided: only when some check is undecided */
		snprintf(key, sizeof key, "%s_undecided", kinds[i]);
		if (t->undecided > 0)
			rec_set_num(sc, key, (double)t->undec[i]);
		else
			cJSON_DeleteItemFromObjectCaseSensitive(sc, key);
	}
	if (t->undecided > 0 && decided == 0) {
		/* no score stands for "could not judge" */
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "score");
		judge_warn(in, "%s: the judge decided none of its %ld checks: no score",
		    rec_id(rec), t->total[3]);
		return;
	}
	rec_set_num(sc, "score", decided > 0 ? (double)t->pass[3] / (double)decided : 0);
}

/* A verdict decided here, as text: what its object prints as. */
static void
verdict_text(struct buf *b, const char *kind, long at, int pass, int judged,
    int missing)
{
	buf_putc(b, b->len > 1 ? ',' : '[');
	buf_puts(b, "{\"kind\":");
	jprint_string(b, kind);
	buf_puts(b, ",\"at\":");
	jprint_number(b, (double)at);
	if (missing)
		rules_missing_text(b);
	buf_puts(b, pass ? ",\"pass\":true" : ",\"pass\":false");
	buf_puts(b, judged ? ",\"judged\":true" : ",\"judged\":false");
	buf_puts(b, ",\"by\":\"rules\"}");
}

/* A record's checks being judged, one after another. */
typedef struct {
	cJSON *rec;
	const judge_at *in;
	int mode;
	ask_fn ask;
	void *arg;
	const char *text;	/* the output, or NULL */
	size_t tlen;
	cJSON *verdicts;	/* the verdicts as items, or NULL: as text */
	struct buf vt;
	tally t;
	int bad, *asked;
	char why[160];		/* what the first bad check was */
	judge_counts *jc;
} judging;

static void
one_check(judging *j, const char *kind, long at, const char *want)
{
	cJSON *v = NULL;
	const part *p;
	int pass = 0, judged = 0, later = 0;

	if (j->verdicts != NULL) {
		v = cJSON_CreateObject();
		cJSON_AddItemToArray(j->verdicts, v);
		cJSON_AddStringToObject(v, "kind", kind ? kind : "?");
		cJSON_AddNumberToObject(v, "at", (double)at);
	}
	j->jc->checks++;
	if (kind_index(kind) < 0 || want == NULL || at < 0) {
		if (!j->bad)
			snprintf(j->why, sizeof j->why, "a check lacks kind, at or want");
		j->bad = 1;
	} else if (j->text != NULL && (p = part_find(&pidx, at)) != NULL) {
		long off = p->off, len = p->len;

		if (off < 0 || len < 0 || (size_t)off > j->tlen ||
		    (size_t)len > j->tlen - (size_t)off) {
			if (!j->bad)
				snprintf(j->why, sizeof j->why, "part %ld: off %ld and len "
				    "%ld run past the output (%zu bytes)", at, off, len,
				    j->tlen);
			j->bad = 1;
		} else {
			judged = 1;
			if (j->mode != JUDGE_MODEL) {
				pass = rules_match(j->text + off, (size_t)len, want);
				if (v != NULL && !pass)
					rules_missing(v);
			}
			if (j->mode == JUDGE_MODEL || (j->mode == JUDGE_HYBRID && !pass)) {
				cJSON_DeleteItemFromObjectCaseSensitive(v, "missing");
				later = 1;
				j->ask(j->arg, v, j->text + off, (size_t)len, want);
				(*j->asked)++;
				j->jc->by_model++;
			} else
				j->jc->by_rules++;
		}
	}
	if (v == NULL) {
		verdict_text(&j->vt, kind ? kind : "?", at, pass, judged,
		    judged && !pass);
		count(&j->t, kind ? kind : "?", pass, judged, 0);
	} else if (!later) {
		cJSON_AddBoolToObject(v, "pass", pass);
		cJSON_AddBoolToObject(v, "judged", judged);
		cJSON_AddStringToObject(v, "by", "rules");
	}
}

/* The checks read from their text, kept for the run. */
static checks_list clist;

static void
clist_free(void)
{
	checks_free(&clist);
}

int
verdicts_start(cJSON *rec, const judge_at *in, int mode, ask_fn ask, void *arg,
    int *mine, int *asked, judge_counts *jc)
{
	const cJSON *checks = NULL, *c;
	const char *bench = rec_str(rec, "bench");
	judging j = { rec, in, mode, ask, arg, NULL, 0, NULL, { 0 },
	    { { 0 }, { 0 }, { 0 }, { 0 }, 0 }, 0, asked, "", jc };
	cJSON *raw;
	int isarray, partsbad, exact;
	size_t i;
	char msg[96];
	const char *why;

	*asked = 0;
	*mine = bench != NULL && strcmp(bench, "longgenbench") == 0;
	if (!*mine)
		return REC_OK;
	if (!pidx_atexit) {
		atexit(pidx_free);
		atexit(clist_free);
		pidx_atexit = 1;
	}
	j.text = rec_strn(rec, "output", &j.tlen);
	partsbad = parts_load(&pidx, rec, &isarray, msg, sizeof msg);
	/* verdicts as text: the checks from theirs, when lg-gen wrote them */
	exact = mode == JUDGE_RULES && checks_exact(rec, &clist);
	if (!exact && !cJSON_IsArray(checks = rec_get(rec, "checks"))) {
		return judge_fail(rec, in, "checks is not an array");
	}
	/* no output string: a bad record, unless an earlier stage failed */
	(void)rec_answer(rec, &why);
	if (why != NULL)
		return judge_fail(rec, in, why);
	if (j.text != NULL && !isarray) {
		return judge_fail(rec, in, "no parts (run lg-split first)");
	}
	if (j.text != NULL && partsbad) {
		return judge_fail(rec, in, msg);
	}
	if (mode != JUDGE_RULES) {
		j.verdicts = cJSON_CreateArray();
		rec_set(rec, "verdicts", j.verdicts);
	}
	if (exact)
		for (i = 0; i < clist.n; i++)
			one_check(&j, clist.text.s + clist.v[i].kind, clist.v[i].at,
			    clist.text.s + clist.v[i].want);
	else
		cJSON_ArrayForEach(c, checks)
			one_check(&j, rec_str(c, "kind"), rec_long(c, "at", -1),
			    rec_str(c, "want"));
	if (j.verdicts == NULL) {
		buf_puts(&j.vt, j.vt.len > 0 ? "]" : "[]");
		if ((raw = cJSON_CreateRaw(buf_str(&j.vt))) == NULL)
			lg_die(LG_SYS, "out of memory");
		rec_set(rec, "verdicts", raw);
		buf_free(&j.vt);
	}
	if (j.bad)
		judge_fail(rec, in, j.why);
	if (j.verdicts == NULL)	/* after the error, as verdicts_finish() */
		set_scores(rec, &j.t, in);
	return j.bad ? REC_BAD : REC_OK;
}

void
verdicts_finish(cJSON *rec, const judge_at *in)
{
	const cJSON *v;
	tally t = { { 0 }, { 0 }, { 0 }, { 0 }, 0 };

	cJSON_ArrayForEach(v, rec_get(rec, "verdicts"))
		count(&t, rec_str(v, "kind"), cJSON_IsTrue(rec_get(v, "pass")),
		    cJSON_IsTrue(rec_get(v, "judged")),
		    cJSON_IsTrue(rec_get(v, "undecided")));
	set_scores(rec, &t, in);
}

void
judge_warn(const judge_at *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lg_vwarnat(at->file, at->line, fmt, ap);
	va_end(ap);
}

int
judge_fail(cJSON *rec, const judge_at *at, const char *msg)
{
	return rec_failat(rec, at->file, at->line, "judge", "%s", msg);
}
