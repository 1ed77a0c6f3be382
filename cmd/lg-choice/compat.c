/*
 * compat.c: the published Ada-LEval answer parsers, rule for rule.
 *
 * StackSelect: for i = n down to 1, the first "A<i>" found anywhere in the
 * answer (as a substring: "A12" also holds "A1"); when none, the same with
 * the bare number "<i>"; when none, "???" (0 here).
 *
 * TextSort: when the answer holds "Answer:", the text between the first
 * and the second "Answer:" with white space stripped (Python's
 * str.strip()); that read as JSON by json.loads(); when it is not JSON, the
 * one permutation of 1234 whose digits appear in that order in the text,
 * else [0, 0, 0, 0].  The match is zip(gold, extracted): every pair equal,
 * over the shorter of the two, so an empty list, "" or {} match anything,
 * a string or an object matches nothing else, and a JSON number, true,
 * false or null make the published evaluation raise (CMP_RAISE).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "choice.h"
#include "utf8.h"

long
compat_designation(const char *s, size_t len, long n)
{
	char needle[32];
	long i;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = n; i >= 1; i--) {
			int m = snprintf(needle, sizeof needle, "%s%ld",
			    pass == 0 ? "A" : "", i);

			if (memmem(s, len, needle, (size_t)m) != NULL)
				return i;
		}
	return 0;
}

/* ---- Python's json.loads, as far as the match needs it ---- */

typedef struct {
	const char *s, *end;
	int depth;
} jp;

enum { JV_BAD, JV_NUM, JV_BOOL, JV_NULL, JV_STR, JV_ARR, JV_OBJ };

static void
ws(jp *p)
{
	while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' ||
	    *p->s == '\r'))
		p->s++;
}

static int
lit(jp *p, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(p->end - p->s) >= n && memcmp(p->s, w, n) == 0) {
		p->s += n;
		return 1;
	}
	return 0;
}

static int
hex4(const char *s)
{
	int i;

	for (i = 0; i < 4; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') ||
		    (s[i] >= 'A' && s[i] <= 'F')))
			return 0;
	return 1;
}

/* A value: its kind, *num its number (bool as 0/1), *empty for str/arr/obj. */
static int value(jp *p, double *num, int *empty);

static int
string(jp *p, int *empty)
{
	const char *st = ++p->s;

	while (p->s < p->end && *p->s != '"') {
		unsigned char c = (unsigned char)*p->s;

		if (c < 0x20)
			return JV_BAD;
		if (c == '\\') {
			if (p->end - p->s < 2)
				return JV_BAD;
			c = (unsigned char)p->s[1];
			if (c == 'u') {
				if (p->end - p->s < 6 || !hex4(p->s + 2))
					return JV_BAD;
				p->s += 6;
				continue;
			}
			if (!strchr("\"\\/bfnrt", c))
				return JV_BAD;
			p->s += 2;
			continue;
		}
		p->s++;
	}
	if (p->s >= p->end)
		return JV_BAD;
	*empty = p->s == st;
	p->s++;
	return JV_STR;
}

static int
number(jp *p, double *num)
{
	const char *st = p->s;
	char *tmp;

	if (p->s < p->end && *p->s == '-')
		p->s++;
	if (lit(p, "Infinity")) {
		*num = st[0] == '-' ? -INFINITY : INFINITY;
		return JV_NUM;
	}
	if (p->s >= p->end || *p->s < '0' || *p->s > '9')
		return JV_BAD;
	if (*p->s == '0')
		p->s++;
	else
		while (p->s < p->end && *p->s >= '0' && *p->s <= '9')
			p->s++;
	if (p->s + 1 < p->end && *p->s == '.' && p->s[1] >= '0' && p->s[1] <= '9') {
		p->s++;
		while (p->s < p->end && *p->s >= '0' && *p->s <= '9')
			p->s++;
	}
	if (p->s < p->end && (*p->s == 'e' || *p->s == 'E')) {
		const char *e = p->s + 1;

		if (e < p->end && (*e == '+' || *e == '-'))
			e++;
		if (e < p->end && *e >= '0' && *e <= '9') {
			p->s = e;
			while (p->s < p->end && *p->s >= '0' && *p->s <= '9')
				p->s++;
		}
	}
	tmp = strndup(st, (size_t)(p->s - st));
	*num = tmp ? strtod(tmp, NULL) : NAN;
	free(tmp);
	return JV_NUM;
}

static int
container(jp *p, char close, int *empty)
{
	double d;
	int e, first = 1;

	if (++p->depth > 900)
		return JV_BAD;
	p->s++;
	ws(p);
	*empty = p->s < p->end && *p->s == close;
	if (*empty) {
		p->s++;
		p->depth--;
		return close == ']' ? JV_ARR : JV_OBJ;
	}
	for (;;) {
		if (!first) {
			ws(p);
			if (p->s < p->end && *p->s == close) {
				p->s++;
				p->depth--;
				return close == ']' ? JV_ARR : JV_OBJ;
			}
			if (p->s >= p->end || *p->s != ',')
				return JV_BAD;
			p->s++;
		}
		first = 0;
		ws(p);
		if (close == '}') {
			if (p->s >= p->end || *p->s != '"' || string(p, &e) != JV_STR)
				return JV_BAD;
			ws(p);
			if (p->s >= p->end || *p->s != ':')
				return JV_BAD;
			p->s++;
			ws(p);
		}
		if (value(p, &d, &e) == JV_BAD)
			return JV_BAD;
	}
}

static int
value(jp *p, double *num, int *empty)
{
	*num = NAN;
	*empty = 0;
	if (p->s >= p->end)
		return JV_BAD;
	switch (*p->s) {
	case '"': return string(p, empty);
	case '[': return container(p, ']', empty);
	case '{': return container(p, '}', empty);
	case 't': if (lit(p, "true")) { *num = 1; return JV_BOOL; } return JV_BAD;
	case 'f': if (lit(p, "false")) { *num = 0; return JV_BOOL; } return JV_BAD;
	case 'n': return lit(p, "null") ? JV_NULL : JV_BAD;
	case 'N': if (lit(p, "NaN")) return JV_NUM; return JV_BAD;
	default: return number(p, num);
	}
}

/* The top-level list's leading elements compared with gold: CMP_*. */
static int
match_list(const char *s, const char *end, const long *gold, long *order)
{
	jp p = { s, end, 0 };
	int i, e, k, hit = CMP_HIT;
	double d;

	p.s++;
	ws(&p);
	for (i = 0; i < NPARTS && p.s < p.end && *p.s != ']'; i++) {
		if (i > 0) {
			p.s++;	/* the comma: the whole text was checked */
			ws(&p);
		}
		k = value(&p, &d, &e);
		order[i] = (k == JV_NUM || k == JV_BOOL) && d == floor(d) &&
		    fabs(d) < 1e9 ? (long)d : 0;
		if (!((k == JV_NUM || k == JV_BOOL) && d == (double)gold[i]))
			hit = CMP_MISS;
		ws(&p);
	}
	return hit;
}

static int
subseq(const char *s, size_t len, const int *perm)
{
	size_t at = 0;
	int i;

	for (i = 0; i < NPARTS; i++) {
		const char *f = at <= len ? memchr(s + at, '0' + perm[i], len - at) : NULL;

		if (f == NULL)
			return 0;
		at = (size_t)(f - s) + 1;
	}
	return 1;
}

int
compat_order(const char *s, size_t len, const long *gold, int *valid, long *order)
{
	const char *a = memmem(s, len, "Answer:", 7), *b, *vstart;
	int kind, empty, i, found = 0, perm[NPARTS], hit[NPARTS];
	double d;
	jp p;
	size_t n;

	*valid = 0;
	memset(order, 0, NPARTS * sizeof *order);
	if (a != NULL) {
		a += 7;
		b = memmem(a, len - (size_t)(a - s), "Answer:", 7);
		n = (size_t)((b ? b : s + len) - a);
		s = utf8_pystrip(a, &n);
		len = n;
	}
	p.s = s;
	p.end = s + len;
	p.depth = 0;
	ws(&p);
	vstart = p.s;
	kind = value(&p, &d, &empty);
	ws(&p);
	if (kind != JV_BAD && p.s == p.end) {
		*valid = 1;
		switch (kind) {
		case JV_ARR:
			return empty ? CMP_HIT : match_list(vstart, s + len,
			    gold, order);
		case JV_STR:
		case JV_OBJ:
			return empty ? CMP_HIT : CMP_MISS;
		default:
			return CMP_RAISE;
		}
	}
	/* the unique permutation found as a subsequence, in itertools order */
	for (i = 0; i < 24; i++) {
		int pool[NPARTS] = { 1, 2, 3, 4 }, q, j, left = NPARTS, f = 6, x = i, pm[NPARTS];

		for (q = 0; q < NPARTS; q++) {
			int c = x / f;

			x %= f;
			pm[q] = pool[c];
			for (j = c; j < left - 1; j++)
				pool[j] = pool[j + 1];
			left--;
			if (left > 0)
				f /= left;
		}
		if (subseq(s, len, pm)) {
			if (found++)
				break;
			memcpy(perm, pm, sizeof perm);
		}
	}
	if (found != 1)
		return CMP_MISS;
	*valid = 1;
	for (i = 0; i < NPARTS; i++) {
		order[i] = perm[i];
		hit[i] = perm[i] == gold[i];
	}
	return hit[0] && hit[1] && hit[2] && hit[3] ? CMP_HIT : CMP_MISS;
}
