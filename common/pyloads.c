/*
 * Python's json.loads() as a cJSON tree (pyloads.h): a recursive descent
 * that follows CPython's scanner (Modules/_json.c) step by step.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "pyloads.h"
#include "xalloc.h"

/* Python's int() refuses more digits (sys.get_int_max_str_digits()). */
#define INT_MAX_DIGITS 4300

typedef struct {
	const char *s, *e;
	int depth;
	struct buf str;		/* a string being decoded */
} rd;

static cJSON *value(rd *r);

static void
skip_ws(rd *r)
{
	while (r->s < r->e && (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' ||
	    *r->s == '\r'))
		r->s++;
}

static int
word(rd *r, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(r->e - r->s) < n || memcmp(r->s, w, n) != 0)
		return 0;
	r->s += n;
	return 1;
}

/* Four hex digits at s (within e): their value, or -1. */
static long
hex4(const char *s, const char *e)
{
	long v = 0;
	int i;

	if (e - s < 4)
		return -1;
	for (i = 0; i < 4; i++) {
		int c = (unsigned char)s[i], d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* A code point as UTF-8 (a surrogate in its three-byte form, U+0000 as
 * C0 80). */
static void
put_cp(struct buf *b, unsigned long cp)
{
	char u[4];

	if (cp == 0) {
		buf_add(b, "\xc0\x80", 2);
	} else if (cp < 0x80) {
		u[0] = (char)cp;
		buf_add(b, u, 1);
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, u, 2);
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		buf_add(b, u, 4);
	}
}

/* A \u escape at r->s (at the u): its code point, a pair joined; -1. */
static long
escape_u(rd *r)
{
	long c = hex4(r->s + 1, r->e), c2;

	if (c < 0)
		return -1;
	r->s += 5;
	/* a high surrogate joins a low one that follows; else it stays alone */
	if (c >= 0xd800 && c <= 0xdbff && r->e - r->s >= 6 && r->s[0] == '\\' &&
	    r->s[1] == 'u' && (c2 = hex4(r->s + 2, r->e)) >= 0xdc00 &&
	    c2 <= 0xdfff) {
		r->s += 6;
		c = 0x10000 + ((c - 0xd800) << 10) + (c2 - 0xdc00);
	}
	return c;
}

/* A string at r->s (its opening quote), decoded into r->str: 0 or -1. */
static int
string(rd *r)
{
	buf_reset(&r->str);
	for (r->s++;;) {
		const char *run = r->s;
		long cp;

		while (r->s < r->e && *r->s != '"' && *r->s != '\\' &&
		    (unsigned char)*r->s >= 0x20)
			r->s++;
		buf_add(&r->str, run, (size_t)(r->s - run));
		if (r->s >= r->e || (unsigned char)*r->s < 0x20)
			return -1;	/* unterminated; strict: no control byte */
		if (*r->s++ == '"')
			break;
		if (r->s >= r->e)
			return -1;
		switch (*r->s) {
		case '"': case '\\': case '/': cp = *r->s; break;
		case 'b': cp = '\b'; break;
		case 'f': cp = '\f'; break;
		case 'n': cp = '\n'; break;
		case 'r': cp = '\r'; break;
		case 't': cp = '\t'; break;
		case 'u':
			if ((cp = escape_u(r)) < 0)
				return -1;
			put_cp(&r->str, (unsigned long)cp);
			continue;
		default:
			return -1;
		}
		r->s++;
		put_cp(&r->str, (unsigned long)cp);
	}
	buf_add(&r->str, "", 1);	/* ends the C string */
	return 0;
}

/* A number item of value d (a NaN or an infinity too). */
static cJSON *
num_item(double d)
{
	cJSON *v = cJSON_CreateNumber(0);

	if (v != NULL) {
		v->valuedouble = d;
		v->valueint = d >= INT_MAX ? INT_MAX : d <= INT_MIN ? INT_MIN :
		    d == d ? (int)d : 0;
	}
	return v;
}

static int
digit(const rd *r, const char *p)
{
	return p < r->e && *p >= '0' && *p <= '9';
}

/*
 * A number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?, the fraction
 * and exponent taken only when whole (what follows then fails, as in
 * Python).  A leading zero ends the integer part, so 01 fails after it.
 */
static cJSON *
number(rd *r)
{
	const char *p = r->s, *q, *int0;
	char tmp[64], *big = NULL;
	int isint = 1;
	size_t n;
	double d;

	if (p < r->e && *p == '-')
		p++;
	if (!digit(r, p))
		return NULL;
	int0 = p;
	if (*p++ != '0')
		while (digit(r, p))
			p++;
	if (p < r->e && *p == '.' && digit(r, p + 1)) {
		isint = 0;
		for (p += 2; digit(r, p); p++)
			;
	}
	if (p < r->e && (*p == 'e' || *p == 'E')) {
		q = p + 1;
		if (q < r->e && (*q == '+' || *q == '-'))
			q++;
		if (digit(r, q)) {
			isint = 0;
			for (p = q; digit(r, p); p++)
				;
		}
	}
	if (isint && p - int0 > INT_MAX_DIGITS)
		return NULL;	/* ValueError */
	n = (size_t)(p - r->s);
	if (n >= sizeof tmp)
		big = xmalloc(n + 1);
	memcpy(big ? big : tmp, r->s, n);
	(big ? big : tmp)[n] = '\0';
	d = strtod(big ? big : tmp, NULL);
	free(big);
	r->s = p;
	return num_item(d);	/* an int too, as Python's float of it */
}

/* A member's value: into o under r->str's key (a copy), or -1. */
static int
member(rd *r, cJSON *o)
{
	char *key = xstrdup(r->str.s);
	cJSON *v;

	skip_ws(r);
	if (r->s >= r->e || *r->s != ':') {
		free(key);
		return -1;
	}
	r->s++;
	skip_ws(r);
	if ((v = value(r)) == NULL) {
		free(key);
		return -1;
	}
	/* every member kept, a duplicate after the first (cJSON's Add
	 * copies the key, and never looks for one already there) */
	cJSON_AddItemToObject(o, key, v);
	free(key);
	return 0;
}

/* An object or an array at r->s, its bracket. */
static cJSON *
container(rd *r)
{
	int obj = *r->s == '{';
	char close = obj ? '}' : ']';
	cJSON *c, *v;

	if (++r->depth > PY_LOADS_DEPTH)
		return NULL;
	c = obj ? cJSON_CreateObject() : cJSON_CreateArray();
	r->s++;
	skip_ws(r);
	if (r->s < r->e && *r->s == close)
		goto done;
	for (;;) {
		if (obj) {
			if (r->s >= r->e || *r->s != '"' || string(r) < 0 ||
			    member(r, c) < 0)
				break;
		} else {
			if ((v = value(r)) == NULL)
				break;
			cJSON_AddItemToArray(c, v);
		}
		skip_ws(r);
		if (r->s < r->e && *r->s == ',') {
			r->s++;
			skip_ws(r);
			continue;
		}
		if (r->s < r->e && *r->s == close)
			goto done;
		break;
	}
	cJSON_Delete(c);
	return NULL;
done:
	r->s++;
	r->depth--;
	return c;
}

static cJSON *
value(rd *r)
{
	double d;

	if (r->s >= r->e)
		return NULL;
	switch (*r->s) {
	case '{': case '[':
		return container(r);
	case '"':
		return string(r) < 0 ? NULL : cJSON_CreateString(r->str.s);
	case 'n':
		return word(r, "null") ? cJSON_CreateNull() : NULL;
	case 't':
		return word(r, "true") ? cJSON_CreateTrue() : NULL;
	case 'f':
		return word(r, "false") ? cJSON_CreateFalse() : NULL;
	case 'N':
	case 'I':
	case '-':
		if (word(r, "NaN"))
			d = NAN;
		else if (word(r, "Infinity"))
			d = INFINITY;
		else if (word(r, "-Infinity"))
			d = -INFINITY;
		else
			return number(r);
		return num_item(d);
	default:
		return number(r);
	}
}

cJSON *
py_loads(const char *s, size_t n)
{
	rd r = { s, s + n, 0, { 0 } };
	cJSON *j;

	if (n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		return NULL;	/* "Unexpected UTF-8 BOM" */
	skip_ws(&r);
	j = value(&r);
	skip_ws(&r);
	if (j != NULL && r.s != r.e) {	/* "Extra data" */
		cJSON_Delete(j);
		j = NULL;
	}
	buf_free(&r.str);
	return j;
}
