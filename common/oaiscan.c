#include <stdlib.h>
#include <string.h>

#include "jsonscan.h"
#include "oaiscan.h"
#include "xalloc.h"

/* A value's byte range in the chunk. */
typedef struct {
	const char *s, *e;
} span;

static inline const char *
ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

/* The end of the (valid) string starting at the quote p (short ones,
 * mostly: a byte loop beats memchr's set-up). */
static inline const char *
str_end(const char *p, const char *e)
{
	for (p++; p < e; p++) {
		if (*p == '\\')
			p++;
		else if (*p == '"')
			return p + 1;
	}
	return e;
}

/* The end of the (valid) value starting at p. */
static const char *
value_end(const char *p, const char *e)
{
	int depth = 0;

	do {
		if (*p == '"') {
			p = str_end(p, e);
			continue;
		}
		if (*p == '[' || *p == '{')
			depth++;
		else if (*p == ']' || *p == '}')
			depth--;
		else if (depth == 0) {
			/* a number or a literal */
			while (p < e && *p != ',' && *p != '}' && *p != ']' &&
			    *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
				p++;
			return p;
		}
		p++;
	} while (p < e && depth > 0);
	return p;
}

typedef struct {
	const char *s;
	size_t n;
} name;
#define NAME(s) { s, sizeof s - 1 }

/* The key k[0..n) (quotes excluded) as names[i], or -1. */
static int
which(const char *k, size_t n, const name *names, int nn)
{
	int i;

	for (i = 0; i < nn; i++) {
		size_t j;

		if (names[i].n != n || names[i].s[0] != k[0])
			continue;
		for (j = 1; j < n && names[i].s[j] == k[j]; j++)
			;
		if (j == n)
			return i;
	}
	return -1;
}

/* Set out[i] to the first value of a key names[i]; 0 when a key has an
 * escape (cJSON would compare it decoded). */
static int
take(const char *k, const char *ke, const char *v, const char *ve,
    const name *names, int nn, span *out)
{
	int i;

	const char *q;

	for (q = k; q < ke; q++)
		if (*q == '\\')
			return 0;
	i = which(k, (size_t)(ke - k), names, nn);
	if (i >= 0 && out[i].s == NULL) {
		out[i].s = v;
		out[i].e = ve;
	}
	return 1;
}

/*
 * Walk the members of the (valid) object o; for each key among names,
 * the first value with it goes to out[i] (s NULL when absent).  0 when a
 * key has an escape.
 */
static int
members(span o, const name *names, int nn, span *out)
{
	const char *p = ws(o.s, o.e), *e = o.e;
	int i;

	for (i = 0; i < nn; i++)
		out[i].s = out[i].e = NULL;
	if (p >= e || *p != '{')
		return 1;
	p = ws(p + 1, e);
	while (p < e && *p == '"') {
		const char *k = p + 1, *ke = str_end(p, e) - 1, *v, *ve;

		p = ws(ke + 1, e);	/* the colon */
		v = ws(p + 1, e);
		ve = value_end(v, e);
		if (!take(k, ke, v, ve, names, nn, out))
			return 0;
		p = ws(ve, e);
		if (p < e && *p == ',')
			p = ws(p + 1, e);
	}
	return 1;
}

static int
is(span v, char c)
{
	return v.s != NULL && v.s < v.e && *v.s == c;
}

static int
is_null(span v)
{
	return v.s != NULL && v.e - v.s == 4 && memcmp(v.s, "null", 4) == 0;
}

static unsigned
hex4(const char *p)
{
	unsigned u = 0;
	int i;

	for (i = 0; i < 4; i++) {
		char c = p[i];

		u = u * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return u;
}

/* Append the (valid) string v decoded, NULs included, as cJSON decodes. */
static void
decode(buf *b, span v)
{
	const char *p = v.s + 1, *e = v.e - 1;

	while (p < e) {
		const char *q = memchr(p, '\\', (size_t)(e - p));
		unsigned u;
		char c, t[4];

		if (q == NULL)
			q = e;
		buf_add(b, p, (size_t)(q - p));
		if (q == e)
			break;
		switch (q[1]) {
		case 'b': c = '\b'; break;
		case 'f': c = '\f'; break;
		case 'n': c = '\n'; break;
		case 'r': c = '\r'; break;
		case 't': c = '\t'; break;
		case 'u':
			u = hex4(q + 2);
			p = q + 6;
			if (u >= 0xd800 && u <= 0xdbff) {
				/* the scanner let only whole pairs through */
				u = 0x10000 + ((u - 0xd800) << 10) + (hex4(p + 2) - 0xdc00);
				p += 6;
			}
			if (u < 0x80) {
				buf_putc(b, (int)u);
			} else if (u < 0x800) {
				t[0] = (char)(0xc0 | (u >> 6));
				t[1] = (char)(0x80 | (u & 0x3f));
				buf_add(b, t, 2);
			} else if (u < 0x10000) {
				t[0] = (char)(0xe0 | (u >> 12));
				t[1] = (char)(0x80 | ((u >> 6) & 0x3f));
				t[2] = (char)(0x80 | (u & 0x3f));
				buf_add(b, t, 3);
			} else {
				t[0] = (char)(0xf0 | (u >> 18));
				t[1] = (char)(0x80 | ((u >> 12) & 0x3f));
				t[2] = (char)(0x80 | ((u >> 6) & 0x3f));
				t[3] = (char)(0x80 | (u & 0x3f));
				buf_add(b, t, 4);
			}
			continue;
		default: c = q[1]; break;	/* " \ / */
		}
		buf_putc(b, c);
		p = q + 2;
	}
}

/*
 * A usage count: 1 and *n when v is absent or not a number (no count), or
 * a plain integer of at most 15 digits; 0 for other numbers.
 */
static int
count(span v, long *n)
{
	const char *p;
	long x = 0;

	*n = -1;
	if (v.s == NULL || !(is(v, '-') || (*v.s >= '0' && *v.s <= '9')))
		return 1;
	if (v.e - v.s > 15)
		return 0;
	for (p = v.s; p < v.e; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		x = x * 10 + (*p - '0');
	}
	*n = x;
	return 1;
}

int
oaiscan_chunk(oai_reply *r, const char *data, size_t len)
{
	static const name top_keys[] = { NAME("choices"), NAME("usage"),
		NAME("error"), NAME("object") };
	static const name usage_keys[] = { NAME("prompt_tokens"),
		NAME("completion_tokens") };
	static const name chat_keys[] = { NAME("delta"), NAME("finish_reason") };
	static const name text_keys[] = { NAME("text"), NAME("finish_reason") };
	static const name delta_keys[] = { NAME("reasoning_content"),
		NAME("reasoning"), NAME("content") };
	jsonscan_member *m = r->scan;
	size_t nm, at, i;
	int isobj;
	span top[4], us[2], c0[2], d[3], none = { NULL, NULL };
	span content = none, reasoning = none, fr = none;
	long pt = -1, ct = -1;
	int rc = jsonscan(data, len, &isobj, &m, &nm, &r->scancap, &at);

	r->scan = m;
	if (rc != JSONSCAN_OK || !isobj)
		return 0;
	/* the top level: the scanner's member ranges */
	for (i = 0; i < 4; i++)
		top[i] = none;
	for (i = 0; i < nm; i++)
		if (!take(data + m[i].kstart + 1, data + m[i].kend - 1,
		    data + m[i].vstart, data + m[i].vend, top_keys, 4, top))
			return 0;
	/* an error in the stream, or what might be one: cJSON reads it */
	if (top[2].s != NULL || (top[3].s != NULL && (!is(top[3], '"') ||
	    memchr(top[3].s, '\\', (size_t)(top[3].e - top[3].s)) != NULL ||
	    (top[3].e - top[3].s == 7 && memcmp(top[3].s, "\"error\"", 7) == 0))))
		return 0;
	if (is(top[1], '{')) {
		if (!members(top[1], usage_keys, 2, us) || !count(us[0], &pt) ||
		    !count(us[1], &ct))
			return 0;
	}
	if (is(top[0], '[')) {
		span first;

		/* the first element: members() stops at its closing brace */
		first.s = ws(top[0].s + 1, top[0].e);
		first.e = top[0].e;
		if (is(first, '{')) {
			if (!members(first, r->chat ? chat_keys : text_keys, 2, c0))
				return 0;
			fr = c0[1];
			if (r->chat) {
				if (is(c0[0], '{')) {
					if (!members(c0[0], delta_keys, 3, d))
						return 0;
					reasoning = d[0].s == NULL || is_null(d[0]) ? d[1] : d[0];
					content = d[2];
				}
			} else {
				content = c0[0];
			}
		}
	}
	if (is(fr, '"') && memchr(fr.s, '\\', (size_t)(fr.e - fr.s)) != NULL)
		return 0;
	/* sure now: apply what the chunk says */
	if (pt >= 0)
		r->prompt_tokens = pt;
	if (ct >= 0)
		r->output_tokens = ct;
	if (is(reasoning, '"') && reasoning.e - reasoning.s > 2) {
		decode(&r->reasoning, reasoning);
		r->tokens++;
	}
	if (is(content, '"') && content.e - content.s > 2) {
		decode(&r->content, content);
		r->tokens++;
	}
	if (is(fr, '"')) {
		free(r->finish_reason);
		r->finish_reason = xstrndup(fr.s + 1, (size_t)(fr.e - fr.s - 2));
	}
	return 1;
}
