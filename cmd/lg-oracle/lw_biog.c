/*
 * lg-oracle: reference answers for the LongWeave biog task.
 *
 * The biography states each fact of gold.facts once, in its target
 * sentence, in order, three facts to a paragraph, and fills the rest up to
 * about 93% of the word target (gold.words, or --words) with neutral
 * sentences about the protagonist that name no other person, place or
 * date, so that every fact is covered and the answer stays within the
 * judged words.  Degradations, in this order:
 *
 *   --forget-after F  from fact floor(F*n) on, a dated fact is written
 *                     three years off and an undated one is left out
 *   --drop P          each fact before that is left out with probability P
 *   --stop-at F       only the first floor(F*W) of the W words are written
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

#define MAXFACTS 100000
#define MAXWORDS 10000000L

/* {F} first name, {P} pronoun, {Q} capitalised pronoun, {S} possessive. */
static const char *const fillers[] = {
	"Those who worked beside {F} remembered a patient listener who rarely raised {S} voice.",
	"{Q} kept careful notebooks, filling them with observations, plans and small sketches.",
	"Friends described {F} as curious, stubborn in the best sense and generous with time.",
	"{Q} believed that steady work mattered more than sudden inspiration.",
	"In letters to friends, {F} wrote often about the value of learning from failure.",
	"{Q} read widely, moving easily between history, science and poetry.",
	"Colleagues recalled that {F} answered every letter, however small the question.",
	"{Q} was known for long walks in the early morning, used to think through problems.",
	"Throughout these years {F} returned again and again to the same few questions.",
	"{Q} found that teaching others was the surest way to understand something well.",
	"The habits formed in this period stayed with {F} for the rest of {S} life.",
	"{Q} preferred quiet rooms, plain food and conversations that ran late into the night.",
	"Younger people who sought advice found {F} frank, warm and unusually practical.",
	"{Q} distrusted easy answers and asked for evidence before accepting any claim.",
	"Each new role brought {F} fresh responsibilities and a wider circle of acquaintances.",
	"{Q} spoke of this stage as a time of hard lessons and steady growth.",
	"Looking back, {F} credited much of {S} progress to the encouragement of others.",
	"{Q} made a point of finishing what {P} started, even when the work grew dull.",
	"People who met {F} for the first time were often struck by {S} calm manner.",
	"{Q} kept in touch with old friends and valued loyalty above reputation.",
	"The work was demanding, but {F} approached it with patience and good humour.",
	"{Q} often said that the most useful skill was knowing which questions to ask.",
	"Over time {F} earned a reputation for fairness and for keeping {S} word.",
	"{Q} rarely spoke about {S} own achievements and preferred to praise others.",
	"This experience shaped how {F} thought about responsibility and community.",
	"{Q} enjoyed music in the evenings and sometimes played for friends.",
	"Many of {S} ideas took shape during long conversations with trusted companions.",
	"{Q} saw setbacks as part of the work rather than reasons to stop.",
	"The following years tested {F} in ways {P} had not expected.",
	"{Q} remained modest about success and candid about mistakes.",
};
#define NFILL (sizeof fillers / sizeof fillers[0])

/* Words as the judge's \w+ counts them in ASCII text. */
static long
count_words(const char *s)
{
	long n = 0;
	int in = 0;

	for (; *s; s++) {
		int w = isalnum((unsigned char)*s) || *s == '_';

		n += w && !in;
		in = w;
	}
	return n;
}

static char *
filler(size_t k, const char *first, const char *pron)
{
	const char *p, *poss = strcmp(pron, "she") == 0 ? "her" : "his";
	struct buf b = { 0 };
	char *s;

	for (p = fillers[k % NFILL]; *p; p++) {
		if (p[0] == '{' && p[1] && p[2] == '}') {
			switch (p[1]) {
			case 'F': buf_puts(&b, first); break;
			case 'P': buf_puts(&b, pron); break;
			case 'S': buf_puts(&b, poss); break;
			default:
				buf_printf(&b, "%c%s", toupper((unsigned char)pron[0]),
				    pron + 1);
				break;
			}
			p += 2;
		} else
			buf_printf(&b, "%c", *p);
	}
	s = xstrdup(buf_str(&b));
	buf_free(&b);
	return s;
}

/* The sentence with every year of dates moved by three. */
static char *
shifted(const char *sentence, const cJSON *dates)
{
	char *s = xstrdup(sentence), *p, y[8], ny[8];
	const cJSON *d;

	cJSON_ArrayForEach(d, dates) {
		memcpy(y, d->valuestring, 4);
		y[4] = '\0';
		snprintf(ny, sizeof ny, "%04ld", (strtol(y, NULL, 10) + 3) % 10000);
		for (p = strstr(s, y); p != NULL; p = strstr(p + 4, y))
			memcpy(p, ny, 4);
	}
	return s;
}

/* The first keep white-space separated words of s, in place. */
static void
stop_at(char *s, long keep)
{
	long n = 0;
	char *p = s;

	while (*p) {
		while (*p && isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		if (n == keep) {
			while (p > s && isspace((unsigned char)p[-1]))
				p--;
			*p = '\0';
			return;
		}
		while (*p && !isspace((unsigned char)*p))
			p++;
		n++;
	}
}

static int
write_answer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const cJSON *gold = rec_get(rec, "gold"), *facts, *f, *d;
	const char *first, *pron;
	long target, n, i, cut, budget, fact_words = 0, slots = 0, nf = 0;
	char **sent, *out;
	struct buf b = { 0 };
	size_t k = 0;

	if (!cJSON_IsObject(gold))
		return rec_fail(rec, in, "oracle", "no gold object");
	facts = rec_get(gold, "facts");
	first = rec_str(gold, "first");
	pron = rec_str(gold, "pronoun");
	target = o->words > 0 ? o->words : rec_long(gold, "words", -1);
	n = cJSON_GetArraySize(facts);
	if (!cJSON_IsArray(facts) || n < 1 || n > MAXFACTS)
		return rec_fail(rec, in, "oracle",
		    "gold.facts must be an array of 1 to 100000 facts");
	if (target < 1 || target > MAXWORDS)
		return rec_fail(rec, in, "oracle",
		    "gold.words must be a word count from 1 to 10000000");
	if (first == NULL || pron == NULL ||
	    (strcmp(pron, "he") != 0 && strcmp(pron, "she") != 0))
		return rec_fail(rec, in, "oracle",
		    "gold.first must be a name and gold.pronoun he or she");
	cJSON_ArrayForEach(f, facts) {
		if (rec_str(f, "sentence") == NULL || !cJSON_IsArray(rec_get(f, "dates")))
			return rec_fail(rec, in, "oracle",
			    "every fact needs a sentence and dates");
		cJSON_ArrayForEach(d, rec_get(f, "dates"))
			if (!cJSON_IsString(d) || strlen(d->valuestring) < 4 ||
			    strspn(d->valuestring, "0123456789") < 4)
				return rec_fail(rec, in, "oracle",
				    "a date of gold.facts does not begin "
				    "with a year");
	}

	/* the sentences written, NULL for a fact left out */
	sent = xcalloc((size_t)n, sizeof *sent);
	cut = o->forget_after < 1 ? (long)floor(o->forget_after * (double)n) : n;
	i = 0;
	cJSON_ArrayForEach(f, facts) {
		const cJSON *dates = rec_get(f, "dates");

		if (i >= cut) {
			if (cJSON_GetArraySize(dates) > 0)
				sent[i] = shifted(rec_str(f, "sentence"), dates);
		} else if (!(o->drop > 0 && rng_random(r) < o->drop))
			sent[i] = xstrdup(rec_str(f, "sentence"));
		if (sent[i] != NULL) {
			fact_words += count_words(sent[i]);
			nf++;
		}
		i++;
	}
	slots = nf > 0 ? nf : 1;
	budget = (long)floor(0.93 * (double)target) - fact_words;
	for (i = 0, nf = 0; i < n; i++) {
		long allot, used = 0;

		if (sent[i] == NULL)
			continue;
		if (nf > 0)
			buf_puts(&b, nf % 3 == 0 ? "\n\n" : " ");
		buf_puts(&b, sent[i]);
		nf++;
		/* this fact's share of the filler */
		allot = budget > 0 ? budget * nf / slots - budget * (nf - 1) / slots : 0;
		for (;;) {
			char *s = filler(k, first, pron);
			long w = count_words(s);

			if (used + w > allot) {
				free(s);
				break;
			}
			buf_printf(&b, " %s", s);
			used += w;
			k++;
			free(s);
		}
	}
	out = xstrdup(buf_str(&b));
	if (o->stop_at < 1) {
		long total = 0;
		char *p = out;

		while (*p) {	/* white-space words */
			while (*p && isspace((unsigned char)*p))
				p++;
			if (*p)
				total++;
			while (*p && !isspace((unsigned char)*p))
				p++;
		}
		stop_at(out, (long)floor(o->stop_at * (double)total));
	}
	rec_set_str(rec, "output", out);
	free(out);
	buf_free(&b);
	for (i = 0; i < n; i++)
		free(sent[i]);
	free(sent);
	return REC_OK;
}

/* --repeat's unit: a paragraph of five words or more */
const lw_writer lw_oracle_biog = {
	.task = "biog",
	.fn = write_answer,
	.units = { .sep = "\n\n", .words = 5 },
};
