/* lg-kvcheck: reading the dictionary out of an answer, ours and the published way. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "dict.h"
#include "pyjson.h"
#include "re.h"
#include "xalloc.h"

static lg_re *re_str, *re_strcut, *re_num, *re_kw;

void
kv_init(void)
{
	/* a whole string literal in either quote; group 1 or 2 is its body */
	re_str = re_compile("\\G(?:\"((?:[^\"\\\\\\n]|\\\\.)*+)\"|'((?:[^'\\\\\\n]|\\\\.)*+)')", 0);
	/* a string literal cut off by the end of the text */
	re_strcut = re_compile("\\G(?:\"(?:[^\"\\\\\\n]|\\\\.)*+|'(?:[^'\\\\\\n]|\\\\.)*+)\\\\?\\z", 0);
	re_num = re_compile("\\G-?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?", 0);
	re_kw = re_compile("\\G(?:true|false|null|True|False|None|NaN|-?Infinity)(?![A-Za-z0-9_])", 0);
	pyjson_init();
}

void
kv_fini(void)
{
	re_free(re_str);
	re_free(re_strcut);
	re_free(re_num);
	re_free(re_kw);
	pyjson_fini();
}

static void
add(kv_dict *d, char *key, char *val)
{
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 32;
		d->v = xreallocarray(d->v, d->cap, sizeof *d->v);
	}
	d->v[d->n].key = key;
	d->v[d->n].val = val;
	d->n++;
}

void
kv_free(kv_dict *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		free(d->v[i].key);
		free(d->v[i].val);
	}
	free(d->v);
	d->v = NULL;
	d->n = d->cap = 0;
}

size_t
kv_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static void
put_utf8(struct buf *b, uint32_t c)
{
	if (c == 0 || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		c = 0xfffd;	/* NUL and lone surrogates */
	if (c < 0x80)
		buf_putc(b, (int)c);
	else if (c < 0x800) {
		buf_putc(b, (int)(0xc0 | c >> 6));
		buf_putc(b, (int)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		buf_putc(b, (int)(0xe0 | c >> 12));
		buf_putc(b, (int)(0x80 | (c >> 6 & 0x3f)));
		buf_putc(b, (int)(0x80 | (c & 0x3f)));
	} else {
		buf_putc(b, (int)(0xf0 | c >> 18));
		buf_putc(b, (int)(0x80 | (c >> 12 & 0x3f)));
		buf_putc(b, (int)(0x80 | (c >> 6 & 0x3f)));
		buf_putc(b, (int)(0x80 | (c & 0x3f)));
	}
}

static int
hexval(const char *s, int n, uint32_t *out)
{
	uint32_t v = 0;
	int i;

	for (i = 0; i < n; i++) {
		int c = (unsigned char)s[i], d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return -1;
		v = v << 4 | (uint32_t)d;
	}
	*out = v;
	return 0;
}

/* The body of a string literal with JSON and Python escapes resolved. */
static char *
unescape(const char *s, size_t n)
{
	struct buf b = { 0 };
	size_t i = 0;
	uint32_t c, lo;

	buf_add(&b, "", 0);
	while (i < n) {
		if (s[i] != '\\' || i + 1 >= n) {
			if (s[i] == '\0')
				put_utf8(&b, 0);
			else
				buf_putc(&b, s[i]);
			i++;
			continue;
		}
		switch (s[i + 1]) {
		case 'n': buf_putc(&b, '\n'); i += 2; break;
		case 't': buf_putc(&b, '\t'); i += 2; break;
		case 'r': buf_putc(&b, '\r'); i += 2; break;
		case 'b': buf_putc(&b, '\b'); i += 2; break;
		case 'f': buf_putc(&b, '\f'); i += 2; break;
		case 'v': buf_putc(&b, '\v'); i += 2; break;
		case '\\': case '\'': case '"': case '/':
			buf_putc(&b, s[i + 1]);
			i += 2;
			break;
		case 'x':
			if (i + 4 <= n && hexval(s + i + 2, 2, &c) == 0) {
				put_utf8(&b, c);
				i += 4;
			} else {
				buf_putc(&b, '\\');
				i++;
			}
			break;
		case 'u':
			if (i + 6 <= n && hexval(s + i + 2, 4, &c) == 0) {
				i += 6;
				if (c >= 0xd800 && c < 0xdc00 && i + 6 <= n &&
				    s[i] == '\\' && s[i + 1] == 'u' &&
				    hexval(s + i + 2, 4, &lo) == 0 &&
				    lo >= 0xdc00 && lo <= 0xdfff) {
					c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
					i += 6;
				}
				put_utf8(&b, c);
			} else {
				buf_putc(&b, '\\');
				i++;
			}
			break;
		default:	/* unknown escapes stay as written, as in Python */
			buf_putc(&b, '\\');
			i++;
			break;
		}
	}
	return buf_take(&b);
}

/* Blanks, line breaks and Python comments (# to the end of the line). */
static size_t
skip_ws(const char *s, size_t len, size_t i)
{
	while (i < len) {
		if (s[i] == '#')
			while (i < len && s[i] != '\n')
				i++;
		else if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
		    s[i] == '\r' || s[i] == '\f' || s[i] == '\v')
			i++;
		else
			break;
	}
	return i;
}

/*
 * A list or object value at s[i]: the offset past its closing bracket,
 * brackets inside string literals aside; 0 when the text ends first.
 */
static size_t
skip_nested(const char *s, size_t len, size_t i)
{
	size_t depth = 0, ov[2];

	while (i < len) {
		if (s[i] == '"' || s[i] == '\'') {
			if (re_match(re_str, s, len, i, ov, 1) == 0)
				return 0;	/* a string cut off, or broken */
			i = ov[1];
			continue;
		}
		if (s[i] == '[' || s[i] == '{')
			depth++;
		else if ((s[i] == ']' || s[i] == '}') && --depth == 0)
			return i + 1;
		i++;
	}
	return 0;
}

enum { TOK_NONE, TOK_OK, TOK_CUT };

/* A key or value token at s[*i]: its text into *out, *i past it. */
static int
token(const char *s, size_t len, size_t *i, int key, char **out)
{
	size_t ov[6];

	if (re_match(re_str, s, len, *i, ov, 3) > 0) {
		size_t a = ov[2] != (size_t)-1 ? ov[2] : ov[4];
		size_t b = ov[2] != (size_t)-1 ? ov[3] : ov[5];

		*out = unescape(s + a, b - a);
		*i = ov[1];
		return TOK_OK;
	}
	if (re_match(re_strcut, s, len, *i, ov, 1) > 0)
		return TOK_CUT;
	if (!key && (s[*i] == '[' || s[*i] == '{')) {
		size_t end = skip_nested(s, len, *i);

		if (end == 0)
			return TOK_CUT;
		*out = xstrndup(s + *i, end - *i);
		*i = end;
		return TOK_OK;
	}
	if (re_match(re_num, s, len, *i, ov, 1) > 0 ||
	    (!key && re_match(re_kw, s, len, *i, ov, 1) > 0)) {
		const char *t = s + ov[0];
		size_t n = ov[1] - ov[0];

		/* what Python's str() of the parsed value would print */
		if (n == 4 && memcmp(t, "true", 4) == 0)
			*out = xstrdup("True");
		else if (n == 5 && memcmp(t, "false", 5) == 0)
			*out = xstrdup("False");
		else if (n == 4 && memcmp(t, "null", 4) == 0)
			*out = xstrdup("None");
		else
			*out = xstrndup(t, n);
		*i = ov[1];
		return TOK_OK;
	}
	return TOK_NONE;
}

/*
 * Parse a dictionary at s[at] == '{' into d.  Returns the offset past it
 * (len when the text ended inside it), or 0 when it is not a dictionary.
 */
static size_t
parse_at(const char *s, size_t len, size_t at, kv_dict *d)
{
	size_t i = skip_ws(s, len, at + 1);
	char *key, *val;
	int t = TOK_NONE;

	if (i < len && s[i] == '}')
		return i + 1;
	for (;;) {
		i = skip_ws(s, len, i);
		if (i >= len)
			return len;
		if ((t = token(s, len, &i, 1, &key)) != TOK_OK)
			return t == TOK_CUT ? len : 0;
		i = skip_ws(s, len, i);
		if (i >= len || s[i] != ':') {
			free(key);
			return i >= len ? len : 0;
		}
		i = skip_ws(s, len, i + 1);
		if (i >= len || (t = token(s, len, &i, 0, &val)) != TOK_OK) {
			free(key);
			return i >= len || t == TOK_CUT ? len : 0;
		}
		add(d, key, val);
		i = skip_ws(s, len, i);
		if (i >= len)
			return len;
		if (s[i] == '}')
			return i + 1;
		if (s[i] != ',')
			return 0;
		i = skip_ws(s, len, i + 1);
		if (i < len && s[i] == '}')
			return i + 1;
	}
}

int
kv_parse(const char *s, size_t len, kv_dict *d)
{
	kv_dict best = { 0 }, cur = { 0 };
	const char *p;
	size_t at = 0, end;
	int found = 0;

	while (at < len && (p = memchr(s + at, '{', len - at)) != NULL) {
		at = (size_t)(p - s);
		end = parse_at(s, len, at, &cur);
		if (end > 0 && (!found || cur.n > best.n)) {
			kv_free(&best);
			best = cur;
			memset(&cur, 0, sizeof cur);
			found = 1;
		} else
			kv_free(&cur);
		at = end > 0 ? end : at + 1;
	}
	*d = best;
	return found;
}

static void
add_pair(void *arg, char *key, char *val)
{
	add(arg, key, val);
}

int
kv_parse_compat(const char *s, size_t len, kv_dict *d)
{
	const char *a = memchr(s, '{', len), *b = NULL, *q;
	struct buf t = { 0 };
	size_t i, j, k, n;
	uint32_t c;
	int r;

	memset(d, 0, sizeof *d);
	for (q = s; q < s + len; q++)
		if (*q == '}')
			b = q;
	if (a == NULL || b == NULL || a >= b)
		return 0;
	/* every ' becomes ", and re.sub(r",\s*}", "}") with Python's \s */
	n = (size_t)(b - a + 1);
	buf_add(&t, "", 0);
	for (i = 0; i < n;) {
		if (a[i] == ',') {
			for (j = i + 1; j < n; j += k) {
				k = py_utf8(a + j, n - j, &c);
				if (!py_isspace(c))
					break;
			}
			if (j < n && a[j] == '}') {
				buf_putc(&t, '}');
				i = j + 1;
				continue;
			}
		}
		buf_putc(&t, a[i] == '\'' ? '"' : a[i]);
		i++;
	}
	r = pyjson_pairs(t.s, t.len, add_pair, d);
	buf_free(&t);
	if (r == PYJ_OK) {
		kv_dedup(d);
		for (i = 0; i < d->n; i++)
			if (d->v[i].val == NULL)
				r = PYJ_RAISE;	/* str() of a kept value raises */
	}
	if (r == PYJ_OK)
		return 1;
	kv_free(d);
	return r == PYJ_RAISE ? -1 : 0;
}

/* Python's dict(pairs): first position, last value, by a hash of keys. */
void
kv_dedup(kv_dict *d)
{
	size_t cap, i, m = 0, *slot;

	if (d->n < 2)
		return;
	for (cap = 16; cap < 2 * d->n; cap *= 2)
		;
	slot = xcalloc(cap, sizeof *slot);	/* index + 1 into the kept pairs */
	for (i = 0; i < d->n; i++) {
		uint32_t h = 2166136261u;
		const char *k;
		size_t j;

		for (k = d->v[i].key; *k; k++)
			h = (h ^ (unsigned char)*k) * 16777619u;
		for (j = h & (cap - 1); slot[j] != 0; j = (j + 1) & (cap - 1))
			if (strcmp(d->v[slot[j] - 1].key, d->v[i].key) == 0)
				break;
		if (slot[j] != 0) {
			kv_pair *kept = &d->v[slot[j] - 1];

			free(kept->val);
			kept->val = d->v[i].val;
			free(d->v[i].key);
			continue;
		}
		d->v[m] = d->v[i];
		slot[j] = ++m;
	}
	d->n = m;
	free(slot);
}
