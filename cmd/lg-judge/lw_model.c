/*
 * lw_model.c: what the model judge needs of the LongWeave tasks.
 *
 * The judged text is the rules' own: the answer up to gold.words words,
 * punctuation intact (biog and sr count white-space separated words, nw
 * \w+ words as the published scorer did); with --compat, biog and nw
 * judge the published truncation, the first gold.words \w+ words joined
 * by single spaces.  A missing, empty or failed answer is judged by no
 * one: every item fails (by rules).
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

static void
tally_nw(const cJSON *rec, cJSON *sc, long n)
{
	const cJSON *cats = rec_get(rec_get(rec, "gold"), "categories"), *c, *v;
	double recall = 0, comp = 0;
	long npres = 0, ncomp = 0, ncat = cJSON_GetArraySize(cats);

	cJSON_ArrayForEach(c, cats) {
		long tot = 0, pres = 0, ok = 0;

		cJSON_ArrayForEach(v, rec_get(rec, "verdicts")) {
			const char *vc = rec_str(v, "category");

			if (!cJSON_IsString(c) || vc == NULL ||
			    strcmp(vc, c->valuestring) != 0)
				continue;
			tot++;
			pres += cJSON_IsTrue(rec_get(v, "present"));
			ok += cJSON_IsTrue(rec_get(v, "compliant"));
		}
		if (tot > 0) {
			recall += (double)pres / (double)tot;
			comp += (double)ok / (double)tot;
		}
		npres += pres;
		ncomp += ok;
	}
	if (ncat > 0) {
		recall /= (double)ncat;
		comp /= (double)ncat;
	}
	rec_set_num(sc, "score", hmean(recall, comp));
	rec_set_num(sc, "recall", recall);
	rec_set_num(sc, "compliance", comp);
	rec_set_num(sc, "statements", (double)n);
	rec_set_num(sc, "present", (double)npres);
	rec_set_num(sc, "compliant", (double)ncomp);
}

void
lw_tally(const lw_task *t, cJSON *rec)
{
	const cJSON *v, *vs = rec_get(rec, "verdicts");
	cJSON *sc;
	long n = 0, pass = 0, ans = 0, undecided = 0;

	if (!cJSON_IsArray(vs) || cJSON_GetArraySize(vs) == 0)
		return;
	sc = rec_obj(rec, "scores");
	cJSON_ArrayForEach(v, vs) {
		n++;
		pass += cJSON_IsTrue(rec_get(v, "pass"));
		ans += cJSON_IsTrue(rec_get(v, "answered"));
		undecided += cJSON_IsTrue(rec_get(v, "undecided"));
	}
	switch (t->id) {
	case LW_BIOG:
		rec_set_num(sc, "facts_covered", (double)pass);
		rec_set_num(sc, "facts_total", (double)n);
		rec_set_num(sc, "coverage", (double)pass / (double)n);
		rec_set_num(sc, "score", (double)pass / (double)n);
		break;
	case LW_SR:
		rec_set_num(sc, "answered", (double)ans);
		rec_set_num(sc, "correct", (double)pass);
		rec_set_num(sc, "questions", (double)n);
		rec_set_num(sc, "answered_rate", (double)ans / (double)n);
		rec_set_num(sc, "correct_rate", (double)pass / (double)n);
		rec_set_num(sc, "score", hmean((double)ans / (double)n,
		    (double)pass / (double)n));
		break;
	default:
		tally_nw(rec, sc, n);
		break;
	}
	/* only when some item is undecided, so rule scores keep their shape */
	if (undecided > 0)
		rec_set_num(sc, "undecided", (double)undecided);
	else
		cJSON_DeleteItemFromObjectCaseSensitive(sc, "undecided");
}
