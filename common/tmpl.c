#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "tmpl.h"
#include "utf8.h"
#include "xalloc.h"

#define MAXDEPTH 32

typedef struct {
	const char *open, *close;
	size_t olen, clen;
	const cJSON *ctx[MAXDEPTH];
	int depth;
	char *err;
} state;

static const cJSON *
lookup1(const cJSON *c, const char *name, size_t n)
{
	const cJSON *v;
	char key[256];

	if (!cJSON_IsObject(c) || n >= sizeof key)
		return NULL;
	memcpy(key, name, n);
	key[n] = '\0';
	for (v = c->child; v != NULL; v = v->next)
		if (v->string != NULL && strcmp(v->string, key) == 0)
			return v;
	return NULL;
}

static const cJSON *
lookup(state *st, const char *name, size_t n)
{
	const char *dot;
	const cJSON *v = NULL;
	int i;

	if (n == 1 && name[0] == '.')
		return st->ctx[st->depth - 1];
	dot = memchr(name, '.', n);
	for (i = st->depth - 1; i >= 0 && v == NULL; i--)
		v = lookup1(st->ctx[i], name, dot ? (size_t)(dot - name) : n);
	while (v != NULL && dot != NULL) {
		const char *seg = dot + 1, *next = memchr(seg, '.', n - (seg - name));

		v = lookup1(v, seg, next ? (size_t)(next - seg) : n - (seg - name));
		dot = next;
	}
	return v;
}

static int
truthy(const cJSON *v)
{
	if (v == NULL || cJSON_IsNull(v) || cJSON_IsFalse(v))
		return 0;
	if (cJSON_IsNumber(v))
		return v->valuedouble != 0;
	if (cJSON_IsString(v))
		return v->valuestring[0] != '\0';
	if (cJSON_IsArray(v))
		return cJSON_GetArraySize(v) > 0;
	return 1;
}

static void
put_value(struct buf *out, const cJSON *v)
{
	if (cJSON_IsString(v))
		buf_puts(out, v->valuestring);
	else if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;

		if (d == floor(d) && fabs(d) < 1e15)
			buf_printf(out, "%.0f", d);
		else
			buf_printf(out, "%g", d);
	} else if (cJSON_IsBool(v))
		buf_puts(out, cJSON_IsTrue(v) ? "true" : "false");
	else if (!cJSON_IsNull(v)) {
		char *s = cJSON_PrintUnformatted(v);

		buf_puts(out, s);
		free(s);
	}
}

static void
fail(state *st, const char *fmt, const char *name, size_t n)
{
	if (st->err == NULL)
		st->err = xasprintf(fmt, (int)n, name);
}

/* Find the {{/name}} that closes a section opened before s, nested aware. */
static const char *
find_close(state *st, const char *s, const char *name, size_t n, const char **after)
{
	int level = 1;

	while ((s = strstr(s, st->open)) != NULL) {
		const char *t = s + st->olen, *e = strstr(t, st->close);

		if (e == NULL)
			return NULL;
		if ((*t == '#' || *t == '^') && (size_t)(e - t - 1) == n &&
		    memcmp(t + 1, name, n) == 0)
			level++;
		else if (*t == '/' && (size_t)(e - t - 1) == n && memcmp(t + 1, name, n) == 0) {
			if (--level == 0) {
				*after = e + st->clen;
				return s;
			}
		}
		s = e + st->clen;
	}
	return NULL;
}

static void render(state *st, const char *s, const char *end, struct buf *out);

static void
section(state *st, const cJSON *v, const char *body, const char *bend,
    struct buf *out)
{
	if (st->depth >= MAXDEPTH) {
		fail(st, "sections nested too deeply at %.*s", "", 0);
		return;
	}
	st->ctx[st->depth++] = v;
	render(st, body, bend, out);
	st->depth--;
}

static void
render(state *st, const char *s, const char *end, struct buf *out)
{
	while (s < end && st->err == NULL) {
		const char *o = strstr(s, st->open), *t, *e, *name;
		size_t n;

		if (o == NULL || o >= end) {
			buf_add(out, s, (size_t)(end - s));
			return;
		}
		buf_add(out, s, (size_t)(o - s));
		t = o + st->olen;
		e = strstr(t, st->close);
		if (e == NULL || e > end) {
			fail(st, "unclosed tag%.*s", "", 0);
			return;
		}
		name = (*t == '#' || *t == '^' || *t == '/' || *t == '!') ? t + 1 : t;
		n = (size_t)(e - name);
		if (*t == '!') {
			s = e + st->clen;
		} else if (*t == '#' || *t == '^') {
			const char *after, *cl = find_close(st, e + st->clen, name, n, &after);
			const cJSON *v = lookup(st, name, n);

			if (cl == NULL || cl > end) {
				fail(st, "unclosed section %.*s", name, n);
				return;
			}
			if (*t == '^') {
				if (!truthy(v))
					render(st, e + st->clen, cl, out);
			} else if (cJSON_IsArray(v)) {
				const cJSON *el;

				cJSON_ArrayForEach(el, v)
					section(st, el, e + st->clen, cl, out);
			} else if (truthy(v))
				section(st, cJSON_IsObject(v) ? v : st->ctx[st->depth - 1],
				    e + st->clen, cl, out);
			s = after;
		} else if (*t == '/') {
			fail(st, "unexpected close of %.*s", name, n);
			return;
		} else {
			int strip = n > 6 && memcmp(name + n - 6, "|strip", 6) == 0;
			const cJSON *v = lookup(st, name, strip ? n - 6 : n);

			if (v == NULL) {
				fail(st, "no value for %.*s", name, n);
				return;
			}
			if (strip) {
				struct buf b = { 0 };
				size_t k;
				const char *p;

				put_value(&b, v);
				k = b.len;
				p = utf8_pystrip(b.s ? b.s : "", &k);
				buf_add(out, p, k);
				buf_free(&b);
			} else {
				put_value(out, v);
			}
			s = e + st->clen;
		}
	}
}

char *
tmpl_render_delim(const char *tmpl, const cJSON *vars, const char *open,
    const char *close, char **err)
{
	state st;
	struct buf out = { 0 };

	memset(&st, 0, sizeof st);
	st.open = open;
	st.close = close;
	st.olen = strlen(open);
	st.clen = strlen(close);
	st.ctx[st.depth++] = vars;
	render(&st, tmpl, tmpl + strlen(tmpl), &out);
	if (st.err != NULL) {
		buf_free(&out);
		*err = st.err;
		return NULL;
	}
	*err = NULL;
	return buf_take(&out);
}

char *
tmpl_render(const char *tmpl, const cJSON *vars, char **err)
{
	return tmpl_render_delim(tmpl, vars, "{{", "}}", err);
}
