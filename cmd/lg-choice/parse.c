/*
 * parse.c: answers as models write them (the default reading).
 *
 * The text is first normalized (norm.c: digits of any script, fullwidth
 * forms, CJK punctuation, dashes and arrows), and the instruction's own
 * examples, when the answer copies them, are blanked out: "(e.g. A4 means
 * answer 4 is the most helpful answer)", "Answer: The designation of the
 * most helpful answer.", "if you output [4, 1, 3, 2], that means the
 * correct order is: Part 4 -> Part 1 -> Part 3 -> Part 2", and the sample
 * output after "Sample Output (format only):".  An answer that is nothing
 * else is the example copied (PARSE_EXAMPLE), not an answer.
 *
 * The answer is read right after a marker: "Answer:" (any case, markup such
 * as ** or quotes between, so the JSON {"answer": 3} too; "答案："; for
 * bestanswer also "Ranking:"; for tsort also "order:"), else "the answer
 * is" ("was", "would be", "should be"; "答案是"; for tsort also "the order
 * is"); the last marker that an answer follows wins, but two markers
 * followed by different answers are refused.  When the marker ends its line
 * the answer is on the next line that is not blank.  Without such a marker,
 * the answer is the text's first line when that line is an answer and
 * nothing else; else bestanswer takes the A<k> standing alone on a line
 * ("A2 is wrong.\nA1"), else the one designation the text names (every A<k>
 * standing alone: two different ones are refused), tsort the one order the
 * text writes as a bracketed list or a chain of arrows or dashes (lists
 * shorter than the order are steps of an explanation and left aside; two
 * different orders are refused).
 *
 * A designation is A<k> or a<k> (one space allowed: "A 3"), or the bare
 * number k, which must not be followed by a word ("the answer is 3 votes
 * ahead" is no answer); "A1 > A2" is a ranking, and A1 the answer.  An
 * order is numbers, "Part 2" or "2", quoted or not, separated by commas,
 * semicolons, white space, dashes or arrows (->, =>, >), in brackets (a
 * comma may precede the closing one) or not; outside brackets it ends with
 * its line, and a list whose closing bracket is missing (an answer cut
 * short) is one only when nothing else follows on its line.  A number is a
 * whole number: "2.0" is 2, "2.5" is refused.  The answer must be exactly
 * one designation from A1 to An, or exactly count distinct numbers from 1
 * to count; what follows it on its line must not be a second one ("A3, A5",
 * "A3 or A5", "[p] or [q]", "A3 (A5 also works)"; the same one again is no
 * second).  Text after it is not read.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "choice.h"
#include "re.h"
#include "xalloc.h"

enum { F_NONE, F_OK, F_BAD };

typedef struct {
	const char *t;		/* the normalized text */
	size_t n;
	int tsort;
	long count;		/* parts (tsort) or answers (bestanswer) */
} rd;

typedef struct {
	long v[CHOICE_MAX];	/* the numbers read (the first CHOICE_MAX) */
	long n;			/* how many */
	int frac;		/* one is not a whole number */
	int bracket;		/* in brackets */
	int arrow;		/* a separator is a dash or an arrow */
	size_t end;		/* just after the form */
} seq;

static const char W[] = "(?<![\\p{L}\\p{N}_])";
static const char VERB[] = "[*_ \\t]+(?:is|was|would be|should be|will be)"
    "(?![\\p{L}\\p{N}_])[ \\t]*:?";
static const char COLON[] = "[*_`\"' \\t]*[:=]";

static lg_re *re_strong[2], *re_weak[2], *re_mask[2];

void
parse_init(void)
{
	char *p;

	p = xasprintf("%s(?:answer|ranking)%s|答案%s", W, COLON, COLON);
	re_strong[0] = re_compile(p, RE_ICASE);
	free(p);
	p = xasprintf("%s(?:answer|order|sequence)%s|答案%s", W, COLON, COLON);
	re_strong[1] = re_compile(p, RE_ICASE);
	free(p);
	p = xasprintf("%sanswer%s|答案[ \\t]*(?:是|为|為)[ \\t]*:?", W, VERB);
	re_weak[0] = re_compile(p, RE_ICASE);
	free(p);
	p = xasprintf("%s(?:answer|order|sequence)%s|答案[ \\t]*(?:是|为|為)"
	    "[ \\t]*:?", W, VERB);
	re_weak[1] = re_compile(p, RE_ICASE);
	free(p);
	re_mask[0] = re_compile(
	    "(?:sample\\s*output\\s*(?:\\(\\s*format\\s*only\\s*\\))?\\s*:?\\s*)?"
	    "answer\\s*:\\s*the\\s+designation\\s+of\\s+the\\s+most\\s+"
	    "helpful\\s+answer\\s*\\.?"
	    "|(?:\\(\\s*)?(?<![\\p{L}\\p{N}_])e\\.\\s*g\\.?\\s*,?\\s*A\\s*4(?!\\p{N})"
	    "(?:\\s*means\\s+answer\\s+4\\s+is\\s+the\\s+most\\s+helpful"
	    "\\s+answer)?\\s*\\)?"
	    "|(?<![\\p{L}\\p{N}_])A\\s*4\\s+means\\s+answer\\s+4\\s+is\\s+the"
	    "\\s+most\\s+helpful\\s+answer", RE_ICASE);
	re_mask[1] = re_compile(
	    "(?:for\\s+example\\s*,?\\s*)?if\\s+you\\s+output\\s*"
	    "\\[\\s*4\\s*,\\s*1\\s*,\\s*3\\s*,\\s*2\\s*\\]"
	    "(?:\\s*,?\\s*that\\s+means\\s+the\\s+correct\\s+order\\s+is"
	    "\\s*:?\\s*part\\s*4\\s*-?>\\s*part\\s*1\\s*-?>\\s*part\\s*3"
	    "\\s*-?>\\s*part\\s*2(?!\\p{N})\\s*\\.?)?"
	    "|that\\s+means\\s+the\\s+correct\\s+order\\s+is\\s*:?\\s*"
	    "part\\s*4\\s*-?>\\s*part\\s*1\\s*-?>\\s*part\\s*3\\s*-?>"
	    "\\s*part\\s*2(?!\\p{N})\\s*\\.?"
	    "|sample\\s*output\\s*(?:\\(\\s*format\\s*only\\s*\\))?\\s*:?"
	    "\\s*answer\\s*:\\s*\\[\\s*4\\s*,\\s*1\\s*,\\s*3\\s*,\\s*2"
	    "\\s*\\]", RE_ICASE);
}

void
parse_fini(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		re_free(re_strong[i]);
		re_free(re_weak[i]);
		re_free(re_mask[i]);
	}
}

/* ---- characters ---- */

static int
at(const rd *r, size_t i)
{
	return i < r->n ? (unsigned char)r->t[i] : -1;
}

static int
hspace(int c)
{
	return c == ' ' || c == '\t';
}

static int
space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v';
}

static int
digit(int c)
{
	return c >= '0' && c <= '9';
}

/* A letter, digit or '_' of any script: what a word is made of. */
static int
wordc(int c)
{
	return c == '_' || (c >= 0 && (isalnum(c) || c >= 0x80));
}

static int
markup(int c)
{
	return c == '*' || c == '_' || c == '`' || c == '"' || c == '\'' ||
	    c == '#';
}

/* The word w (lower case) at i, standing alone: its end, or 0. */
static size_t
word(const rd *r, size_t i, const char *w)
{
	size_t k = strlen(w);

	if (i + k > r->n || (i > 0 && wordc(at(r, i - 1))))
		return 0;
	if (strncasecmp(r->t + i, w, k) != 0 || wordc(at(r, i + k)))
		return 0;
	return i + k;
}

/* Past white space (newlines too when nl) and markup (brackets too when
 * brackets). */
static size_t
skip(const rd *r, size_t i, int nl, int brackets)
{
	int c;

	while ((c = at(r, i)) >= 0 && (hspace(c) || (nl && space(c)) ||
	    markup(c) || (brackets && (c == '(' || c == '[' || c == '{'))))
		i++;
	return i;
}

/* Whether s[i..] to the end of its line is only white space, markup and
 * punctuation that ends an answer. */
static int
line_done(const rd *r, size_t i)
{
	int c;

	while ((c = at(r, i)) >= 0 && c != '\n' && c != '\r') {
		if (!hspace(c) && !markup(c) &&
		    (c == 0 || strchr(".!;:)]}", c) == NULL))
			return 0;
		i++;
	}
	return 1;
}

/* ---- numbers, designations and orders ---- */

/* A whole number at i (ASCII digits; more than nine read as -1, beyond
 * any range): its end, or 0.  *frac is set when a fraction other than .0
 * follows. */
static size_t
number(const rd *r, size_t i, long *v, int *frac)
{
	long x = 0;

	if (!digit(at(r, i)))
		return 0;
	for (; digit(at(r, i)); i++)
		x = x < 0 || x >= 100000000 ? -1 : 10 * x + (at(r, i) - '0');
	if (at(r, i) == '.' && digit(at(r, i + 1))) {
		for (i++; digit(at(r, i)); i++)
			if (at(r, i) != '0')
				*frac = 1;
	}
	*v = x;
	return i;
}

/* An item of an order at i: "2", "Part 2", "Part2", "Parts 2", "'2'",
 * "\"Part 2\"", "-2" (out of range): its end, or 0. */
static size_t
item(const rd *r, size_t i, long *v, int *frac)
{
	size_t e = i;
	int q = 0, neg = 0;

	if (at(r, e) == '"' || at(r, e) == '\'')
		q = at(r, e++);
	if (e + 4 <= r->n && strncasecmp(r->t + e, "part", 4) == 0 &&
	    (e == 0 || !wordc(at(r, e - 1)))) {
		e += 4 + (at(r, e + 4) == 's' || at(r, e + 4) == 'S');
		for (; at(r, e) == ' ' || at(r, e) == '#'; e++)
			;
		if (!digit(at(r, e)))
			return 0;
	}
	if (!q && (at(r, e) == '"' || at(r, e) == '\''))
		q = at(r, e++);
	if ((at(r, e) == '-' || at(r, e) == '+') && digit(at(r, e + 1)))
		neg = at(r, e++) == '-';
	if ((e = number(r, e, v, frac)) == 0)
		return 0;
	if (q && at(r, e) == q)
		e++;
	if (wordc(at(r, e)))
		return 0;
	if (neg)
		*v = -1;
	return e;
}

/* A separator of an order at i, white space included: its end, or 0. */
static size_t
sep(const rd *r, size_t i, int nl, int *arrow)
{
	size_t j = i;
	int c;

	while ((c = at(r, j)) >= 0 && (hspace(c) || (nl && space(c))))
		j++;
	c = at(r, j);
	*arrow = 0;
	if (c == ',' || c == ';')
		j++;
	else if (c == '-' || c == '=') {
		while (at(r, j) == '-' || at(r, j) == '=')
			j++;
		if (at(r, j) == '>')
			j++;
		*arrow = 1;
	} else if (c == '>') {
		while (at(r, j) == '>')
			j++;
		*arrow = 1;
	} else if (j == i)
		return 0;
	while ((c = at(r, j)) >= 0 && (hspace(c) || (nl && space(c))))
		j++;
	return j;
}

static int
closer(int c)
{
	return c == '[' ? ']' : c == '(' ? ')' : c == '{' ? '}' : 0;
}

/* The order written at i; 0 when none (not even "[]"). */
static int
read_seq(const rd *r, size_t i, seq *s)
{
	size_t e, j, last;
	long v;
	int close, nl, frac, arrow = 0, next;

	memset(s, 0, sizeof *s);
	close = closer(at(r, i));
	if (close)
		i++;
	nl = close != 0;
	for (j = i; space(at(r, j)); j++)
		;
	if (!close)
		j = i;
	last = j;
	for (;;) {
		frac = 0;
		if ((e = item(r, j, &v, &frac)) == 0)
			break;
		if (s->n < CHOICE_MAX)
			s->v[s->n] = v;
		s->n++;
		s->frac |= frac;
		s->arrow |= arrow;
		last = e;
		if ((j = sep(r, e, nl, &next)) == 0)
			break;
		arrow = next;
	}
	s->end = last;
	if (close) {
		for (j = last; space(at(r, j)); j++)
			;
		if (s->n > 0 && (at(r, j) == ',' || at(r, j) == ';'))
			for (j++; space(at(r, j)); j++)	/* "[4, 1, 3, 2,]" */
				;
		if (at(r, j) == close) {
			s->end = j + 1;
			s->bracket = 1;
		} else if (s->n == 0 || !line_done(r, last))
			return 0;	/* unclosed, and more follows */
	}
	return s->n > 0 || s->bracket;
}

/* Whether the order read is count distinct numbers from 1 to count. */
static int
valid_order(const rd *r, const seq *s, const char **why)
{
	char seen[CHOICE_MAX + 1];
	long i;

	if (s->frac)
		*why = "a number that is not whole";
	else if (s->n > r->count)
		*why = "too many numbers";
	else if (s->n < r->count)
		*why = "too few numbers";
	else {
		memset(seen, 0, sizeof seen);
		for (i = 0; i < s->n; i++) {
			if (s->v[i] < 1 || s->v[i] > r->count) {
				*why = "a number out of range";
				return 0;
			}
			if (seen[s->v[i]]++) {
				*why = "a number repeated";
				return 0;
			}
		}
		return 1;
	}
	return 0;
}

/* A designation at i: A3, a 3, or (when bare) 3: its end, or 0. */
static size_t
desig(const rd *r, size_t i, int bare, long *k, int *isbare, int *frac)
{
	size_t e;

	*isbare = 0;
	if ((at(r, i) == 'A' || at(r, i) == 'a') && (i == 0 ||
	    !wordc(at(r, i - 1)))) {
		e = i + 1 + (at(r, i + 1) == ' ');
		if ((e = number(r, e, k, frac)) == 0 || *frac || wordc(at(r, e)))
			return 0;
		return e;
	}
	if (!bare || (i > 0 && wordc(at(r, i - 1))))
		return 0;
	if ((e = number(r, i, k, frac)) == 0 || wordc(at(r, e)))
		return 0;
	*isbare = 1;
	return e;
}

/* Past what may join a second answer to the first: closing markup, then
 * commas, "or", "and", "(", ...; *joined when any was there. */
static size_t
joiner(const rd *r, size_t i, int *joined)
{
	static const char *const words[] = { "or", "and", "vs", "versus",
	    "maybe", "perhaps", "possibly", "alternatively", "otherwise" };
	size_t e, w;
	int c;

	*joined = 0;
	while ((c = at(r, i)) >= 0 && (hspace(c) || markup(c) ||
	    c == ')' || c == ']' || c == '}'))
		i++;
	for (;;) {
		while (hspace(at(r, i)))
			i++;
		c = at(r, i);
		if (c > 0 && strchr(",;/&|(", c) != NULL) {
			i++;
			*joined = 1;
			continue;
		}
		for (w = 0; w < sizeof words / sizeof words[0]; w++)
			if ((e = word(r, i, words[w])) != 0)
				break;
		if (w == sizeof words / sizeof words[0])
			break;
		i = e;
		if (at(r, i) == '.')
			i++;
		*joined = 1;
	}
	while ((c = at(r, i)) >= 0 && (hspace(c) || markup(c)))
		i++;
	return i;
}

/* Whether a ranking follows a designation ending at i: "> A2" ("A1 > A2"
 * puts A1 first), with no arrow ("->", "=>"). */
static int
ranking(const rd *r, size_t i)
{
	long k;
	int isbare, frac = 0;

	while (hspace(at(r, i)) || markup(at(r, i)))
		i++;
	if (at(r, i) != '>')
		return 0;
	i = skip(r, i + 1, 0, 0);
	return desig(r, i, 0, &k, &isbare, &frac) != 0;
}

/* The answer written at i: F_NONE when nothing there is one. */
static int
read_at(const rd *r, size_t i, long *out, const char **why)
{
	seq s, s2;
	long k, k2;
	int isbare, b2, frac = 0, f2 = 0, joined;
	size_t e;

	if (r->tsort) {
		if (!read_seq(r, i, &s))
			return F_NONE;
		if (s.n == 1 && !s.bracket && !s.arrow && !line_done(r, s.end))
			return F_NONE;
		if (!valid_order(r, &s, why))
			return F_BAD;
		for (e = s.end;; e = s2.end) {
			e = joiner(r, e, &joined);
			if (!read_seq(r, e, &s2) || (s2.n < 2 && !s2.bracket))
				break;
			if (s2.n != s.n || s2.frac ||
			    memcmp(s2.v, s.v, (size_t)s.n * sizeof s.v[0]) != 0) {
				*why = "two orders";
				return F_BAD;
			}
		}
		memcpy(out, s.v, (size_t)s.n * sizeof s.v[0]);
		return F_OK;
	}
	if ((e = desig(r, i, 1, &k, &isbare, &frac)) == 0)
		return F_NONE;
	if (isbare) {	/* "3 votes" is no answer, "3, as" and "3 or 5" are */
		size_t j = e;

		while (hspace(at(r, j)))
			j++;
		joiner(r, e, &joined);
		if (wordc(at(r, j)) && !joined)
			return F_NONE;
	}
	if (frac) {
		*why = "a number that is not whole";
		return F_BAD;
	}
	if (k < 1 || k > r->count) {
		*why = "designation out of range";
		return F_BAD;
	}
	if (!isbare && ranking(r, e)) {	/* "A1 > A2": A1 first */
		*out = k;
		return F_OK;
	}
	for (;;) {
		e = joiner(r, e, &joined);
		if ((e = desig(r, e, isbare && joined, &k2, &b2, &f2)) == 0)
			break;
		if (k2 != k || f2) {
			*why = "two designations";
			return F_BAD;
		}
	}
	*out = k;
	return F_OK;
}

/* The answer after the last marker of re that an answer follows. */
static int
after_marker(const rd *r, lg_re *re, long *out, const char **why)
{
	size_t ov[2], i = 0, j;
	long got[CHOICE_MAX];
	const char *w = NULL, *w2;
	int res = F_NONE, x;
	size_t n = (size_t)(r->tsort ? r->count : 1);

	while (i <= r->n && re_match(re, r->t, r->n, i, ov, 1) > 0) {
		i = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
		j = skip(r, ov[1], 0, !r->tsort);
		if (at(r, j) == '\n' || at(r, j) == '\r')
			j = skip(r, j, 1, !r->tsort);
		w2 = NULL;
		x = read_at(r, j, got, &w2);
		if (x == F_NONE)
			continue;
		if (x == F_OK && res == F_OK && memcmp(out, got, n * sizeof got[0])) {
			*why = r->tsort ? "two orders" : "two designations";
			return F_BAD;	/* two answers given: which one counts? */
		}
		res = x;
		w = w2;
		if (x == F_OK)
			memcpy(out, got, n * sizeof got[0]);
	}
	if (res == F_BAD)
		*why = w;
	return res;
}

/*
 * bestanswer without a marker: the designation (A<k>) standing alone on a
 * line ("A2 is wrong.\nA1"); two different ones are refused.
 */
static int
alone(const rd *r, long *k, const char **why)
{
	size_t i = 0, e;
	long v, found = 0;
	int isbare, frac;

	while (i < r->n) {
		size_t j = skip(r, i, 0, 1);

		frac = 0;
		if ((e = desig(r, j, 0, &v, &isbare, &frac)) != 0 && !frac &&
		    line_done(r, e)) {
			if (found && v != found) {
				*why = "two designations";
				return F_BAD;
			}
			found = v;
		}
		while (i < r->n && at(r, i) != '\n')
			i++;
		i++;
	}
	if (found == 0)
		return F_NONE;
	if (found < 1 || found > r->count) {
		*why = "designation out of range";
		return F_BAD;
	}
	*k = found;
	return F_OK;
}

/* bestanswer without a marker: the one designation the text names. */
static int
named(const rd *r, long *k, const char **why)
{
	size_t i, e;
	long v, found = 0;
	int isbare, frac;

	for (i = 0; i < r->n; i++) {
		if (at(r, i) != 'A')
			continue;
		frac = 0;
		if ((e = desig(r, i, 0, &v, &isbare, &frac)) == 0)
			continue;
		if (found && v != found) {
			*why = "two designations";
			return F_BAD;
		}
		found = v;
		i = e - 1;
	}
	if (found == 0)
		return F_NONE;
	if (found < 1 || found > r->count) {
		*why = "designation out of range";
		return F_BAD;
	}
	*k = found;
	return F_OK;
}

/* tsort without a marker: the one order written as a list or a chain. */
static int
written(const rd *r, long *order, const char **why)
{
	size_t i = 0;
	seq s;
	int found = 0, c;

	while (i < r->n) {
		c = at(r, i);
		if (!(closer(c) || digit(c) || c == 'P' || c == 'p') ||
		    (!closer(c) && i > 0 && wordc(at(r, i - 1))) ||
		    !read_seq(r, i, &s)) {
			i++;
			continue;
		}
		i = s.end > i ? s.end : i + 1;
		if (!(s.bracket || s.arrow) || s.n < 2 || (s.n < r->count && !s.frac))
			continue;
		if (!valid_order(r, &s, why))
			return F_BAD;
		if (found && memcmp(order, s.v, (size_t)s.n * sizeof s.v[0]) != 0) {
			*why = "two orders";
			return F_BAD;
		}
		memcpy(order, s.v, (size_t)s.n * sizeof s.v[0]);
		found = 1;
	}
	return found ? F_OK : F_NONE;
}

/* The answer on the text's first line when that line holds nothing else. */
static int
first_line(const rd *r, long *out, const char **why)
{
	size_t i = skip(r, 0, 1, !r->tsort), e;
	long k;
	int isbare, frac = 0;
	seq s;

	if (r->tsort) {
		if (!read_seq(r, i, &s) || (s.n < 2 && !s.bracket) ||
		    !line_done(r, s.end))
			return F_NONE;
	} else if ((e = desig(r, i, 1, &k, &isbare, &frac)) == 0 ||
	    !line_done(r, e))
		return F_NONE;
	return read_at(r, i, out, why);
}

static int
parse(const char *s, size_t len, int tsort, long count, long *out,
    const char **why)
{
	size_t ov[2], i = 0, k;
	char *t;
	int res, masked = 0;
	rd r;

	t = choice_norm(s, len, &r.n);
	r.t = t;
	r.tsort = tsort;
	r.count = count;
	while (i <= r.n && re_match(re_mask[tsort], t, r.n, i, ov, 1) > 0) {
		for (k = ov[0]; k < ov[1]; k++)
			if (t[k] != '\n')
				t[k] = ' ';
		masked |= ov[1] > ov[0];
		i = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	res = after_marker(&r, re_strong[tsort], out, why);
	if (res == F_NONE)
		res = after_marker(&r, re_weak[tsort], out, why);
	if (res == F_NONE)
		res = first_line(&r, out, why);
	if (res == F_NONE && !tsort)
		res = alone(&r, out, why);
	if (res == F_NONE)
		res = tsort ? written(&r, out, why) : named(&r, out, why);
	if (res == F_NONE)
		*why = masked ? "the instruction's example, copied" :
		    tsort ? "no order" : "no designation";
	free(t);
	return res == F_OK ? PARSE_ANSWER : res == F_NONE && masked ?
	    PARSE_EXAMPLE : PARSE_NONE;
}

int
parse_designation(const char *s, size_t len, long n, long *k, const char **why)
{
	return parse(s, len, 0, n, k, why);
}

int
parse_order(const char *s, size_t len, long count, long *order,
    const char **why)
{
	return parse(s, len, 1, count, order, why);
}
