/*
 * lg-split: cut a LongGenBench output into its numbered entries.
 *
 * Default rule: an entry starts at a "#*#" separator or at an entry header
 * at the start of a line ("Week 5", "**Floor 12:**", "## Menu Week 3",
 * "Block 007", any case), and runs to the next one; its number comes from
 * the header at its start.  Text before the first header, when the output
 * has no header for entry 1, is entry 1 (the prompt ended with that header).
 * The first entry with a number wins; later ones are counted as duplicates.
 * Numbers are read in the decimal digits of any script, by their value, as
 * the published code's int() reads what \d matched; one greater than
 * gold.number is out of range.
 *
 * --compat: the published rule.  Split on "#*#" only; a block is entry k
 * when the first match of "TYPE (\d+)" in it, case-sensitive, gives k; the
 * first block with a number wins.  scores.words is then the result files'
 * word_count, Python's split() of the whole answer (py_words).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "buf.h"
#include "diag.h"
#include "lgb.h"
#include "opt.h"
#include "re.h"
#include "udigit.h"
#include "record.h"
#include "textmap.h"
#include "util.h"
#include "utf8.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_MAX_RECORD = 0x100, OPT_VERSION
};

static const char usage[] =
"usage: lg-split [--compat] [--keep first|last] [--max-record SIZE] [file ...]\n"
"\n"
"  --compat          the published rule: split on #*#, first TYPE (\\d+) match;\n"
"                    words as the result files' word_count (Python's split)\n"
"  --keep first|last which of several entries with one number counts (first)\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  --list-tasks      print the tasks it splits and exit\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

typedef struct {
	int compat;
	int keep_last;		/* --keep last: the last entry of a number wins */
	/* compiled patterns per entry type, kept for the run */
	char *types[8];
	lg_re *res[8];
	int ntypes;
	lg_re *sep;
	textmap map;		/* of the output in hand */
} split_ctx;

typedef struct {
	size_t off;	/* where the part starts */
	size_t end;	/* where it ends; 0: where the next one starts */
	long at;	/* its number, 0 when it has none */
} mark;

/* Room for mark n in *m (of *cap), growing by doubling. */
static mark *
room(mark **m, size_t n, size_t *cap)
{
	if (n >= *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*m = xreallocarray(*m, *cap, sizeof **m);
	}
	return *m + n;
}

static lg_re *
pattern_for(split_ctx *c, const char *type)
{
	struct buf p = { 0 };
	const char *s;
	int i;

	for (i = 0; i < c->ntypes; i++)
		if (strcmp(c->types[i], type) == 0)
			return c->res[i];
	if (c->ntypes == 8)
		return NULL;
	if (c->compat) {
		char *q = re_quote(type);

		/* the published pattern: rf"{type} (\d+)", re.search */
		buf_printf(&p, "%s (\\d+)", q);
		free(q);
		c->res[c->ntypes] = re_compile(buf_str(&p), 0);
	} else {
		/* a header: line start or after #*#, optional markdown, the
		 * type with any spacing and case, the number, zero padded.
		 * The pattern is what follows the line start or the #*#,
		 * anchored: header() tries it only there. */
		buf_puts(&p, "[ \\t]*(?:#{1,6}[ \\t]*)?(?:[*_]{1,3}[ \\t]*)?");
		for (s = type; *s; s++) {
			if (*s == ' ')
				buf_puts(&p, "\\s+");
			else if (strchr("\\^$.|?*+()[]{}#", *s))
				buf_printf(&p, "\\%c", *s);
			else
				buf_putc(&p, *s);
		}
		buf_puts(&p, "[ \\t]*(?:[*_]{1,3}[ \\t]*)?0*(\\d{1,9})(?!\\d)");
		c->res[c->ntypes] = re_compile(buf_str(&p), RE_ICASE | RE_ANCHORED);
	}
	c->types[c->ntypes] = xstrdup(type);
	buf_free(&p);
	return c->res[c->ntypes++];
}

/* The number in s[a..b), digits of any script by their value (as Python's
 * int() reads what \d matched); a larger one than 1000000000 is that. */
static long
number_at(const char *s, size_t a, size_t b)
{
	long v;

	unumber(s + a, b - a, 1000000000L, &v);
	return v < 0 ? 1000000000L : v;
}

/*
 * --compat's word count: the published result files' word_count, which is
 * len(output.split()) in Python over the whole answer, the separators in
 * it (a "#*#" glued to a word is part of it).  Whitespace is Python's,
 * Unicode's spaces included (utf8_pyspace).
 */
static size_t
py_words(const char *s, size_t len)
{
	size_t i = 0, n = 0, w;
	int in = 0;

	while (i < len)
		if ((w = utf8_pyspace(s + i, len - i)) > 0) {
			in = 0;
			i += w;
		} else {
			n += !in;
			in = 1;
			i++;	/* a byte of a word: no space begins inside one */
		}
	return n;
}

/* Marks for --compat: every #*# block, numbered by its first match. */
static size_t
marks_compat(split_ctx *c, lg_re *re, const char *s, size_t len, mark **mp)
{
	mark *m = NULL;
	size_t n = 0, start = 0, cap = 0;

	for (;;) {
		const char *e = memmem(s + start, len - start, "#*#", 3);
		size_t end = e ? (size_t)(e - s) : len, ov[4];

		room(&m, n, &cap);
		m[n].off = start;
		m[n].end = end;
		m[n].at = 0;
		if (re_match(re, s, end, start, ov, 2) && ov[2] != (size_t)-1)
			m[n].at = number_at(s, ov[2], ov[3]);
		n++;
		if (e == NULL)
			break;
		start = end + 3;
	}
	(void)c;
	*mp = m;
	return n;
}

/* Where the next "#*#" at or after from starts, or len. */
static size_t
find_sep(const textmap *t, size_t from)
{
	for (;;) {
		size_t h = textmap_next(t, t->hash, from);

		if (h + 3 > t->len)
			return t->len;
		if (t->s[h + 1] == '*' && t->s[h + 2] == '#')
			return h;
		from = h + 1;
	}
}

/* The first line start after the line break at or after from, or len + 1. */
static size_t
next_line(const textmap *t, size_t from)
{
	size_t k = textmap_next(t, t->nl, from);

	return k < t->len ? k + 1 : t->len + 1;
}

/* s[i..len) past the bytes a and b, at most most of them (0: any number):
 * where they end, or len + 1 when there are more than most. */
static size_t
run_of(const char *s, size_t len, size_t i, char a, char b, size_t most)
{
	size_t from = i;

	while (i < len && (s[i] == a || s[i] == b))
		i++;
	return most > 0 && i - from > most ? len + 1 : i;
}

/*
 * Whether the header pattern can match at s[at].  What it takes before the
 * type is "[ \t]*(?:#{1,6}[ \t]*)?(?:[*_]{1,3}[ \t]*)?", all ASCII, one
 * way only when the type starts with a letter: the byte after it must be
 * that letter, either case (first, lowercase), or a byte of a non-ASCII
 * character that may fold to it.  A line that starts "#*#" fails at its
 * "#": its header is looked for after the separator.  first is 0 when the
 * type does not start with an ASCII letter: then anything may match.
 */
static int
may_match(int first, const char *s, size_t len, size_t at)
{
	size_t i;
	unsigned char c;

	if (first == 0)
		return 1;
	i = run_of(s, len, at, ' ', '\t', 0);
	if (i < len && s[i] == '#')
		i = run_of(s, len, run_of(s, len, i, '#', '#', 6), ' ', '\t', 0);
	if (i < len && (s[i] == '*' || s[i] == '_'))
		i = run_of(s, len, run_of(s, len, i, '*', '_', 3), ' ', '\t', 0);
	if (i >= len)
		return 0;
	c = (unsigned char)s[i];
	return (c | 0x20) == first || c >= 0x80;
}

/*
 * The first header at or after pos: what "(?:^|#\*#)" then re would find
 * searching from pos (^ at line starts, lines ending at \n), trying re
 * anchored only where a header can start.  ov as re_match() fills it,
 * ov[0] the line start or the #*#.
 */
static int
header(lg_re *re, int first, const textmap *t, size_t pos, size_t *ov)
{
	const char *s = t->s;
	size_t len = t->len, nl, sep;

	/* the next line start and the next #*# at or after pos */
	if (pos == 0 || s[pos - 1] == '\n')
		nl = pos;
	else
		nl = next_line(t, pos);
	sep = find_sep(t, pos);
	while (nl <= len || sep < len) {
		if (nl <= sep) {
			size_t at = nl;

			/* ^ first; then #*# at the same place */
			if (at < len && may_match(first, s, len, at) &&
			    re_match(re, s, len, at, ov, 2) > 0)
				return 1;
			if (at == sep) {
				if (may_match(first, s, len, at + 3) &&
				    re_match(re, s, len, at + 3, ov, 2) > 0) {
					ov[0] = at;
					return 1;
				}
				sep = find_sep(t, at + 1);
			}
			nl = next_line(t, at);
		} else {
			if (may_match(first, s, len, sep + 3) &&
			    re_match(re, s, len, sep + 3, ov, 2) > 0) {
				ov[0] = sep;
				return 1;
			}
			sep = find_sep(t, sep + 1);
		}
	}
	return 0;
}

/* Marks by default: separators and headers, in order of appearance. */
static size_t
marks_default(lg_re *re, int first, const textmap *t, mark **mp)
{
	const char *s = t->s;
	mark *m = NULL;
	size_t n = 0, pos = 0, ov[4], cap = 0, len = t->len;
	size_t nextsep = find_sep(t, 0);

	for (;;) {
		int got = header(re, first, t, pos, ov);
		size_t hstart = got ? ov[0] : len;

		/* separators before the next header open unnumbered parts */
		while (nextsep < hstart) {
			room(&m, n, &cap);
			m[n].off = nextsep;
			m[n].end = 0;
			m[n++].at = 0;
			nextsep = find_sep(t, nextsep + 3);
		}
		if (!got)
			break;
		if (n > 0 && m[n - 1].at == 0 && m[n - 1].off + 3 >= hstart - 8 &&
		    m[n - 1].off <= hstart && hstart - m[n - 1].off <= 16) {
			/* "#*# Week 5": the header belongs to the separator's part */
			m[n - 1].at = number_at(s, ov[2], ov[3]);
		} else {
			room(&m, n, &cap);
			m[n].off = hstart;
			m[n].end = 0;
			m[n++].at = number_at(s, ov[2], ov[3]);
		}
		if (nextsep >= hstart && nextsep < ov[1])
			nextsep = find_sep(t, ov[1]);
		pos = ov[1] > pos ? ov[1] : pos + 1;
	}
	*mp = m;
	return n;
}

/* Put the decimal digits of v at p; returns the end.  The digits are
 * written in place from the last one (a copy loop would become a call
 * to memcpy() for a few bytes). */
static char *
put_num(char *p, size_t v)
{
	static const char two[] =
	    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	    "8081828384858687888990919293949596979899";
	size_t n = 1, x;
	char *e;

	for (x = v; x >= 100; x /= 100)
		n += 2;
	n += x >= 10;
	e = p + n;
	for (; v >= 100; v /= 100) {	/* two digits at a time */
		e -= 2;
		memcpy(e, two + 2 * (v % 100), 2);
	}
	if (v >= 10)
		memcpy(e - 2, two + 2 * v, 2);
	else
		e[-1] = (char)('0' + v);
	return p + n;
}

/* Put the key literal k (quotes and colon included) at p. */
#define PUT_KEY(p, k) (memcpy((p), (k), sizeof (k) - 1), (p) + sizeof (k) - 1)

/* Append a part to the text of the parts array, as jprint() prints it
 * (the numbers are integers, at is in 1..n). */
static void
add_part(struct buf *parts, long at, size_t off, size_t len, size_t word,
    size_t words)
{
	char *t, *p;

	buf_grow(parts, 160);	/* 5 numbers of at most 20 digits, and keys */
	t = p = parts->s + parts->len;
	if (parts->len > 1)
		*p++ = ',';
	p = PUT_KEY(p, "{\"at\":");
	p = put_num(p, (size_t)at);
	p = PUT_KEY(p, ",\"off\":");
	p = put_num(p, off);
	p = PUT_KEY(p, ",\"len\":");
	p = put_num(p, len);
	p = PUT_KEY(p, ",\"word\":");
	p = put_num(p, word);
	p = PUT_KEY(p, ",\"words\":");
	p = put_num(p, words);
	*p++ = '}';
	parts->len += (size_t)(p - t);
	*p = '\0';
}

static void
set_counts(cJSON *rec, long found, long n, long dup, long oor, long dis,
    long unl, size_t words)
{
	cJSON *sc = rec_obj(rec, "scores");

	rec_set_num(sc, "entries_found", (double)found);
	rec_set_num(sc, "entries_expected", (double)n);
	rec_set_num(sc, "cr", n > 0 ? 100.0 * (double)found / (double)n : 0);
	rec_set_num(sc, "duplicates", (double)dup);
	rec_set_num(sc, "out_of_range", (double)oor);
	rec_set_num(sc, "disorder", (double)dis);
	rec_set_num(sc, "unlabeled", (double)unl);
	rec_set_num(sc, "words", (double)words);
}

static int
split(cJSON *rec, jsonl *in, void *arg)
{
	split_ctx *c = arg;
	const cJSON *gold = rec_get(rec, "gold"), *out = rec_get(rec, "output");
	const char *type = rec_str(gold, "type"), *s;
	long n = rec_long(gold, "number", -1), found = 0, dup = 0, oor = 0;
	long dis = 0, unl = 0, prev = 0;
	int first;
	size_t len, nm, i, word = 0, *last = NULL;
	unsigned char *seen;
	struct buf parts = { 0 };
	cJSON *raw;
	lg_re *re;
	mark *m;

	if (strcmp(rec_str(rec, "bench") ? rec_str(rec, "bench") : "", "longgenbench") != 0)
		return REC_OK;
	if (type == NULL || n < 1 || n > LGB_MAX_ENTRIES) {
		return rec_fail(rec, in, "split", "needs gold.type and gold.number");
	}
	if (!cJSON_IsString(out)) {
		rec_fail(rec, in, "split", "%s", out == NULL ? "no output" :
		    "output is not a string");
		rec_set(rec, "parts", cJSON_CreateArray());
		set_counts(rec, 0, n, 0, 0, 0, 0, 0);
		return REC_BAD;
	}
	if ((re = pattern_for(c, type)) == NULL) {
		return rec_fail(rec, in, "split", "too many entry types in one run");
	}
	s = rec_strn(rec, "output", &len);	/* whole, NULs included */
	first = (type[0] | 0x20) >= 'a' && (type[0] | 0x20) <= 'z' ? type[0] | 0x20 : 0;
	textmap_build(&c->map, s, len);
	nm = c->compat ? marks_compat(c, re, s, len, &m) :
	    marks_default(re, first, &c->map, &m);
	seen = xcalloc((size_t)n + 1, 1);
	buf_putc(&parts, '[');
	/* default rule: leading text with no header is entry 1 when the
	 * output has no header 1 (the prompt ended with it) */
	if (!c->compat && nm > 0 && m[0].off > 0 &&
	    textmap_words(&c->map, 0, m[0].off) >= 10) {
		int has1 = 0;

		for (i = 0; i < nm; i++)
			has1 |= m[i].at == 1;
		if (!has1) {
			m = xreallocarray(m, nm + 1, sizeof *m);
			memmove(m + 1, m, nm * sizeof *m);
			m[0].off = 0;
			m[0].end = 0;
			m[0].at = 1;
			nm++;
		}
	} else if (!c->compat && nm == 0 && textmap_words(&c->map, 0, len) >= 10) {
		m = xmalloc(sizeof *m);
		m[0].off = 0;
		m[0].end = 0;
		m[0].at = 1;
		nm = 1;
	}
	if (nm > 0)
		word = textmap_words(&c->map, 0, m[0].off);
	if (c->keep_last) {
		/* where the last entry of each number stands */
		last = xcalloc((size_t)n + 1, sizeof *last);
		for (i = 0; i < nm; i++)
			if (m[i].at >= 1 && m[i].at <= n)
				last[m[i].at] = i + 1;	/* checked: in 1..n */
	}
	for (i = 0; i < nm; i++) {
		size_t next = i + 1 < nm ? m[i + 1].off : len;
		size_t end = m[i].end ? m[i].end : next;
		size_t w = textmap_words(&c->map, m[i].off, next);
		long at = m[i].at;

		if (at == 0)
			unl++;
		else if (at < 0 || at > n)
			oor++;
		else if (last != NULL ? last[at] != i + 1 : seen[at])
			dup++;
		else {
			if (at < prev)
				dis++;
			prev = at;
			seen[at] = 1;
			found++;
			add_part(&parts, at, m[i].off, end - m[i].off, word, w);
		}
		word += w;
	}
	buf_putc(&parts, ']');
	/* printed as it is: the text is JSON already */
	if ((raw = cJSON_CreateRaw(buf_str(&parts))) == NULL)
		lg_die(LG_SYS, "out of memory");
	rec_set(rec, "parts", raw);
	buf_free(&parts);
	/* the parts cover the output from the first mark on */
	set_counts(rec, found, n, dup, oor, dis, unl, c->compat ? py_words(s, len) :
	    nm > 0 ? word : textmap_words(&c->map, 0, len));
	free(seen);
	free(last);
	free(m);
	return REC_OK;
}

/* What the run kept: patterns, types and the map. */
static void
split_ctx_free(split_ctx *c)
{
	int i;

	for (i = 0; i < c->ntypes; i++) {
		free(c->types[i]);
		re_free(c->res[i]);
	}
	textmap_free(&c->map);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, 'c' },
		{ "keep", required_argument, NULL, 'k' },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const keeps[] = { "first", "last" };
	split_ctx c;
	int ch, status;

	lg_init(argv[0]);
	memset(&c, 0, sizeof c);
	while ((ch = lg_getopt(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c': c.compat = 1; break;
		case 'k':
			c.keep_last = (int)opt_choice("--keep", optarg, keeps, 2);
			break;
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case OPT_LIST_TASKS:
			lgb_list_tasks();
			exit(lg_finish(0));
		case 'h': lg_usage(usage, 0);
		case OPT_VERSION: lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	status = rec_filter(argv + optind, argc - optind, split, &c);
	split_ctx_free(&c);
	return status;
}
