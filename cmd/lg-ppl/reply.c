/*
 * A completions reply read for its prompt log-probabilities, in time and
 * memory linear in its size, whatever it holds: the reply is checked as
 * JSON once (jsonscan.h), then only the values on the way to
 * choices[0].logprobs.token_logprobs, logprobs.text_offset and
 * usage.prompt_tokens are looked at, in place, with no tree built.  An
 * object with the same key twice counts its first, as cJSON reads it.
 *
 * The prompt tokens are those whose text_offset falls inside the text (in
 * characters), or without text_offset the first usage.prompt_tokens of
 * them; the prompt echoed must be the text sent (echo.c); the score is the mean negative log-likelihood of the prompt
 * tokens, the first (which has no context) left out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "jsonscan.h"
#include "ppl.h"
#include "xalloc.h"

/* A value of the checked text: s[a..b). */
typedef struct {
	const char *s;
	size_t a, b;
} span;

static size_t
ws(const char *s, size_t i, size_t end)
{
	while (i < end && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
	    s[i] == '\r'))
		i++;
	return i;
}

/* The end of the value at s[i] of checked JSON. */
static size_t
value_end(const char *s, size_t i, size_t end)
{
	int depth = 0;

	if (s[i] != '"' && s[i] != '[' && s[i] != '{') {
		while (i < end && strchr(",]} \t\r\n", s[i]) == NULL)
			i++;
		return i;
	}
	for (; i < end; i++) {
		if (s[i] == '"') {
			for (i++; i < end && s[i] != '"'; i++)
				if (s[i] == '\\')
					i++;
			if (depth == 0)
				return i + 1;
		} else if (s[i] == '[' || s[i] == '{') {
			depth++;
		} else if (s[i] == ']' || s[i] == '}') {
			if (--depth == 0)
				return i + 1;
		}
	}
	return end;
}

/* Does the key s[a..b) (with its quotes) say name? */
static int
key_is(const char *s, size_t a, size_t b, const char *name)
{
	size_t n = strlen(name);
	cJSON *k;
	int same;

	if (memchr(s + a, '\\', b - a) == NULL)
		return b - a == n + 2 && memcmp(s + a + 1, name, n) == 0;
	k = cJSON_ParseWithLength(s + a, b - a);	/* escaped: decoded */
	same = cJSON_IsString(k) && strcmp(k->valuestring, name) == 0;
	cJSON_Delete(k);
	return same;
}

/* An object of the checked text and its members, scanned once. */
typedef struct {
	const char *s;
	size_t base;		/* where the object starts in s */
	jsonscan_member *m;	/* its members, offsets from base */
	size_t n, cap;
} obj;

/* Scan v into o: 0 (and no members) when v is not an object. */
static int
obj_scan(obj *o, span v)
{
	size_t at;
	int isobj;

	o->s = v.s;
	o->base = v.a;
	o->n = 0;
	if (v.b <= v.a || v.s[v.a] != '{' || jsonscan(v.s + v.a, v.b - v.a,
	    &isobj, &o->m, &o->n, &o->cap, &at) != JSONSCAN_OK || !isobj) {
		o->n = 0;
		return 0;
	}
	return 1;
}

/* The first member name of o (a span of length 0 when there is none). */
static span
obj_get(const obj *o, const char *name)
{
	span r = { o->s, 0, 0 };
	size_t i;

	for (i = 0; i < o->n; i++)
		if (key_is(o->s + o->base, o->m[i].kstart, o->m[i].kend, name)) {
			r.a = o->base + o->m[i].vstart;
			r.b = o->base + o->m[i].vend;
			break;
		}
	return r;
}

/* Array walk: the first element of v at *it, or the next; 0 at the end. */
static int
element(span v, size_t *it, span *e)
{
	size_t i = *it == 0 ? v.a + 1 : *it;

	i = ws(v.s, i, v.b);
	if (i < v.b && v.s[i] == ',')
		i = ws(v.s, i + 1, v.b);
	if (i >= v.b || v.s[i] == ']')
		return 0;
	e->s = v.s;
	e->a = i;
	e->b = value_end(v.s, i, v.b);
	*it = e->b;
	return 1;
}

static int
is_array(span v)
{
	return v.b > v.a && v.s[v.a] == '[';
}

static int
is_number(span v)
{
	return v.b > v.a && (v.s[v.a] == '-' || (v.s[v.a] >= '0' &&
	    v.s[v.a] <= '9'));
}

/* A checked number (the text goes on with a byte that ends it). */
static double
number(span v)
{
	char tmp[64];
	size_t n = v.b - v.a;

	if (n < sizeof tmp) {
		memcpy(tmp, v.s + v.a, n);
		tmp[n] = '\0';
		return strtod(tmp, NULL);
	}
	{
		char *big = xstrndup(v.s + v.a, n);	/* digits by the million */
		double d = strtod(big, NULL);

		free(big);
		return d;
	}
}

static long
count(span v)
{
	size_t it = 0;
	long n = 0;
	span e;

	while (element(v, &it, &e))
		n++;
	return n;
}

int
ppl_read(const char *reply, size_t len, double chars, const ppl_body *sent,
    double *nll, long *tokens, char **why)
{
	obj top = { 0 }, c0 = { 0 }, lp = { 0 }, usage = { 0 };
	span all, ch, first = { reply, 0, 0 }, tl, off, u, e;
	size_t it = 0;
	long n, np = -1, i, counted = 0;
	double sum = 0;

	*why = NULL;
	all.s = reply;
	all.a = ws(reply, 0, len);
	all.b = len;
	if (!obj_scan(&top, all)) {	/* the one check of the whole text */
		*why = xstrdup("the reply is not JSON");
		free(top.m);
		return -2;
	}
	ch = obj_get(&top, "choices");
	if (is_array(ch))
		element(ch, &it, &first);
	obj_scan(&c0, first);
	obj_scan(&lp, obj_get(&c0, "logprobs"));
	tl = obj_get(&lp, "token_logprobs");
	if (!is_array(tl)) {
		*why = xstrdup("the reply has no choices[0].logprobs.token_logprobs "
		    "(does the server give log-probabilities on /v1/completions?)");
		goto out;
	}
	n = count(tl);
	off = obj_get(&lp, "text_offset");
	obj_scan(&usage, obj_get(&top, "usage"));
	u = obj_get(&usage, "prompt_tokens");
	if (is_array(off) && count(off) == n) {
		np = 0;
		for (it = 0; element(off, &it, &e);) {
			double d = is_number(e) ? number(e) : -1;

			if (!(d >= 0)) {
				*why = xstrdup("logprobs.text_offset: not offsets");
				goto out;
			}
			np += d < chars;
		}
	} else if (is_number(u) && number(u) >= 0 && number(u) <= (double)n) {
		np = (long)number(u);
	} else {
		*why = xstrdup("the reply says neither logprobs.text_offset nor "
		    "usage.prompt_tokens: cannot tell the prompt's tokens");
		goto out;
	}
	if (np < 2) {
		*why = xasprintf("the reply holds log-probabilities of %ld prompt "
		    "token%s: the server does not echo the prompt's (it needs "
		    "echo with logprobs on /v1/completions)", np, np == 1 ? "" : "s");
		goto out;
	}
	if (sent != NULL) {
		span text = obj_get(&c0, "text"), toks = obj_get(&lp, "tokens");

		if (ppl_echo_check(reply, text.a, text.b, toks.a, toks.b, np, sent,
		    why) < 0)
			goto out;
	}
	for (it = 0, i = 0; i < np && element(tl, &it, &e); i++) {
		double d;

		if (i == 0 && e.s[e.a] == 'n')
			continue;	/* null: a first token has no context */
		d = is_number(e) ? number(e) : NAN;
		if (!isfinite(d) || d > 1e-3 || d < -1e6) {
			*why = xasprintf("logprobs.token_logprobs[%ld]: want a "
			    "log-probability (a number up to 0)", i);
			goto out;
		}
		if (i == 0)
			continue;
		sum += d > 0 ? 0 : -d;
		counted++;
	}
	*nll = sum / (double)counted;
	*tokens = np;
out:
	free(top.m);
	free(c0.m);
	free(lp.m);
	free(usage.m);
	return *why == NULL ? 0 : -1;
}
