/*
 * lg-gen longweave: the cf task (CODE_FIXING), code fixing.  The model gets
 * a runnable Python program, polluted with flake8 violations, and must
 * return it fixed and still runnable.
 *
 * A case is a pipeline over a small table of records: load_PLURAL() turns
 * the rows into dicts, then stages (records in, records out) and reports
 * (records in, a value out) drawn from share/templates/longweave/cf/
 * functions.txt, and main() runs them in order under a main guard.
 * Functions are added until the clean program is about 3.5 bytes per token
 * of the tier.  Each function is rendered twice with the same draws: clean
 * (gold.clean, what the oracle answers) and polluted (vars.code, what the
 * model sees).  Pollution, each with probability --rate (default 0.85):
 * the marked places of the library (bugbear B, simplify SIM,
 * comprehensions C4, naming N, some pycodestyle E and pyflakes F); local
 * names spelt against pep8-naming (rate x 0.3) and function names
 * (rate x 0.2); line edits for pycodestyle E and W, one on a line with
 * probability rate x 0.12; unused and duplicated imports, imports on one
 * line or below the constants.  The program still runs.  gold.planted
 * counts what was planted by family; the violations themselves are
 * counted by lg-flake8 with the flake8 plugins at hand.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "longweave.h"
#include "record.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

#define DIR "templates/longweave/cf/"
#define BYTES_PER_TOKEN 3.5
#define MAXLINE 79

enum { K_HELPER, K_STAGE, K_REPORT };
static const char *const kinds[] = { "helper", "stage", "report" };
enum { F_E, F_W, F_F, F_B, F_N, F_SIM, F_C4, NFAM };
static const char *const fams[NFAM] = { "E", "W", "F", "B", "N", "SIM", "C4" };

typedef struct {
	char *plural, *noun, *text, *cat, *num;
	char **texts;
	size_t ntexts;
	char *cats[4];
	char *ints[2];
	long lo[2], hi[2];
	double nlo, nhi;
} domain;

typedef struct {
	int kind;
	char *name;		/* template of its function name */
	char **imp, **con, **need;
	size_t nimp, ncon, nneed;
	char *body;
	long line;		/* in functions.txt */
} frag;

static struct {
	domain *dom;
	size_t ndom;
	frag *frag;
	size_t nfrag;
	char **comments, **imports;
	size_t ncomments, nimports;
} lib;

/* ---- the library ---- */

static char *
field(char **s, int sep)
{
	char *p = *s, *e = strchr(p, sep);

	if (e != NULL) {
		*e = '\0';
		*s = e + 1;
	} else {
		*s = p + strlen(p);
	}
	return p;
}

static int
parse_domain(char *line, domain *d, const char *path, long lineno)
{
	char *s = line, *part[7], *p, *name;
	size_t i, n;
	char **v;

	for (i = 0; i < 7; i++) {
		if (*s == '\0')
			goto bad;
		part[i] = field(&s, '|');
	}
	memset(d, 0, sizeof *d);
	d->plural = xstrdup(part[0]);
	d->noun = xstrdup(part[1]);
	p = part[2];
	d->text = xstrdup(field(&p, ':'));
	d->texts = split_list(p, &d->ntexts);
	if (d->ntexts < 2)
		goto bad;
	p = part[3];
	d->cat = xstrdup(field(&p, ':'));
	v = split_list(p, &n);
	if (n != 4) {
		split_free(v, n);
		goto bad;
	}
	for (i = 0; i < 4; i++)
		d->cats[i] = v[i];
	free(v);
	for (i = 0; i < 2; i++) {
		p = part[4 + i];
		name = field(&p, ':');
		d->ints[i] = xstrdup(name);
		if (parse_long(field(&p, ':'), &d->lo[i]) < 0 ||
		    parse_long(p, &d->hi[i]) < 0 || d->lo[i] >= d->hi[i])
			goto bad;
	}
	p = part[6];
	d->num = xstrdup(field(&p, ':'));
	if (parse_double(field(&p, ':'), &d->nlo) < 0 ||
	    parse_double(p, &d->nhi) < 0 || d->nlo >= d->nhi)
		goto bad;
	return 0;
bad:
	lg_warnat(path, lineno, "not a domain line (want 7 fields: plural|noun|"
	    "text:values|cat:4 values|int:lo:hi|int:lo:hi|num:lo:hi)");
	return -1;
}

static void
free_domain(domain *d)
{
	int i;

	free(d->plural);
	free(d->noun);
	free(d->text);
	free(d->cat);
	free(d->num);
	split_free(d->texts, d->ntexts);
	for (i = 0; i < 4; i++)
		free(d->cats[i]);
	for (i = 0; i < 2; i++)
		free(d->ints[i]);
}

/* Non-comment lines of a share file; NULL after a warning. */
static char **
read_list(const char *rel, size_t *n)
{
	return lw_read_list(rel, "cf library", n);
}

static void
push(char ***v, size_t *n, char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = s;
}

static int
load_frags(void)
{
	char *path = share_path(DIR "functions.txt");
	char *text = file_read(path, NULL), *s, *line;
	frag *cur = NULL;
	buf body = { 0 };
	long lineno = 0;
	int ret = 0, header = 0;

	if (text == NULL) {
		lg_warn("%s: cannot read the cf library", path);
		free(path);
		return -1;
	}
	for (s = text; *s; ) {
		line = field(&s, '\n');
		lineno++;
		if (strncmp(line, "%#", 2) == 0)
			continue;
		if (strncmp(line, "%% ", 3) == 0) {
			char *arg = line + 3, *word = field(&arg, ' ');
			int k;

			for (k = 0; k < 3 && strcmp(kinds[k], word) != 0; k++)
				;
			if (k < 3) {
				if (cur != NULL) {
					while (body.len > 0 && body.s[body.len - 1] == '\n')
						body.s[--body.len] = '\0';
					cur->body = buf_take(&body);
				}
				lib.frag = xreallocarray(lib.frag, lib.nfrag + 1, sizeof *lib.frag);
				cur = &lib.frag[lib.nfrag++];
				memset(cur, 0, sizeof *cur);
				cur->kind = k;
				cur->name = xstrdup(arg);
				cur->line = lineno;
				header = 1;
				continue;
			}
			if (cur == NULL || !header) {
				lg_warnat(path, lineno, "%%%% %s: outside a function header", word);
				ret = -1;
			} else if (strcmp(word, "const") == 0) {
				push(&cur->con, &cur->ncon, xstrdup(arg));
			} else if (strcmp(word, "import") == 0) {
				push(&cur->imp, &cur->nimp, xstrdup(arg));
			} else if (strcmp(word, "needs") == 0) {
				push(&cur->need, &cur->nneed, xstrdup(arg));
			} else {
				lg_warnat(path, lineno, "unknown header %%%% %s", word);
				ret = -1;
			}
			continue;
		}
		header = 0;
		if (cur == NULL) {
			if (*line != '\0') {
				lg_warnat(path, lineno, "code before the first function");
				ret = -1;
			}
			continue;
		}
		if (body.len == 0 && *line == '\0')
			continue;
		buf_puts(&body, line);
		buf_putc(&body, '\n');
	}
	if (cur != NULL) {
		while (body.len > 0 && body.s[body.len - 1] == '\n')
			body.s[--body.len] = '\0';
		cur->body = buf_take(&body);
	}
	buf_free(&body);
	free(text);
	free(path);
	return ret;
}

static int
init(const lw_opts *o)
{
	char **v;
	size_t n, i;
	char *path;

	(void)o;
	if (lib.nfrag > 0)
		return 0;
	if ((v = read_list(DIR "domains.txt", &n)) == NULL)
		return -1;
	path = share_path(DIR "domains.txt");
	lib.dom = xcalloc(n + 1, sizeof *lib.dom);
	for (i = 0; i < n; i++)
		if (parse_domain(v[i], &lib.dom[lib.ndom], path, (long)i + 1) == 0)
			lib.ndom++;
	split_free(v, n);
	free(path);
	if ((lib.comments = read_list(DIR "comments.txt", &lib.ncomments)) == NULL ||
	    (lib.imports = read_list(DIR "imports.txt", &lib.nimports)) == NULL)
		return -1;
	if (load_frags() < 0 || lib.ndom == 0 || lib.nfrag == 0 ||
	    lib.ncomments == 0 || lib.nimports == 0) {
		lg_warn("the cf library under %s is incomplete", share_dir());
		return -1;
	}
	return 0;
}

static void
fini(void)
{
	size_t i;

	for (i = 0; i < lib.ndom; i++)
		free_domain(&lib.dom[i]);
	free(lib.dom);
	for (i = 0; i < lib.nfrag; i++) {
		frag *f = &lib.frag[i];

		free(f->name);
		free(f->body);
		split_free(f->imp, f->nimp);
		split_free(f->con, f->ncon);
		split_free(f->need, f->nneed);
	}
	free(lib.frag);
	split_free(lib.comments, lib.ncomments);
	split_free(lib.imports, lib.nimports);
	memset(&lib, 0, sizeof lib);
}

/* ---- words and draws ---- */

typedef struct {
	char **k, **v;
	size_t n;
} dict;

static void
dict_set(dict *d, const char *k, char *v)
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

static void
dict_free(dict *d)
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

static char *
capital(const char *s)
{
	char *u = xstrdup(s);

	u[0] = (char)toupper((unsigned char)u[0]);
	return u;
}

/* "row_count" -> "rowCount", "total" -> "Total": both against pep8-naming. */
static char *
badcase(const char *s, int camel)
{
	buf b = { 0 };
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
static void
bind(dict *w, const domain *d, rng *r)
{
	size_t perm[4] = { 0, 1, 2, 3 }, i;
	int a = (int)rng_below(r, 2), b = 1 - a;
	char key[16];

	rng_shuffle(r, perm, 4, sizeof perm[0]);
	dict_set(w, "noun", xstrdup(d->noun));
	dict_set(w, "Noun", capital(d->noun));
	dict_set(w, "plural", xstrdup(d->plural));
	dict_set(w, "Plural", capital(d->plural));
	dict_set(w, "PLURAL", upper(d->plural));
	dict_set(w, "text", xstrdup(d->text));
	dict_set(w, "cat", xstrdup(d->cat));
	dict_set(w, "Cat", capital(d->cat));
	dict_set(w, "CAT", upper(d->cat));
	dict_set(w, "int", xstrdup(d->ints[a]));
	dict_set(w, "Int", capital(d->ints[a]));
	dict_set(w, "INT", upper(d->ints[a]));
	dict_set(w, "int_b", xstrdup(d->ints[b]));
	dict_set(w, "num", xstrdup(d->num));
	dict_set(w, "Num", capital(d->num));
	dict_set(w, "NUM", upper(d->num));
	for (i = 0; i < 4; i++) {
		snprintf(key, sizeof key, "cat%zu", i);
		dict_set(w, key, xstrdup(d->cats[perm[i]]));
	}
	dict_set(w, "int.lo", xasprintf("%ld", d->lo[a] + 1));
	dict_set(w, "int.mid", xasprintf("%ld", (d->lo[a] + d->hi[a]) / 2));
	dict_set(w, "int.hi", xasprintf("%ld", d->hi[a]));
	dict_set(w, "num.lo", xasprintf("%.1f", d->nlo));
	dict_set(w, "num.mid", xasprintf("%.1f", (d->nlo + d->nhi) / 2));
	dict_set(w, "num.hi", xasprintf("%.1f", d->nhi));
}

/* A planted place (TAG) or a local name, and whether it is polluted. */
typedef struct {
	char **name;
	int *dirty;
	size_t n;
} picks;

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

static void
picks_free(picks *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		free(p->name[i]);
	free(p->name);
	free(p->dirty);
	memset(p, 0, sizeof *p);
}

static int
family(const char *tag)
{
	int i;

	if (strncmp(tag, "C4", 2) == 0)
		return F_C4;
	if (strncmp(tag, "SIM", 3) == 0)
		return F_SIM;
	for (i = 0; i < NFAM; i++)
		if (tag[0] == fams[i][0] && fams[i][1] == '\0')
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
static void
draw_picks(const char *s, picks *tags, picks *ids, double rate, rng *r)
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

typedef struct {
	const dict *w;
	const picks *tags, *ids;
	int dirty;		/* render the polluted form */
	char *err;
} render_ctx;

static void
expand(render_ctx *x, const char *s, size_t n, buf *out)
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
				char *nm = xstrndup(s + 2, k), *bad = badcase(nm, 0);

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

static char *
render(render_ctx *x, const char *body)
{
	buf out = { 0 };
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

/* ---- the program ---- */

typedef struct {
	char **v;
	size_t n;
} strs;

static void
strs_add(strs *l, char *s)
{
	push(&l->v, &l->n, s);
}

static int
strs_has(const strs *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return 1;
	return 0;
}

static void
strs_free(strs *l)
{
	split_free(l->v, l->n);
	memset(l, 0, sizeof *l);
}

typedef struct {
	const lw_case *c;
	const domain *d;
	rng *r;
	double rate;
	strs names;		/* function names used (clean) */
	strs cnames, cvals;	/* module constants */
	strs imports;		/* modules the clean program uses */
	buf clean, dirty;	/* the functions, in order */
	buf mclean, mdirty;	/* the body of main() */
	long planted[NFAM];
	long defs;
	char *err;
} program;

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

static long
count_lines(const char *s)
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

static int add_frag(program *p, const frag *f, int as_helper);

static const frag *
find_helper(const char *name)
{
	size_t i;

	for (i = 0; i < lib.nfrag; i++)
		if (lib.frag[i].kind == K_HELPER && strcmp(lib.frag[i].name, name) == 0)
			return &lib.frag[i];
	return NULL;
}

/* The line of main() that runs a function. */
static void
main_line(buf *b, int kind, const char *label, const char *fn)
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
static int
add_frag(program *p, const frag *f, int as_helper)
{
	dict w = { 0 };
	picks tags = { 0 }, ids = { 0 };
	render_ctx x;
	char *name = NULL, *dname = NULL, *cl = NULL, *dt = NULL;
	strs cn = { 0 }, cv = { 0 };
	size_t i, j;
	int ret = 0, rename;

	bind(&w, p->d, p->r);
	memset(&x, 0, sizeof x);
	x.w = &w;
	x.tags = &tags;
	x.ids = &ids;
	name = render(&x, f->name);
	name[strcspn(name, "\n")] = '\0';
	if (x.err != NULL)
		goto fail;
	if (strs_has(&p->names, name))
		goto out;
	/* constants: a name already set to another value rules it out */
	for (i = 0; i < f->ncon; i++) {
		char *c = render(&x, f->con[i]), *eq = strstr(c, " = ");

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
		strs_add(&cn, xstrdup(c));
		strs_add(&cv, xstrdup(eq + 3));
		free(c);
	}
	for (i = 0; i < f->nneed; i++) {
		const frag *h = find_helper(f->need[i]);

		if (h == NULL) {
			x.err = xasprintf("needs unknown helper %s", f->need[i]);
			goto fail;
		}
		if (!strs_has(&p->names, h->name) && add_frag(p, h, 1) < 0)
			goto fail_quiet;
	}
	rename = !as_helper && rng_random(p->r) < p->rate * 0.2;
	dname = rename ? badcase(name, 1) : xstrdup(name);
	dict_set(&w, "fn", xstrdup(name));
	draw_picks(f->body, &tags, &ids, p->rate, p->r);
	cl = render(&x, f->body);
	dict_set(&w, "fn", xstrdup(dname));
	x.dirty = 1;
	dt = render(&x, f->body);
	if (x.err != NULL)
		goto fail;
	if (longest_line(cl) > MAXLINE)
		goto out;	/* these words make it too wide: not this one */
	for (i = 0; i < cn.n; i++)
		if (!strs_has(&p->cnames, cn.v[i])) {
			strs_add(&p->cnames, xstrdup(cn.v[i]));
			strs_add(&p->cvals, xstrdup(cv.v[i]));
		}
	for (i = 0; i < f->nimp; i++)
		if (!strs_has(&p->imports, f->imp[i]))
			strs_add(&p->imports, xstrdup(f->imp[i]));
	for (i = 0; i < tags.n; i++)
		if (tags.dirty[i])
			p->planted[family(tags.name[i])]++;
	for (i = 0; i < ids.n; i++)
		p->planted[F_N] += ids.dirty[i];
	p->planted[F_N] += rename;
	strs_add(&p->names, xstrdup(name));
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
	strs_free(&cn);
	strs_free(&cv);
	picks_free(&tags);
	picks_free(&ids);
	dict_free(&w);
	return ret;
}

/* The table the pipeline loads, as tuples of FIELDS. */
static void
rows(program *p, buf *b)
{
	const domain *d = p->d;
	long n = 6 + 4 * p->c->tier_index + (long)rng_below(p->r, 4), i;

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

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The whole program, clean (dirty = 0) or polluted. */
static char *
assemble(program *p, const char *rowtext, int dirty)
{
	buf b = { 0 };
	size_t i;
	char *title = capital(p->d->noun);

	buf_printf(&b, "\"\"\"%s pipeline: load, clean, transform and report %s.\"\"\"\n",
	    title, p->d->plural);
	free(title);
	if (p->imports.n > 1)
		qsort(p->imports.v, p->imports.n, sizeof *p->imports.v, cmp_str);
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

/* ---- line edits: pycodestyle violations planted in a rendered program ---- */

typedef struct {
	char *s;
	char *code;		/* 1 where s is code, not a string or a comment */
	int *depth;		/* bracket depth before each byte */
	size_t n;
	int depth0, depth1;	/* at the start and the end of the line */
} lexed;

static void
lex(const char *s, int depth, lexed *l)
{
	size_t i, n = strlen(s);
	char q = 0;
	int triple = 0;

	l->s = xstrdup(s);
	l->n = n;
	l->code = xcalloc(n + 1, 1);
	l->depth = xcalloc(n + 1, sizeof *l->depth);
	l->depth0 = depth;
	for (i = 0; i < n; i++) {
		l->depth[i] = depth;
		if (q != 0) {
			if (s[i] == '\\' && i + 1 < n) {
				l->depth[++i] = depth;
				continue;
			}
			if (s[i] == q && (!triple || (i + 2 < n && s[i + 1] == q &&
			    s[i + 2] == q))) {
				if (triple) {
					l->depth[i + 1] = l->depth[i + 2] = depth;
					i += 2;
				}
				q = 0;
			}
			continue;
		}
		if (s[i] == '#')
			break;
		if (s[i] == '"' || s[i] == '\'') {
			q = s[i];
			triple = i + 2 < n && s[i + 1] == q && s[i + 2] == q;
			if (triple) {
				l->depth[i + 1] = l->depth[i + 2] = depth;
				i += 2;
			}
			continue;
		}
		l->code[i] = 1;
		if (strchr("([{", s[i]))
			depth++;
		else if (strchr(")]}", s[i]) && depth > 0)
			depth--;
	}
	for (; i < n; i++)
		l->depth[i] = depth;
	l->depth1 = depth;
}

static void
lexed_free(lexed *l)
{
	free(l->s);
	free(l->code);
	free(l->depth);
}

static int
allcode(const lexed *l, size_t at, size_t n)
{
	size_t i;

	if (at + n > l->n)
		return 0;
	for (i = 0; i < n; i++)
		if (!l->code[at + i])
			return 0;
	return 1;
}

static int
is_word(int c)
{
	return isalnum(c) || c == '_';
}

static const char *const keywords[] = {
	"and", "as", "assert", "async", "await", "break", "class", "continue",
	"def", "del", "elif", "else", "except", "finally", "for", "from",
	"global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
	"pass", "raise", "return", "try", "while", "with", "yield", "None",
	"True", "False", NULL
};

static int
keyword_before(const char *s, size_t end)
{
	size_t st = end;
	int i;

	while (st > 0 && is_word((unsigned char)s[st - 1]))
		st--;
	for (i = 0; keywords[i]; i++)
		if (strlen(keywords[i]) == end - st &&
		    memcmp(keywords[i], s + st, end - st) == 0)
			return 1;
	return st == end;
}

/* Replace n bytes at at by rep. */
static char *
splice(const char *s, size_t at, size_t n, const char *rep)
{
	return xasprintf("%.*s%s%s", (int)at, s, rep, s + at + n);
}

/* Candidates of a pattern in code: collect, then pick one at random. */
typedef struct {
	size_t at[256];
	size_t n;
} spots;

static void
spot(spots *sp, size_t at)
{
	if (sp->n < 256)
		sp->at[sp->n++] = at;
}

/* Take the spaces off the operator at one of the spots: "a + b", "a+b". */
static char *
tighten(const char *s, const spots *sp, rng *r)
{
	size_t i, k;
	char *op, *out;

	if (sp->n == 0)
		return NULL;
	i = sp->at[rng_below(r, sp->n)];
	k = strcspn(s + i + 1, " ");
	op = xstrndup(s + i + 1, k);
	out = splice(s, i, k + 2, op);
	free(op);
	return out;
}

static const char *const arith[] = {
	" + ", " - ", " * ", " / ", " // ", " % ", NULL
};
static const char *const compare[] = {
	" == ", " != ", " <= ", " >= ", " < ", " > ", NULL
};
static const char *const kwsp[] = {
	" in ", " and ", " or ", " not ", " if ", " for ", " else ", NULL
};

enum {
	ED_W291, ED_E501, ED_E261, ED_E262, ED_E265, ED_E266, ED_E225,
	ED_E226, ED_E231, ED_E201, ED_E202, ED_E203, ED_E211, ED_E221,
	ED_E222, ED_E251, ED_E271, ED_E703, NED
};
static const int weight[NED] = { 3, 2, 1, 1, 1, 1, 3, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1 };

/* A line that is one whole simple statement (a docstring too): E703 fits. */
static int
simple_statement(const lexed *l, int has_comment)
{
	static const char *const compound[] = {
		"if ", "elif ", "else:", "for ", "while ", "def ", "class ", "with ",
		"try:", "except", "finally:", "@", NULL
	};
	const char *t = l->s;
	size_t e = l->n;
	int i;

	while (*t == ' ')
		t++;
	while (e > 0 && l->s[e - 1] == ' ')
		e--;
	if (*t == '\0' || *t == '#' || has_comment || l->depth0 != 0 ||
	    l->depth1 != 0 || e == 0 || strchr(":,([{\\;", l->s[e - 1]))
		return 0;
	for (i = 0; compound[i]; i++)
		if (strncmp(t, compound[i], strlen(compound[i])) == 0)
			return 0;
	return 1;
}

/* Try one edit on a line; the new line (caller frees) or NULL. */
static char *
edit_line(int ed, const lexed *l, program *p, char **before)
{
	spots sp = { { 0 }, 0 };
	const char *s = l->s;
	size_t i, k;
	int has_comment = 0, blank = 1, indent = 0;
	const char *phrase = lib.comments[rng_choice(p->r, lib.ncomments)];

	for (i = 0; i < l->n; i++) {
		if (s[i] != ' ')
			blank = 0;
		if (s[i] == '#' && !l->code[i] && (i == 0 || l->code[i - 1] ||
		    s[i - 1] == ' '))
			has_comment = 1;
	}
	while (s[indent] == ' ')
		indent++;
	if (blank)
		return NULL;
	switch (ed) {
	case ED_W291:
		return xasprintf("%s%.*s", s, 1 + (int)rng_below(p->r, 3), "   ");
	case ED_E501:
		if (has_comment || s[indent] == '#' || l->depth1 != 0)
			return NULL;
		{
			buf b = { 0 };

			buf_printf(&b, "%s  # %s", s, phrase);
			while (b.len <= MAXLINE + 4)
				buf_printf(&b, ", %s", lib.comments[rng_choice(p->r,
				    lib.ncomments)]);
			return buf_take(&b);
		}
	case ED_E261:
	case ED_E262:
		if (has_comment || s[indent] == '#' || l->depth1 != 0 ||
		    l->n + strlen(phrase) + 4 > MAXLINE)
			return NULL;
		return xasprintf(ed == ED_E261 ? "%s # %s" : "%s  #%s", s, phrase);
	case ED_E265:
	case ED_E266:
		if (l->depth0 != 0 || s[indent] == '#' ||
		    indent + strlen(phrase) + 3 > MAXLINE)
			return NULL;
		*before = xasprintf("%*s%s%s", indent, "", ed == ED_E265 ? "#" : "## ",
		    phrase);
		return xstrdup(s);
	case ED_E225:
		for (i = 0; i + 3 <= l->n; i++)
			if (allcode(l, i, 3) && memcmp(s + i, " = ", 3) == 0 &&
			    l->depth[i] == 0)
				spot(&sp, i);
		for (k = 0; compare[k]; k++)
			for (i = 0; i + strlen(compare[k]) <= l->n; i++)
				if (allcode(l, i, strlen(compare[k])) &&
				    memcmp(s + i, compare[k], strlen(compare[k])) == 0)
					spot(&sp, i);
		return tighten(s, &sp, p->r);
	case ED_E226:
		for (k = 0; arith[k]; k++)
			for (i = 1; i + strlen(arith[k]) <= l->n; i++)
				if (allcode(l, i, strlen(arith[k])) &&
				    memcmp(s + i, arith[k], strlen(arith[k])) == 0 &&
				    (is_word((unsigned char)s[i - 1]) || strchr(")]\"'", s[i - 1])))
					spot(&sp, i);
		return tighten(s, &sp, p->r);
	case ED_E231:
	case ED_E203:
		for (i = 0; i + 2 <= l->n; i++)
			if (allcode(l, i, 2) && s[i] == ',' && s[i + 1] == ' ')
				spot(&sp, i);
		if (sp.n == 0)
			return NULL;
		i = sp.at[rng_below(p->r, sp.n)];
		return splice(s, i, 2, ed == ED_E231 ? "," : " , ");
	case ED_E201:
		for (i = 0; i + 1 < l->n; i++)
			if (allcode(l, i, 1) && strchr("([{", s[i]) &&
			    !strchr(" )]}", s[i + 1]))
				spot(&sp, i + 1);
		if (sp.n == 0)
			return NULL;
		return splice(s, sp.at[rng_below(p->r, sp.n)], 0, " ");
	case ED_E202:
		for (i = 1; i < l->n; i++)
			if (allcode(l, i, 1) && strchr(")]}", s[i]) &&
			    !strchr(" ([{", s[i - 1]) && s[i - 1] != ',')
				spot(&sp, i);
		if (sp.n == 0)
			return NULL;
		return splice(s, sp.at[rng_below(p->r, sp.n)], 0, " ");
	case ED_E211:
		for (i = 1; i < l->n; i++)
			if (allcode(l, i, 1) && (s[i] == '(' || s[i] == '[') &&
			    l->code[i - 1] && is_word((unsigned char)s[i - 1]) &&
			    !keyword_before(s, i))
				spot(&sp, i);
		if (sp.n == 0)
			return NULL;
		return splice(s, sp.at[rng_below(p->r, sp.n)], 0, " ");
	case ED_E221:
	case ED_E222:
		for (i = 0; i + 3 <= l->n; i++)
			if (allcode(l, i, 3) && memcmp(s + i, " = ", 3) == 0 &&
			    l->depth[i] == 0)
				spot(&sp, i);
		if (sp.n == 0)
			return NULL;
		return splice(s, sp.at[rng_below(p->r, sp.n)], 3,
		    ed == ED_E221 ? "  = " : " =  ");
	case ED_E251:
		for (i = 1; i + 1 < l->n; i++)
			if (allcode(l, i, 1) && s[i] == '=' && l->depth[i] > 0 &&
			    is_word((unsigned char)s[i - 1]) && s[i + 1] != '=' &&
			    s[i + 1] != ' ')
				spot(&sp, i);
		if (sp.n == 0)
			return NULL;
		return splice(s, sp.at[rng_below(p->r, sp.n)], 1, " = ");
	case ED_E271:
		for (k = 0; kwsp[k]; k++)
			for (i = 0; i + strlen(kwsp[k]) <= l->n; i++)
				if (allcode(l, i, strlen(kwsp[k])) &&
				    memcmp(s + i, kwsp[k], strlen(kwsp[k])) == 0)
					spot(&sp, i + strlen(kwsp[k]));
		if (sp.n == 0)
			return NULL;
		return splice(s, sp.at[rng_below(p->r, sp.n)], 0, " ");
	case ED_E703:
		if (!simple_statement(l, has_comment))
			return NULL;
		return xasprintf("%s;", s);
	}
	return NULL;
}

static int
pick_edit(rng *r)
{
	int total = 0, i, x;

	for (i = 0; i < NED; i++)
		total += weight[i];
	x = (int)rng_below(r, (uint64_t)total);
	for (i = 0; i < NED; i++) {
		if (x < weight[i])
			return i;
		x -= weight[i];
	}
	return 0;
}

static int
toplevel_def(const char *s)
{
	return strncmp(s, "def ", 4) == 0 || strncmp(s, "class ", 6) == 0 ||
	    strncmp(s, "if __name__", 11) == 0;
}

/*
 * Plant pycodestyle violations line by line, and blank-line ones between
 * the functions; returns the new program.
 */
static char *
pollute_lines(program *p, const char *text)
{
	char **v, *copy = xstrdup(text), *s = copy;
	size_t n = 0, i, out = 0, cap;
	char **o;
	int depth = 0, halve = 0;
	double per_line = p->rate * 0.12;

	v = NULL;
	while (*s)
		push(&v, &n, xstrdup(field(&s, '\n')));
	free(copy);
	cap = 2 * n + 4;
	o = xcalloc(cap, sizeof *o);
	for (i = 0; i < n; i++) {
		lexed l;
		char *line = v[i], *before = NULL;
		int blank = line[strspn(line, " ")] == '\0';

		/* a whole function indented by two: E111 on each line */
		if (depth == 0 && strncmp(line, "def ", 4) == 0) {
			halve = rng_random(p->r) < p->rate * 0.04;
			p->planted[F_E] += halve;
		} else if (depth == 0 && !blank && line[0] != ' ')
			halve = 0;
		if (halve && !blank && line[0] == ' ') {
			size_t ind = strspn(line, " ");
			char *h = xasprintf("%*s%s", (int)(ind / 2), "", line + ind);

			free(line);
			line = v[i] = h;
		}
		lex(line, depth, &l);
		depth = l.depth1;
		if (l.depth0 == 0 && toplevel_def(line) && out >= 2 &&
		    o[out - 1][0] == '\0' && o[out - 2][0] == '\0' &&
		    rng_random(p->r) < p->rate * 0.1) {
			free(o[--out]);	/* E302 or E305: one blank line short */
			p->planted[F_E]++;
		}
		if (blank) {
			if (rng_random(p->r) < per_line) {
				if (rng_below(p->r, 2) == 0 && i > 0 && v[i - 1][0] == ' ' &&
				    i + 1 < n && v[i + 1][0] == ' ') {
					o[out++] = xstrdup("    ");	/* W293 */
					p->planted[F_W]++;
				} else if ((out > 0 && o[out - 1][0] == '\0') ||
				    (i > 0 && v[i - 1][0] == ' ' && i + 1 < n &&
				    v[i + 1][0] == ' ')) {
					o[out++] = xstrdup("");	/* E303 */
					p->planted[F_E]++;
				}
			}
			o[out++] = xstrdup(line);
		} else if (rng_random(p->r) < per_line) {
			char *e = NULL;
			int tries, ed = 0;

			for (tries = 0; tries < 4 && e == NULL; tries++) {
				ed = pick_edit(p->r);
				e = edit_line(ed, &l, p, &before);
			}
			if (e != NULL) {
				p->planted[ed == ED_W291 ? F_W : F_E]++;
				if (before != NULL)
					o[out++] = before;
				o[out++] = e;
			} else {
				o[out++] = xstrdup(line);
			}
		} else {
			o[out++] = xstrdup(line);
		}
		lexed_free(&l);
		if (out + 3 > cap) {
			cap *= 2;
			o = xreallocarray(o, cap, sizeof *o);
		}
	}
	{
		buf b = { 0 };

		for (i = 0; i < out; i++) {
			buf_puts(&b, o[i]);
			buf_putc(&b, '\n');
			free(o[i]);
		}
		free(o);
		split_free(v, n);
		return buf_take(&b);
	}
}

/* Imports: unused ones (F401), a duplicate (F811), two on a line (E401),
 * one below the constants (E402). */
static char *
pollute_imports(program *p, char *text)
{
	char *a = strstr(text, "\nimport "), *end;
	buf b = { 0 };
	strs mods = { 0 };
	size_t i, j;
	char *moved = NULL, *res;

	if (a == NULL)
		a = strstr(text, "\n\n");
	if (a == NULL)
		return text;
	a++;
	for (end = a; strncmp(end, "import ", 7) == 0; end = strchr(end, '\n') + 1)
		strs_add(&mods, xstrndup(end + 7, strcspn(end + 7, "\n")));
	for (i = 0; i < 2; i++)
		if (rng_random(p->r) < p->rate * (i == 0 ? 0.6 : 0.3)) {
			const char *m = lib.imports[rng_choice(p->r, lib.nimports)];

			if (!strs_has(&mods, m)) {
				strs_add(&mods, xstrdup(m));
				p->planted[F_F]++;
			}
		}
	if (mods.n > 1)
		qsort(mods.v, mods.n, sizeof *mods.v, cmp_str);
	if (mods.n > 0 && rng_random(p->r) < p->rate * 0.2) {
		/* F811: the same module again, right after itself */
		j = rng_below(p->r, mods.n);
		strs_add(&mods, NULL);
		memmove(mods.v + j + 1, mods.v + j, (mods.n - j - 1) * sizeof *mods.v);
		mods.v[j] = xstrdup(mods.v[j + 1]);
		p->planted[F_F]++;
	}
	if (mods.n >= 2 && rng_random(p->r) < p->rate * 0.2) {
		moved = mods.v[--mods.n];	/* E402 */
		p->planted[F_E]++;
	}
	buf_add(&b, text, (size_t)(a - text));
	for (i = 0; i < mods.n; i++) {
		if (i + 1 < mods.n && strcmp(mods.v[i], mods.v[i + 1]) != 0 &&
		    rng_random(p->r) < p->rate * 0.15) {
			buf_printf(&b, "import %s, %s\n", mods.v[i], mods.v[i + 1]);
			p->planted[F_E]++;	/* E401 */
			i++;
			continue;
		}
		buf_printf(&b, "import %s\n", mods.v[i]);
	}
	if (moved != NULL) {
		char *def = strstr(end, "\n\n\ndef ");

		if (def != NULL) {
			buf_add(&b, end, (size_t)(def - end) + 1);
			buf_printf(&b, "import %s\n", moved);
			buf_puts(&b, def + 1);
		} else {
			buf_puts(&b, end);
		}
		free(moved);
	} else {
		buf_puts(&b, end);
	}
	strs_free(&mods);
	free(text);
	res = buf_take(&b);
	return res;
}

/* The end of the file stays as it is: the prompt shows the code in a
 * fence and an answer's code always ends in one newline. */
static char *
pollute(program *p, char *text)
{
	char *i = pollute_imports(p, text), *t = pollute_lines(p, i);

	free(i);
	return t;
}

static void
program_free(program *p)
{
	strs_free(&p->names);
	strs_free(&p->cnames);
	strs_free(&p->cvals);
	strs_free(&p->imports);
	buf_free(&p->clean);
	buf_free(&p->dirty);
	buf_free(&p->mclean);
	buf_free(&p->mdirty);
}

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	program p;
	size_t *order, nf = lib.nfrag, i, k, stale;
	double target = BYTES_PER_TOKEN * (double)tier_tokens(c->tier);
	buf rowtext = { 0 };
	char *clean, *dirty;
	cJSON *vars, *checks, *o, *gold, *planted;
	int ret = 0;

	memset(&p, 0, sizeof p);
	p.c = c;
	p.r = r;
	p.rate = c->opts->rate;
	p.d = &lib.dom[rng_choice(r, lib.ndom)];
	rows(&p, &rowtext);
	strs_add(&p.names, xasprintf("load_%s", p.d->plural));
	strs_add(&p.names, xstrdup("main"));
	p.defs = 2;
	order = xcalloc(nf, sizeof *order);
	for (i = 0; i < nf; i++)
		order[i] = i;
	/* rounds over the shuffled library until the program is long
	 * enough, or a whole round adds nothing */
	for (stale = 0; stale < 2; ) {
		int added = 0;

		rng_shuffle(r, order, nf, sizeof *order);
		for (k = 0; k < nf; k++) {
			const frag *f = &lib.frag[order[k]];
			int got;

			if (f->kind == K_HELPER)
				continue;
			if (rowtext.len + p.clean.len + p.mclean.len + 400 >= target)
				break;
			if ((got = add_frag(&p, f, 0)) < 0) {
				ret = -1;
				goto out;
			}
			added += got;
		}
		if (rowtext.len + p.clean.len + p.mclean.len + 400 >= target)
			break;
		stale = added ? 0 : stale + 1;
	}
	clean = assemble(&p, rowtext.s, 0);
	dirty = pollute(&p, assemble(&p, rowtext.s, 1));

	vars = cJSON_CreateObject();
	cJSON_AddStringToObject(vars, "code", dirty);
	rec_set(rec, "vars", vars);

	checks = cJSON_CreateArray();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kind", "runnable");
	cJSON_AddItemToArray(checks, o);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kind", "flake8");
	cJSON_AddStringToObject(o, "select", "E,W,F,B,N,SIM,C4");
	cJSON_AddNumberToObject(o, "max", 0);
	cJSON_AddItemToArray(checks, o);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kind", "functions");
	cJSON_AddNumberToObject(o, "want", (double)p.defs);
	cJSON_AddItemToArray(checks, o);
	rec_set(rec, "checks", checks);

	gold = cJSON_CreateObject();
	cJSON_AddStringToObject(gold, "clean", clean);
	cJSON_AddNumberToObject(gold, "functions", (double)p.defs);
	cJSON_AddNumberToObject(gold, "lines", (double)count_lines(clean));
	cJSON_AddStringToObject(gold, "domain", p.d->plural);
	cJSON_AddNumberToObject(gold, "rate", p.rate);
	planted = cJSON_CreateObject();
	for (i = 0; i < NFAM; i++)
		cJSON_AddNumberToObject(planted, fams[i], (double)p.planted[i]);
	cJSON_AddItemToObject(gold, "planted", planted);
	rec_set(rec, "gold", gold);
	free(clean);
	free(dirty);
out:
	free(order);
	buf_free(&rowtext);
	program_free(&p);
	return ret;
}

const lw_task lw_cf = { "cf", "CODE_FIXING", init, gen, fini };
