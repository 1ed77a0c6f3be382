/* lw_cf_prog.c: the cf program, assembled from rendered functions (lw_cf.h). */
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
cf_strs_add(strs *l, char *s)
{
	cf_push(&l->v, &l->n, s);
}

int
cf_strs_has(const strs *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return 1;
	return 0;
}

void
cf_strs_free(strs *l)
{
	split_free(l->v, l->n);
	memset(l, 0, sizeof *l);
}

static long
count_defs(const char *s)
{
	long n = 0;

	for (; s != NULL && *s; s = strchr(s, '\n'), s = s ? s + 1 : s) {
		const char *p = s;

		while (*p == ' ')
			p++;
		if (strncmp(p, "def ", 4) == 0)
			n++;
	}
	return n;
}

long
cf_count_lines(const char *s)
{
	long n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static size_t
longest_line(const char *s)
{
	size_t best = 0, n;

	while (*s) {
		n = strcspn(s, "\n");
		if (n > best)
			best = n;
		s += n + (s[n] == '\n');
	}
	return best;
}


static const frag *
find_helper(const char *name)
{
	size_t i;

	for (i = 0; i < cf_lib.nfrag; i++)
		if (cf_lib.frag[i].kind == K_HELPER && strcmp(cf_lib.frag[i].name, name) == 0)
			return &cf_lib.frag[i];
	return NULL;
}

/* The line of main() that runs a function. */
static void
main_line(struct buf *b, int kind, const char *label, const char *fn)
{
	if (kind == K_STAGE) {
		buf_printf(b, "    records = %s(records)\n", fn);
	} else if (strlen(label) * 2 + 26 <= MAXLINE) {
		buf_printf(b, "    print(\"%s:\", %s(records))\n", label, fn);
	} else {
		buf_printf(b, "    result = %s(records)\n", fn);
		buf_printf(b, "    print(\"%s:\", result)\n", label);
	}
}

/*
 * Add one function: bind its words, draw its pollution, render it both
 * ways.  Returns 1 when added, 0 when it does not fit this program (its
 * name or one of its constants is taken), -1 on a library error.
 */
int
cf_add_frag(program *p, const frag *f, int as_helper)
{
	dict w = { 0 };
	picks tags = { 0 }, ids = { 0 };
	render_ctx x;
	char *name = NULL, *dname = NULL, *cl = NULL, *dt = NULL;
	strs cn = { 0 }, cv = { 0 };
	size_t i, j;
	int ret = 0, rename;

	cf_bind(&w, p->d, p->r);
	memset(&x, 0, sizeof x);
	x.w = &w;
	x.tags = &tags;
	x.ids = &ids;
	name = cf_render(&x, f->name);
	name[strcspn(name, "\n")] = '\0';
	if (x.err != NULL)
		goto fail;
	if (cf_strs_has(&p->names, name))
		goto out;
	/* constants: a name already set to another value rules it out */
	for (i = 0; i < f->ncon; i++) {
		char *c = cf_render(&x, f->con[i]), *eq = strstr(c, " = ");

		if (eq == NULL) {
			free(c);
			x.err = xasprintf("const without \" = \": %s", f->con[i]);
			goto fail;
		}
		eq[strcspn(eq, "\n")] = '\0';
		*eq = '\0';
		for (j = 0; j < p->cnames.n; j++)
			if (strcmp(p->cnames.v[j], c) == 0 &&
			    strcmp(p->cvals.v[j], eq + 3) != 0) {
				free(c);
				goto out;
			}
		cf_strs_add(&cn, xstrdup(c));
		cf_strs_add(&cv, xstrdup(eq + 3));
		free(c);
	}
	for (i = 0; i < f->nneed; i++) {
		const frag *h = find_helper(f->need[i]);

		if (h == NULL) {
			x.err = xasprintf("needs unknown helper %s", f->need[i]);
			goto fail;
		}
		if (!cf_strs_has(&p->names, h->name) && cf_add_frag(p, h, 1) < 0)
			goto fail_quiet;
	}
	rename = !as_helper && rng_random(p->r) < p->rate * 0.2;
	dname = rename ? cf_badcase(name, 1) : xstrdup(name);
	cf_dict_set(&w, "fn", xstrdup(name));
	cf_draw_picks(f->body, &tags, &ids, p->rate, p->r);
	cl = cf_render(&x, f->body);
	cf_dict_set(&w, "fn", xstrdup(dname));
	x.dirty = 1;
	dt = cf_render(&x, f->body);
	if (x.err != NULL)
		goto fail;
	if (longest_line(cl) > MAXLINE)
		goto out;	/* these words make it too wide: not this one */
	for (i = 0; i < cn.n; i++)
		if (!cf_strs_has(&p->cnames, cn.v[i])) {
			cf_strs_add(&p->cnames, xstrdup(cn.v[i]));
			cf_strs_add(&p->cvals, xstrdup(cv.v[i]));
		}
	for (i = 0; i < f->nimp; i++)
		if (!cf_strs_has(&p->imports, f->imp[i]))
			cf_strs_add(&p->imports, xstrdup(f->imp[i]));
	for (i = 0; i < tags.n; i++)
		if (tags.dirty[i])
			p->planted[cf_family(tags.name[i])]++;
	for (i = 0; i < ids.n; i++)
		p->planted[F_N] += ids.dirty[i];
	p->planted[F_N] += rename;
	cf_strs_add(&p->names, xstrdup(name));
	p->defs += count_defs(cl);
	buf_printf(&p->clean, "\n\n%s", cl);
	buf_printf(&p->dirty, "\n\n%s", dt);
	if (!as_helper) {
		main_line(&p->mclean, f->kind, name, name);
		main_line(&p->mdirty, f->kind, name, dname);
	}
	ret = 1;
	goto out;
fail:
	lg_warn("%s: function at line %ld: %s", DIR "functions.txt", f->line,
	    x.err ? x.err : "library error");
fail_quiet:
	ret = -1;
out:
	free(x.err);
	free(name);
	free(dname);
	free(cl);
	free(dt);
	cf_strs_free(&cn);
	cf_strs_free(&cv);
	cf_picks_free(&tags);
	cf_picks_free(&ids);
	cf_dict_free(&w);
	return ret;
}

/* The table the pipeline loads, as tuples of FIELDS. */
void
cf_rows(program *p, struct buf *b)
{
	const domain *d = p->d;
	long n = lw_cf_rows ? lw_cf_rows :
	    6 + 4 * p->c->tier_index + (long)rng_below(p->r, 4), i;

	buf_printf(b, "FIELDS = (\"id\", \"%s\", \"%s\", \"%s\", \"%s\", \"%s\")\n",
	    d->text, d->cat, d->ints[0], d->ints[1], d->num);
	buf_puts(b, "ROWS = [\n");
	for (i = 0; i < n; i++) {
		const char *t = d->texts[rng_choice(p->r, d->ntexts)];
		const char *c = d->cats[rng_choice(p->r, 4)];
		long a = (long)rng_randint(p->r, d->lo[0], d->hi[0]);
		long e = (long)rng_randint(p->r, d->lo[1], d->hi[1]);
		double v = d->nlo + (d->nhi - d->nlo) * rng_random(p->r);

		buf_printf(b, "    (%ld, \"%s\", \"%s\", %ld, %ld, %.1f),\n", i + 1, t, c,
		    a, e, v);
	}
	buf_puts(b, "]\n");
}

int
cf_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The whole program, clean (dirty = 0) or polluted. */
char *
cf_assemble(program *p, const char *rowtext, int dirty)
{
	struct buf b = { 0 };
	size_t i;
	char *title = cf_capital(p->d->noun);

	buf_printf(&b, "\"\"\"%s pipeline: load, clean, transform and report %s.\"\"\"\n",
	    title, p->d->plural);
	free(title);
	if (p->imports.n > 1)
		qsort(p->imports.v, p->imports.n, sizeof *p->imports.v, cf_cmp_str);
	for (i = 0; i < p->imports.n; i++)
		buf_printf(&b, "%simport %s\n", i == 0 ? "\n" : "", p->imports.v[i]);
	buf_puts(&b, "\n");
	buf_puts(&b, rowtext);
	for (i = 0; i < p->cnames.n; i++)
		buf_printf(&b, "%s = %s\n", p->cnames.v[i], p->cvals.v[i]);
	buf_printf(&b, "\n\ndef load_%s():\n", p->d->plural);
	buf_printf(&b, "    \"\"\"Turn the rows into %s records.\"\"\"\n", p->d->noun);
	buf_puts(&b, "    return [dict(zip(FIELDS, row)) for row in ROWS]\n");
	buf_puts(&b, (dirty ? p->dirty.s : p->clean.s) ? (dirty ? p->dirty.s :
	    p->clean.s) : "");
	buf_puts(&b, "\n\ndef main():\n");
	buf_puts(&b, "    \"\"\"Run the pipeline and print what each report finds.\"\"\"\n");
	buf_printf(&b, "    records = load_%s()\n", p->d->plural);
	buf_puts(&b, (dirty ? p->mdirty.s : p->mclean.s) ? (dirty ? p->mdirty.s :
	    p->mclean.s) : "");
	buf_puts(&b, "\n\nif __name__ == \"__main__\":\n    main()\n");
	return buf_take(&b);
}
