/*
 * lw_sr.c: the rules for LongWeave sr (sales reports).  The judged text is
 * the output up to gold.words words (whitespace-separated), punctuation
 * intact, folded to lower case with runs of white space made one space,
 * and cut into sentences at line breaks and at ".", "!" or "?" followed by
 * a space or the end; sentences that end in "?" are left out (a question
 * is no answer).  For each gold item:
 *
 *   answered  some sentence names every entity of the item or, for an item
 *             without entities, holds the item's cue and a number;
 *   correct   some sentence names every entity, holds the cue when the
 *             item has no entity, and states every number of the item.
 *
 * Entities and cues match as whole words, ignoring case.  A number is a
 * run of digits with optional thousands commas and decimals ("1,093,253",
 * "12.3"); signs and scale words are not read.  Tolerance: money within
 * one dollar or 0.1% of the value, whichever is larger; percentages within
 * 0.1 point; counts exactly.  Scores: answered_rate and correct_rate over
 * all items, score their harmonic mean (0 when either is 0).  An output
 * that is missing, empty or marked with an error scores 0.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "judge.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

#define MAXITEMS 1000
#define MAXNUMS 64

/* The judged text: folded, cut at the word target. */
static char *
fold(const char *s, size_t len, long words)
{
	buf b = { 0 };
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

/* Whole-word occurrence of the folded needle in [s, e). */
static int
has_word(const char *s, const char *e, const char *needle)
{
	char *n = fold(needle, strlen(needle), 0);
	size_t nl = strlen(n);
	const char *p;
	int found = 0;

	while (nl > 0 && n[nl - 1] == ' ')
		n[--nl] = '\0';
	for (p = s; nl > 0 && p + nl <= e; p++) {
		if (memcmp(p, n, nl) != 0)
			continue;
		if ((p > s && isalnum((unsigned char)p[-1])) ||
		    (p + nl < e && isalnum((unsigned char)p[nl])))
			continue;
		found = 1;
		break;
	}
	free(n);
	return found;
}

/* The numbers of [s, e) into v (at most max); their count. */
static int
numbers(const char *s, const char *e, double *v, int max)
{
	const char *p = s;
	int n = 0;

	while (p < e && n < max) {
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
		v[n++] = x;
	}
	return n;
}

static int
close_enough(const char *kind, double want, double got)
{
	if (strcmp(kind, "usd") == 0) {
		double tol = fabs(want) * 0.001;

		return fabs(got - want) <= (tol > 1 ? tol : 1) + 1e-9;
	}
	if (strcmp(kind, "pct") == 0)
		return fabs(got - want) <= 0.1 + 1e-9;
	return got == want;
}

/* Judge one item over the sentences of t: sets *ans and *ok. */
static void
judge_item(const char *t, const cJSON *item, int *ans, int *ok)
{
	const cJSON *ents = rec_get(item, "entities"), *nums = rec_get(item, "numbers");
	const cJSON *x;
	const char *cue = rec_str(item, "cue"), *s = t;
	int nent = cJSON_GetArraySize(ents);

	*ans = *ok = 0;
	while (*s) {
		const char *e = s;
		double v[MAXNUMS];
		int nv, all = 1, i;

		while (*e && *e != '\n' && !((*e == '.' || *e == '!' || *e == '?') &&
		    (e[1] == ' ' || e[1] == '\n' || e[1] == '\0')))
			e++;
		if (*e == '?') {	/* a question is no answer */
			s = e + 1;
			continue;
		}
		cJSON_ArrayForEach(x, ents)
			if (!cJSON_IsString(x) || !has_word(s, e, x->valuestring))
				all = 0;
		nv = numbers(s, e, v, MAXNUMS);
		if (nent == 0)
			all = cue != NULL && has_word(s, e, cue);
		if (all && (nent > 0 || nv > 0))
			*ans = 1;
		if (all) {
			int good = 1;

			cJSON_ArrayForEach(x, nums) {
				const char *kind = rec_str(x, "kind");
				const cJSON *w = rec_get(x, "value");
				int hit = 0;

				for (i = 0; kind && cJSON_IsNumber(w) && i < nv; i++)
					hit |= close_enough(kind, w->valuedouble, v[i]);
				good &= hit;
			}
			if (good)
				*ok = 1;
		}
		if (*ans && *ok)
			return;
		s = *e ? e + 1 : e;
	}
}

int
lw_rules_sr(cJSON *rec, const judge_at *in, const judge_opts *o)
{
	const cJSON *gold = rec_get(rec, "gold"), *items, *it;
	size_t len = 0;
	const char *out, *why;
	int ret = REC_OK;
	long words, n, answered = 0, correct = 0, i = 0;
	double ar, cr;
	char *t;
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
	verdicts = cJSON_CreateArray();
	rec_set(rec, "verdicts", verdicts);
	cJSON_ArrayForEach(it, items) {
		cJSON *v = cJSON_CreateObject();
		const char *type = rec_str(it, "type");
		int a, c;

		judge_item(t, it, &a, &c);
		answered += a;
		correct += c;
		cJSON_AddNumberToObject(v, "item", (double)i++);
		cJSON_AddStringToObject(v, "type", type ? type : "?");
		cJSON_AddBoolToObject(v, "answered", a);
		cJSON_AddBoolToObject(v, "pass", c);
		cJSON_AddBoolToObject(v, "judged", 1);
		cJSON_AddStringToObject(v, "by", "rules");
		cJSON_AddItemToArray(verdicts, v);
	}
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
