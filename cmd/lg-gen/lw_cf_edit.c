/* lw_cf_edit.c: cf line edits, pycodestyle violations planted in lines (lw_cf.h). */
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

/* The places of line l where edit ed can be made, into sp. */
static void
find_spots(int ed, const lexed *l, spots *sp)
{
	const char *s = l->s;
	size_t i, k;

	switch (ed) {
	case ED_E225:
		for (i = 0; i + 3 <= l->n; i++)
			if (allcode(l, i, 3) && memcmp(s + i, " = ", 3) == 0 &&
			    l->depth[i] == 0)
				spot(sp, i);
		for (k = 0; compare[k]; k++)
			for (i = 0; i + strlen(compare[k]) <= l->n; i++)
				if (allcode(l, i, strlen(compare[k])) &&
				    memcmp(s + i, compare[k], strlen(compare[k])) == 0)
					spot(sp, i);
		break;
	case ED_E226:
		for (k = 0; arith[k]; k++)
			for (i = 1; i + strlen(arith[k]) <= l->n; i++)
				if (allcode(l, i, strlen(arith[k])) &&
				    memcmp(s + i, arith[k], strlen(arith[k])) == 0 &&
				    (is_word((unsigned char)s[i - 1]) || strchr(")]\"'", s[i - 1])))
					spot(sp, i);
		break;
	case ED_E231:
	case ED_E203:
		for (i = 0; i + 2 <= l->n; i++)
			if (allcode(l, i, 2) && s[i] == ',' && s[i + 1] == ' ')
				spot(sp, i);
		break;
	case ED_E201:
		for (i = 0; i + 1 < l->n; i++)
			if (allcode(l, i, 1) && strchr("([{", s[i]) &&
			    !strchr(" )]}", s[i + 1]))
				spot(sp, i + 1);
		break;
	case ED_E202:
		for (i = 1; i < l->n; i++)
			if (allcode(l, i, 1) && strchr(")]}", s[i]) &&
			    !strchr(" ([{", s[i - 1]) && s[i - 1] != ',')
				spot(sp, i);
		break;
	case ED_E211:
		for (i = 1; i < l->n; i++)
			if (allcode(l, i, 1) && (s[i] == '(' || s[i] == '[') &&
			    l->code[i - 1] && is_word((unsigned char)s[i - 1]) &&
			    !keyword_before(s, i))
				spot(sp, i);
		break;
	case ED_E221:
	case ED_E222:
		for (i = 0; i + 3 <= l->n; i++)
			if (allcode(l, i, 3) && memcmp(s + i, " = ", 3) == 0 &&
			    l->depth[i] == 0)
				spot(sp, i);
		break;
	case ED_E251:
		for (i = 1; i + 1 < l->n; i++)
			if (allcode(l, i, 1) && s[i] == '=' && l->depth[i] > 0 &&
			    is_word((unsigned char)s[i - 1]) && s[i + 1] != '=' &&
			    s[i + 1] != ' ')
				spot(sp, i);
		break;
	case ED_E271:
		for (k = 0; kwsp[k]; k++)
			for (i = 0; i + strlen(kwsp[k]) <= l->n; i++)
				if (allcode(l, i, strlen(kwsp[k])) &&
				    memcmp(s + i, kwsp[k], strlen(kwsp[k])) == 0)
					spot(sp, i + strlen(kwsp[k]));
		break;
	}
}

/* The edits made at one spot: n bytes there replaced by rep. */
static const struct {
	int ed;
	size_t n;
	const char *rep;
} at_spot[] = {
	{ ED_E231, 2, "," }, { ED_E203, 2, " , " }, { ED_E201, 0, " " },
	{ ED_E202, 0, " " }, { ED_E211, 0, " " }, { ED_E221, 3, "  = " },
	{ ED_E222, 3, " =  " }, { ED_E251, 1, " = " }, { ED_E271, 0, " " },
};

/* The comment edits (E501, E261, E262, E265, E266), as edit_line(). */
static char *
comment_edit(int ed, const lexed *l, rng *r, const char *phrase,
    int has_comment, int indent, char **before)
{
	const char *s = l->s;
	struct buf b = { 0 };

	if (ed == ED_E265 || ed == ED_E266) {
		if (l->depth0 != 0 || s[indent] == '#' ||
		    indent + strlen(phrase) + 3 > MAXLINE)
			return NULL;
		*before = xasprintf("%*s%s%s", indent, "", ed == ED_E265 ? "#" : "## ",
		    phrase);
		return xstrdup(s);
	}
	if (has_comment || s[indent] == '#' || l->depth1 != 0)
		return NULL;
	if (ed != ED_E501) {
		if (l->n + strlen(phrase) + 4 > MAXLINE)
			return NULL;
		return xasprintf(ed == ED_E261 ? "%s # %s" : "%s  #%s", s, phrase);
	}
	buf_printf(&b, "%s  # %s", s, phrase);
	while (b.len <= MAXLINE + 4)
		buf_printf(&b, ", %s", cf_lib.comments[rng_choice(r, cf_lib.ncomments)]);
	return buf_take(&b);
}

/* Try one edit on a line; the new line (caller frees) or NULL. */
static char *
edit_line(int ed, const lexed *l, program *p, char **before)
{
	spots sp = { { 0 }, 0 };
	const char *s = l->s;
	size_t i;
	int has_comment = 0, blank = 1, indent = 0;
	const char *phrase = cf_lib.comments[rng_choice(p->r, cf_lib.ncomments)];

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
	case ED_E261:
	case ED_E262:
	case ED_E265:
	case ED_E266:
		return comment_edit(ed, l, p->r, phrase, has_comment, indent, before);
	case ED_E225:
	case ED_E226:
		find_spots(ed, l, &sp);
		return tighten(s, &sp, p->r);
	case ED_E703:
		if (!simple_statement(l, has_comment))
			return NULL;
		return xasprintf("%s;", s);
	}
	for (i = 0; i < sizeof at_spot / sizeof at_spot[0]; i++)
		if (at_spot[i].ed == ed) {
			find_spots(ed, l, &sp);
			if (sp.n == 0)
				return NULL;
			return splice(s, sp.at[rng_below(p->r, sp.n)], at_spot[i].n,
			    at_spot[i].rep);
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
		cf_push(&v, &n, xstrdup(cf_field(&s, '\n')));
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
		struct buf b = { 0 };

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
	struct buf b = { 0 };
	strs mods = { 0 };
	size_t i, j;
	char *moved = NULL, *res;

	if (a == NULL)
		a = strstr(text, "\n\n");
	if (a == NULL)
		return text;
	a++;
	for (end = a; strncmp(end, "import ", 7) == 0; end = strchr(end, '\n') + 1)
		cf_strs_add(&mods, xstrndup(end + 7, strcspn(end + 7, "\n")));
	for (i = 0; i < 2; i++)
		if (rng_random(p->r) < p->rate * (i == 0 ? 0.6 : 0.3)) {
			const char *m = cf_lib.imports[rng_choice(p->r, cf_lib.nimports)];

			if (!cf_strs_has(&mods, m)) {
				cf_strs_add(&mods, xstrdup(m));
				p->planted[F_F]++;
			}
		}
	if (mods.n > 1)
		qsort(mods.v, mods.n, sizeof *mods.v, cf_cmp_str);
	if (mods.n > 0 && rng_random(p->r) < p->rate * 0.2) {
		/* F811: the same module again, right after itself */
		j = rng_below(p->r, mods.n);
		cf_strs_add(&mods, NULL);
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
	cf_strs_free(&mods);
	free(text);
	res = buf_take(&b);
	return res;
}

/* The end of the file stays as it is: the prompt shows the code in a
 * fence and an answer's code always ends in one newline. */
char *
cf_pollute(program *p, char *text)
{
	char *i = pollute_imports(p, text), *t = pollute_lines(p, i);

	free(i);
	return t;
}

void
cf_program_free(program *p)
{
	cf_strs_free(&p->names);
	cf_strs_free(&p->cnames);
	cf_strs_free(&p->cvals);
	cf_strs_free(&p->imports);
	buf_free(&p->clean);
	buf_free(&p->dirty);
	buf_free(&p->mclean);
	buf_free(&p->mdirty);
}
