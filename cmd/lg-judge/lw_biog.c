/*
 * judged_biog.c: the rules of the LongWeave biog task.  One verdict per fact of
 * gold.facts: the fact is covered when the object's name, the subject, the
 * relation and every date of the fact are found near each other in the
 * judged text.  The relation is said by a word of its list (relations[])
 * before the object with no object of another relation in between, or
 * after it when no other object follows closely; the dates are looked for
 * between the other facts' objects named around it.
 *
 * Text and names are cut into words as \w+ (Unicode), lowercased; the
 * object is its words in a row (a leading "the" optional).  Near: the
 * dates in the sentence that names the object, the subject in it or the
 * sentence before.  The subject, the protagonist, is found as their first
 * or last name, or a personal pronoun once the text has named them.  A
 * mention on a list line ("- ", "* ", "1. ", "A - relation - B") is no
 * prose and not read (the fact misses "prose"), but under --compat, whose
 * published judge asks for presence "not the writing style".  A year is
 * found as that number; a full date 1948-03-14 as "March 14, 1948", "Mar.
 * 14th 1948", "14 March 1948", "14th of March 1948" or "1948-03-14".
 *
 * The judged text is the answer up to its gold.words-th word (words
 * separated by white space), punctuation intact.  With --compat, as the
 * published scorer did, it is the first gold.words \w+ words re-joined with
 * spaces, punctuation stripped: no sentences are left, and near is then
 * within NEAR words before the object's first word or after its last.
 * Score: facts covered / facts.  A missing or empty answer scores 0.
 *
 * --definition paper, the paper's "penalties for missing or fabricated
 * information": a fact is fabricated when it is not covered and a mention
 * of its object has the subject and the relation near but, among its dates'
 * words, a year that is none of the fact's (the fact told with an invented
 * date); each costs a fact: (covered - fabricated) / facts, at least 0.
 *
 * Bounds, so that no answer makes the work quadratic: up to MAXFACTS facts
 * and MAXWORDS words judged, a sentence read up to WIDE words either side
 * of the object, the first MENTIONS mentions of an object.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "longweave.h"
#include "pyloads.h"
#include "re.h"
#include "record.h"
#include "utf8.h"
#include "words.h"
#include "xalloc.h"

#define NEAR 40		/* --compat: words either side of the object */
#define WIDE 100	/* a sentence is read at most this far either side */
#define MENTIONS 100	/* mentions of an object looked at */
#define MAXFACTS 10000
#define MAXFIELD 1000
#define MAXWORDS 100000L

typedef struct {
	char **w;
	size_t *sent;	/* the sentence of each word */
	unsigned char *list;	/* the word's line is a list item, not prose */
	size_t n, cap;
	size_t named;	/* the first word that names the subject, or n */
} words;

static lg_re *word_re;

static void
words_free(words *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->w[i]);
	free(t->w);
	free(t->sent);
	free(t->list);
	t->w = NULL;
	t->sent = NULL;
	t->list = NULL;
	t->n = t->cap = 0;
}

/* Words after which a full stop ends no sentence. */
static const char *const abbrevs[] = {
	"mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "mt", "ft", "no",
	"vs", "sc", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
	"sept", "oct", "nov", "dec", "inc", "co", "corp", "ltd", "ph",
};

/* Does the gap between words end a sentence?  A '.', '!' or '?' before a
 * word that does not begin in lower case, unless the word before is an
 * abbreviation or a single letter (initials, Ph.D.), or a line break. */
static int
ends_sentence(const char *gap, size_t n, const char *prev, const char *next)
{
	size_t i;

	if (memchr(gap, '\n', n) != NULL)
		return 1;
	if (memchr(gap, '.', n) == NULL && memchr(gap, '!', n) == NULL &&
	    memchr(gap, '?', n) == NULL)
		return 0;
	if (islower((unsigned char)*next))
		return 0;
	if (memchr(gap, '!', n) == NULL && memchr(gap, '?', n) == NULL) {
		if (strlen(prev) == 1)
			return 0;
		for (i = 0; i < sizeof abbrevs / sizeof abbrevs[0]; i++)
			if (strcmp(prev, abbrevs[i]) == 0)
				return 0;
	}
	return 1;
}

/*
 * Whether the line of s[0..len) that starts at i is a list item, not
 * prose: it starts with "-", "*", "+", "•" or "1." / "1)", or it is a
 * triple written "A - relation - B" (two " - " in it).
 */
static int
list_line(const char *s, size_t len, size_t i)
{
	size_t e, dashes = 0, j;

	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	for (e = i; e < len && s[e] != '\n'; e++)
		if (e + 2 < len && s[e] == ' ' && s[e + 1] == '-' && s[e + 2] == ' ')
			dashes++;
	if (i == e)
		return 0;
	if (strchr("-*+", s[i]) != NULL || (e - i >= 3 &&
	    memcmp(s + i, "\xe2\x80\xa2", 3) == 0))
		return 1;
	for (j = i; j < e && isdigit((unsigned char)s[j]); j++)
		;
	if (j > i && j < e && (s[j] == '.' || s[j] == ')'))
		return 1;
	return dashes >= 2;
}

/* The \w+ words of s[0..len), lowercased, at most max (< 0: all); *end
 * is set past the last one taken.  Sentences are counted from 0. */
static void
cut(const char *s, size_t len, long max, words *t, size_t *end)
{
	size_t ov[2], at = 0, i, sent = 0;
	int list = list_line(s, len, 0);

	if (word_re == NULL)
		word_re = re_compile("\\w+", 0);
	*end = 0;
	while ((max < 0 || (long)t->n < max) &&
	    re_match(word_re, s, len, at, ov, 1) > 0) {
		char *w = xstrndup(s + ov[0], ov[1] - ov[0]);

		if (t->n > 0 && ends_sentence(s + at, ov[0] - at, t->w[t->n - 1], w))
			sent++;
		for (i = ov[0]; i > at; i--)	/* a new line */
			if (s[i - 1] == '\n') {
				list = list_line(s, len, i);
				break;
			}
		for (i = 0; w[i]; i++)
			w[i] = (char)tolower((unsigned char)w[i]);
		if (t->n == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 256;
			t->w = xreallocarray(t->w, t->cap, sizeof *t->w);
			t->sent = xreallocarray(t->sent, t->cap, sizeof *t->sent);
			t->list = xreallocarray(t->list, t->cap, sizeof *t->list);
		}
		t->sent[t->n] = sent;
		t->list[t->n] = (unsigned char)list;
		t->w[t->n++] = w;
		at = *end = ov[1];
	}
}

static const char *const month_names[] = {
	"january", "february", "march", "april", "may", "june", "july",
	"august", "september", "october", "november", "december",
};

/* 1..12 for a month name or its abbreviation, else 0. */
static int
month_of(const char *w)
{
	int m;

	for (m = 0; m < 12; m++)
		if (strcmp(w, month_names[m]) == 0 ||
		    (strlen(w) == 3 && strncmp(w, month_names[m], 3) == 0))
			return m + 1;
	return strcmp(w, "sept") == 0 ? 9 : 0;
}

/* The value of a number of up to 4 digits, with an ordinal suffix when
 * ord; -1 otherwise. */
static long
num_of(const char *w, int ord)
{
	size_t n = strspn(w, "0123456789");

	if (n == 0 || n > 4)
		return -1;
	if (w[n] != '\0' && !(ord && (strcmp(w + n, "st") == 0 ||
	    strcmp(w + n, "nd") == 0 || strcmp(w + n, "rd") == 0 ||
	    strcmp(w + n, "th") == 0)))
		return -1;
	return strtol(w, NULL, 10);
}

/* Is the date (y, m, d; m = 0 for a year) written from word i on, before
 * word b? */
static int
date_at(const words *t, size_t i, size_t b, long y, int m, int d)
{
	size_t j;

	if (m == 0)
		return num_of(t->w[i], 0) == y;
	if (i + 2 >= b)
		return 0;
	/* 1948-03-14 */
	if (num_of(t->w[i], 0) == y && num_of(t->w[i + 1], 0) == m &&
	    num_of(t->w[i + 2], 0) == d)
		return 1;
	/* March 14, 1948 */
	if (month_of(t->w[i]) == m && num_of(t->w[i + 1], 1) == d &&
	    num_of(t->w[i + 2], 0) == y)
		return 1;
	/* 14 March 1948, 14th of March 1948 */
	if (num_of(t->w[i], 1) == d) {
		j = i + 1;
		if (strcmp(t->w[j], "of") == 0)
			j++;
		if (j + 1 < b && month_of(t->w[j]) == m &&
		    num_of(t->w[j + 1], 0) == y)
			return 1;
	}
	return 0;
}

static int
date_near(const words *t, size_t a, size_t b, const char *date)
{
	long y, mo = 0, d = 0;
	size_t i;
	char tail;

	if (strlen(date) == 10 && sscanf(date, "%4ld-%2ld-%2ld%c", &y, &mo, &d,
	    &tail) == 3) {
		if (mo < 1 || mo > 12 || d < 1 || d > 31)
			return 0;
	} else if (num_of(date, 0) >= 0)
		y = num_of(date, 0);
	else
		return 0;
	for (i = a; i < b; i++)
		if (date_at(t, i, b, y, (int)mo, (int)d))
			return 1;
	return 0;
}

static const char *const pronouns[] = {
	"he", "she", "they", "him", "her", "his", "hers", "them", "their",
};

/* Is the subject named in [a, b): by a word of their name, or by a
 * pronoun once the text has named them (t->named: a biography of someone
 * else with the same facts is not one of the subject)? */
static int
subject_near(const words *t, size_t a, size_t b, const words *names)
{
	size_t i, k;

	for (i = a; i < b; i++) {
		for (k = 0; k < names->n; k++)
			if (strcmp(t->w[i], names->w[k]) == 0)
				return 1;
		for (k = 0; i > t->named &&
		    k < sizeof pronouns / sizeof pronouns[0]; k++)
			if (strcmp(t->w[i], pronouns[k]) == 0)
				return 1;
	}
	return 0;
}

/* Does the object (its words o) start at word i?  Its end in *e. */
static int
object_at(const words *t, size_t i, const words *o, size_t *e)
{
	size_t k = 0, j = i;

	if (o->n > 1 && strcmp(o->w[0], "the") == 0 &&
	    strcmp(t->w[i], "the") != 0)
		k = 1;
	for (; k < o->n; k++, j++)
		if (j >= t->n || strcmp(t->w[j], o->w[k]) != 0)
			return 0;
	*e = j;
	return 1;
}

static int
field_ok(const cJSON *o, const char *key)
{
	size_t n;
	const char *s = rec_strn(o, key, &n);

	return s != NULL && n > 0 && n <= MAXFIELD && strlen(s) == n;
}

/*
 * Where to look around the object at words [i, e): dates in [*a, *b), the
 * subject in [*sa, *b).  By sentences: the object's sentence, and for the
 * subject the one before too; without (--compat, no punctuation left),
 * NEAR words either side.
 */
static void
around(const words *t, size_t i, size_t e, int compat, size_t *a, size_t *b,
    size_t *sa)
{
	size_t s;

	if (compat) {
		*sa = *a = i > NEAR ? i - NEAR : 0;
		*b = e + NEAR < t->n ? e + NEAR : t->n;
		return;
	}
	s = t->sent[i];
	for (*a = i; *a > 0 && i - *a < WIDE && t->sent[*a - 1] == s; (*a)--)
		;
	for (*sa = *a; *sa > 0 && i - *sa < 2 * WIDE &&
	    t->sent[*sa - 1] + 1 >= s; (*sa)--)
		;
	s = t->sent[e - 1];
	for (*b = e; *b < t->n && *b - e < WIDE && t->sent[*b] == s; (*b)++)
		;
}

/*
 * The words that say each relation (lowercase \w+ words; a trailing '*'
 * makes a prefix).  A relation not in the table is said by its own words
 * but for in, at, of, by and to.
 */
static const struct {
	const char *pred;
	const char *words[24];
} relations[] = {
	{ "born in", { "born", "birth*", "native", NULL } },
	{ "died in", { "died", "die", "dies", "death", "dying", "passed", NULL } },
	{ "grew up in", { "grew", "grow*", "raised", "childhood", "upbringing",
	    "youth", "brought", "boyhood", "girlhood", NULL } },
	{ "child of", { "child", "son", "daughter", "father", "mother", "parent*",
	    "born", NULL } },
	{ "educated at", { "educat*", "stud*", "graduat*", "degree*", "attend*",
	    "enrol*", "alumn*", "earned", "completed", "diploma", "doctorate",
	    "class",
	    "b", "ba", "bsc", "ma", "msc", "phd", "jd", "md", "sc", NULL } },
	{ "worked at", { "work*", "employ*", "job", "joined", "join", "served",
	    "serving", "hired", "career", "position", NULL } },
	{ "member of", { "member*", "joined", "join", "elected", "fellow*",
	    "trustee", "volunteer*", "chair*", "belong*", NULL } },
	{ "founded", { "found", "founded", "founder*", "founding", "co",
	    "establish*", "start*", "launch*", "set", "creat*", NULL } },
	{ "married", { "marri*", "marry*", "wed", "wedding", "wedded", "spouse",
	    "husband", "wife", NULL } },
	{ "awarded", { "award*", "receiv*", "won", "win*", "honou*", "honor*",
	    "prize", "given", "granted", NULL } },
	{ "wrote", { "wrote", "writ*", "author*", "publish*", "penned", "book*",
	    "novel*", "memoir*", "essay*", "poem*", NULL } },
	{ "created", { "creat*", "compos*", "paint*", "produc*", "made", "mak*",
	    "design*", "sculpt*", "direct*", "film*", "develop*", "wrote", NULL } },
	{ "invested in", { "invest*", "backed", "backing", "fund*", "stake",
	    "financ*", NULL } },
	{ "participated in", { "particip*", "part", "took", "involv*", "joined",
	    "attend*", NULL } },
	{ "lived in", { "lived", "liv*", "moved", "mov*", "settl*", "resid*",
	    "relocat*", "home", NULL } },
	{ "knows", { "knew", "know*", "friend*", "colleague*", "collaborat*",
	    "confidant*", "mentor*", "rival*", "counted", "acquaint*",
	    "companion*", "partner*", NULL } },
	{ "influenced by", { "influen*", "inspir*", "shap*", "admir*",
	    "mentor*", NULL } },
	{ "parent of", { "parent*", "child*", "son", "daughter", "father*",
	    "mother*", "born", NULL } },
};

/* The row of relations[] of pred, or -1. */
static int
relation_row(const char *pred)
{
	size_t i;

	for (i = 0; i < sizeof relations / sizeof relations[0]; i++)
		if (strcmp(relations[i].pred, pred) == 0)
			return (int)i;
	return -1;
}

/* Is word w one that says the relation pred (its row of relations[])? */
static int
says(const char *pred, int row, const char *w)
{
	size_t i, k, n;

	if (row >= 0) {
		for (k = 0; relations[row].words[k] != NULL; k++) {
			const char *r = relations[row].words[k];

			n = strlen(r);
			if (r[n - 1] == '*' ? strncmp(w, r, n - 1) == 0 :
			    strcmp(w, r) == 0)
				return 1;
		}
		return 0;
	}
	/* its own words */
	for (i = 0; pred[i] != '\0'; i += n) {
		i += strspn(pred + i, " ");
		n = strcspn(pred + i, " ");
		if (n > 0 && strlen(w) == n && strncasecmp(pred + i, w, n) == 0 &&
		    strcmp(w, "in") != 0 && strcmp(w, "at") != 0 &&
		    strcmp(w, "of") != 0 && strcmp(w, "by") != 0 &&
		    strcmp(w, "to") != 0)
			return 1;
	}
	return 0;
}

/*
 * The facts of a record as the text names them: each fact's object words,
 * and for each word of the text the fact whose object is named from it
 * (the first fact listed, +1; 0: none) and where that name ends.
 */
typedef struct {
	words *obj;		/* per fact */
	const char **pred;	/* per fact */
	int *row;		/* per fact: its row of relations[], or -1 */
	size_t nfacts;
	size_t *owner, *oend;	/* per word of the text */
} named;

static void
named_free(named *nm)
{
	size_t i;

	for (i = 0; i < nm->nfacts; i++)
		words_free(&nm->obj[i]);
	free(nm->obj);
	free(nm->pred);
	free(nm->row);
	free(nm->owner);
	free(nm->oend);
	memset(nm, 0, sizeof *nm);
}

static void
named_load(named *nm, const words *t, const cJSON *facts)
{
	const cJSON *f;
	size_t i, k = 0, e, end, seen;

	nm->nfacts = (size_t)cJSON_GetArraySize(facts);
	nm->obj = xcalloc(nm->nfacts, sizeof *nm->obj);
	nm->pred = xcalloc(nm->nfacts, sizeof *nm->pred);
	nm->row = xcalloc(nm->nfacts, sizeof *nm->row);
	nm->owner = xcalloc(t->n + 1, sizeof *nm->owner);
	nm->oend = xcalloc(t->n + 1, sizeof *nm->oend);
	cJSON_ArrayForEach(f, facts) {
		const char *obj = rec_str(f, "object"), *pred = rec_str(f, "predicate");

		nm->pred[k] = pred != NULL ? pred : "";
		nm->row[k] = relation_row(nm->pred[k]);
		cut(obj, strlen(obj), -1, &nm->obj[k], &end);
		for (i = 0, seen = 0; nm->obj[k].n > 0 && i < t->n &&
		    seen < MENTIONS; i++)
			if (object_at(t, i, &nm->obj[k], &e)) {
				seen++;
				if (nm->owner[i] == 0) {
					nm->owner[i] = k + 1;
					nm->oend[i] = e;
				}
			}
		k++;
	}
}

/* Does a mention at word j name another fact's object, of another
 * relation than fact k's when other is set? */
static int
other_at(const named *nm, size_t j, size_t k, int other)
{
	size_t o = nm->owner[j];

	return o != 0 && o - 1 != k && (!other ||
	    strcmp(nm->pred[o - 1], nm->pred[k]) != 0);
}

#define FOLLOW 6	/* a relation word this near an object says its relation */

/*
 * Is fact k's relation said about its object at words [i, e), within
 * [lo, hi)?  By a word before it, with no object of another relation in
 * between (objects of the same relation may be: "worked at A and B"), or
 * by a word after it that no other object follows closely ("The Restless
 * Frontier, a symphony she created").
 */
static int
relation_near(const words *t, const named *nm, size_t k, size_t i, size_t e,
    size_t lo, size_t hi)
{
	size_t j, m;

	for (j = i; j > lo; j--) {
		if (other_at(nm, j - 1, k, 1))
			break;
		if (says(nm->pred[k], nm->row[k], t->w[j - 1]))
			return 1;
	}
	for (j = e; j < hi; j++) {
		if (other_at(nm, j, k, 0))
			break;
		if (!says(nm->pred[k], nm->row[k], t->w[j]))
			continue;
		for (m = j + 1; m < hi && m <= j + FOLLOW && !other_at(nm, m, k, 0); m++)
			;
		if (m >= hi || m > j + FOLLOW)
			return 1;
	}
	return 0;
}

/* The dates are looked for between the objects of other facts named
 * before and after [i, e). */
static void
between(const named *nm, size_t k, size_t i, size_t e, size_t *a, size_t *b)
{
	size_t j;

	for (j = i; j > *a; j--)
		if (other_at(nm, j - 1, k, 0)) {
			*a = nm->oend[j - 1] < i ? nm->oend[j - 1] : i;
			break;
		}
	for (j = e; j < *b; j++)
		if (other_at(nm, j, k, 0)) {
			*b = j;
			break;
		}
}

/*
 * Does [a, b) hold a year (four digits, 1000 to 2999) that is none of the
 * years of dates?
 */
static int
other_year(const words *t, size_t a, size_t b, const cJSON *dates)
{
	const cJSON *d;
	size_t i;

	for (i = a; i < b; i++) {
		long y = strlen(t->w[i]) == 4 ? num_of(t->w[i], 0) : -1;
		int known = 0;

		if (y < 1000 || y > 2999)
			continue;
		cJSON_ArrayForEach(d, dates)
			known = known || strtol(d->valuestring, NULL, 10) == y;
		if (!known)
			return 1;
	}
	return 0;
}

/* One fact against the text; adds "missing" to v when not covered, and
 * sets *fab when a mention tells it with another year. */
static int
judge_fact(const words *t, const words *names, const named *nm, size_t k,
    const cJSON *f, int compat, cJSON *v, int *fab)
{
	const words *o = &nm->obj[k];
	const cJSON *dates = rec_get(f, "dates"), *d;
	size_t i, e, a, b, sa, ra, rb;
	int found = 0, best = -1, pass = 0, listed = 0;
	cJSON *missing = NULL;

	for (i = 0; o->n > 0 && i < t->n && !pass; i++) {
		int got = 0, all = 1, subj, rel;

		if (!object_at(t, i, o, &e))
			continue;
		if (!compat && t->list[i]) {	/* a list item, not prose */
			listed = 1;
			continue;
		}
		if (found++ == MENTIONS)
			break;
		around(t, i, e, compat, &a, &b, &sa);
		ra = a;
		rb = b;
		between(nm, k, i, e, &a, &b);
		subj = subject_near(t, sa, rb, names);
		rel = relation_near(t, nm, k, i, e, ra, rb);
		got = subj + rel;
		all = subj && rel;
		cJSON_ArrayForEach(d, dates) {
			int ok = date_near(t, a, b, d->valuestring);

			got += ok;
			all = all && ok;
		}
		if (all)
			pass = 1;
		else if (subj && rel && other_year(t, a, b, dates))
			*fab = 1;
		if (!all && got > best) {
			/* the best occurrence tells what is missing */
			best = got;
			cJSON_Delete(missing);
			missing = cJSON_CreateArray();
			if (!subj)
				cJSON_AddItemToArray(missing, cJSON_CreateString("subject"));
			if (!rel)
				cJSON_AddItemToArray(missing, cJSON_CreateString("relation"));
			cJSON_ArrayForEach(d, dates)
				if (!date_near(t, a, b, d->valuestring))
					cJSON_AddItemToArray(missing,
					    cJSON_CreateString(d->valuestring));
		}
	}
	if (!found) {
		missing = cJSON_CreateArray();
		cJSON_AddItemToArray(missing, cJSON_CreateString(listed ? "prose" :
		    "object"));
	}
	if (!pass && missing != NULL)
		cJSON_AddItemToObject(v, "missing", missing);
	else
		cJSON_Delete(missing);
	if (pass)
		*fab = 0;
	return pass;
}

/* --definition paper: the fabricated facts and the score they lower. */
static void
paper_score(cJSON *sc, const judge_opts *jo, long covered, long fab,
    long total)
{
	cJSON_DeleteItemFromObjectCaseSensitive(sc, "fabricated");
	cJSON_DeleteItemFromObjectCaseSensitive(sc, "definition");
	if (jo->definition != LW_DEF_PAPER)
		return;
	rec_set_num(sc, "fabricated", (double)fab);
	rec_set_num(sc, "score", covered > fab ?
	    (double)(covered - fab) / (double)total : 0);
	rec_set_str(sc, "definition", "paper");
}

static int
rules(cJSON *rec, const judge_at *in, const judge_opts *jo)
{
	const cJSON *gold = rec_get(rec, "gold"), *facts, *f, *d;
	const char *text, *first, *last, *why;
	size_t tlen = 0, end;
	long target, covered = 0, total = 0, fabricated = 0;
	words t = { 0 }, names = { 0 };
	named nm = { 0 };
	cJSON *verdicts, *sc;
	int ret = REC_OK;

	if (!cJSON_IsObject(gold))
		return judge_fail(rec, in, "no gold object");
	facts = rec_get(gold, "facts");
	target = rec_long(gold, "words", -1);
	if (!cJSON_IsArray(facts) || cJSON_GetArraySize(facts) < 1 ||
	    cJSON_GetArraySize(facts) > MAXFACTS)
		return judge_fail(rec, in,
		    "gold.facts must be an array of 1 to 10000 facts");
	if (target < 1 || target > MAXWORDS)
		return judge_fail(rec, in,
		    "gold.words must be a word count from 1 to 100000");
	if (!field_ok(gold, "first") || !field_ok(gold, "last"))
		return judge_fail(rec, in,
		    "gold.first and gold.last must be names");
	cJSON_ArrayForEach(f, facts) {
		const cJSON *dates = rec_get(f, "dates");

		if (!cJSON_IsObject(f) || !field_ok(f, "object") ||
		    !field_ok(f, "subject") || !field_ok(f, "predicate") ||
		    !cJSON_IsArray(dates) || cJSON_GetArraySize(dates) > 4)
			return judge_fail(rec, in,
			    "a fact of gold.facts lacks subject, "
			    "predicate, object or dates");
		cJSON_ArrayForEach(d, dates)
			if (!cJSON_IsString(d) || *d->valuestring == '\0' ||
			    strlen(d->valuestring) > 10)
				return judge_fail(rec, in,
				    "a date of gold.facts is not a "
				    "year or a YYYY-MM-DD date");
	}
	first = rec_str(gold, "first");
	last = rec_str(gold, "last");
	cut(first, strlen(first), -1, &names, &end);
	cut(last, strlen(last), -1, &names, &end);

	text = rec_strn(rec, "output", &tlen);
	(void)rec_answer(rec, &why);
	if (why != NULL)
		ret = judge_fail(rec, in, why);
	if (text != NULL) {
		if (jo->compat)
			cut(text, tlen, target, &t, &end);
		else
			cut(text, words_upto(text, tlen, target), -1, &t, &end);
	}
	for (t.named = 0; t.named < t.n; t.named++) {
		size_t k;

		for (k = 0; k < names.n && strcmp(t.w[t.named], names.w[k]) != 0; k++)
			;
		if (k < names.n)
			break;
	}
	named_load(&nm, &t, facts);
	verdicts = cJSON_CreateArray();
	rec_set(rec, "verdicts", verdicts);
	cJSON_ArrayForEach(f, facts) {
		cJSON *v = cJSON_CreateObject();
		int fab = 0;
		int pass = text != NULL && judge_fact(&t, &names, &nm, (size_t)total,
		    f, jo->compat, v, &fab);

		cJSON_AddItemToArray(verdicts, v);
		cJSON_AddStringToObject(v, "kind", "fact");
		cJSON_AddNumberToObject(v, "at", (double)total);
		cJSON_AddBoolToObject(v, "pass", pass);
		cJSON_AddBoolToObject(v, "judged", text != NULL);
		cJSON_AddStringToObject(v, "by", "rules");
		if (fab && jo->definition == LW_DEF_PAPER)
			cJSON_AddTrueToObject(v, "fabricated");
		covered += pass;
		fabricated += fab;
		total++;
	}
	sc = rec_obj(rec, "scores");
	rec_set_num(sc, "facts_covered", (double)covered);
	rec_set_num(sc, "facts_total", (double)total);
	rec_set_num(sc, "judged_words", (double)t.n);
	rec_set_num(sc, "coverage", (double)covered / (double)total);
	rec_set_num(sc, "score", (double)covered / (double)total);
	paper_score(sc, jo, covered, fabricated, total);
	named_free(&nm);
	words_free(&t);
	words_free(&names);
	return ret;
}

static void
fini(void)
{
	re_free(word_re);
	word_re = NULL;
}

/* ---- the model judge (lw_model.c, lw_ask.c) ---- */

/* Clear: a fact covered, or one whose object is named nowhere. */
static int
clear(const cJSON *v)
{
	const cJSON *m = rec_get(v, "missing");

	return cJSON_IsTrue(rec_get(v, "pass")) || (cJSON_GetArraySize(m) == 1 &&
	    cJSON_IsString(m->child) && strcmp(m->child->valuestring, "object") == 0);
}

static void
item(cJSON *o, const cJSON *it)
{
	lw_copy_str(o, "sentence", it, "sentence", NULL);
	lw_copy_str(o, "subject", it, "subject", NULL);
	lw_copy_str(o, "predicate", it, "predicate", NULL);
	lw_copy_str(o, "object", it, "object", NULL);
	cJSON_AddItemToObject(o, "dates", cJSON_Duplicate(rec_get(it, "dates"), 1));
}

static void
published_item(cJSON *o, const cJSON *it)
{
	lw_copy_str(o, "sentence", it, "sentence", NULL);
}

static void
apply(cJSON *v, const int *b)
{
	cJSON_DeleteItemFromObjectCaseSensitive(v, "missing");
	lw_set_bool(v, "pass", b[0]);
}

/* coverage: facts covered / decided (compat: rounded to four decimals as
 * published). */
static void
tally(const cJSON *rec, cJSON *sc, long pass, long ans, long dec, int compat)
{
	double r = (double)pass / (double)dec;

	(void)rec;
	(void)ans;
	if (compat)
		r = lw_round4(r);
	rec_set_num(sc, "facts_covered", (double)pass);
	rec_set_num(sc, "coverage", r);
	rec_set_num(sc, "score", r);
}

/*
 * The published reader (--compat): the first [...] holding no bracket,
 * single quotes made double, read as JSON: booleans, or the strings
 * "true"/"false" in any case and white space; else a reply that starts
 * with true or false read as a comma-separated list.  The booleans into
 * val, padded with false, cut to n; 0: none read.
 */
static int
published(const char *reply, size_t len, int n, int *val, long extra[2])
{
	size_t sl = len, i, open = (size_t)-1;
	const char *s = utf8_pystrip(reply, &sl);
	char *q = xstrndup(s, sl);
	const cJSON *x;
	cJSON *j = NULL;
	int k = 0, ok = 0;

	(void)extra;

	for (i = 0; i < sl; i++)
		if (q[i] == '\'')
			q[i] = '"';
	/* the first [...] holding no bracket */
	for (i = 0; i < sl; i++) {
		if (q[i] == '[')
			open = i;
		else if (q[i] == ']' && open != (size_t)-1)
			break;
	}
	if (i < sl) {
		if ((j = py_loads(q + open, i - open + 1)) == NULL || !cJSON_IsArray(j))
			goto out;
		cJSON_ArrayForEach(x, j) {
			int b = cJSON_IsBool(x) ? cJSON_IsTrue(x) : cJSON_IsString(x) ?
			    py_word(x->valuestring, strlen(x->valuestring)) : -1;

			if (b < 0)
				goto out;
			if (k < n)
				val[k] = b;
			k++;
		}
	} else {
		/* true, false, ... without brackets */
		const char *p = s, *e = s + sl, *c;

		if (!(sl >= 4 && strncasecmp(s, "true", 4) == 0) &&
		    !(sl >= 5 && strncasecmp(s, "false", 5) == 0))
			goto out;
		for (;;) {
			int b;

			c = memchr(p, ',', (size_t)(e - p));
			if ((b = py_word(p, (size_t)((c ? c : e) - p))) < 0)
				goto out;
			if (k < n)
				val[k] = b;
			k++;
			if (c == NULL)
				break;
			p = c + 1;
		}
	}
	for (; k < n; k++)
		val[k] = 0;
	ok = 1;
out:
	cJSON_Delete(j);
	free(q);
	return ok;
}


static const char *const scored[] = {
	"score", "coverage", "facts_covered", NULL
};

static const lw_judge own = {
	"rubrics/longweave/biog.tmpl", JUDGED_UPTO, item, NULL,
	"fact", NULL
};

/* as published: the first gold.words \w+ words joined by single spaces */
static const lw_judge pub = {
	"rubrics/longweave/biog-published.tmpl", JUDGED_WORDS, published_item,
	NULL, NULL, published
};

const lw_task judged_biog = {
	.task = "biog", .rules = rules, .fini = fini,
	.items = "facts", .batch = 10, .fields = { "covered" }, .nfields = 1,
	.clear = clear, .apply = apply, .count = "facts_total",
	.scored = scored, .tally = tally, .own = &own, .published = &pub,
};
