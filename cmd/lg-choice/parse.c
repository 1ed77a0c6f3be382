/*
 * parse.c: answers as models write them.
 *
 * BestAnswer: the designation after the last "Answer:" (any case, markup
 * such as ** or ` between), else the one designation the text names: every
 * A<k> standing alone ("A3", "**A3**", "(A3)"; not "A3B" or "BA3") is a
 * mention, and mentions of two different designations are ambiguous and
 * refused.  A designation outside A1..An is refused.
 *
 * TSort: an order is four numbers written as a bracketed list "[2, 4, 1,
 * 3]" or a chain "2 -> 4 -> 1 -> 3" (also with "Part 2", →, =>, >), or
 * four numbers separated by commas or spaces right after "Answer:".  The
 * one after the last "Answer:" wins; else all orders found must agree.  An
 * order that is not a permutation of 1..4 is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "choice.h"
#include "re.h"

static lg_re *re_answer, *re_desig, *re_list, *re_chain, *re_bare;

void
parse_init(void)
{
	re_answer = re_compile("answer\\s*:[\\s*_`\"'(\\[]*", RE_ICASE);
	re_desig = re_compile("(?<![\\p{L}\\p{N}_])A\\s?(\\d{1,9})(?![\\p{L}\\p{N}_])", 0);
	re_list = re_compile("\\[\\s*(?:part\\s*)?(\\d{1,9})\\s*,\\s*(?:part\\s*)?"
	    "(\\d{1,9})\\s*,\\s*(?:part\\s*)?(\\d{1,9})\\s*,\\s*(?:part\\s*)?"
	    "(\\d{1,9})\\s*\\]", RE_ICASE);
	re_chain = re_compile("(?<![\\d.])(?:part\\s*)?(\\d{1,9})\\s*(?:->|→|=>|>)\\s*"
	    "(?:part\\s*)?(\\d{1,9})\\s*(?:->|→|=>|>)\\s*(?:part\\s*)?(\\d{1,9})"
	    "\\s*(?:->|→|=>|>)\\s*(?:part\\s*)?(\\d{1,9})(?![\\d])", RE_ICASE);
	re_bare = re_compile("\\G(\\d)[\\s,]+(\\d)[\\s,]+(\\d)[\\s,]+(\\d)(?!\\d)", 0);
}

void
parse_fini(void)
{
	re_free(re_answer);
	re_free(re_desig);
	re_free(re_list);
	re_free(re_chain);
	re_free(re_bare);
}

/* The end of the last "Answer:" and its markup, or (size_t)-1. */
static size_t
after_answer(const char *s, size_t len)
{
	size_t ov[2], at = 0, last = (size_t)-1;

	while (at <= len && re_match(re_answer, s, len, at, ov, 1) > 0) {
		last = ov[1];
		at = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	return last;
}

int
parse_designation(const char *s, size_t len, long n, long *k, const char **why)
{
	size_t ov[4], at = 0, a = after_answer(s, len);
	long found = 0, v;

	if (a != (size_t)-1 && re_match(re_desig, s, len, a, ov, 2) > 0 &&
	    ov[0] == a) {
		v = strtol(s + ov[2], NULL, 10);
		if (v < 1 || v > n) {
			*why = "designation out of range";
			return 0;
		}
		*k = v;
		return 1;
	}
	while (at < len && re_match(re_desig, s, len, at, ov, 2) > 0) {
		v = strtol(s + ov[2], NULL, 10);
		if (found && v != found) {
			*why = "ambiguous: two designations named";
			return 0;
		}
		found = v;
		at = ov[1];
	}
	if (found == 0) {
		*why = "no designation";
		return 0;
	}
	if (found < 1 || found > n) {
		*why = "designation out of range";
		return 0;
	}
	*k = found;
	return 1;
}

static int
read4(const char *s, const size_t *ov, long *o, const char **why)
{
	int seen[NPARTS + 1] = { 0 }, i;

	for (i = 0; i < NPARTS; i++) {
		o[i] = strtol(s + ov[2 + 2 * i], NULL, 10);
		if (o[i] < 1 || o[i] > NPARTS || seen[o[i]]++) {
			*why = "not a permutation of 1 to 4";
			return 0;
		}
	}
	return 1;
}

int
parse_order(const char *s, size_t len, long *order, const char **why)
{
	size_t ov[10], a = after_answer(s, len), at;
	long cand[NPARTS];
	int found = 0, i;
	lg_re *res[2];

	res[0] = re_list;
	res[1] = re_chain;
	if (a != (size_t)-1) {
		size_t b = a;

		if (re_match(re_bare, s, len, b, ov, 5) > 0)
			return read4(s, ov, order, why);
		for (i = 0; i < 2; i++)
			if (re_match(res[i], s, len, b, ov, 5) > 0 && ov[0] == b)
				return read4(s, ov, order, why);
	}
	for (i = 0; i < 2; i++) {
		at = 0;
		while (at < len && re_match(res[i], s, len, at, ov, 5) > 0) {
			if (!read4(s, ov, cand, why))
				return 0;
			if (found && memcmp(cand, order, sizeof cand) != 0) {
				*why = "ambiguous: two different orders";
				return 0;
			}
			memcpy(order, cand, sizeof cand);
			found = 1;
			at = ov[1];
		}
	}
	if (!found)
		*why = "no order";
	return found;
}
