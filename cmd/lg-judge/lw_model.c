/*
 * lw_model.c: what the model judge needs of the LongWeave tasks.
 *
 * The judged text is the rules' own: the answer up to gold.words words,
 * punctuation intact (biog and sr count white-space separated words, nw
 * \w+ words as the published scorer did); with --compat, biog and nw
 * judge the published truncation, the first gold.words \w+ words joined
 * by single spaces, and sr the whole answer, as published.  A missing,
 * empty or failed answer is judged by no one: every item fails (by
 * rules).
 *
 * What the rules decide clearly (--hybrid), the model never sees:
 *   biog  a fact covered (object, subject, relation and dates in one
 *         sentence), or one whose object is named nowhere in the text;
 *   sr    an item answered correctly and given no other answer, or one
 *         whose entities (or cue) no sentence names;
 *   nw    a statement found in prose in exactly one of its forms,
 *         corrected or flawed.
 * The rest (an object named without its dates nearby, an entity with
 * other numbers, a statement in neither or both forms) goes to the model,
 * which may see a paraphrase the rules cannot.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "longweave.h"
#include "record.h"
#include "xalloc.h"

char *
lw_judged(const lw_task *t, const cJSON *rec, int compat, size_t *len)
{
	size_t n = 0;
	const char *out = rec_strn(rec, "output", &n);
	long words = rec_long(rec_get(rec, "gold"), "words", 0);

	if (out == NULL || n == 0 || rec_get(rec, "error") != NULL)
		return NULL;
	if (t->id == LW_SR && compat) {	/* the published sr judge sees it all */
		*len = n;
		return xstrndup(out, n);
	}
	if (t->id == LW_NW || (t->id == LW_BIOG && compat))
		return lw_word_text(out, n, words > 0 ? words : -1, compat, len);
	*len = words > 0 ? lw_upto_words(out, n, words) : n;
	return xstrndup(out, *len);
}

int
lw_clear(const lw_task *t, const cJSON *v)
{
	const cJSON *m = rec_get(v, "missing");
	const char *found = rec_str(v, "found");

	if (!cJSON_IsTrue(rec_get(v, "judged")))
		return 1;
	switch (t->id) {
	case LW_BIOG:
		return cJSON_IsTrue(rec_get(v, "pass")) || (cJSON_GetArraySize(m) == 1 &&
		    cJSON_IsString(m->child) && strcmp(m->child->valuestring, "object") == 0);
	case LW_SR:	/* the right answer given alone */
		return (cJSON_IsTrue(rec_get(v, "pass")) &&
		    rec_get(v, "other_answers") == NULL) ||
		    !cJSON_IsTrue(rec_get(v, "answered"));
	default:
		return found != NULL && (strcmp(found, "fix") == 0 ||
		    strcmp(found, "flaw") == 0);
	}
}

static void
add_str(cJSON *o, const char *key, const cJSON *from, const char *fkey)
{
	const char *s = rec_str(from, fkey);

	cJSON_AddStringToObject(o, key, s != NULL ? s : "");
}

cJSON *
lw_item_vars(const lw_task *t, const cJSON *it, int n)
{
	cJSON *o = cJSON_CreateObject(), *keys;
	const cJSON *x;

	cJSON_AddNumberToObject(o, "n", n);
	switch (t->id) {
	case LW_BIOG:
		add_str(o, "sentence", it, "sentence");
		add_str(o, "subject", it, "subject");
		add_str(o, "predicate", it, "predicate");
		add_str(o, "object", it, "object");
		cJSON_AddItemToObject(o, "dates",
		    cJSON_Duplicate(rec_get(it, "dates"), 1));
		break;
	case LW_SR:
		add_str(o, "question", it, "question");
		add_str(o, "answer", it, "answer");
		keys = cJSON_AddArrayToObject(o, "keys");
		cJSON_ArrayForEach(x, rec_get(it, "entities"))
			if (cJSON_IsString(x))
				cJSON_AddItemToArray(keys, cJSON_CreateString(x->valuestring));
		if (cJSON_GetArraySize(keys) == 0 && rec_str(it, "cue") != NULL)
			cJSON_AddItemToArray(keys, cJSON_CreateString(rec_str(it, "cue")));
		cJSON_ArrayForEach(x, rec_get(it, "numbers"))
			if (rec_str(x, "text") != NULL)
				cJSON_AddItemToArray(keys, cJSON_CreateString(rec_str(x, "text")));
		break;
	default:
		add_str(o, "fix", it, "fix");
		add_str(o, "flaw", it, "flaw");
		add_str(o, "category", it, "category");
		break;
	}
	return o;
}

static void
set_bool(cJSON *v, const char *key, int b)
{
	cJSON_DeleteItemFromObjectCaseSensitive(v, key);
	cJSON_AddBoolToObject(v, key, b);
}

void
lw_apply(const lw_task *t, cJSON *v, const int *val)
{
	static const int none[2] = { 0, 0 };
	const int *b = val != NULL ? val : none;

	cJSON_DeleteItemFromObjectCaseSensitive(v, "missing");
	cJSON_DeleteItemFromObjectCaseSensitive(v, "found");
	cJSON_DeleteItemFromObjectCaseSensitive(v, "other_answers");
	cJSON_DeleteItemFromObjectCaseSensitive(v, "by");
	switch (t->id) {
	case LW_BIOG:
		set_bool(v, "pass", b[0]);
		break;
	case LW_SR:
		set_bool(v, "answered", b[0]);
		set_bool(v, "pass", b[0] && b[1]);
		break;
	default:
		set_bool(v, "pass", b[0] && b[1]);
		set_bool(v, "present", b[0]);
		set_bool(v, "compliant", b[0] && b[1]);
		break;
	}
	set_bool(v, "judged", val != NULL);
}

static double
hmean(double a, double b)
{
	return a > 0 && b > 0 ? 2 * a * b / (a + b) : 0;
}

/* Python's round(x, 4): the nearest double to x correctly rounded. */
static double
round4(double x)
{
	char b[64];

	snprintf(b, sizeof b, "%.4f", x);
	return strtod(b, NULL);
}

/* The published sr total: 2 / (1/a + 1/c) when both exceed 1e-9. */
static double
published_hmean(double a, double c)
{
	return a > 1e-9 && c > 1e-9 ? 2.0 / (1.0 / a + 1.0 / c) : 0;
}

static int
undecided(const cJSON *v)
{
	return cJSON_IsTrue(rec_get(v, "undecided"));
}

/* nw: recall and compliance, the means over the categories with a decided
 * statement of each one's present / decided and compliant / decided;
 * results the judge gave beyond the statements (--compat) count too. */
static void
tally_nw(const cJSON *rec, cJSON *sc, int compat)
{
	const cJSON *cats = rec_get(rec_get(rec, "gold"), "categories"), *c, *v;
	double recall = 0, comp = 0;
	long npres = 0, ncomp = 0, ncat = 0;

	cJSON_ArrayForEach(c, cats) {
		long tot = 0, pres = 0, ok = 0;

		cJSON_ArrayForEach(v, rec_get(rec, "verdicts")) {
			const char *vc = rec_str(v, "category");
			const cJSON *x = rec_get(v, "extra");

			if (!cJSON_IsString(c) || vc == NULL ||
			    strcmp(vc, c->valuestring) != 0 || undecided(v))
				continue;
			tot++;
			pres += cJSON_IsTrue(rec_get(v, "present"));
			ok += cJSON_IsTrue(rec_get(v, "compliant"));
			if (compat && x != NULL) {
				pres += rec_long(x, "present", 0);
				ok += rec_long(x, "compliant", 0);
			}
		}
		if (tot > 0) {
			recall += (double)pres / (double)tot;
			comp += (double)ok / (double)tot;
			ncat++;
		}
		npres += pres;
		ncomp += ok;
	}
	if (ncat > 0) {
		recall /= (double)ncat;
		comp /= (double)ncat;
	}
	rec_set_num(sc, "score", compat ? published_hmean(comp, recall) :
	    hmean(recall, comp));
	rec_set_num(sc, "recall", recall);
	rec_set_num(sc, "compliance", comp);
	rec_set_num(sc, "present", (double)npres);
	rec_set_num(sc, "compliant", (double)ncomp);
}

/* What a task's scores hold beyond its totals: gone when nothing is
 * decided. */
static const char *const decided_keys[] = {
	"score", "coverage", "facts_covered", "answered", "correct",
	"answered_rate", "correct_rate", "recall", "compliance", "present",
	"compliant",
};

void
lw_tally(const lw_task *t, cJSON *rec, int compat, const judge_at *in)
{
	const cJSON *v, *vs = rec_get(rec, "verdicts");
	cJSON *sc;
	long n = 0, pass = 0, ans = 0, und = 0, dec;
	double r, a;
	size_t i;

	if (!cJSON_IsArray(vs) || cJSON_GetArraySize(vs) == 0)
		return;
	sc = rec_obj(rec, "scores");
	cJSON_ArrayForEach(v, vs) {
		n++;
		if (undecided(v)) {
			und++;
			continue;
		}
		pass += cJSON_IsTrue(rec_get(v, "pass"));
		ans += cJSON_IsTrue(rec_get(v, "answered"));
	}
	dec = n - und;
	rec_set_num(sc, t->id == LW_BIOG ? "facts_total" : t->id == LW_SR ?
	    "questions" : "statements", (double)n);
	/* only when some item is undecided, so rule scores keep their shape */
	if (und > 0)
		rec_set_num(sc, "undecided", (double)und);
	else
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "undecided");
	if (dec == 0) {
		/* no score stands for "could not judge" */
		for (i = 0; i < sizeof decided_keys / sizeof decided_keys[0]; i++)
			cJSON_DeleteItemFromObjectCaseSensitive(sc, decided_keys[i]);
		judge_warn(in, "%s: the judge decided none of its %ld items: no score",
		    rec_id(rec), n);
		return;
	}
	switch (t->id) {
	case LW_BIOG:
		r = (double)pass / (double)dec;
		if (compat)
			r = round4(r);
		rec_set_num(sc, "facts_covered", (double)pass);
		rec_set_num(sc, "coverage", r);
		rec_set_num(sc, "score", r);
		break;
	case LW_SR:
		a = (double)ans / (double)dec;
		r = (double)pass / (double)dec;
		if (compat) {
			a = round4(a);
			r = round4(r);
		}
		rec_set_num(sc, "answered", (double)ans);
		rec_set_num(sc, "correct", (double)pass);
		rec_set_num(sc, "answered_rate", a);
		rec_set_num(sc, "correct_rate", r);
		rec_set_num(sc, "score", compat ? published_hmean(a, r) : hmean(a, r));
		break;
	default:
		tally_nw(rec, sc, compat);
		break;
	}
}
