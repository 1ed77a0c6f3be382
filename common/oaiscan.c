#include <stdlib.h>
#include <string.h>

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

static int
hexd(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
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

/*
 * The end of the string at the quote p, checked as strictly as jsonscan.h
 * checks it (no control bytes, known escapes, \\u surrogates only in
 * pairs); NULL when it is not one.  *esc is set when it has an escape.
 */
static const char *
string(const char *p, const char *e, int *esc)
{
	*esc = 0;
	for (p++; p < e; p++) {
		unsigned char c = (unsigned char)*p;
		unsigned u;

		if (c == '"')
			return p + 1;
		if (c < 0x20)
			return NULL;
		if (c != '\\')
			continue;
		*esc = 1;
		if (++p >= e)
			return NULL;
		switch (*p) {
		case '"': case '\\': case '/': case 'b': case 'f': case 'n':
		case 'r': case 't':
			continue;
		case 'u':
			break;
		default:
			return NULL;
		}
		if (e - p < 5 || !hexd(p[1]) || !hexd(p[2]) || !hexd(p[3]) || !hexd(p[4]))
			return NULL;
		u = hex4(p + 1);
		p += 4;
		if (u >= 0xdc00 && u <= 0xdfff)
			return NULL;
		if (u >= 0xd800 && u <= 0xdbff) {
			if (e - p < 7 || p[1] != '\\' || p[2] != 'u' || !hexd(p[3]) ||
			    !hexd(p[4]) || !hexd(p[5]) || !hexd(p[6]))
				return NULL;
			u = hex4(p + 3);
			if (u < 0xdc00 || u > 0xdfff)
				return NULL;
			p += 6;
		}
	}
	return NULL;
}

static const char *
digits(const char *p, const char *e)
{
	const char *s = p;

	while (p < e && *p >= '0' && *p <= '9')
		p++;
	return p > s ? p : NULL;
}

/* The end of the number at p (RFC 8259 grammar), or NULL. */
static const char *
number(const char *p, const char *e)
{
	if (p < e && *p == '-')
		p++;
	if (p < e && *p == '0')
		p++;
	else if ((p = digits(p, e)) == NULL)
		return NULL;
	if (p < e && *p == '.' && (p = digits(p + 1, e)) == NULL)
		return NULL;
	if (p < e && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < e && (*p == '+' || *p == '-'))
			p++;
		if ((p = digits(p, e)) == NULL)
			return NULL;
	}
	return p;
}

#define MAX_DEPTH 64	/* deeper: cJSON reads it */

/* The end of the value at p, checked strictly; NULL when it is not one. */
static const char *
skip(const char *p, const char *e, int depth)
{
	int esc;

	if (p >= e)
		return NULL;
	switch (*p) {
	case '"':
		return string(p, e, &esc);
	case 't':
		return e - p >= 4 && memcmp(p, "true", 4) == 0 ? p + 4 : NULL;
	case 'f':
		return e - p >= 5 && memcmp(p, "false", 5) == 0 ? p + 5 : NULL;
	case 'n':
		return e - p >= 4 && memcmp(p, "null", 4) == 0 ? p + 4 : NULL;
	case '[': case '{': {
		char close = *p == '[' ? ']' : '}';
		int obj = *p == '{';

		if (depth >= MAX_DEPTH)
			return NULL;
		p = ws(p + 1, e);
		if (p < e && *p == close)
			return p + 1;
		for (;;) {
			if (obj) {
				if (p >= e || *p != '"' || (p = string(p, e, &esc)) == NULL)
					return NULL;
				p = ws(p, e);
				if (p >= e || *p != ':')
					return NULL;
				p = ws(p + 1, e);
			}
			if ((p = skip(p, e, depth + 1)) == NULL)
				return NULL;
			p = ws(p, e);
			if (p < e && *p == ',') {
				p = ws(p + 1, e);
				continue;
			}
			return p < e && *p == close ? p + 1 : NULL;
		}
	}
	default:
		return *p == '-' || (*p >= '0' && *p <= '9') ? number(p, e) : NULL;
	}
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

/* What to do with the first value of a key: look inside it (an object,
 * or an array whose first element is one), or only keep its range. */
typedef struct walk walk;
typedef int (*inside_fn)(const walk *w, const char *p, const char *e, int depth,
    const char **end);
struct walk {
	const name *names;
	int nn;
	span *out;
	const inside_fn *inside;	/* per name, NULL: only the range */
	const walk *const *sub;		/* per name, what inside() walks */
	int *more;		/* first_of(): set when a second element follows */
};

/*
 * Walk the object at p strictly, the first value of each named key to
 * out[i]; *end: where it ends.  -1: not JSON (or too deep), 0: a key with
 * an escape (cJSON would compare it decoded), 1: done.
 */
static int
object(const walk *w, const char *p, const char *e, int depth, const char **end)
{
	int i, esc;

	for (i = 0; i < w->nn; i++)
		w->out[i].s = w->out[i].e = NULL;
	if (depth >= MAX_DEPTH)
		return -1;
	p = ws(p + 1, e);
	if (p < e && *p == '}') {
		*end = p + 1;
		return 1;
	}
	for (;;) {
		const char *k = p, *v;
		int rc;

		if (p >= e || *p != '"' || (p = string(p, e, &esc)) == NULL)
			return -1;
		if (esc)
			return 0;
		i = which(k + 1, (size_t)(p - k - 2), w->names, w->nn);
		p = ws(p, e);
		if (p >= e || *p != ':')
			return -1;
		v = p = ws(p + 1, e);
		if (i >= 0 && w->out[i].s == NULL && w->inside != NULL &&
		    w->inside[i] != NULL) {
			if ((rc = w->inside[i](w->sub[i], p, e, depth + 1, &p)) <= 0)
				return rc;
		} else if ((p = skip(p, e, depth + 1)) == NULL) {
			return -1;
		}
		if (i >= 0 && w->out[i].s == NULL) {
			w->out[i].s = v;
			w->out[i].e = p;
		}
		p = ws(p, e);
		if (p < e && *p == ',') {
			p = ws(p + 1, e);
			continue;
		}
		if (p < e && *p == '}') {
			*end = p + 1;
			return 1;
		}
		return -1;
	}
}

/* A value that is walked when it is an object, else skipped. */
static int
maybe_object(const walk *w, const char *p, const char *e, int depth, const char **end)
{
	int i;

	if (p < e && *p == '{')
		return object(w, p, e, depth, end);
	for (i = 0; i < w->nn; i++)
		w->out[i].s = w->out[i].e = NULL;
	return (*end = skip(p, e, depth)) == NULL ? -1 : 1;
}

/* An array whose first element is walked when it is an object. */
static int
first_of(const walk *w, const char *p, const char *e, int depth, const char **end)
{
	int i, rc;

	for (i = 0; i < w->nn; i++)
		w->out[i].s = w->out[i].e = NULL;
	if (p >= e || *p != '[')
		return (*end = skip(p, e, depth)) == NULL ? -1 : 1;
	if (depth >= MAX_DEPTH)
		return -1;
	p = ws(p + 1, e);
	if (p < e && *p == ']') {
		*end = p + 1;
		return 1;
	}
	if ((rc = maybe_object(w, p, e, depth + 1, &p)) <= 0)
		return rc;
	for (;;) {
		p = ws(p, e);
		if (p < e && *p == ']') {
			*end = p + 1;
			return 1;
		}
		if (p >= e || *p != ',' || (p = skip(ws(p + 1, e), e, depth + 1)) == NULL)
			return -1;
		if (w->more != NULL)
			*w->more = 1;
	}
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

/* Append the (valid) string v decoded, NULs included, as cJSON decodes. */
static void
decode(struct buf *b, span v)
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
		NAME("error"), NAME("object"), NAME("model"),
		NAME("system_fingerprint"), NAME("x_groq") };
	static const name usage_keys[] = { NAME("prompt_tokens"),
		NAME("completion_tokens") };
	static const name chat_keys[] = { NAME("delta"), NAME("finish_reason"),
		NAME("index"), NAME("text"), NAME("message") };
	static const name text_keys[] = { NAME("text"), NAME("finish_reason"),
		NAME("index"), NAME("delta"), NAME("message") };
	static const name delta_keys[] = { NAME("reasoning_content"),
		NAME("reasoning"), NAME("content") };
	static const inside_fn top_in[] = { first_of, maybe_object, NULL, NULL,
		NULL, NULL, NULL };
	static const inside_fn c0_in[] = { maybe_object, NULL, NULL, NULL, NULL };
	span top[7], us[2], c0[5], d[3], none = { NULL, NULL };
	span content = none, reasoning = none, fr = none;
	int more = 0;
	const walk wd = { delta_keys, 3, d, NULL, NULL, NULL };
	const walk *const c0_sub[] = { &wd, NULL, NULL, NULL, NULL };
	const walk wc0 = { r->chat ? chat_keys : text_keys, 5, c0,
		r->chat ? c0_in : NULL, c0_sub, &more };
	const walk wus = { usage_keys, 2, us, NULL, NULL, NULL };
	const walk *const top_sub[] = { &wc0, &wus, NULL, NULL, NULL, NULL,
		NULL };
	const walk wtop = { top_keys, 7, top, top_in, top_sub, NULL };
	const char *p = ws(data, data + len), *e = data + len;
	long pt = -1, ct = -1, ix = 0;
	int i, mine = 0, theirs = 0, has_c0 = 0;

	/* what is not walked stays empty */
	for (i = 0; i < 2; i++)
		us[i] = none;
	for (i = 0; i < 5; i++)
		c0[i] = none;
	for (i = 0; i < 3; i++)
		d[i] = none;
	if (p >= e || *p != '{' || object(&wtop, p, e, 0, &p) <= 0 || ws(p, e) != e)
		return 0;
	/*
	 * an error in the stream, or what might be one, and Groq's x_groq
	 * (its usage comes there): cJSON reads them
	 */
	if (top[2].s != NULL || top[6].s != NULL || (top[3].s != NULL &&
	    (!is(top[3], '"') ||
	    memchr(top[3].s, '\\', (size_t)(top[3].e - top[3].s)) != NULL ||
	    (top[3].e - top[3].s == 7 && memcmp(top[3].s, "\"error\"", 7) == 0))))
		return 0;
	if (is(top[1], '{') && (!count(us[0], &pt) || !count(us[1], &ct)))
		return 0;
	/* two choices or more, an index not a plain integer: cJSON counts */
	if (more || (c0[2].s != NULL && (!count(c0[2], &ix) || ix < 0 ||
	    ix >= 1000000000)))
		return 0;
	if (is(top[0], '[') && ws(top[0].s + 1, top[0].e) < top[0].e &&
	    *ws(top[0].s + 1, top[0].e) == '{') {
		has_c0 = 1;
		if (r->chat) {
			mine = is(c0[0], '{');
			theirs = is(c0[3], '"');
		} else {
			mine = is(c0[0], '"');
			theirs = is(c0[3], '{') || is(c0[4], '{');
		}
	} else if (is(top[0], '[') && *ws(top[0].s + 1, top[0].e) != ']') {
		has_c0 = 1;	/* a choice that is not an object */
	}
	if (is(top[0], '[') && c0[0].s != NULL) {
		fr = c0[1];
		if (r->chat) {
			if (is(c0[0], '{')) {
				reasoning = d[0].s == NULL || is_null(d[0]) ? d[1] : d[0];
				content = d[2];
			}
		} else {
			content = c0[0];
		}
	} else if (is(top[0], '[')) {
		fr = c0[1];
	}
	if (is(fr, '"') && memchr(fr.s, '\\', (size_t)(fr.e - fr.s)) != NULL)
		return 0;
	/* the maker's labels: escaped ones are read by cJSON */
	for (i = 4; i < 6; i++)
		if (is(top[i], '"') && memchr(top[i].s, '\\',
		    (size_t)(top[i].e - top[i].s)) != NULL)
			return 0;
	/* sure now: apply what the chunk says */
	if (has_c0) {
		if (ix + 1 > r->nchoice)
			r->nchoice = ix + 1;
		if (mine)
			r->own++;
		else if (theirs)
			r->other++;
	}
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
	if (is(top[4], '"'))
		oai_ident(&r->model, top[4].s + 1, (size_t)(top[4].e - top[4].s - 2));
	if (is(top[5], '"'))
		oai_ident(&r->fingerprint, top[5].s + 1,
		    (size_t)(top[5].e - top[5].s - 2));
	return 1;
}
