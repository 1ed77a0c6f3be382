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

/* Passes, judged and all checks per kind (single, range, periodic) and
 * in all (3), and the undecided. */
typedef struct {
	long pass[4], judged[4], total[4], undecided;
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
	}
	t->pass[3] += pass;
	t->judged[3] += judged;
	t->total[3]++;
}

static void
set_scores(cJSON *rec, const tally *t)
{
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
	}
	rec_set_num(sc, "score", t->total[3] ? (double)t->pass[3] / (double)t->total[3] : 0);
}

/* A verdict decided here, as text: what its object prints as. */
static void
verdict_text(buf *b, const char *kind, long at, int pass, int judged, int missing)
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

int
verdicts_start(cJSON *rec, const judge_at *in, int mode, ask_fn ask, void *arg,
    int *mine, int *asked, judge_counts *jc)
{
	const cJSON *checks = rec_get(rec, "checks");
	const cJSON *c;
	size_t tlen = 0;
	const char *text = rec_strn(rec, "output", &tlen);
	const char *bench = rec_str(rec, "bench");
	cJSON *verdicts = NULL, *raw;
	int bad = 0, isarray, partsbad;
	char msg[96];
	buf vt = { 0 };		/* JUDGE_RULES: the verdicts as text */
	tally t = { { 0 }, { 0 }, { 0 }, 0 };

	*asked = 0;
	*mine = bench != NULL && strcmp(bench, "longgenbench") == 0;
	if (!*mine)
		return REC_OK;
	if (!pidx_atexit) {
		atexit(pidx_free);
		pidx_atexit = 1;
	}
	partsbad = parts_load(&pidx, rec, &isarray, msg, sizeof msg);
	if (!cJSON_IsArray(checks)) {
		return judge_fail(rec, in, "checks is not an array");
	}
	if (text != NULL && !isarray) {
		return judge_fail(rec, in, "no parts (run lg-split first)");
	}
	if (text != NULL && partsbad) {
		return judge_fail(rec, in, msg);
	}
	if (mode != JUDGE_RULES) {
		verdicts = cJSON_CreateArray();
		rec_set(rec, "verdicts", verdicts);
	}
	cJSON_ArrayForEach(c, checks) {
		const char *kind = rec_str(c, "kind"), *want = rec_str(c, "want");
		long at = rec_long(c, "at", -1);
		cJSON *v = NULL;
		const part *p;
		int pass = 0, judged = 0, later = 0;

		if (verdicts != NULL) {
			v = cJSON_CreateObject();
			cJSON_AddItemToArray(verdicts, v);
			cJSON_AddStringToObject(v, "kind", kind ? kind : "?");
			cJSON_AddNumberToObject(v, "at", (double)at);
		}
		jc->checks++;
		if (kind_index(kind) < 0 || want == NULL || at < 0) {
			if (!bad)
				judge_warn(in, "%s: a check lacks kind, at or want", rec_id(rec));
			bad = 1;
		} else if (text != NULL && (p = part_find(&pidx, at)) != NULL) {
			long off = p->off, len = p->len;

			if (off < 0 || len < 0 || (size_t)(off + len) > tlen) {
				if (!bad)
					judge_warn(in, "%s: part %ld lies outside the output",
					    rec_id(rec), at);
				bad = 1;
			} else {
				judged = 1;
				if (mode != JUDGE_MODEL) {
					pass = rules_match(text + off, (size_t)len, want);
					if (v != NULL && !pass)
						rules_missing(v);
				}
				if (mode == JUDGE_MODEL || (mode == JUDGE_HYBRID && !pass)) {
					cJSON_DeleteItemFromObjectCaseSensitive(v, "missing");
					later = 1;
					ask(arg, v, text + off, (size_t)len, want);
					(*asked)++;
					jc->by_model++;
				} else
					jc->by_rules++;
			}
		}
		if (v == NULL) {
			verdict_text(&vt, kind ? kind : "?", at, pass, judged,
			    judged && !pass);
			count(&t, kind ? kind : "?", pass, judged, 0);
		} else if (!later) {
			cJSON_AddBoolToObject(v, "pass", pass);
			cJSON_AddBoolToObject(v, "judged", judged);
			cJSON_AddStringToObject(v, "by", "rules");
		}
	}
	if (verdicts == NULL) {
		buf_puts(&vt, vt.len > 0 ? "]" : "[]");
		if ((raw = cJSON_CreateRaw(buf_str(&vt))) == NULL)
			lg_die(LG_SYS, "out of memory");
		rec_set(rec, "verdicts", raw);
		buf_free(&vt);
	}
	if (bad)
		rec_error(rec, "judge", "some checks could not be judged");
	if (verdicts == NULL)	/* after the error, as verdicts_finish() */
		set_scores(rec, &t);
	return bad ? REC_BAD : REC_OK;
}

void
verdicts_finish(cJSON *rec)
{
	const cJSON *v;
	tally t = { { 0 }, { 0 }, { 0 }, 0 };

	cJSON_ArrayForEach(v, rec_get(rec, "verdicts"))
		count(&t, rec_str(v, "kind"), cJSON_IsTrue(rec_get(v, "pass")),
		    cJSON_IsTrue(rec_get(v, "judged")),
		    cJSON_IsTrue(rec_get(v, "undecided")));
	set_scores(rec, &t);
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
