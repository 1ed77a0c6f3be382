/* lw_cf_draw.c: cf words and draws, and the rendering of templates (lw_cf.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

void
cf_dict_set(dict *d, const char *k, char *v)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strcmp(d->k[i], k) == 0) {
			free(d->v[i]);
			d->v[i] = v;
			return;
		}
	d->k = xreallocarray(d->k, d->n + 1, sizeof *d->k);
	d->v = xreallocarray(d->v, d->n + 1, sizeof *d->v);
	d->k[d->n] = xstrdup(k);
	d->v[d->n++] = v;
}

static const char *
dict_getn(const dict *d, const char *k, size_t n)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (strlen(d->k[i]) == n && memcmp(d->k[i], k, n) == 0)
			return d->v[i];
	return NULL;
}

void
cf_dict_free(dict *d)
{
	size_t i;

	for (i = 0; i < d->n; i++) {
		free(d->k[i]);
		free(d->v[i]);
	}
	free(d->k);
	free(d->v);
	memset(d, 0, sizeof *d);
}

static char *
upper(const char *s)
{
	char *u = xstrdup(s), *p;

	for (p = u; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	return u;
}

char *
cf_capital(const char *s)
{
	char *u = xstrdup(s);

	u[0] = (char)toupper((unsigned char)u[0]);
	return u;
}

/* "row_count" -> "rowCount", "total" -> "Total": both against pep8-naming. */
char *
cf_badcase(const char *s, int camel)
{
	struct buf b = { 0 };
	int up = camel;

	if (strchr(s, '_') == NULL)
		up = 1;
	for (; *s; s++) {
		if (*s == '_' && s[1] != '\0') {
			up = 1;
			continue;
		}
		buf_putc(&b, up ? toupper((unsigned char)*s) : *s);
		up = 0;
	}
	return buf_take(&b);
}

/* The words of one function: the domain's, with its slots bound. */
void
cf_bind(dict *w, const domain *d, rng *r)
{
	size_t perm[4] = { 0, 1, 2, 3 }, i;
	int a = (int)rng_below(r, 2), b = 1 - a;
	char key[16];

	rng_shuffle(r, perm, 4, sizeof perm[0]);
	cf_dict_set(w, "noun", xstrdup(d->noun));
	cf_dict_set(w, "Noun", cf_capital(d->noun));
	cf_dict_set(w, "plural", xstrdup(d->plural));
	cf_dict_set(w, "Plural", cf_capital(d->plural));
	cf_dict_set(w, "PLURAL", upper(d->plural));
	cf_dict_set(w, "text", xstrdup(d->text));
	cf_dict_set(w, "cat", xstrdup(d->cat));
	cf_dict_set(w, "Cat", cf_capital(d->cat));
	cf_dict_set(w, "CAT", upper(d->cat));
	cf_dict_set(w, "int", xstrdup(d->ints[a]));
	cf_dict_set(w, "Int", cf_capital(d->ints[a]));
	cf_dict_set(w, "INT", upper(d->ints[a]));
	cf_dict_set(w, "int_b", xstrdup(d->ints[b]));
	cf_dict_set(w, "num", xstrdup(d->num));
	cf_dict_set(w, "Num", cf_capital(d->num));
	cf_dict_set(w, "NUM", upper(d->num));
	for (i = 0; i < 4; i++) {
		snprintf(key, sizeof key, "cat%zu", i);
		cf_dict_set(w, key, xstrdup(d->cats[perm[i]]));
	}
	cf_dict_set(w, "int.lo", xasprintf("%ld", d->lo[a] + 1));
	cf_dict_set(w, "int.mid", xasprintf("%ld", (d->lo[a] + d->hi[a]) / 2));
	cf_dict_set(w, "int.hi", xasprintf("%ld", d->hi[a]));
	cf_dict_set(w, "num.lo", xasprintf("%.1f", d->nlo));
	cf_dict_set(w, "num.mid", xasprintf("%.1f", (d->nlo + d->nhi) / 2));
	cf_dict_set(w, "num.hi", xasprintf("%.1f", d->nhi));
}

static int
pick_get(const picks *p, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (strlen(p->name[i]) == n && memcmp(p->name[i], name, n) == 0)
			return p->dirty[i];
	return 0;
}

static void
pick_add(picks *p, const char *name, size_t n, double prob, rng *r)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (strlen(p->name[i]) == n && memcmp(p->name[i], name, n) == 0)
			return;
	p->name = xreallocarray(p->name, p->n + 1, sizeof *p->name);
	p->dirty = xreallocarray(p->dirty, p->n + 1, sizeof *p->dirty);
	p->name[p->n] = xstrndup(name, n);
	p->dirty[p->n++] = rng_random(r) < prob;
}

void
cf_picks_free(picks *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		free(p->name[i]);
	free(p->name);
	free(p->dirty);
	memset(p, 0, sizeof *p);
}

int
cf_family(const char *tag)
{
	int i;

	if (strncmp(tag, "C4", 2) == 0)
		return F_C4;
	if (strncmp(tag, "SIM", 3) == 0)
		return F_SIM;
	for (i = 0; i < NFAM; i++)
		if (tag[0] == cf_fams[i][0] && cf_fams[i][1] == '\0')
			return i;
	return F_E;
}

static size_t
tag_len(const char *s)
{
	size_t n = 0;

	while (isalnum((unsigned char)s[n]) || s[n] == '.')
		n++;
	return n;
}

/* Draw the pollution of a body, in the order its marks appear. */
void
cf_draw_picks(const char *s, picks *tags, picks *ids, double rate, rng *r)
{
	const char *line = s;

	for (; *s; s++) {
		if (s == line && s[0] == '$' && (s[1] == '+' || s[1] == '-'))
			pick_add(tags, s + 2, tag_len(s + 2), rate, r);
		if (*s == '\n')
			line = s + 1;
		if (s[0] != '$')
			continue;
		if (s[1] == '<')
			pick_add(tags, s + 2, tag_len(s + 2), rate, r);
		else if (s[1] == '[') {
			const char *e = strchr(s + 2, ']');

			if (e != NULL)
				pick_add(ids, s + 2, (size_t)(e - s - 2), rate * 0.3, r);
		}
	}
}

static void
expand(render_ctx *x, const char *s, size_t n, struct buf *out)
{
	const char *end = s + n, *e;

	while (s < end) {
		if (*s != '$' || s + 1 >= end) {
			buf_putc(out, *s++);
			continue;
		}
		if (s[1] == '{' && (e = memchr(s, '}', (size_t)(end - s))) != NULL) {
			const char *v = dict_getn(x->w, s + 2, (size_t)(e - s - 2));

			if (v == NULL && x->err == NULL)
				x->err = xasprintf("unknown word ${%.*s}", (int)(e - s - 2), s + 2);
			buf_puts(out, v ? v : "");
			s = e + 1;
		} else if (s[1] == '[' && (e = memchr(s, ']', (size_t)(end - s))) != NULL) {
			size_t k = (size_t)(e - s - 2);

			if (x->dirty && pick_get(x->ids, s + 2, k)) {
				char *nm = xstrndup(s + 2, k), *bad = cf_badcase(nm, 0);

				buf_puts(out, bad);
				free(bad);
				free(nm);
			} else {
				buf_add(out, s + 2, k);
			}
			s = e + 1;
		} else if (s[1] == '<') {
			size_t k = tag_len(s + 2);
			const char *a = s + 2 + k, *bar, *close;

			bar = a < end && *a == ':' ? strstr(a, "$|") : NULL;
			close = bar ? strstr(bar, "$>") : NULL;
			if (close == NULL || close >= end) {
				if (x->err == NULL)
					x->err = xstrdup("a $< without its $| and $>");
				return;
			}
			if (x->dirty && pick_get(x->tags, s + 2, k))
				expand(x, bar + 2, (size_t)(close - bar - 2), out);
			else
				expand(x, a + 1, (size_t)(bar - a - 1), out);
			s = close + 2;
		} else {
			buf_putc(out, *s++);
		}
	}
}

char *
cf_render(render_ctx *x, const char *body)
{
	struct buf out = { 0 };
	const char *s = body;

	while (*s) {
		const char *nl = strchr(s, '\n'), *line = s;
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		int keep = 1;

		if (s[0] == '$' && (s[1] == '+' || s[1] == '-')) {
			size_t k = tag_len(s + 2);
			int d = x->dirty && pick_get(x->tags, s + 2, k);

			keep = s[1] == '+' ? d : !d;
			line = s + 2 + k + (s[2 + k] == ' ');
			n -= (size_t)(line - s);
		}
		if (keep) {
			expand(x, line, n, &out);
			buf_putc(&out, '\n');
		}
		s = nl ? nl + 1 : s + strlen(s);
	}
	return buf_take(&out);
}
