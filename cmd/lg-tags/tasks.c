/*
 * lg-tags: each task's reader, which finds the items and units of an
 * answer from the record and from what its scorer wrote (see tags.h and
 * the table of lg-tags(1)).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "record.h"
#include "tags.h"
#include "util.h"

#define PROSE_END 0.8	/* a prose answer reached its end at this share of its words */

/* A count in 1..TAG_MAX_UNITS, or -1. */
static long
count_of(const cJSON *v)
{
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 1) ||
	    v->valuedouble > (double)TAG_MAX_UNITS ||
	    v->valuedouble != (double)(long)v->valuedouble)
		return -1;
	return (long)v->valuedouble;
}

/* A count in 0..TAG_MAX_UNITS, or -1. */
static long
count_or_zero(const cJSON *v)
{
	return cJSON_IsNumber(v) && v->valuedouble == 0 ? 0 : count_of(v);
}

/* An entry's text under its header line, of TAG_UNIT_WORDS words or more. */
static void
entry_body(tag_units *u, const char *s, size_t len)
{
	const char *nl = memchr(s, '\n', len);
	size_t skip = nl ? (size_t)(nl - s) + 1 : len;

	if (count_words(s + skip, len - skip) >= TAG_UNIT_WORDS)
		tag_unit(u, s + skip, len - skip);
}

/*
 * LongGenBench: entries by their number, from lg-split's parts.  lg-split
 * keeps the first entry of a number and counts the others in
 * scores.duplicates: each is an entry written twice.
 */
static const char *
read_lgb(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	const cJSON *parts = rec_get(rec, "parts"), *p;
	long want = count_of(rec_get(rec_get(rec, "gold"), "number"));
	const cJSON *dup = rec_get(rec_get(rec, "scores"), "duplicates");

	if (want < 0)
		return "gold.number: not a count from 1 to 10000000";
	if (!cJSON_IsArray(parts))
		return "parts: missing or not an array (lg-split first)";
	if (dup != NULL && count_or_zero(dup) < 0)
		return "scores.duplicates: not a count from 0 to 10000000";
	tag_units_init(u, "entry", want);
	if (dup != NULL && dup->valuedouble > 0) {
		u->copies = (long)dup->valuedouble;
		u->written += u->copies;
		u->dup_item = 1;
	}
	cJSON_ArrayForEach(p, parts) {
		const cJSON *off = rec_get(p, "off"), *n = rec_get(p, "len");
		double o, l;

		if (!cJSON_IsNumber(rec_get(p, "at")) || !cJSON_IsNumber(off) ||
		    !cJSON_IsNumber(n))
			return "parts: each needs numbers at, off and len";
		o = off->valuedouble;
		l = n->valuedouble;
		if (!(o >= 0 && l >= 0 && o + l <= (double)len))
			return "parts: off and len outside the output";
		tag_item(u, rec_long(p, "at", -1));
		entry_body(u, s + (size_t)o, (size_t)l);
	}
	u->readable = u->written > 0;
	return NULL;
}

/* The end of the string opening at s[i] (a quote), past its closing quote. */
static size_t
string_end(const char *s, size_t len, size_t i)
{
	char q = s[i];

	for (i++; i < len && s[i] != q; i++)
		if (s[i] == '\\')
			i++;
	return i < len ? i + 1 : len;
}

static size_t
skip_blanks(const char *s, size_t len, size_t i)
{
	while (i < len && isspace((unsigned char)s[i]))
		i++;
	return i;
}

/* kvg: the pairs of the first object (keys in double or single quotes, as
 * lg-kvcheck reads them), counted by key. */
static const char *
tag_read_kvg(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	long want = count_of(rec_get(rec_get(rec, "gold"), "entries"));
	const char *open = memchr(s, '{', len);
	size_t i, k;

	if (want < 0)
		return "gold.entries: not a count from 1 to 10000000";
	tag_units_init(u, "pair", want);
	u->counted = 1;
	if (open == NULL) {
		u->readable = 0;
		return NULL;
	}
	for (i = (size_t)(open - s) + 1; i < len; ) {
		i = skip_blanks(s, len, i);
		if (i < len && s[i] == ',')
			i++;
		i = skip_blanks(s, len, i);
		if (i >= len || (s[i] != '"' && s[i] != '\'')) {
			u->ends = i < len && s[i] == '}';
			break;
		}
		k = string_end(s, len, i);
		tag_unit(u, s + i, k - i);
		u->written++;
		i = skip_blanks(s, len, k);
		if (i >= len || s[i] != ':')
			break;
		i = skip_blanks(s, len, i + 1);
		if (i < len && (s[i] == '"' || s[i] == '\''))
			i = string_end(s, len, i);
		else
			while (i < len && s[i] != ',' && s[i] != '}' && s[i] != '\n')
				i++;
	}
	u->present = (long)(tag_distinct(u) * (double)u->nunits + 0.5);
	if (u->present > want)
		u->present = want;
	u->readable = u->written > 0 || u->ends;
	return NULL;
}

/* A cell that names a state: blanks, quotes, asterisks, then S and a digit. */
static int
state_cell(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && (isspace((unsigned char)s[i]) || strchr("`'\"*", s[i])))
		i++;
	if (i >= len || (s[i] != 'S' && s[i] != 's'))
		return 0;
	i = skip_blanks(s, len, i + 1);
	return i < len && isdigit((unsigned char)s[i]);
}

/*
 * One sms row: a line of cells split at "|" (at ",", when it has no "|"),
 * whose first cell naming a state (a step number before it aside) has
 * three cells after it, as "S0 | 2 | S2 | 2" or "| 1 | S0 | 2 | S2 | 2 |";
 * its input cell, trimmed, in *in, *inlen.
 */
static int
sms_row(const char *s, size_t len, const char **in, size_t *inlen)
{
	char sep = memchr(s, '|', len) ? '|' : ',';
	size_t start = 0, end, i, cells = 0, at = 0;
	const char *c;
	int found = 0;

	for (;;) {
		c = memchr(s + start, sep, len - start);
		end = c ? (size_t)(c - s) : len;
		if (found)
			cells++;
		if (found && cells == 1)
			at = start;
		if (!found && state_cell(s + start, end - start))
			found = 1;
		if (c == NULL)
			break;
		start = end + 1;
	}
	if (!found || cells < 3)
		return 0;
	i = skip_blanks(s, len, at);
	for (end = i; end < len && s[end] != sep && !isspace((unsigned char)s[end]); end++)
		;
	*in = s + i;
	*inlen = end - i;
	return 1;
}

/* sms: rows against the steps of gold.trace. */
static const char *
tag_read_sms(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	const cJSON *trace = rec_get(rec_get(rec, "gold"), "trace"), *step;
	size_t i = 0, e, plen = 0, inlen;
	const char *prev = NULL, *in, *nl;
	long want, rows;
	int prefix = 1, again = 0;

	if (!cJSON_IsArray(trace) || (want = cJSON_GetArraySize(trace)) < 1 ||
	    want > TAG_MAX_UNITS)
		return "gold.trace: missing, empty or too long";
	tag_units_init(u, "row", want);
	u->counted = 1;
	step = trace->child;
	while (i < len) {
		nl = memchr(s + i, '\n', len - i);
		e = nl ? (size_t)(nl - s) : len;
		if (sms_row(s + i, e - i, &in, &inlen)) {
			const cJSON *want_in = cJSON_GetArrayItem(step, 1);

			u->written++;
			u->units_present = 1;
			if (prev != NULL && plen == e - i && memcmp(prev, s + i, plen) == 0)
				again = 1;
			if (step == NULL || !cJSON_IsString(want_in) ||
			    strlen(want_in->valuestring) != inlen ||
			    memcmp(want_in->valuestring, in, inlen) != 0)
				prefix = 0;
			step = step ? step->next : NULL;
			prev = s + i;
			plen = e - i;
		}
		i = e + 1;
	}
	u->dup_item = again && u->written > want;
	u->ends = !prefix;	/* rows missing but not at the end: skipped */
	/* lg-fsmcheck's reading counts; a gap is placed only where ours agrees */
	if ((rows = count_or_zero(rec_get(rec_get(rec, "scores"), "rows"))) >= 0) {
		u->ends = u->ends && rows == u->written;
		u->written = rows;
		u->units_present = rows > 0;
	}
	u->present = u->written < want ? u->written : want;
	u->readable = u->written > 0;
	return NULL;
}

/* The label of "[[Segment L]]" at s[i], or -1. */
static long
segment_at(const char *s, size_t len, size_t i, size_t *end)
{
	long v = 0;
	size_t j = i + 10;

	if (len - i < 13 || memcmp(s + i, "[[Segment ", 10) != 0)
		return -1;
	if (!isdigit((unsigned char)s[j]))
		return -1;
	for (; j < len && isdigit((unsigned char)s[j]) && v < 1000000000L; j++)
		v = v * 10 + (s[j] - '0');
	if (j + 1 >= len || s[j] != ']' || s[j + 1] != ']')
		return -1;
	*end = j + 2;
	return v;
}

/* Where label stands in gold.order, 1-based, or 0. */
static long
order_pos(const cJSON *order, long label)
{
	const cJSON *v;
	long k = 1;

	cJSON_ArrayForEach(v, order) {
		if (cJSON_IsNumber(v) && v->valuedouble == (double)label)
			return k;
		k++;
	}
	return 0;
}

/* Items of 1..want written at least once. */
static long
seen_count(const tag_units *u)
{
	long i, n = 0;

	for (i = 1; i <= u->want; i++)
		n += u->seen[i] > 0;
	return n;
}

/*
 * pr: segments by their place in the true order.  The order written is the
 * model's, so a missing segment cannot be placed: the items are counted.
 */
static const char *
tag_read_pr(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	const cJSON *order = rec_get(rec_get(rec, "gold"), "order");
	const cJSON *sc = rec_get(rec, "scores");
	size_t i, end = 0, text = 0;
	long want, label, last = -1, got, miss, dup;

	if (!cJSON_IsArray(order) || (want = cJSON_GetArraySize(order)) < 1 ||
	    want > 100000)
		return "gold.order: missing, empty or too long";
	tag_units_init(u, "segment", want);
	for (i = 0; i + 13 <= len; i++) {
		if (s[i] != '[' || (label = segment_at(s, len, i, &end)) < 0)
			continue;
		if (last >= 0)
			tag_unit(u, s + text, i - text);
		tag_item(u, order_pos(order, label));
		last = label;
		text = end;
		i = end - 1;
	}
	if (last >= 0)
		tag_unit(u, s + text, len - text);
	u->counted = 1;
	u->present = seen_count(u);
	/* lg-tau's reading, by label or by content, when it scored the answer */
	if ((got = count_or_zero(rec_get(sc, "returned"))) >= 0 &&
	    (miss = count_or_zero(rec_get(sc, "missing"))) >= 0 &&
	    (dup = count_or_zero(rec_get(sc, "duplicate"))) >= 0) {
		u->written = got;
		u->present = miss < want ? want - miss : 0;
		u->dup_item = u->dup_item || dup > 0;
		u->units_present = got > 0;
	}
	u->readable = u->written > 0;
	return NULL;
}

static int
opens_block(const char *s, size_t len)
{
	return (len >= 4 && memcmp(s, "def ", 4) == 0) ||
	    (len >= 6 && memcmp(s, "class ", 6) == 0) ||
	    (len >= 10 && memcmp(s, "async def ", 10) == 0);
}

/* cf: the program's top-level blocks; functions as lg-flake8 counted them. */
static const char *
tag_read_cf(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	const cJSON *sc = rec_get(rec, "scores");
	const char *how = rec_str(sc, "extracted");
	long want = rec_long(sc, "defs_orig", -1), got = rec_long(sc, "defs_fixed", -1);
	size_t i = 0, start = 0;
	const char *nl;

	if (how == NULL || want < 0 || got < 0 || want > TAG_MAX_UNITS)
		return "scores.extracted, defs_orig, defs_fixed: missing or not counts (lg-flake8 first)";
	tag_units_init(u, "function", want);
	u->counted = 1;
	while (i < len) {
		if (i > start && opens_block(s + i, len - i)) {
			tag_unit(u, s + start, i - start);
			start = i;
		}
		nl = memchr(s + i, '\n', len - i);
		i = nl ? (size_t)(nl - s) + 1 : len;
	}
	tag_unit(u, s + start, len - start);
	u->written = got;
	u->present = got < want ? got : want;
	u->ends = strcmp(how, "opened") != 0;
	u->readable = !(strcmp(how, "bare") == 0 && rec_get(sc, "compile_error"));
	return NULL;
}

/* The verdicts of a judged task: which key numbers them, which says absent. */
typedef struct {
	const char *kind;	/* the verdicts' kind, or NULL for any */
	const char *at;		/* the 0-based number */
	const char *present;	/* a boolean: false when the item is absent */
	const char *unit;
} judged;

static int
absent(const cJSON *v, const judged *j)
{
	const cJSON *m = rec_get(v, "missing"), *x;

	if (rec_get(v, "undecided") && cJSON_IsTrue(rec_get(v, "undecided")))
		return 0;
	if (j->present != NULL)
		return cJSON_IsFalse(rec_get(v, j->present));
	cJSON_ArrayForEach(x, m)
		if (cJSON_IsString(x) && strcmp(x->valuestring, "object") == 0)
			return 1;
	return 0;
}

static const char *
read_judged(const cJSON *rec, const char *s, size_t len, tag_units *u,
    const judged *j)
{
	const cJSON *vs = rec_get(rec, "verdicts"), *v;
	long want = 0, words = rec_long(rec_get(rec, "gold"), "words", 0);

	if (!cJSON_IsArray(vs))
		return "verdicts: missing (lg-judge first)";
	cJSON_ArrayForEach(v, vs) {
		const char *k = rec_str(v, "kind");

		if (j->kind == NULL || (k != NULL && strcmp(k, j->kind) == 0))
			want++;
	}
	if (want == 0 || want > TAG_MAX_UNITS)
		return "verdicts: none of the task's items";
	tag_units_init(u, j->unit, want);
	cJSON_ArrayForEach(v, vs) {
		const char *k = rec_str(v, "kind");
		long at = rec_long(v, j->at, -1);

		if (j->kind != NULL && (k == NULL || strcmp(k, j->kind) != 0))
			continue;
		if (at < 0 || at >= want)
			return "verdicts: an item number outside the task's items";
		if (!absent(v, j))
			tag_item(u, at + 1);
	}
	/* the task sets no order: the items are counted */
	u->counted = 1;
	u->present = seen_count(u);
	tag_paragraphs(u, s, len);
	u->ends = words <= 0 || (double)count_words(s, len) >= PROSE_END * (double)words;
	return NULL;
}

static const char *
tag_read_biog(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	static const judged j = { "fact", "at", NULL, "fact" };

	return read_judged(rec, s, len, u, &j);
}

static const char *
tag_read_sr(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	static const judged j = { NULL, "item", "answered", "question" };

	return read_judged(rec, s, len, u, &j);
}

static const char *
tag_read_nw(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	static const judged j = { "ap_statement", "at", "present", "statement" };

	return read_judged(rec, s, len, u, &j);
}

/* Ada-LEval: one answer, read by lg-choice or not. */
static const char *
read_ada(const cJSON *rec, const char *s, size_t len, tag_units *u)
{
	const cJSON *valid = rec_get(rec_get(rec, "scores"), "valid");

	(void)s;
	(void)len;
	if (!cJSON_IsNumber(valid))
		return "scores.valid: missing or not a number (lg-choice first)";
	tag_units_init(u, "answer", 1);
	u->readable = valid->valuedouble == 1;
	if (u->readable)
		tag_item(u, 1);
	return NULL;
}

const tag_task tag_tasks[] = {
	{ "longgenbench", "diary", read_lgb },
	{ "longgenbench", "menu", read_lgb },
	{ "longgenbench", "skyscraper", read_lgb },
	{ "longgenbench", "city", read_lgb },
	/* the tasks of the list (tasks.def): a LongWeave task's reader is
	 * tag_read_TASK above, Ada-LEval's tasks share one */
#define LW(t, ...) { "longweave", #t, tag_read_##t },
#define ADA(t, ...) { "adaleval", #t, read_ada },
#include "tasks.def"
#undef LW
#undef ADA
};
const size_t tag_ntasks = sizeof tag_tasks / sizeof tag_tasks[0];

void
tag_list_tasks(void)
{
	size_t i;

	for (i = 0; i < tag_ntasks; i++)
		printf("%s\t%s\n", tag_tasks[i].bench, tag_tasks[i].task);
}
