/*
 * lg-gen longweave: the nw task (AP_STYLE_WRITING), an AP-style news
 * article that must include statements given in a flawed form, corrected.
 *
 * The published data was never released; the rubric and statements are
 * ours: share/rubrics/longweave/nw/rubric.json holds the ten published
 * categories in the published order, each with criteria and examples, and
 * share/templates/longweave/nw/statements.txt six statements per category,
 * each with the span the judge looks for and the transformation that writes
 * its flawed and corrected forms.  The word lists beside it fill the slots.
 *
 * Draws, from the case seed: the categories, sample(10, k) with k = 2, 5, 8
 * at 1k, 2k, 4k as published (all ten in the published order at 8k); the
 * topic; then per category the statements, sample(6, m) with m = 4, 4, 5, 6
 * kept in file order, and the values of each statement's slot.  Names,
 * places and titles are not repeated within a case while the lists last.
 *
 * --categories k replaces the tier's count (all ten, in the published
 * order, when k is 10), --statements m the statements per category; above
 * six, each statement of the category is taken m / 6 times and sample(6,
 * m mod 6) more, in file order, each with its own slot values.  --words
 * replaces the article's word target (1024 to 8192 by tier).
 */
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

#define DIR "templates/longweave/nw/"
#define NCAT 10
#define PERCAT 6

enum { L_NAMES, L_POS, L_STATES, L_DATELINES, L_STREETS, L_SERIES, L_WORKS,
	L_PAPERS, L_TOPICS, NLISTS };
static const char *const listfiles[NLISTS] = { "names.txt", "positions.txt",
	"states.txt", "datelines.txt", "streets.txt", "series.txt", "works.txt",
	"papers.txt", "topics.txt" };

typedef struct {
	char *rule, *text;
} stmt_tmpl;

static struct {
	cJSON *rubric;			/* the parsed rubric.json */
	const cJSON *cat[NCAT];		/* its categories */
	stmt_tmpl st[NCAT][PERCAT];
	char **list[NLISTS];
	size_t nlist[NLISTS];
	int loaded;
} lib;

static const int ncats[] = { 2, 5, 8, 10 };
static const int nstmts[] = { 4, 4, 5, 6 };
static const int words[] = { 1024, 2048, 4096, 8192 };

/* Non-comment lines of a share file; NULL after a warning. */
static char **
read_list(const char *rel, size_t *n)
{
	return lw_read_list(rel, "nw library", n);
}

/* A statement line is well formed: CATEGORY|RULE|text with one <..{..}..>. */
static int
parse_stmt(char *line, char **cat, stmt_tmpl *st)
{
	char *p = strchr(line, '|'), *q, *lt, *gt, *lb, *rb;

	if (p == NULL || (q = strchr(p + 1, '|')) == NULL)
		return -1;
	*p = *q = '\0';
	*cat = line;
	st->rule = p + 1;
	st->text = q + 1;
	lt = strchr(st->text, '<');
	gt = strchr(st->text, '>');
	lb = strchr(st->text, '{');
	rb = strchr(st->text, '}');
	/* the fixed pair's ">>" sits inside the braces */
	while (gt != NULL && lb != NULL && rb != NULL && gt > lb && gt < rb)
		gt = strchr(rb, '>');
	if (lt == NULL || gt == NULL || lb == NULL || rb == NULL ||
	    !(lt < lb && lb < rb && rb < gt) || strchr(gt + 1, '<') != NULL ||
	    strchr(rb + 1, '{') != NULL)
		return -1;
	return 0;
}

static void fini(void);

static int
init(void)
{
	char *path, *text, **v;
	size_t n, i, j, fill[NCAT] = { 0 };
	const cJSON *cats, *c;
	int bad = 0;

	if (lib.loaded)
		return 0;
	path = share_path("rubrics/longweave/nw/rubric.json");
	text = file_read(path, NULL);
	if (text == NULL || (lib.rubric = cJSON_Parse(text)) == NULL) {
		lg_warn("%s: cannot read the nw rubric", path);
		free(text);
		free(path);
		return -1;
	}
	free(text);
	cats = cJSON_GetObjectItemCaseSensitive(lib.rubric, "categories");
	i = 0;
	cJSON_ArrayForEach(c, cats) {
		if (i < NCAT && rec_str(c, "name") && rec_str(c, "criteria") &&
		    rec_str(c, "incorrect") && rec_str(c, "correct"))
			lib.cat[i] = c;
		i++;
	}
	for (j = 0; j < NCAT; j++)
		if (i != NCAT || lib.cat[j] == NULL)
			bad = 1;
	if (bad) {
		lg_warn("%s: want %d categories with name, criteria, incorrect "
		    "and correct", path, NCAT);
		free(path);
		fini();
		return -1;
	}
	free(path);
	lib.loaded = 1;
	for (i = 0; i < NLISTS; i++) {
		char *rel = xasprintf(DIR "%s", listfiles[i]);

		lib.list[i] = read_list(rel, &lib.nlist[i]);
		free(rel);
		if (lib.list[i] == NULL)
			goto fail;
		if (lib.nlist[i] < 8 && i != L_SERIES && i != L_TOPICS) {
			lg_warn("%s%s: want at least 8 lines", DIR, listfiles[i]);
			goto fail;
		}
		if (lib.nlist[i] == 0) {
			lg_warn("%s%s: empty", DIR, listfiles[i]);
			goto fail;
		}
	}
	if ((v = read_list(DIR "statements.txt", &n)) == NULL)
		goto fail;
	for (i = 0; i < n; i++) {
		char *cat;
		stmt_tmpl st;

		if (parse_stmt(v[i], &cat, &st) < 0) {
			lg_warn("%sstatements.txt: bad statement: %s", DIR, v[i]);
			bad = 1;
			continue;
		}
		for (j = 0; j < NCAT; j++)
			if (strcmp(cat, rec_str(lib.cat[j], "name")) == 0)
				break;
		if (j == NCAT || fill[j] == PERCAT) {
			lg_warn("%sstatements.txt: unknown category or more than "
			    "%d statements: %s", DIR, PERCAT, cat);
			bad = 1;
			continue;
		}
		lib.st[j][fill[j]].rule = xstrdup(st.rule);
		lib.st[j][fill[j]].text = xstrdup(st.text);
		fill[j]++;
	}
	split_free(v, n);
	for (j = 0; j < NCAT; j++)
		if (fill[j] != PERCAT)
			bad = 1;
	if (bad) {
		lg_warn("%sstatements.txt: want %d good statements per category",
		    DIR, PERCAT);
		goto fail;
	}
	return 0;
fail:
	fini();
	return -1;
}

static void
fini(void)
{
	size_t i, j;

	for (i = 0; i < NLISTS; i++)
		if (lib.list[i] != NULL)
			split_free(lib.list[i], lib.nlist[i]);
	for (i = 0; i < NCAT; i++)
		for (j = 0; j < PERCAT; j++) {
			free(lib.st[i][j].rule);
			free(lib.st[i][j].text);
		}
	cJSON_Delete(lib.rubric);
	memset(&lib, 0, sizeof lib);
}

/* Each list is used in a per-case random order, so no value repeats. */
typedef struct {
	size_t *perm[NLISTS];
	size_t next[NLISTS];
	rng *r;
} picker;

static const char *
pick(picker *p, int l)
{
	size_t n = lib.nlist[l];

	if (p->perm[l] == NULL) {
		p->perm[l] = xcalloc(n, sizeof *p->perm[l]);
		rng_sample(p->r, n, p->perm[l], n);
	}
	return lib.list[l][p->perm[l][p->next[l]++ % n]];
}

/* Field k (0-based) of a |-separated line, copied. */
static char *
field(const char *line, int k)
{
	const char *e;

	while (k-- > 0 && line != NULL)
		if ((line = strchr(line, '|')) != NULL)
			line++;
	if (line == NULL)
		return xstrdup("");
	e = strchr(line, '|');
	return e ? xasprintf("%.*s", (int)(e - line), line) : xstrdup(line);
}

static const char *const ones[] = { "zero", "one", "two", "three", "four",
	"five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
	"thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
	"nineteen" };
static const char *const tens[] = { "", "", "twenty", "thirty", "forty",
	"fifty", "sixty", "seventy", "eighty", "ninety" };
static const char *const ordw[] = { "", "first", "second", "third", "fourth",
	"fifth", "sixth", "seventh", "eighth", "ninth" };
static const char *const ords[] = { "", "1st", "2nd", "3rd", "4th", "5th",
	"6th", "7th", "8th", "9th" };
/* months AP abbreviates with a date, full and abbreviated */
static const char *const mfull[] = { "January", "February", "August",
	"September", "October", "November", "December" };
static const char *const mabbr[] = { "Jan.", "Feb.", "Aug.", "Sept.", "Oct.",
	"Nov.", "Dec." };
static const char *const seasons[] = { "spring", "summer", "fall", "winter" };
static const char *const dirs[] = { "north", "south", "east", "west" };

static char *
number_words(long n)
{
	if (n < 20)
		return xstrdup(ones[n]);
	if (n % 10 == 0)
		return xstrdup(tens[n / 10]);
	return xasprintf("%s-%s", tens[n / 10], ones[n % 10]);
}

static char *
capital(const char *s)
{
	char *t = xstrdup(s);

	if (*t >= 'a' && *t <= 'z')
		*t = (char)(*t - 'a' + 'A');
	return t;
}

/*
 * The transformations that fill the slot "{}" of a statement: each makes
 * *flaw and *fix, new strings, with p's rng and lists; alt picks the
 * variant of a family (the full street name rather than the abbreviation,
 * the title after the name rather than before).
 */
typedef void fill_fn(picker *p, int alt, char **flaw, char **fix);

static void
num_small(picker *p, int alt, char **flaw, char **fix)
{
	long n = (long)rng_randint(p->r, 2, 9);

	(void)alt;
	*flaw = xasprintf("%ld", n);
	*fix = xstrdup(ones[n]);
}

static void
num_large(picker *p, int alt, char **flaw, char **fix)
{
	long n = (long)rng_randint(p->r, 11, 99);

	(void)alt;
	*flaw = number_words(n);
	*fix = xasprintf("%ld", n);
}

static void
percent(picker *p, int alt, char **flaw, char **fix)
{
	long n = (long)rng_randint(p->r, 2, 60);

	(void)alt;
	*flaw = xasprintf("%ld%%", n);
	*fix = xasprintf("%ld percent", n);
}

static void
dollars(picker *p, int alt, char **flaw, char **fix)
{
	long n = (long)rng_randint(p->r, 2, 95);

	(void)alt;
	*flaw = xasprintf("%ld million dollars", n);
	*fix = xasprintf("$%ld million", n);
}

static void
ordinal(picker *p, int alt, char **flaw, char **fix)
{
	long n = (long)rng_randint(p->r, 2, 9);

	(void)alt;
	*flaw = xstrdup(ords[n]);
	*fix = xstrdup(ordw[n]);
}

static void
month_day(picker *p, int alt, char **flaw, char **fix)
{
	size_t m = rng_choice(p->r, 7);
	long d = (long)rng_randint(p->r, 1, 28);

	(void)alt;
	*flaw = xasprintf("%s %ld", mfull[m], d);
	*fix = xasprintf("%s %ld", mabbr[m], d);
}

static void
month_year(picker *p, int alt, char **flaw, char **fix)
{
	size_t m = rng_choice(p->r, 7);
	long y = (long)rng_randint(p->r, 1950, 2015);

	(void)alt;
	*flaw = xasprintf("%s %ld", mabbr[m], y);
	*fix = xasprintf("%s %ld", mfull[m], y);
}

static void
day_ordinal(picker *p, int alt, char **flaw, char **fix)
{
	size_t m = rng_choice(p->r, 7);
	long d = (long)rng_randint(p->r, 1, 9);

	(void)alt;
	*flaw = xasprintf("%s %s", mabbr[m], ords[d]);
	*fix = xasprintf("%s %ld", mabbr[m], d);
}

static void
clock_time(picker *p, int alt, char **flaw, char **fix)
{
	long h = (long)rng_randint(p->r, 1, 11);
	int pm = (int)rng_choice(p->r, 2);

	(void)alt;
	*flaw = xasprintf("%ld:00 %s", h, pm ? "PM" : "AM");
	*fix = xasprintf("%ld %s", h, pm ? "p.m." : "a.m.");
}

/* 12 p.m. for noon, or with alt 12 a.m. for midnight. */
static void
noon(picker *p, int alt, char **flaw, char **fix)
{
	(void)p;
	*flaw = xstrdup(alt ? "12 a.m." : "12 p.m.");
	*fix = xstrdup(alt ? "midnight" : "noon");
}

static void
state(picker *p, int alt, char **flaw, char **fix)
{
	const char *l = pick(p, L_STATES);
	char *c = field(l, 0), *pc = field(l, 1), *ap = field(l, 2);

	(void)alt;
	*flaw = xasprintf("%s, %s,", c, pc);
	*fix = xasprintf("%s, %s,", c, ap);
	free(c);
	free(pc);
	free(ap);
}

static void
city_alone(picker *p, int alt, char **flaw, char **fix)
{
	const char *l = pick(p, L_DATELINES);
	char *c = field(l, 0), *s = field(l, 1);

	(void)alt;
	*flaw = xasprintf("%s, %s,", c, s);
	*fix = c;
	free(s);
}

/* A numbered address with the street type spelled out, or with alt a
 * street name with it abbreviated. */
static void
address(picker *p, int alt, char **flaw, char **fix)
{
	const char *l = pick(p, L_STREETS);
	char *nm = field(l, 0), *full = field(l, 1), *ab = field(l, 2);
	long no = (long)rng_randint(p->r, 10, 990);

	if (alt) {
		*flaw = xasprintf("%s %s", nm, ab);
		*fix = xasprintf("%s %s", nm, full);
	} else {
		*flaw = xasprintf("%ld %s %s", no, nm, full);
		*fix = xasprintf("%ld %s %s", no, nm, ab);
	}
	free(nm);
	free(full);
	free(ab);
}

/* A title before a name, or with alt after it. */
static void
title(picker *p, int alt, char **flaw, char **fix)
{
	const char *nm = pick(p, L_NAMES), *l = pick(p, L_POS);
	char *before = field(l, 0), *after = field(l, 1);

	if (!alt) {
		*flaw = xasprintf("%s %s", after, nm);
		*fix = xasprintf("%s %s", before, nm);
	} else {
		*flaw = xasprintf("%s, %s", nm, before);
		*fix = xasprintf("%s, %s", nm, after);
	}
	free(before);
	free(after);
}

static void
courtesy(picker *p, int alt, char **flaw, char **fix)
{
	size_t i;
	const char *nm = pick(p, L_NAMES), *last = strrchr(nm, ' ');

	(void)alt;
	for (i = 0; i < lib.nlist[L_NAMES] && lib.list[L_NAMES][i] != nm; i++)
		;
	last = last ? last + 1 : nm;
	*flaw = xasprintf("%s %s", i % 2 ? "Mr." : "Ms.", last);
	*fix = xstrdup(last);
}

/* A work in italics for quotation marks, or with alt bare. */
static void
work(picker *p, int alt, char **flaw, char **fix)
{
	const char *w = pick(p, L_WORKS);

	*flaw = alt ? xstrdup(w) : xasprintf("*%s*", w);
	*fix = xasprintf("\"%s\"", w);
}

static void
paper(picker *p, int alt, char **flaw, char **fix)
{
	const char *w = pick(p, L_PAPERS);

	(void)alt;
	*flaw = xasprintf("\"%s\"", w);
	*fix = xstrdup(w);
}

/* A season capitalized, or with alt a direction. */
static void
lower(picker *p, int alt, char **flaw, char **fix)
{
	const char *s = (alt ? dirs : seasons)[rng_choice(p->r, 4)];

	*flaw = capital(s);
	*fix = xstrdup(s);
}

static void
oxford(picker *p, int alt, char **flaw, char **fix)
{
	const char *l = pick(p, L_SERIES);
	char *a = field(l, 0), *b = field(l, 1), *d = field(l, 2);

	(void)alt;
	*flaw = xasprintf("%s, %s, and %s", a, b, d);
	*fix = xasprintf("%s, %s and %s", a, b, d);
	free(a);
	free(b);
	free(d);
}

static void
decade(picker *p, int alt, char **flaw, char **fix)
{
	long d = 1950 + 10 * (long)rng_choice(p->r, 5);

	(void)alt;
	*flaw = xasprintf("%ld's", d);
	*fix = xasprintf("%lds", d);
}

/* The rules whose statements have a slot, with their transformation. */
static const struct {
	const char *rule;
	fill_fn *fill;
	int alt;
} fills[] = {
	{ "num_small", num_small, 0 }, { "num_small_alt", num_small, 0 },
	{ "num_large", num_large, 0 }, { "percent", percent, 0 },
	{ "dollars", dollars, 0 }, { "ordinal", ordinal, 0 },
	{ "month_day", month_day, 0 }, { "month_year", month_year, 0 },
	{ "day_ordinal", day_ordinal, 0 }, { "clock", clock_time, 0 },
	{ "noon", noon, 0 }, { "midnight", noon, 1 },
	{ "state", state, 0 }, { "state_alt", state, 0 },
	{ "city_alone", city_alone, 0 },
	{ "address_abbr", address, 0 }, { "address_abbr_alt", address, 0 },
	{ "address_full", address, 1 },
	{ "title_before", title, 0 }, { "title_before_alt", title, 0 },
	{ "title_after", title, 1 }, { "title_after_alt", title, 1 },
	{ "courtesy", courtesy, 0 },
	{ "composition", work, 0 }, { "book", work, 0 },
	{ "song", work, 1 }, { "podcast", work, 1 },
	{ "newspaper", paper, 0 }, { "magazine", paper, 0 },
	{ "season", lower, 0 }, { "direction", lower, 1 },
	{ "oxford", oxford, 0 }, { "decade", decade, 0 },
};

/*
 * Fill the slot of a statement by its rule: *flaw and *fix are new strings.
 * Returns -1 for a rule this file does not know.
 */
static int
transform(const char *rule, picker *p, char **flaw, char **fix)
{
	size_t i;

	for (i = 0; i < sizeof fills / sizeof fills[0]; i++)
		if (strcmp(rule, fills[i].rule) == 0) {
			fills[i].fill(p, fills[i].alt, flaw, fix);
			return 0;
		}
	return -1;
}

/* Text with the slot and markers replaced: form 0 flawed, 1 corrected. */
static char *
render(const char *text, const char *slot_flaw, const char *slot_fix, int form,
    int span_only)
{
	struct buf b = { 0 };
	const char *s = text, *lt = strchr(text, '<'), *lb = strchr(text, '{'),
	    *rb = strchr(lb, '}'), *gt = strchr(rb, '>');

	if (span_only) {
		s = lt + 1;
	}
	for (; *s; s++) {
		if (s == lt)
			continue;
		if (s == gt) {
			if (span_only)
				break;
			continue;
		}
		if (s == lb) {
			buf_puts(&b, form ? slot_fix : slot_flaw);
			s = rb;
			continue;
		}
		buf_putc(&b, *s);
	}
	return buf_take(&b);
}

/* More than PERCAT statements: each m / PERCAT times, sample the rest. */
static void
take_statements(rng *r, size_t *sidx, size_t m)
{
	size_t k, extra = m % PERCAT;

	for (k = 0; k < m - extra; k++)
		sidx[k] = k % PERCAT;
	if (extra > 0)
		rng_sample(r, PERCAT, sidx + m - extra, extra);
}

/* --categories, --statements (per category), --words; 0: the tier's */
static long categories, statements, opt_words;
static const lw_option options[] = {
	{ .name = "categories", .min = 1, .max = LW_NW_CATEGORIES,
	    .num = &categories },
	{ .name = "statements", .min = 1, .max = LW_MAX_STATEMENTS,
	    .num = &statements },
	{ .name = "words", .min = 1, .max = LW_MAX_WORDS, .num = &opt_words },
	{ .name = NULL }
};

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	size_t cidx[NCAT], *sidx, i, j, k, l;
	int nc = categories ? (int)categories : ncats[c->tier_index];
	int ns = statements ? (int)statements : nstmts[c->tier_index], num = 1;
	long nwords = opt_words ? opt_words : words[c->tier_index];
	cJSON *vars, *vcats, *gold, *gcats, *gst;
	picker p;
	int ret = 0;

	memset(&p, 0, sizeof p);
	p.r = r;
	sidx = xreallocarray(NULL, (size_t)ns, sizeof *sidx);
	if (nc == NCAT)
		for (i = 0; i < NCAT; i++)
			cidx[i] = i;
	else
		rng_sample(r, NCAT, cidx, (size_t)nc);
	vars = cJSON_CreateObject();
	gold = cJSON_CreateObject();
	cJSON_AddStringToObject(vars, "topic", pick(&p, L_TOPICS));
	cJSON_AddNumberToObject(vars, "words", (double)nwords);
	cJSON_AddNumberToObject(gold, "words", (double)nwords);
	vcats = cJSON_AddArrayToObject(vars, "categories");
	gcats = cJSON_AddArrayToObject(gold, "categories");
	gst = cJSON_AddArrayToObject(gold, "statements");
	for (i = 0; i < (size_t)nc; i++) {
		const cJSON *rc = lib.cat[cidx[i]];
		const char *name = rec_str(rc, "name");
		cJSON *vc = cJSON_CreateObject(), *vs;
		char *up = xstrdup(name);

		for (k = 0; up[k]; k++)
			if (up[k] >= 'a' && up[k] <= 'z')
				up[k] = (char)(up[k] - 'a' + 'A');
		cJSON_AddItemToArray(vcats, vc);
		cJSON_AddItemToArray(gcats, cJSON_CreateString(name));
		cJSON_AddStringToObject(vc, "name", name);
		cJSON_AddStringToObject(vc, "upper", up);
		free(up);
		cJSON_AddStringToObject(vc, "criteria", rec_str(rc, "criteria"));
		cJSON_AddStringToObject(vc, "incorrect", rec_str(rc, "incorrect"));
		cJSON_AddStringToObject(vc, "correct", rec_str(rc, "correct"));
		vs = cJSON_AddArrayToObject(vc, "statements");
		if (ns <= PERCAT)
			rng_sample(r, PERCAT, sidx, (size_t)ns);
		else
			take_statements(r, sidx, (size_t)ns);
		/* in file order */
		for (k = 1; k < (size_t)ns; k++)
			for (l = k; l > 0 && sidx[l - 1] > sidx[l]; l--) {
				size_t t = sidx[l];

				sidx[l] = sidx[l - 1];
				sidx[l - 1] = t;
			}
		for (j = 0; j < (size_t)ns; j++) {
			const stmt_tmpl *st = &lib.st[cidx[i]][sidx[j]];
			char *flaw = NULL, *fix = NULL, *s[4];
			cJSON *o;

			if (strchr(st->text, '}')[-1] == '{') {
				if (transform(st->rule, &p, &flaw, &fix) < 0) {
					lg_warn("nw: no transformation %s", st->rule);
					ret = -1;
					continue;
				}
			} else {
				const char *lb = strchr(st->text, '{'),
				    *rb = strchr(lb, '}'), *sep = strstr(lb, ">>");

				flaw = xasprintf("%.*s", (int)(sep - lb - 1), lb + 1);
				fix = xasprintf("%.*s", (int)(rb - sep - 2), sep + 2);
			}
			s[0] = render(st->text, flaw, fix, 0, 0);
			s[1] = render(st->text, flaw, fix, 1, 0);
			s[2] = render(st->text, flaw, fix, 0, 1);
			s[3] = render(st->text, flaw, fix, 1, 1);
			o = cJSON_CreateObject();
			cJSON_AddNumberToObject(o, "n", num++);
			cJSON_AddStringToObject(o, "text", s[0]);
			cJSON_AddItemToArray(vs, o);
			o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "category", name);
			cJSON_AddStringToObject(o, "rule", st->rule);
			cJSON_AddStringToObject(o, "statement", s[0]);
			cJSON_AddStringToObject(o, "correct", s[1]);
			cJSON_AddStringToObject(o, "flaw", s[2]);
			cJSON_AddStringToObject(o, "fix", s[3]);
			cJSON_AddItemToArray(gst, o);
			for (k = 0; k < 4; k++)
				free(s[k]);
			free(flaw);
			free(fix);
		}
	}
	for (i = 0; i < NLISTS; i++)
		free(p.perm[i]);
	free(sidx);
	rec_set(rec, "vars", vars);
	rec_set(rec, "gold", gold);
	return ret;
}

const lw_task lw_nw = {
	.name = "nw", .published = "AP_STYLE_WRITING",
	.init = init, .gen = gen, .fini = fini, .options = options,
};
