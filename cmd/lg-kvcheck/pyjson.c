/*
 * pyjson.c: Python's json.loads() and str() as the published kvg scorer
 * uses them, written from Python's documented behaviour (json module,
 * repr of str, float and containers).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "pyjson.h"
#include "re.h"
#include "xalloc.h"

/* Python's int() refuses decimal strings longer than this (3.11 onwards). */
#define PY_INT_MAX_DIGITS 4300

static lg_re *re_printable;

void
pyjson_init(void)
{
	/* str.isprintable(): not Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs */
	re_printable = re_compile("\\A[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}]", 0);
}

void
pyjson_fini(void)
{
	re_free(re_printable);
	re_printable = NULL;
}

size_t
py_utf8(const char *s, size_t n, uint32_t *c)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t k, i;

	if (u[0] < 0x80) {
		*c = u[0];
		return 1;
	}
	if (u[0] >= 0xf0) {
		*c = u[0] & 0x07;
		k = 4;
	} else if (u[0] >= 0xe0) {
		*c = u[0] & 0x0f;
		k = 3;
	} else {
		*c = u[0] & 0x1f;
		k = 2;
	}
	if (k > n)
		k = n;
	for (i = 1; i < k; i++)
		*c = *c << 6 | (u[i] & 0x3f);
	return k;
}

int
py_isspace(uint32_t c)
{
	switch (c) {
	case 0x09: case 0x0a: case 0x0b: case 0x0c: case 0x0d:
	case 0x1c: case 0x1d: case 0x1e: case 0x1f: case 0x20:
	case 0x85: case 0xa0: case 0x1680:
	case 0x2028: case 0x2029: case 0x202f: case 0x205f: case 0x3000:
		return 1;
	}
	return c >= 0x2000 && c <= 0x200a;
}

/* Code points of one string. */
typedef struct {
	uint32_t *v;
	size_t n, cap;
} cps;

static void
cps_add(cps *a, uint32_t c)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 64;
		a->v = xreallocarray(a->v, a->cap, sizeof *a->v);
	}
	a->v[a->n++] = c;
}

/* One code point in the handed-out form (NUL as C0 80, surrogates kept) at o. */
static size_t
enc_cp(unsigned char *o, uint32_t c)
{
	if (c == 0) {
		o[0] = 0xc0;
		o[1] = 0x80;
		return 2;
	}
	if (c < 0x80) {
		o[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		o[0] = (unsigned char)(0xc0 | c >> 6);
		o[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		o[0] = (unsigned char)(0xe0 | c >> 12);
		o[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		o[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | c >> 18);
	o[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
	o[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
	o[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

static void
put_cp(struct buf *b, uint32_t c)
{
	unsigned char o[4];

	buf_add(b, (const char *)o, enc_cp(o, c));
}

static int
printable(uint32_t c)
{
	unsigned char u[4];
	size_t ov[2], n;

	if (c < 0x80)
		return c >= 0x20 && c < 0x7f;
	if (c >= 0xd800 && c <= 0xdfff)
		return 0;	/* Cs */
	n = enc_cp(u, c);
	return re_match(re_printable, (const char *)u, n, 0, ov, 1) > 0;
}

/* Python's repr() of a str. */
static void
str_repr(struct buf *b, const cps *a)
{
	int sq = 0, dq = 0;
	char quote;
	size_t i;

	for (i = 0; i < a->n; i++) {
		sq |= a->v[i] == '\'';
		dq |= a->v[i] == '"';
	}
	quote = sq && !dq ? '"' : '\'';
	buf_putc(b, quote);
	for (i = 0; i < a->n; i++) {
		uint32_t c = a->v[i];

		if (c == (uint32_t)quote || c == '\\') {
			buf_putc(b, '\\');
			buf_putc(b, (int)c);
		} else if (c == '\t')
			buf_puts(b, "\\t");
		else if (c == '\n')
			buf_puts(b, "\\n");
		else if (c == '\r')
			buf_puts(b, "\\r");
		else if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\x%02x", (unsigned)c);
		else if (c < 0x7f || printable(c))
			put_cp(b, c);
		else if (c <= 0xff)
			buf_printf(b, "\\x%02x", (unsigned)c);
		else if (c <= 0xffff)
			buf_printf(b, "\\u%04x", (unsigned)c);
		else
			buf_printf(b, "\\U%08x", (unsigned)c);
	}
	buf_putc(b, quote);
}

/* ---- float repr ---- */

/* Split "%.*e" text into its digits and decimal exponent. */
static void
split_e(const char *t, char *dig, int *exp)
{
	size_t n = 0;

	for (; *t != 'e'; t++)
		if (*t != '.')
			dig[n++] = *t;
	dig[n] = '\0';
	*exp = atoi(t + 1);
}

/* Does dig x 10^(exp - ndigits + 1) read back as x? */
static int
reads_back(const char *dig, int exp, double x)
{
	char t[48];

	snprintf(t, sizeof t, "%c.%se%d", dig[0], dig + 1, exp);
	return strtod(t, NULL) == x;
}

/* The next p-digit decimal up (dir > 0) or down from dig x 10^exp. */
static void
step(char *dig, int *exp, int dir)
{
	size_t n = strlen(dig), i;

	if (dir > 0) {
		for (i = n; i-- > 0;) {
			if (dig[i] != '9') {
				dig[i]++;
				return;
			}
			dig[i] = '0';
		}
		dig[0] = '1';	/* 99..9 + 1 = 100..0, one decade up */
		++*exp;
		return;
	}
	for (i = 1; i < n && dig[i] == '0'; i++)
		;
	if (dig[0] == '1' && i == n) {	/* 100..0 - 1 = 99..9, one decade down */
		memset(dig, '9', n);
		--*exp;
		return;
	}
	for (i = n; i-- > 0;) {
		if (dig[i] != '0') {
			dig[i]--;
			return;
		}
		dig[i] = '9';
	}
}

/*
 * The shortest digits that read back as x > 0 (finite), the nearest to x
 * of them: Python's repr (David Gay's shortest mode).
 */
static void
shortest(double x, char *dig, int *exp)
{
	char t[48], alt[24];
	int p, e;

	for (p = 1; p <= 17; p++) {
		snprintf(t, sizeof t, "%.*e", p - 1, x);
		split_e(t, dig, exp);
		if (strtod(t, NULL) == x)
			break;
		/* at a power of two the interval is lopsided: try the far side */
		memcpy(alt, dig, strlen(dig) + 1);
		e = *exp;
		step(alt, &e, strtod(t, NULL) < x ? 1 : -1);
		if (reads_back(alt, e, x)) {
			memcpy(dig, alt, strlen(alt) + 1);
			*exp = e;
			break;
		}
	}
	for (p = (int)strlen(dig); p > 1 && dig[p - 1] == '0'; p--)
		dig[p - 1] = '\0';
}

void
py_float_repr(struct buf *b, double x)
{
	char dig[24];
	int exp, decpt, nd, i;

	if (isnan(x)) {
		buf_puts(b, "nan");
		return;
	}
	if (isinf(x)) {
		buf_puts(b, x < 0 ? "-inf" : "inf");
		return;
	}
	if (x == 0) {
		buf_puts(b, signbit(x) ? "-0.0" : "0.0");
		return;
	}
	if (x < 0) {
		buf_putc(b, '-');
		x = -x;
	}
	shortest(x, dig, &exp);
	nd = (int)strlen(dig);
	decpt = exp + 1;	/* x = 0.dig x 10^decpt */
	if (decpt <= -4 || decpt > 16) {
		buf_putc(b, dig[0]);
		if (nd > 1) {
			buf_putc(b, '.');
			buf_puts(b, dig + 1);
		}
		buf_printf(b, "e%c%02d", exp < 0 ? '-' : '+', abs(exp));
	} else if (decpt <= 0) {
		buf_puts(b, "0.");
		for (i = 0; i < -decpt; i++)
			buf_putc(b, '0');
		buf_puts(b, dig);
	} else if (decpt >= nd) {
		buf_puts(b, dig);
		for (i = nd; i < decpt; i++)
			buf_putc(b, '0');
		buf_puts(b, ".0");
	} else {
		buf_add(b, dig, (size_t)decpt);
		buf_putc(b, '.');
		buf_puts(b, dig + decpt);
	}
}

/* ---- the reader ---- */

typedef struct {
	const char *s;
	size_t len, i;
	int depth;	/* containers open, the top object included */
	int err;	/* PYJ_DECODE or PYJ_RAISE once failed */
	int deep;	/* the value being read nests too deep to print */
} pj;

static int
fail(pj *p, int err)
{
	if (p->err == PYJ_OK)
		p->err = err;
	return -1;
}

static void
ws(pj *p)
{
	while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\t' ||
	    p->s[p->i] == '\n' || p->s[p->i] == '\r'))
		p->i++;
}

static int
is_digit(pj *p, size_t i)
{
	return i < p->len && p->s[i] >= '0' && p->s[i] <= '9';
}

static int
hex4(const char *s, uint32_t *out)
{
	uint32_t v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		int c = (unsigned char)s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (uint32_t)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* A string at s[i] == '"' into a (emptied first). */
static int
string(pj *p, cps *a)
{
	uint32_t c, lo;

	a->n = 0;
	p->i++;
	for (;;) {
		if (p->i >= p->len)
			return fail(p, PYJ_DECODE);	/* unterminated */
		c = (unsigned char)p->s[p->i];
		if (c == '"') {
			p->i++;
			return 0;
		}
		if (c < 0x20)
			return fail(p, PYJ_DECODE);	/* strict: control character */
		if (c != '\\') {
			p->i += py_utf8(p->s + p->i, p->len - p->i, &c);
			cps_add(a, c);
			continue;
		}
		if (p->i + 1 >= p->len)
			return fail(p, PYJ_DECODE);
		c = (unsigned char)p->s[p->i + 1];
		p->i += 2;
		switch (c) {
		case '"': case '\\': case '/': break;
		case 'b': c = '\b'; break;
		case 'f': c = '\f'; break;
		case 'n': c = '\n'; break;
		case 'r': c = '\r'; break;
		case 't': c = '\t'; break;
		case 'u':
			/* four hex digits and something after them */
			if (p->i + 4 >= p->len || hex4(p->s + p->i, &c) < 0)
				return fail(p, PYJ_DECODE);
			p->i += 4;
			if (c >= 0xd800 && c <= 0xdbff && p->i + 6 < p->len &&
			    p->s[p->i] == '\\' && p->s[p->i + 1] == 'u') {
				if (hex4(p->s + p->i + 2, &lo) < 0)
					return fail(p, PYJ_DECODE);
				if (lo >= 0xdc00 && lo <= 0xdfff) {
					c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
					p->i += 6;
				}
			}
			break;
		default:
			return fail(p, PYJ_DECODE);	/* invalid escape */
		}
		cps_add(a, c);
	}
}

static void
put_cps(struct buf *b, const cps *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		put_cp(b, a->v[i]);
}

static int
number(pj *p, struct buf *out)
{
	size_t start = p->i, e, d, ndig;
	int is_float = 0;

	if (p->s[p->i] == '-')
		p->i++;
	if (is_digit(p, p->i) && p->s[p->i] != '0')
		while (is_digit(p, p->i))
			p->i++;
	else if (is_digit(p, p->i))
		p->i++;
	else
		return fail(p, PYJ_DECODE);
	ndig = p->i - start - (p->s[start] == '-');
	if (p->i + 1 < p->len && p->s[p->i] == '.' && is_digit(p, p->i + 1)) {
		is_float = 1;
		for (p->i += 2; is_digit(p, p->i); p->i++)
			;
	}
	if (p->i + 1 < p->len && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
		e = p->i++;
		if (p->i + 1 < p->len && (p->s[p->i] == '-' || p->s[p->i] == '+'))
			p->i++;
		for (d = p->i; is_digit(p, p->i); p->i++)
			;
		if (p->i > d)
			is_float = 1;
		else
			p->i = e;
	}
	if (is_float) {
		char *t = xstrndup(p->s + start, p->i - start);

		py_float_repr(out, strtod(t, NULL));
		free(t);
		return 0;
	}
	if (ndig > PY_INT_MAX_DIGITS)
		return fail(p, PYJ_RAISE);	/* ValueError from int() */
	if (p->i - start == 2 && p->s[start] == '-' && p->s[start + 1] == '0')
		buf_putc(out, '0');
	else
		buf_add(out, p->s + start, p->i - start);
	return 0;
}

static int value(pj *p, struct buf *out, int repr, int rdepth, cps *a);

/* Does the text at s[i] spell w? */
static int
word(pj *p, const char *w)
{
	size_t n = strlen(w);

	return p->len - p->i >= n && memcmp(p->s + p->i, w, n) == 0;
}

/*
 * A container at s[i]: an array, or an object as its list of pairs.
 * rdepth counts the nested reprs (a pair is a tuple inside the list).
 */
static int
container(pj *p, struct buf *out, int rdepth, cps *a)
{
	int obj = p->s[p->i] == '{';
	char close = obj ? '}' : ']';
	int first = 1;

	if (++p->depth > PYJ_MAX_DEPTH)
		return fail(p, PYJ_RAISE);	/* RecursionError while parsing */
	if (rdepth + 1 + obj > PYJ_MAX_DEPTH)
		p->deep = 1;	/* parses, but str() of it raises RecursionError */
	p->i++;
	ws(p);
	buf_putc(out, '[');
	if (p->i < p->len && p->s[p->i] == close) {
		p->i++;
		p->depth--;
		buf_putc(out, ']');
		return 0;
	}
	for (;;) {
		if (!first)
			buf_puts(out, ", ");
		first = 0;
		if (obj) {
			if (p->i >= p->len || p->s[p->i] != '"' || string(p, a) < 0)
				return fail(p, PYJ_DECODE);
			buf_putc(out, '(');
			str_repr(out, a);
			buf_puts(out, ", ");
			ws(p);
			if (p->i >= p->len || p->s[p->i] != ':')
				return fail(p, PYJ_DECODE);
			p->i++;
			ws(p);
		}
		if (value(p, out, 1, rdepth + 1 + obj, a) < 0)
			return -1;
		if (obj)
			buf_putc(out, ')');
		ws(p);
		if (p->i < p->len && p->s[p->i] == close)
			break;
		if (p->i >= p->len || p->s[p->i] != ',')
			return fail(p, PYJ_DECODE);
		p->i++;
		ws(p);
	}
	p->i++;
	p->depth--;
	buf_putc(out, ']');
	return 0;
}

/* A value at s[i], printed as str() (repr 0) or repr() into out. */
static int
value(pj *p, struct buf *out, int repr, int rdepth, cps *a)
{
	static const char *const lit[][2] = {
		{ "null", "None" }, { "true", "True" }, { "false", "False" },
		{ "NaN", "nan" }, { "Infinity", "inf" }, { "-Infinity", "-inf" }
	};
	size_t j;

	if (p->i >= p->len)
		return fail(p, PYJ_DECODE);
	switch (p->s[p->i]) {
	case '"':
		if (string(p, a) < 0)
			return -1;
		if (repr)
			str_repr(out, a);
		else
			put_cps(out, a);
		return 0;
	case '{': case '[':
		return container(p, out, rdepth, a);
	}
	for (j = 0; j < sizeof lit / sizeof lit[0]; j++)
		if (word(p, lit[j][0])) {
			p->i += strlen(lit[j][0]);
			buf_puts(out, lit[j][1]);
			return 0;
		}
	return number(p, out);
}

/* The top object's pairs: keys and values as str() prints them, to fn. */
static int
pairs(pj *p, pyj_pair_fn *fn, void *arg, cps *a)
{
	struct buf k = { 0 }, v = { 0 };

	if (p->i < p->len && p->s[p->i] == '}')
		return 0;
	for (;;) {
		if (p->i >= p->len || p->s[p->i] != '"' || string(p, a) < 0)
			return fail(p, PYJ_DECODE);
		buf_add(&k, "", 0);
		put_cps(&k, a);
		ws(p);
		if (p->i >= p->len || p->s[p->i] != ':') {
			buf_free(&k);
			return fail(p, PYJ_DECODE);
		}
		p->i++;
		ws(p);
		buf_add(&v, "", 0);
		p->deep = 0;
		if (value(p, &v, 0, 0, a) < 0) {
			buf_free(&k);
			buf_free(&v);
			return -1;
		}
		if (p->deep)
			buf_free(&v);
		fn(arg, buf_take(&k), p->deep ? NULL : buf_take(&v));
		ws(p);
		if (p->i < p->len && p->s[p->i] == '}')
			return 0;
		if (p->i >= p->len || p->s[p->i] != ',')
			return fail(p, PYJ_DECODE);
		p->i++;
		ws(p);
	}
}

int
pyjson_pairs(const char *s, size_t len, pyj_pair_fn *fn, void *arg)
{
	pj p = { s, len, 0, 1, PYJ_OK, 0 };
	cps a = { 0 };

	ws(&p);
	if (p.i >= len || s[p.i] != '{')
		fail(&p, PYJ_DECODE);
	else {
		p.i++;
		ws(&p);
		if (pairs(&p, fn, arg, &a) == 0) {
			p.i++;	/* the closing brace */
			ws(&p);
			if (p.i != len)
				fail(&p, PYJ_DECODE);	/* extra data */
		}
	}
	free(a.v);
	return p.err;
}
