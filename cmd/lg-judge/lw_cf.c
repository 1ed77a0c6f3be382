/*
 * lw_cf.c: lg-judge --cf-relevance, the published relevance judge of the
 * LongWeave code-fixing task (cf).  The published scorer asked a judge
 * model whether the answer's code is a relevant and complete fix of the
 * program it was given, before anything else, and scored 0 when not.
 *
 * Here it runs after lg-flake8, whose scores it needs: the question is
 * share/rubrics/longweave/cf.tmpl (the published prompt, byte for byte)
 * after cf.system.tmpl, about vars.code and the code lg-flake8 scored (its
 * published extraction when lg-flake8 ran with --compat).  A relevant fix keeps lg-flake8's
 * score; an irrelevant one scores 0, lg-flake8's score kept apart as
 * scores.score_before_relevance, so that judging again restores it.  An
 * answer without code is asked nothing: it fails by rules (lg-flake8
 * scored it 0 already).  An undecided question changes no score: it is
 * counted in scores.undecided.
 *
 * The reply is read strictly by default (cf_read_strict), as published
 * under --compat (cf_read_published).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfcode.h"
#include "diag.h"
#include "judge.h"
#include "jsonscan.h"
#include "longweave.h"
#include "lw_cf.h"
#include "pyloads.h"
#include "re.h"
#include "record.h"
#include "share.h"
#include "tmpl.h"
#include "utf8.h"
#include "xalloc.h"

#define KEY "is_relevant_and_complete"

struct cf_asker {
	char *tmpl, *sys;	/* the prompt and the system message */
	int compat;		/* --compat: the published reading */
};

static lg_re *pub_re;

cf_asker *
cf_asker_new(int compat, char **err)
{
	cf_asker *a = xcalloc(1, sizeof *a);
	char *path = share_path("rubrics/longweave/cf.tmpl"), *spath =
	    share_path("rubrics/longweave/cf.system.tmpl");
	char *sys = NULL;
	cJSON *none;

	a->compat = compat;
	a->tmpl = file_read(path, NULL);
	if (a->tmpl != NULL)
		sys = file_read(spath, NULL);
	if (a->tmpl == NULL || sys == NULL) {
		*err = xasprintf("%s: cannot read the rubric", a->tmpl == NULL ?
		    path : spath);
		free(path);
		free(spath);
		cf_asker_free(a);
		return NULL;
	}
	free(path);
	free(spath);
	/* the system message is a template without variables */
	none = cJSON_CreateObject();
	a->sys = tmpl_render(sys, none, err);
	cJSON_Delete(none);
	free(sys);
	if (a->sys == NULL) {
		cf_asker_free(a);
		return NULL;
	}
	return a;
}

void
cf_asker_free(cf_asker *a)
{
	re_free(pub_re);
	pub_re = NULL;
	if (a == NULL)
		return;
	free(a->tmpl);
	free(a->sys);
	free(a);
}

int
cf_mine(const cJSON *rec)
{
	return rec_is(rec, "longweave", "cf");
}

/* The record's single relevance verdict, fresh. */
static cJSON *
new_verdict(const cf_asker *a, cJSON *rec)
{
	cJSON *vs = cJSON_CreateArray(), *v = cJSON_CreateObject();

	cJSON_AddStringToObject(v, "kind", "relevance");
	/* how it was asked and read, for --resume (resumed.c) */
	if (a->compat)
		cJSON_AddStringToObject(v, "compat", CF_COMPAT);
	cJSON_AddItemToArray(vs, v);
	rec_set(rec, "verdicts", vs);
	return v;
}

int
cf_begin(cf_asker *a, cJSON *rec, const judge_at *at, cJSON **verdict,
    char **prompt)
{
	const cJSON *sc = rec_get(rec, "scores");
	const char *orig = rec_str(rec_get(rec, "vars"), "code"), *out;
	cJSON *vars, *v;
	char *code, *err = NULL;
	size_t len = 0, n;
	int how;

	*verdict = NULL;
	*prompt = NULL;
	if (rec_get(rec, "error") != NULL)
		return REC_OK;		/* an earlier stage failed: nothing to judge */
	if (!cJSON_IsNumber(rec_get(sc, "score")))
		return judge_fail(rec, at, "scores.score: missing: run lg-flake8 "
		    "before lg-judge --cf-relevance");
	if (orig == NULL)
		return judge_fail(rec, at, "vars.code: not a string");
	out = rec_strn(rec, "output", &len);
	/* the code lg-flake8 scored: its published extraction when it ran
	 * with --compat (scores.compat) */
	code = cf_extract(out != NULL ? out : "", out != NULL ? len : 0,
	    cJSON_IsTrue(rec_get(sc, "compat")), &how, &n);
	*verdict = v = new_verdict(a, rec);
	if (how == EX_EMPTY) {
		/* no code, no question: it fails, as lg-flake8 scored it */
		cJSON_AddBoolToObject(v, "pass", 0);
		cJSON_AddBoolToObject(v, "judged", 1);
		cJSON_AddStringToObject(v, "by", "rules");
		cJSON_AddStringToObject(v, "missing", "code");
	} else if (memchr(code, '\0', n) != NULL) {
		/* a request cannot carry it whole: asked nothing, decided by no one */
		cJSON_AddBoolToObject(v, "pass", 0);
		cJSON_AddBoolToObject(v, "judged", 0);
		cJSON_AddBoolToObject(v, "undecided", 1);
		cJSON_AddStringToObject(v, "by", "rules");
		cJSON_AddStringToObject(v, "problem", "the code holds a NUL byte");
	} else {
		vars = cJSON_CreateObject();
		cJSON_AddStringToObject(vars, "original", orig);
		cJSON_AddStringToObject(vars, "fixed", code);
		*prompt = tmpl_render(a->tmpl, vars, &err);
		cJSON_Delete(vars);
		if (*prompt == NULL)
			lg_die(LG_SYS, "rubrics/longweave/cf.tmpl: %s", err);
	}
	free(code);
	return REC_OK;
}

char *
cf_body(const cf_asker *a, const llm_opts *o, const char *prompt, int attempt)
{
	cJSON *b = cJSON_CreateObject(), *msgs;
	char *s;

	cJSON_AddStringToObject(b, "model", o->model);
	msgs = cJSON_AddArrayToObject(b, "messages");
	judge_message(msgs, "system", a->sys);
	judge_message(msgs, "user", prompt);
	judge_decoding_add(b, &o->cf.dec, attempt);
	s = cJSON_PrintUnformatted(b);
	cJSON_Delete(b);
	return s;
}

/*
 * The value of the last top-level member KEY of the JSON object text
 * s[0..n): 1 true, 0 false, -1 another value or none; -2 when the text is
 * not one strict JSON object.  A key is compared decoded, as a parser
 * would: "is_relevant_and_complet\u0065" is KEY.  dup: set when KEY comes
 * more than once.
 */
static int
member(const char *s, size_t n, int *dup)
{
	jsonscan_member *m = NULL;
	size_t nm = 0, cap = 0, at, i;
	int isobj, val = -1, seen = 0;

	*dup = 0;
	if (jsonscan(s, n, &isobj, &m, &nm, &cap, &at) != JSONSCAN_OK || !isobj) {
		free(m);
		return -2;
	}
	for (i = 0; i < nm; i++) {
		const char *k = s + m[i].kstart, *vv = s + m[i].vstart;
		size_t kn = m[i].kend - m[i].kstart, vn = m[i].vend - m[i].vstart;
		int is = kn == strlen(KEY) + 2 && memcmp(k + 1, KEY, kn - 2) == 0;

		if (!is && memchr(k, '\\', kn) != NULL) {
			/* escapes: decode; a \u0000 makes another key */
			char *t = xstrndup(k, kn);
			cJSON *j = cJSON_Parse(t);

			is = cJSON_IsString(j) && strcmp(j->valuestring, KEY) == 0 &&
			    strstr(t, "\\u0000") == NULL;
			cJSON_Delete(j);
			free(t);
		}
		if (!is)
			continue;
		*dup = seen++ > 0;
		val = vn == 4 && memcmp(vv, "true", 4) == 0 ? 1 :
		    vn == 5 && memcmp(vv, "false", 5) == 0 ? 0 : -1;
	}
	free(m);
	return val;
}

int
cf_read_strict(const char *reply, size_t len)
{
	const char *s = reply, *e = reply + len;
	int dup, v;

	while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
	    e[-1] == '\r'))
		e--;
	/* a Markdown code fence around the object, as chat models write it */
	if (e - s >= 6 && memcmp(s, "```", 3) == 0 && memcmp(e - 3, "```", 3) == 0) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));

		if (nl == NULL || nl >= e - 3)
			return -1;
		s = nl + 1;
		e -= 3;
	}
	if (memchr(s, '\0', (size_t)(e - s)) != NULL)
		return -1;
	v = member(s, (size_t)(e - s), &dup);
	return v < 0 || dup ? -1 : v;
}

/*
 * json.loads(s[0..n)).get(KEY) for an object text, read as Python reads
 * it (pyloads.h): 1 true, 0 false, -1 another value or none (the last of
 * that name, as a dict keeps it), -2 when Python would not read it.
 */
static int
pj_member(const char *s, size_t n)
{
	cJSON *j = py_loads(s, n);
	const cJSON *v;
	int val = -2;

	if (cJSON_IsObject(j)) {
		v = py_member(j, KEY);
		val = cJSON_IsTrue(v) ? 1 : cJSON_IsFalse(v) ? 0 : -1;
	}
	cJSON_Delete(j);
	return val;
}

/* ASCII case-insensitive search of the lower-case needle in s[0..n). */
static int
has_lower(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i, j;

	for (i = 0; i + k <= n; i++) {
		for (j = 0; j < k; j++) {
			char c = s[i + j];

			if (c >= 'A' && c <= 'Z')
				c = (char)(c - 'A' + 'a');
			if (c != needle[j])
				break;
		}
		if (j == k)
			return 1;
	}
	return 0;
}

/*
 * The published pattern r'\{.*?"KEY"\s*:\s*(true|false).*?\}' with
 * re.DOTALL | re.IGNORECASE, spelled out: Python's case-insensitive
 * matching takes i for I, U+0130 and U+0131 and s for S and U+017F (and
 * no other letter here for anything but its other case), and its \s is
 * the white space of str.isspace(), U+001C to U+001F included.
 */
#define PYS "[\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x{85}\\x{a0}\\x{1680}" \
	"\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}]"
#define PYI "[iI\\x{130}\\x{131}]"
#define PYS_ "[sS\\x{17f}]"
static const char pub_pattern[] =
    "\\{.*?\"" PYI PYS_ "_[rR][eE][lL][eE][vV][aA][nN][tT]_[aA][nN][dD]_"
    "[cC][oO][mM][pP][lL][eE][tT][eE]\"" PYS "*:" PYS "*"
    "([tT][rR][uU][eE]|[fF][aA][lL]" PYS_ "[eE]).*?\\}";

int
cf_read_published(const char *reply, size_t len, int *assumed)
{
	size_t ov[4], n = len;
	const char *s = utf8_pystrip(reply, &n);
	int v;

	*assumed = 0;
	if (pub_re == NULL)
		pub_re = re_compile(pub_pattern, RE_DOTALL);
	if (re_match(pub_re, s, n, 0, ov, 2) > 0) {
		/* json.loads() of the match, then .get(KEY) must be a bool */
		v = pj_member(s + ov[0], ov[1] - ov[0]);
		if (v >= 0)
			return v;
	} else if (has_lower(s, n, "\"" KEY "\": true")) {
		return 1;
	} else if (has_lower(s, n, "\"" KEY "\": false")) {
		return 0;
	}
	/* "Defaulting is_relevant_and_complete to True due to parsing failure" */
	*assumed = 1;
	return 1;
}

void
cf_settle(cJSON *v, int pass, int assumed, const char *by, const char *reply,
    const char *why)
{
	cJSON_AddBoolToObject(v, "pass", pass > 0);
	cJSON_AddBoolToObject(v, "judged", pass >= 0);
	if (pass < 0)
		cJSON_AddBoolToObject(v, "undecided", 1);
	if (assumed)
		cJSON_AddBoolToObject(v, "assumed", 1);
	cJSON_AddStringToObject(v, "by", by);
	if (reply != NULL)
		cJSON_AddStringToObject(v, "reply", reply);
	if (why != NULL)
		cJSON_AddStringToObject(v, "problem", why);
}

void
cf_tally(cJSON *rec)
{
	const cJSON *v = cJSON_GetArrayItem(rec_get(rec, "verdicts"), 0);
	cJSON *sc = rec_obj(rec, "scores");
	const cJSON *before = rec_get(sc, "score_before_relevance");
	double base = cJSON_IsNumber(before) ? before->valuedouble :
	    rec_num(sc, "score", 0);

	if (cJSON_IsTrue(rec_get(v, "undecided"))) {
		/* not known: lg-flake8's score stands, counted apart */
		rec_set_num(sc, "score", base);
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "score_before_relevance");
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "relevant");
		rec_set_num(sc, "undecided", 1);
		return;
	}
	cJSON_DeleteItemFromObjectCaseSensitive(sc, "undecided");
	if (cJSON_IsTrue(rec_get(v, "pass"))) {
		rec_set_num(sc, "score", base);
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "score_before_relevance");
		rec_set(sc, "relevant", cJSON_CreateTrue());
	} else {
		rec_set_num(sc, "score_before_relevance", base);
		rec_set_num(sc, "score", 0);
		rec_set(sc, "relevant", cJSON_CreateFalse());
	}
}

void
cf_list_task(void)
{
	printf("longweave\tcf\tmodel,compat\n");
}
