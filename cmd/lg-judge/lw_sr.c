/*
 * judged_sr.c: the rules for LongWeave sr (sales reports).  The judged text is
 * the output up to gold.words words (whitespace-separated), punctuation
 * intact, folded to lower case with runs of white space made one space,
 * and cut into sentences at line breaks and at ".", "!" or "?" followed by
 * a space or the end; sentences that end in "?" are left out (a question
 * is no answer).  For each gold item:
 *
 *   answered  some sentence names every entity of the item or, for an item
 *             without entities, holds the item's cue and a number;
 *   correct   some sentence that names every entity (or holds the cue,
 *             when the item has none) states the item's numbers as its
 *             answer, and no more than one other answer is given to it.
 *
 * Entities and cues match as whole words, ignoring case.  A number is a
 * run of digits with optional thousands commas and decimals ("1,093,253",
 * "12.3"); signs and scale words are not read.  Its kind is what the text
 * marks: money after "$" or "usd" or before "dollars" or "usd", a
 * percentage before "%", "percent" or "percentage points", else a count.  A sentence states,
 * for each kind the item wants, the numbers of that kind nearest to the
 * entities (or the cue), as many as wanted; none when it holds fewer, or
 * more than one beyond those wanted (a list of candidates is no answer),
 * or two as near where one is taken.  Other answers are what the
 * sentences that name the item and no other (none of its entities or
 * cue), and state no other item's right answer, state otherwise.  Tolerance: money within one dollar or 0.1% of the
 * value, whichever is larger; percentages within 0.1 point; counts
 * exactly.  Scores: answered_rate and correct_rate over all items, score
 * their harmonic mean (0 when either is 0).  An output that is empty or
 * marked with an error scores 0; a missing one is an error of the record.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "judge.h"
#include "longweave.h"
#include "pyloads.h"
#include "re.h"
#include "record.h"
#include "utf8.h"
#include "xalloc.h"

#define MAXITEMS 1000
#define MAXNUMS 64

/* The judged text: folded, cut at the word target. */
static char *
fold(const char *s, size_t len, long words)
{
	struct buf b = { 0 };
	size_t i;
	long w = 0;
	int space = 1;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n' || c == '\r') {
			if (!space)
				w++;
			if (words > 0 && w >= words)
				break;
			buf_putc(&b, '\n');
			space = 1;
		} else if (c == '\0' || isspace(c)) {
			if (!space) {
				w++;
				if (words > 0 && w >= words)
					break;
				buf_putc(&b, ' ');
			}
			space = 1;
		} else {
			buf_putc(&b, tolower(c));
			space = 0;
		}
	}
	buf_putc(&b, '\0');
	return buf_take(&b);
}

/* Where the folded needle first occurs as whole words in [s, e): its
 * start, or NULL. */
static const char *
find_word(const char *s, const char *e, const char *n, size_t nl)
{
	const char *p;

	for (p = s; nl > 0 && p + nl <= e; p++) {
		if (memcmp(p, n, nl) != 0)
			continue;
		if ((p > s && isalnum((unsigned char)p[-1])) ||
		    (p + nl < e && isalnum((unsigned char)p[nl])))
			continue;
		return p;
	}
	return NULL;
}

/* needle folded as the text is, without a trailing space; caller frees */
static char *
fold_needle(const char *needle, size_t *nl)
{
	char *n = fold(needle, strlen(needle), 0);

	*nl = strlen(n);
	while (*nl > 0 && n[*nl - 1] == ' ')
		n[--*nl] = '\0';
	return n;
}

/* The kinds of numbers, as the text marks them. */
enum { K_COUNT, K_USD, K_PCT, NKINDS };

typedef struct {
	double v;
	int kind;
	size_t at, end;		/* offsets in the sentence */
} number;

static int
prefix_at(const char *s, const char *p, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(p - s) >= n && memcmp(p - n, w, n) == 0 &&
	    (p - n == s || !isalnum((unsigned char)p[-(long)n - 1]));
}

static int
suffix_at(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);

	return (size_t)(e - p) >= n && memcmp(p, w, n) == 0 &&
	    (p + n == e || !isalnum((unsigned char)p[n]));
}

/* The kind a number at [p, q) of [s, e) is marked as. */
static int
kind_of(const char *s, const char *e, const char *p, const char *q)
{
	if (suffix_at(q, e, "%") || suffix_at(q, e, " %") ||
	    suffix_at(q, e, " percent") || suffix_at(q, e, " per cent") ||
	    suffix_at(q, e, " percentage point") ||
	    suffix_at(q, e, " percentage points"))
		return K_PCT;
	if (prefix_at(s, p, "$") || prefix_at(s, p, "$ ") ||
	    prefix_at(s, p, "usd") || prefix_at(s, p, "usd ") ||
	    suffix_at(q, e, " usd") || suffix_at(q, e, " dollars") ||
	    suffix_at(q, e, " dollar"))
		return K_USD;
	return K_COUNT;
}

/* The numbers of [s, e) into v (at most max); their count. */
static int
numbers(const char *s, const char *e, number *v, int max)
{
	const char *p = s;
	int n = 0;

	while (p < e && n < max) {
		const char *from = p;
		double x = 0, scale = 0.1;

		if (!isdigit((unsigned char)*p) || (p > s && (isalpha((unsigned char)p[-1]) ||
		    p[-1] == '.' || isdigit((unsigned char)p[-1])))) {
			p++;
			continue;
		}
		while (p < e) {
			if (isdigit((unsigned char)*p))
				x = x * 10 + (*p++ - '0');
			else if (*p == ',' && p + 3 < e &&
			    isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
			    isdigit((unsigned char)p[3]) &&
			    (p + 4 >= e || !isdigit((unsigned char)p[4])))
				p++;
			else
				break;
		}
		if (p + 1 < e && *p == '.' && isdigit((unsigned char)p[1]))
			for (p++; p < e && isdigit((unsigned char)*p); p++, scale /= 10)
				x += (*p - '0') * scale;
		v[n].v = x;
		v[n].kind = kind_of(s, e, from, p);
		v[n].at = (size_t)(from - s);
		v[n].end = (size_t)(p - s);
		n++;
	}
	return n;
}

static int
kind_index(const char *kind)
{
	if (strcmp(kind, "usd") == 0)
		return K_USD;
	if (strcmp(kind, "pct") == 0)
		return K_PCT;
	return K_COUNT;
}

static int
close_enough(int kind, double want, double got)
{
	if (kind == K_USD) {
		double tol = fabs(want) * 0.001;

		return fabs(got - want) <= (tol > 1 ? tol : 1) + 1e-9;
	}
	if (kind == K_PCT)
		return fabs(got - want) <= 0.1 + 1e-9;
	return got == want;
}

/* A sentence of the judged text, and its numbers. */
typedef struct {
	const char *s, *e;
	number *num;
	int nnum;	/* MAXNUMS: so many that the sentence states nothing */
} sentence;

typedef struct {
	sentence *v;
	size_t n, cap;
	number *nums;		/* all the numbers, in sentence order */
	size_t nnums, numcap;
} sentences;

/* Cut t into sentences, leaving out questions. */
static void
cut(const char *t, sentences *ss)
{
	const char *s = t;
	number tmp[MAXNUMS];
	size_t i, k = 0;

	while (*s) {
		const char *e = s;
		int n;

		while (*e && *e != '\n' && !((*e == '.' || *e == '!' || *e == '?') &&
		    (e[1] == ' ' || e[1] == '\n' || e[1] == '\0')))
			e++;
		if (*e != '?' && e > s) {	/* a question is no answer */
			if (ss->n == ss->cap) {
				ss->cap = ss->cap ? 2 * ss->cap : 64;
				ss->v = xreallocarray(ss->v, ss->cap, sizeof *ss->v);
			}
			n = numbers(s, e, tmp, MAXNUMS);
			if (ss->nnums + (size_t)n > ss->numcap) {
				ss->numcap = 2 * (ss->nnums + (size_t)n);
				ss->nums = xreallocarray(ss->nums, ss->numcap, sizeof *ss->nums);
			}
			if (n > 0)
				memcpy(ss->nums + ss->nnums, tmp, (size_t)n * sizeof *tmp);
			ss->v[ss->n].s = s;
			ss->v[ss->n].e = e;
			ss->v[ss->n].nnum = n;
			ss->nnums += (size_t)n;
			ss->n++;
		}
		s = *e ? e + 1 : e;
	}
	for (i = 0; i < ss->n; i++) {	/* the array has moved as it grew */
		ss->v[i].num = ss->nums + k;
		k += (size_t)ss->v[i].nnum;
	}
}

/* An item's wanted numbers and where its sentences are anchored. */
typedef struct {
	int kind[MAXNUMS];
	double val[MAXNUMS];
	int n, per[NKINDS];
	char *keys[MAXNUMS + 1];	/* the entities, or the cue; folded */
	size_t klen[MAXNUMS + 1];
	int nkeys, byentity;
} wanted;

static void
wanted_free(wanted *w)
{
	int i;

	for (i = 0; i < w->nkeys; i++)
		free(w->keys[i]);
}

static void
wanted_load(const cJSON *item, wanted *w)
{
	const cJSON *x;
	const char *cue = rec_str(item, "cue");

	memset(w, 0, sizeof *w);
	cJSON_ArrayForEach(x, rec_get(item, "numbers")) {
		w->kind[w->n] = kind_index(rec_str(x, "kind"));
		w->val[w->n] = rec_get(x, "value")->valuedouble;
		w->per[w->kind[w->n]]++;
		w->n++;
	}
	cJSON_ArrayForEach(x, rec_get(item, "entities"))
		if (cJSON_IsString(x)) {
			w->keys[w->nkeys] = fold_needle(x->valuestring, &w->klen[w->nkeys]);
			w->nkeys++;
		}
	w->byentity = cJSON_GetArraySize(rec_get(item, "entities")) > 0;
	if (!w->byentity && cue != NULL) {
		w->keys[0] = fold_needle(cue, &w->klen[0]);
		w->nkeys = 1;
	}
}

/*
 * Does the sentence name the item (every entity; the cue when it has
 * none)?  Where each key first occurs in ka[] and kb[] (start, end).
 */
static int
names_item(const sentence *st, const wanted *w, size_t *ka, size_t *kb)
{
	int i;

	if (w->nkeys == 0)
		return 0;
	for (i = 0; i < w->nkeys; i++) {
		const char *p = find_word(st->s, st->e, w->keys[i], w->klen[i]);

		if (w->klen[i] == 0 || p == NULL)
			return 0;
		ka[i] = (size_t)(p - st->s);
		kb[i] = ka[i] + w->klen[i];
	}
	return 1;
}

static size_t
distance(const number *x, const size_t *ka, const size_t *kb, int nk)
{
	size_t best = (size_t)-1, d;
	int i;

	for (i = 0; i < nk; i++) {
		d = x->end <= ka[i] ? ka[i] - x->end : x->at >= kb[i] ?
		    x->at - kb[i] : 0;
		if (d < best)
			best = d;
	}
	return best;
}

/*
 * What the sentence states as the item's answer: for each kind, the
 * numbers of that kind nearest to the item's keys, as many as the item
 * wants.  0 when it states none: a kind without numbers, with more than
 * one number beyond those wanted (a list of candidates), or with two at
 * the same distance where only one can be taken.  The values in got, in
 * the order of the wanted numbers' kinds.
 */
static int
stated(const sentence *st, const wanted *w, const size_t *ka, const size_t *kb,
    double *got)
{
	int k, i, j, n = 0;

	if (st->nnum >= MAXNUMS)
		return 0;
	for (k = 0; k < NKINDS; k++) {
		int c = 0, taken[MAXNUMS] = { 0 };

		if (w->per[k] == 0)
			continue;
		for (i = 0; i < st->nnum; i++)
			c += st->num[i].kind == k;
		if (c < w->per[k] || c > w->per[k] + 1)
			return 0;
		for (j = 0; j < w->per[k]; j++) {
			size_t best = (size_t)-1, d;
			int at = -1, tie = 0;

			for (i = 0; i < st->nnum; i++) {
				if (st->num[i].kind != k || taken[i])
					continue;
				d = distance(&st->num[i], ka, kb, w->nkeys);
				if (d < best)
					best = d, at = i, tie = 0;
				else if (d == best)
					tie = 1;
			}
			if (tie && c > w->per[k])
				return 0;
			taken[at] = 1;
			got[n++] = st->num[at].v;
		}
	}
	return n;
}

/* Do the stated values got (in kind order) match the wanted ones? */
static int
right(const wanted *w, const double *got)
{
	int k, i, j, n = 0;

	for (k = 0; k < NKINDS; k++) {
		int used[MAXNUMS] = { 0 };

		for (i = 0; i < w->n; i++) {
			int hit = 0;

			if (w->kind[i] != k)
				continue;
			for (j = 0; j < w->per[k] && !hit; j++)
				if (!used[j] && close_enough(k, w->val[i], got[n + j]))
					used[j] = hit = 1;
			if (!hit)
				return 0;
		}
		n += w->per[k];
	}
	return 1;
}

#define MAXWRONG 8
#define MAXKEYS 512	/* the other items' keys a sentence is checked for */
#define MAXCHECKED 16	/* sentences with another answer checked per item */

/* The keys of all items (entities and cues), folded, each once. */
typedef struct {
	char *k[MAXKEYS];
	size_t len[MAXKEYS];
	int n;
} keyset;

static void
keys_add(keyset *ks, const char *key)
{
	size_t len;
	char *f;
	int i;

	if (ks->n == MAXKEYS)
		return;
	f = fold_needle(key, &len);
	for (i = 0; i < ks->n; i++)
		if (ks->len[i] == len && memcmp(ks->k[i], f, len) == 0)
			break;
	if (len == 0 || i < ks->n) {
		free(f);
		return;
	}
	ks->k[ks->n] = f;
	ks->len[ks->n++] = len;
}

static void
keys_load(keyset *ks, const cJSON *items)
{
	const cJSON *it, *x;

	cJSON_ArrayForEach(it, items) {
		cJSON_ArrayForEach(x, rec_get(it, "entities"))
			if (cJSON_IsString(x))
				keys_add(ks, x->valuestring);
		if (rec_str(it, "cue") != NULL)
			keys_add(ks, rec_str(it, "cue"));
	}
}

static void
keys_free(keyset *ks)
{
	int i;

	for (i = 0; i < ks->n; i++)
		free(ks->k[i]);
	ks->n = 0;
}

/* Is key k of ks within one of the item's own keys (its entities, its
 * cue)? */
static int
own_key(const keyset *ks, int k, const wanted *w, const char *cue, size_t cuelen)
{
	int i;

	for (i = 0; i < w->nkeys; i++)
		if (find_word(w->keys[i], w->keys[i] + w->klen[i], ks->k[k],
		    ks->len[k]) != NULL)
			return 1;
	return cue != NULL && find_word(cue, cue + cuelen, ks->k[k], ks->len[k]) != NULL;
}

/* Does the sentence name another item (a key not the item's own)? */
static int
names_other(const sentence *st, const keyset *ks, const unsigned char *own)
{
	int k;

	for (k = 0; k < ks->n; k++)
		if (!own[k] && find_word(st->s, st->e, ks->k[k], ks->len[k]) != NULL)
			return 1;
	return 0;
}

/* Does the sentence state the right answer of an item but x? */
static int
answers_other(const sentence *st, const wanted *all, size_t nall, size_t x)
{
	size_t y, ka[MAXNUMS + 1], kb[MAXNUMS + 1];
	double got[MAXNUMS];

	for (y = 0; y < nall; y++)
		if (y != x && all[y].n > 0 && names_item(st, &all[y], ka, kb) &&
		    stated(st, &all[y], ka, kb, got) > 0 && right(&all[y], got))
			return 1;
	return 0;
}

/*
 * Judge item x of all over the sentences: sets *ans, *ok and *wrong, the
 * number of other answers the text gives it in sentences that name no
 * other item and answer none (at most MAXWRONG).
 */
static void
judge_item(const sentences *ss, const keyset *ks, const wanted *all, size_t nall,
    size_t x, const cJSON *item, int *ans, int *ok, int *wrong)
{
	const wanted *wp = &all[x];
	double other[MAXWRONG][MAXNUMS];
	size_t i, ka[MAXNUMS + 1], kb[MAXNUMS + 1], cuelen = 0;
	unsigned char own[MAXKEYS];
	char *cue = NULL;
	int k, j, nother = 0, checked = 0;

	if (rec_str(item, "cue") != NULL)
		cue = fold_needle(rec_str(item, "cue"), &cuelen);
	for (k = 0; k < ks->n; k++)
		own[k] = (unsigned char)own_key(ks, k, wp, cue, cuelen);
	*ans = *ok = *wrong = 0;
	for (i = 0; i < ss->n; i++) {
		const sentence *st = &ss->v[i];
		double got[MAXNUMS];

		if (!names_item(st, wp, ka, kb))
			continue;
		if (wp->byentity || st->nnum > 0)
			*ans = 1;
		if (wp->n == 0) {
			*ok = 1;
			continue;
		}
		if (stated(st, wp, ka, kb, got) == 0)
			continue;
		if (right(wp, got)) {
			*ok = 1;
			continue;
		}
		if (nother == MAXWRONG || checked == MAXCHECKED)
			continue;
		for (k = 0; k < nother; k++) {
			for (j = 0; j < wp->n && other[k][j] == got[j]; j++)
				;
			if (j == wp->n)
				break;
		}
		if (k < nother)
			continue;	/* an answer given already */
		checked++;
		if (names_other(st, ks, own) || answers_other(st, all, nall, x))
			continue;	/* maybe another item's answer */
		memcpy(other[nother], got, (size_t)wp->n * sizeof *got);
		nother++;
	}
	*wrong = nother;
	free(cue);
}

static int
rules(cJSON *rec, const judge_at *in, const judge_opts *o)
{
	const cJSON *gold = rec_get(rec, "gold"), *items, *it;
	size_t len = 0;
	const char *out, *why;
	int ret = REC_OK;
	long words, n, answered = 0, correct = 0, i = 0;
	double ar, cr;
	char *t;
	sentences ss = { 0 };
	wanted *all;
	long k;
	keyset ks;
	cJSON *verdicts, *sc;

	(void)o;	/* sr has no --compat rule of its own */
	items = gold ? rec_get(gold, "items") : NULL;
	if (!cJSON_IsArray(items))
		return judge_fail(rec, in, "gold.items must be an array");
	n = cJSON_GetArraySize(items);
	if (n < 1 || n > MAXITEMS)
		return judge_fail(rec, in,
		    "gold.items must hold 1 to 1000 items");
	cJSON_ArrayForEach(it, items) {
		const cJSON *x;

		if (!cJSON_IsArray(rec_get(it, "entities")) ||
		    cJSON_GetArraySize(rec_get(it, "entities")) > MAXNUMS ||
		    !cJSON_IsArray(rec_get(it, "numbers")) ||
		    cJSON_GetArraySize(rec_get(it, "numbers")) > MAXNUMS)
			return judge_fail(rec, in,
			    "a gold item lacks its entities or numbers");
		cJSON_ArrayForEach(x, rec_get(it, "numbers"))
			if (rec_str(x, "kind") == NULL || !cJSON_IsNumber(rec_get(x, "value")))
				return judge_fail(rec, in,
				    "a gold number lacks its kind or value");
	}
	words = rec_long(gold, "words", 0);
	if (words < 0)
		words = 0;
	out = rec_answer_len(rec, &len, &why);
	if (why != NULL)
		ret = judge_fail(rec, in, why);
	if (rec_get(rec, "error") != NULL)
		out = "", len = 0;
	t = fold(out, len, words);
	cut(t, &ss);
	all = xcalloc((size_t)n, sizeof *all);
	k = 0;
	cJSON_ArrayForEach(it, items)
		wanted_load(it, &all[k++]);
	ks.n = 0;
	keys_load(&ks, items);
	verdicts = cJSON_CreateArray();
	rec_set(rec, "verdicts", verdicts);
	cJSON_ArrayForEach(it, items) {
		cJSON *v = cJSON_CreateObject();
		const char *type = rec_str(it, "type");
		int a, c, r, wrong;

		judge_item(&ss, &ks, all, (size_t)n, (size_t)i, it, &a, &r, &wrong);
		c = r && wrong <= 1;
		answered += a;
		correct += c;
		cJSON_AddNumberToObject(v, "item", (double)i++);
		cJSON_AddStringToObject(v, "type", type ? type : "?");
		cJSON_AddBoolToObject(v, "answered", a);
		cJSON_AddBoolToObject(v, "pass", c);
		if (r && wrong > 0)	/* the right answer among others */
			cJSON_AddNumberToObject(v, "other_answers", wrong);
		cJSON_AddBoolToObject(v, "judged", 1);
		cJSON_AddStringToObject(v, "by", "rules");
		cJSON_AddItemToArray(verdicts, v);
	}
	for (k = 0; k < n; k++)
		wanted_free(&all[k]);
	free(all);
	free(ss.v);
	free(ss.nums);
	keys_free(&ks);
	free(t);
	ar = (double)answered / (double)n;
	cr = (double)correct / (double)n;
	sc = rec_obj(rec, "scores");
	rec_set_num(sc, "answered", (double)answered);
	rec_set_num(sc, "correct", (double)correct);
	rec_set_num(sc, "questions", (double)n);
	rec_set_num(sc, "answered_rate", ar);
	rec_set_num(sc, "correct_rate", cr);
	rec_set_num(sc, "score", ar > 0 && cr > 0 ? 2 * ar * cr / (ar + cr) : 0);
	return ret;
}

/* ---- the model judge (lw_model.c, lw_ask.c) ---- */

static lg_re *list_re;		/* the published reader's pattern */

static void
fini(void)
{
	re_free(list_re);
	list_re = NULL;
}

/* Clear: the right answer given alone, or no sentence names the item. */
static int
clear(const cJSON *v)
{
	return (cJSON_IsTrue(rec_get(v, "pass")) &&
	    rec_get(v, "other_answers") == NULL) ||
	    !cJSON_IsTrue(rec_get(v, "answered"));
}

/* The question, the answer, and as keys the entities (else the cue) and
 * the numbers' text. */
static void
item(cJSON *o, const cJSON *it)
{
	cJSON *keys;
	const cJSON *x;

	lw_copy_str(o, "question", it, "question", NULL);
	lw_copy_str(o, "answer", it, "answer", NULL);
	keys = cJSON_AddArrayToObject(o, "keys");
	cJSON_ArrayForEach(x, rec_get(it, "entities"))
		if (cJSON_IsString(x))
			cJSON_AddItemToArray(keys, cJSON_CreateString(x->valuestring));
	if (cJSON_GetArraySize(keys) == 0 && rec_str(it, "cue") != NULL)
		cJSON_AddItemToArray(keys, cJSON_CreateString(rec_str(it, "cue")));
	cJSON_ArrayForEach(x, rec_get(it, "numbers"))
		if (rec_str(x, "text") != NULL)
			cJSON_AddItemToArray(keys, cJSON_CreateString(rec_str(x, "text")));
}

static void
published_item(cJSON *o, const cJSON *it)
{
	lw_copy_str(o, "question", it, "question", NULL);
	lw_copy_str(o, "answer", it, "answer", NULL);
}

static void
apply(cJSON *v, const int *b)
{
	cJSON_DeleteItemFromObjectCaseSensitive(v, "other_answers");
	lw_set_bool(v, "answered", b[0]);
	lw_set_bool(v, "pass", b[0] && b[1]);
}

/* answered_rate and correct_rate over the decided items (compat: rounded
 * to four decimals as published), score their harmonic mean. */
static void
tally(const cJSON *rec, cJSON *sc, long pass, long ans, long dec, int compat)
{
	double a = (double)ans / (double)dec, r = (double)pass / (double)dec;

	(void)rec;
	if (compat) {
		a = lw_round4(a);
		r = lw_round4(r);
	}
	rec_set_num(sc, "answered", (double)ans);
	rec_set_num(sc, "correct", (double)pass);
	rec_set_num(sc, "answered_rate", a);
	rec_set_num(sc, "correct_rate", r);
	rec_set_num(sc, "score", compat ? lw_published_hmean(a, r) :
	    lw_hmean(a, r));
}

/* sr: one entry of the list into val[0..1]. */
static void
sr_entry(const cJSON *x, int *val)
{
	const cJSON *a = py_member(x, "answered"), *c = py_member(x, "correct");

	val[0] = val[1] = 0;
	if (cJSON_IsObject(x) && cJSON_IsBool(a) && cJSON_IsBool(c)) {
		val[0] = cJSON_IsTrue(a);
		val[1] = val[0] && cJSON_IsTrue(c);
	}
}

/*
 * The published reader (--compat): the first [{...}, ...] (as the
 * published pattern finds it), else the span from the first [ to the
 * last ]; an entry that is not an object with boolean answered and
 * correct counts false; correct only when answered; padded with false,
 * cut to the batch.  0: none read.
 */
static int
published(const char *reply, size_t len, int n, int *val, long extra[2])
{
	size_t sl = len, ov[2], from, to;
	const char *s = utf8_pystrip(reply, &sl), *lb, *rb = NULL, *p;
	const cJSON *x;
	cJSON *j;
	int k = 0;

	(void)extra;
	if (list_re == NULL)
		list_re = re_compile("\\[\\s*(\\{.*?\\})\\s*(?:,\\s*(\\{.*?\\})\\s*)*\\]",
		    RE_DOTALL);
	if (re_match(list_re, s, sl, 0, ov, 1) > 0) {
		from = ov[0];
		to = ov[1];
	} else {
		/* leniently: from the first [ to the last ] */
		if ((lb = memchr(s, '[', sl)) == NULL)
			return 0;
		for (p = s; p < s + sl; p++)
			if (*p == ']')
				rb = p;
		if (rb == NULL || rb < lb)
			return 0;
		from = (size_t)(lb - s);
		to = (size_t)(rb - s) + 1;
	}
	if ((j = py_loads(s + from, to - from)) == NULL)
		return 0;
	if (!cJSON_IsArray(j)) {
		cJSON_Delete(j);
		return 0;
	}
	cJSON_ArrayForEach(x, j) {
		if (k >= n)
			break;
		sr_entry(x, val + 2 * k);
		k++;
	}
	for (; k < n; k++)
		val[2 * k] = val[2 * k + 1] = 0;
	cJSON_Delete(j);
	return 1;
}


static const char *const scored[] = {
	"score", "answered", "correct", "answered_rate", "correct_rate", NULL
};

static const lw_judge own = {
	"rubrics/longweave/sr.tmpl", JUDGED_UPTO, item, NULL,
	"question", NULL
};

/* as published: the whole answer */
static const lw_judge pub = {
	"rubrics/longweave/sr-published.tmpl", JUDGED_ALL, published_item,
	NULL, NULL, published
};

const lw_task judged_sr = {
	.task = "sr", .rules = rules, .fini = fini,
	.items = "items", .batch = 5,
	.fields = { "answered", "correct" }, .nfields = 2,
	.clear = clear, .apply = apply, .count = "questions",
	.scored = scored, .tally = tally, .own = &own, .published = &pub,
};
