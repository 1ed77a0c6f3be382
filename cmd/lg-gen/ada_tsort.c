/*
 * lg-gen adaleval: the tsort task (TSort), putting four shuffled parts of a
 * book back in order.
 *
 * The corpus (--corpus) is one plain-text book or a directory of them; a
 * directory's regular files whose names do not start with a dot are read in
 * byte order of their names.  Paragraphs are separated by blank lines;
 * inside one, line breaks and runs of white space become single spaces.  A
 * paragraph is a heading, and dropped, when it matches (PCRE2, caseless)
 *
 *   ^(chapter|volume|book|part|letter|act|scene|canto|stave|section)
 *     \s+(\d+|[ivxlcdm]+|NUMBER-WORD)\b.{0,80}$
 *
 * (a numbered heading, with at most 80 more characters such as a title;
 * NUMBER-WORD is one to twenty, thirty ... ninety, first to tenth, last),
 * or when it has no lowercase letter and at most eight words ("EMMA",
 * "THE END", "XII.", "* * *").
 *
 * A case of tier cap C: O is the prompt with empty texts, B = C - O the
 * room for text.  Part k (k = 1..4) is the run of whole paragraphs from
 * where part k-1 ended whose tokens fit B/5 (a longer paragraph is a part
 * by itself); the paragraphs before and after the four parts are then added
 * one at a time, after and before in turn, while the prompt fits C, and the
 * next one is cut at a word boundary to fill what is left (the after text
 * keeps its first words, the before text its last).  The whole prompt is
 * then counted and cut further until it fits, or the cut paragraph let
 * longer while it still fits: it never exceeds C, and a case is made only
 * when it reaches 90% of C.
 *
 * Cases go round the books in turn; in each book the first case starts
 * where the text before it holds B/10 tokens, the next one --stride
 * paragraphs later, or (--stride 0) after the previous case's parts.
 * The order shown is drawn from the case seed: choice() among the 24
 * orders of four, in lexicographic order.
 *
 * vars: before, after, parts [{label, text}] in the order shown.
 * checks: [{kind: "order", n: 4}].
 * gold: order (the labels in the true order: [4, 1, 3, 2] means Part 4
 * comes first), book, paragraph (of part 1's first paragraph, counted
 * after headings are dropped), paragraphs [per part], tokens, tokenizer.
 *
 * --import FILE reads an official textsort_*.json: a JSON array of objects
 * with book_id (string or integer), para_offset (integers), prompt (the
 * whole prompt, which the official build_prompt() returns as it is) and
 * answer (the order, [4, 1, 3, 2] or that list as a string, as the
 * official evaluate() reads it).  A case keeps the prompt itself, which
 * lg-prompt leaves as it is; gold is order (the answer), book, tokens and
 * tokenizer, import the file, the element's index and para_offset.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "adaleval.h"
#include "buf.h"
#include "corpus.h"
#include "gen.h"
#include "diag.h"
#include "re.h"
#include "record.h"
#include "xalloc.h"

#define NPARTS 4

static const char *const tiers[] = { "2k", "4k", "8k", "16k", "32k", "64k",
	"128k" };
static const long caps[] = { 2000, 4000, 8000, 16000, 32000, 64000, 127800 };

static const char heading_re[] =
    "^(?:chapter|volume|book|part|letter|act|scene|canto|stave|section)\\s+"
    "(?:\\d+|[ivxlcdm]+|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    "eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
    "nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|first|"
    "second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)"
    "(?:[- ](?:one|two|three|four|five|six|seven|eight|nine|first|second|"
    "third|fourth|fifth|sixth|seventh|eighth|ninth))?)\\b.{0,80}$";

typedef struct {
	char *name;
	char **para;
	size_t *tok;		/* tokens of each paragraph */
	size_t npara;
	size_t next;		/* first paragraph of the next case, or npara */
	int started;
} book;

static book *books;
static size_t nbooks, turn;
static lg_re *heading;

static int
is_heading(const char *p, size_t len)
{
	size_t i, words = 0;
	int in = 0;

	if (re_match(heading, p, len, 0, NULL, 0) > 0)
		return 1;
	for (i = 0; i < len; i++) {
		if (islower((unsigned char)p[i]))
			return 0;
		if (isspace((unsigned char)p[i]))
			in = 0;
		else if (!in) {
			in = 1;
			words++;
		}
	}
	/* non-ASCII letters could be lowercase: only plain ASCII headings */
	for (i = 0; i < len; i++)
		if ((unsigned char)p[i] >= 0x80)
			return 0;
	return words <= 8;
}

typedef struct {
	book *b;
	size_t cap;
} loading;

static void
add_para(struct buf *p, void *arg)
{
	loading *l = arg;
	book *b = l->b;

	if (is_heading(p->s, p->len))
		return;
	if (b->npara == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		b->para = xreallocarray(b->para, l->cap, sizeof *b->para);
		b->tok = xreallocarray(b->tok, l->cap, sizeof *b->tok);
	}
	b->tok[b->npara] = ada_tokens(p->s, p->len);
	b->para[b->npara++] = buf_take(p);
}

static int
load_book(const char *name, const char *text, size_t len, void *arg)
{
	loading l;

	(void)arg;
	books = xreallocarray(books, nbooks + 1, sizeof *books);
	l.b = &books[nbooks++];
	l.cap = 0;
	memset(l.b, 0, sizeof *l.b);
	l.b->name = xstrdup(name);
	corpus_paragraphs(text, len, add_para, &l);
	return 0;
}

static void
fini(void)
{
	size_t i, j;

	for (i = 0; i < nbooks; i++) {
		for (j = 0; j < books[i].npara; j++)
			free(books[i].para[j]);
		free(books[i].para);
		free(books[i].tok);
		free(books[i].name);
	}
	free(books);
	books = NULL;
	nbooks = turn = 0;
	re_free(heading);
	heading = NULL;
}

static int
init(const ada_opts *o)
{
	int ret;

	heading = re_compile(heading_re, RE_ICASE);
	ret = corpus_each(o->corpus, load_book, NULL);
	if (ret == 0 && nbooks == 0) {
		lg_warn("--corpus %s: no books", o->corpus);
		ret = -1;
	}
	if (ret < 0)
		fini();
	return ret;
}

/* The vars of a case; parts[] in the true order, shown by perm. */
static cJSON *
make_vars(const char *before, const char *after, struct buf *parts,
    const int *perm)
{
	cJSON *vars = cJSON_CreateObject(), *pv;
	int k;

	cJSON_AddStringToObject(vars, "before", before);
	pv = cJSON_AddArrayToObject(vars, "parts");
	for (k = 0; k < NPARTS; k++) {
		cJSON *p = cJSON_CreateObject();

		cJSON_AddNumberToObject(p, "label", k + 1);
		cJSON_AddStringToObject(p, "text", parts ? buf_str(&parts[perm[k]]) : "");
		cJSON_AddItemToArray(pv, p);
	}
	cJSON_AddStringToObject(vars, "after", after);
	return vars;
}

static void
add_checks(cJSON *rec)
{
	cJSON *checks = cJSON_CreateArray(), *c = cJSON_CreateObject();

	cJSON_AddStringToObject(c, "kind", "order");
	cJSON_AddNumberToObject(c, "n", NPARTS);
	cJSON_AddItemToArray(checks, c);
	rec_set(rec, "checks", checks);
}

/* Words of s as offsets of their starts; the count. */
static size_t
word_starts(const char *s, size_t len, size_t **out)
{
	size_t i, n = 0;

	*out = xreallocarray(NULL, len / 2 + 2, sizeof **out);
	for (i = 0; i < len; i++)
		if (!isspace((unsigned char)s[i]) && (i == 0 ||
		    isspace((unsigned char)s[i - 1])))
			(*out)[n++] = i;
	return n;
}

/*
 * The longest cut of paragraph p that fits room tokens: its first words
 * (head) or its last ones; "" when not even one word fits.
 */
static char *
cut_para(const char *p, int head, long room)
{
	size_t len = strlen(p), *ws, nw = word_starts(p, len, &ws), lo = 0, hi = nw;
	char *best = xstrdup("");

	/* largest k words that fit, by bisection on the word count */
	while (lo < hi) {
		size_t k = lo + (hi - lo + 1) / 2;
		size_t a = head ? 0 : ws[nw - k];
		size_t b = head ? (k < nw ? ws[k] : len) : len;
		char *c;

		while (b > a && isspace((unsigned char)p[b - 1]))
			b--;
		c = xstrndup(p + a, b - a);
		if ((long)ada_tokens(c, b - a) + 1 <= room) {
			lo = k;
			free(best);
			best = c;
		} else {
			hi = k - 1;
			free(c);
		}
	}
	free(ws);
	return best;
}

/* Drop up to k words from the far end of a context text. */
static void
shave(struct buf *b, int from_end, size_t k)
{
	size_t *ws, nw = word_starts(b->s ? b->s : "", b->len, &ws), cut;

	if (k > nw)
		k = nw;
	if (from_end) {
		cut = k == nw ? 0 : ws[nw - k];
		while (cut > 0 && isspace((unsigned char)b->s[cut - 1]))
			cut--;
		b->len = cut;
		if (b->s)
			b->s[cut] = '\0';
	} else {
		cut = k == nw ? b->len : ws[k];
		memmove(b->s, b->s + cut, b->len - cut);
		b->len -= cut;
		b->s[b->len] = '\0';
	}
	free(ws);
}

static void
prepend(struct buf *b, const char *s)
{
	struct buf t = { 0 };

	buf_puts(&t, s);
	if (b->len > 0) {
		buf_putc(&t, '\n');
		buf_add(&t, b->s, b->len);
	}
	buf_free(b);
	*b = t;
}

static void
append(struct buf *b, const char *s)
{
	if (b->len > 0)
		buf_putc(b, '\n');
	buf_puts(b, s);
}

/*
 * The NPARTS parts from paragraph s of bk on, each of whole paragraphs
 * to about target tokens (at least one), into parts and their numbers of
 * paragraphs into np; their tokens are added to *used.  The paragraph
 * after the last part, or 0 when the book ends first.
 */
static size_t
take_parts(const book *bk, size_t s, long target, struct buf *parts, size_t *np,
    long *used)
{
	size_t q = s, start;
	int k;

	for (k = 0; k < NPARTS; k++) {
		long sum = 0;

		start = q;
		while (q < bk->npara && (q == start ||
		    sum + (long)bk->tok[q] + 1 <= target)) {
			append(&parts[k], bk->para[q]);
			sum += (long)bk->tok[q] + 1;
			q++;
		}
		np[k] = q - start;
		*used += sum;
		if (np[k] == 0)
			return 0;
	}
	return q;
}

/*
 * The context (wb before, wa after) with a cut of para on side cutside
 * (0 after, 1 before) counted n tokens in *vars, room tokens of cut: cut
 * longer, up to 6 times, while the count grows and stays within cap.  The
 * count of *vars, replaced by each longer cut.
 */
static long
lengthen(const char *para, int cutside, const char *wb, const char *wa,
    struct buf *parts, const int *perm, long cap, long room, cJSON **vars,
    long n)
{
	int k;

	for (k = 0; k < 6 && n <= cap && n < cap - 1; k++) {
		char *cut;
		struct buf b = { 0 }, a = { 0 };
		cJSON *v2;
		long n2;

		room += cap - n;
		cut = cut_para(para, cutside == 0, room);
		buf_puts(&b, wb);
		buf_puts(&a, wa);
		if (cutside == 0)
			append(&a, cut);
		else
			prepend(&b, cut);
		free(cut);
		v2 = make_vars(buf_str(&b), buf_str(&a), parts, perm);
		n2 = ada_prompt_tokens(v2);
		buf_free(&a);
		buf_free(&b);
		if (n2 < 0 || n2 > cap || n2 <= n) {
			cJSON_Delete(v2);
			break;
		}
		cJSON_Delete(*vars);
		*vars = v2;
		n = n2;
	}
	return n;
}

/* The gold of a case from paragraph s of bk: the parts' order as shown
 * by perm, where they come from, and the prompt's n tokens. */
static cJSON *
make_gold(const book *bk, size_t s, const int *perm, const size_t *np,
    long n)
{
	cJSON *gold = cJSON_CreateObject(), *order, *pc;
	int k;

	order = cJSON_AddArrayToObject(gold, "order");
	for (k = 0; k < NPARTS; k++) {
		int l;

		for (l = 0; perm[l] != k; l++)
			;
		cJSON_AddItemToArray(order, cJSON_CreateNumber(l + 1));
	}
	cJSON_AddStringToObject(gold, "book", bk->name);
	cJSON_AddNumberToObject(gold, "paragraph", (double)s);
	pc = cJSON_AddArrayToObject(gold, "paragraphs");
	for (k = 0; k < NPARTS; k++)
		cJSON_AddItemToArray(pc, cJSON_CreateNumber((double)np[k]));
	ada_gold_tokens(gold, n);
	return gold;
}

/*
 * Try a case whose part 1 starts at paragraph s of book bk.  0 and the
 * record filled; 1 when it cannot reach 90% of the cap from here; -1 on a
 * template failure.  *end gets the paragraph after part 4.
 */
static int
try_case(book *bk, size_t s, const ada_case *c, const int *perm, cJSON *rec,
    long over, size_t *end)
{
	struct buf parts[NPARTS], before = { 0 }, after = { 0 };
	size_t q, np[NPARTS], bi, ai;
	long budget = c->cap - over, used = over, target = budget / 5, n, room = 0;
	size_t cutp = (size_t)-1;
	int cutside = 0;
	char *wb = NULL, *wa = NULL;
	int k, ret = 1, side, round, blocked[2] = { 0, 0 };
	cJSON *vars;

	memset(parts, 0, sizeof parts);
	if ((q = take_parts(bk, s, target, parts, np, &used)) == 0)
		goto out;
	*end = q;
	if (used > c->cap)
		goto out;
	/* context, whole paragraphs, after and before in turn, by estimate;
	 * then counted exactly and filled again from the true count */
	bi = s;
	ai = q;
	for (round = 0; round < 8; round++) {
		int added = 0;

		blocked[0] = blocked[1] = 0;
		for (side = 0; !(blocked[0] && blocked[1]); side ^= 1) {
			size_t p;

			if (blocked[side])
				continue;
			if (side == 0 ? ai >= bk->npara : bi == 0) {
				blocked[side] = 1;
				continue;
			}
			p = side == 0 ? ai : bi - 1;
			if (used + (long)bk->tok[p] + 1 > c->cap) {
				blocked[side] = 1;
				if (cutp == (size_t)-1 || side == 0) {
					cutp = p;
					cutside = side;
				}
				continue;
			}
			if (side == 0)
				append(&after, bk->para[ai++]);
			else
				prepend(&before, bk->para[--bi]);
			used += (long)bk->tok[p] + 1;
			added = 1;
		}
		vars = make_vars(buf_str(&before), buf_str(&after), parts, perm);
		used = ada_prompt_tokens(vars);
		cJSON_Delete(vars);
		if (used < 0) {
			ret = -1;
			goto out;
		}
		if (!added || used >= c->cap - 8)
			break;
		cutp = (size_t)-1;
	}
	/* fill what is left with a cut of the paragraph that did not fit */
	if (cutp != (size_t)-1 && used < c->cap) {
		char *cut;

		room = c->cap - used;
		wb = xstrdup(buf_str(&before));
		wa = xstrdup(buf_str(&after));
		cut = cut_para(bk->para[cutp], cutside == 0, room);
		if (*cut) {
			if (cutside == 0)
				append(&after, cut);
			else
				prepend(&before, cut);
		}
		free(cut);
	} else
		cutp = (size_t)-1;
	/* the exact count, and shave the far ends until it fits */
	for (;;) {
		vars = make_vars(buf_str(&before), buf_str(&after), parts, perm);
		if ((n = ada_prompt_tokens(vars)) < 0) {
			cJSON_Delete(vars);
			ret = -1;
			goto out;
		}
		if (n <= c->cap || (before.len == 0 && after.len == 0))
			break;
		cJSON_Delete(vars);
		if (after.len > 0)
			shave(&after, 1, (size_t)(n - c->cap));
		else
			shave(&before, 0, (size_t)(n - c->cap));
	}
	/* the estimate left room: cut the last paragraph longer while it fits */
	if (cutp != (size_t)-1)
		n = lengthen(bk->para[cutp], cutside, wb, wa, parts, perm, c->cap,
		    room, &vars, n);
	if (n > c->cap || n * 10 < c->cap * 9) {
		cJSON_Delete(vars);
		goto out;
	}
	rec_set(rec, "vars", vars);
	add_checks(rec);
	rec_set(rec, "gold", make_gold(bk, s, perm, np, n));
	ret = 0;
out:
	free(wb);
	free(wa);
	for (k = 0; k < NPARTS; k++)
		buf_free(&parts[k]);
	buf_free(&before);
	buf_free(&after);
	return ret;
}

/* The first paragraph with ctx tokens of text before it. */
static size_t
first_start(const book *bk, long ctx)
{
	size_t p;
	long sum = 0;

	for (p = 0; p < bk->npara && sum < ctx; p++)
		sum += (long)bk->tok[p] + 1;
	return p;
}

static long
book_tokens(const book *bk)
{
	size_t p;
	long sum = 0;

	for (p = 0; p < bk->npara; p++)
		sum += (long)bk->tok[p] + 1;
	return sum;
}

static void
perm_of(size_t idx, int *perm)
{
	int pool[NPARTS] = { 0, 1, 2, 3 }, k, j, left = NPARTS;
	size_t f = 6;	/* (NPARTS - 1)! */

	for (k = 0; k < NPARTS; k++) {
		size_t q = idx / f;

		idx %= f;
		perm[k] = pool[q];
		for (j = (int)q; j < left - 1; j++)
			pool[j] = pool[j + 1];
		left--;
		if (left > 0)
			f /= (size_t)left;
	}
}

static size_t last_index = (size_t)-1;
static const char *last_tier;

static int
gen(const ada_case *c, cJSON *rec, rng *r)
{
	cJSON *empty = make_vars("", "", NULL, NULL);
	long over = ada_prompt_tokens(empty);
	int perm[NPARTS], ret;
	size_t tried, i;

	cJSON_Delete(empty);
	if (over < 0)
		return -1;
	/* a new tier starts every book afresh */
	if (last_tier == NULL || strcmp(last_tier, c->tier) != 0 ||
	    (size_t)c->index <= last_index) {
		for (i = 0; i < nbooks; i++)
			books[i].started = 0;
		turn = 0;
	}
	last_tier = c->tier;
	last_index = (size_t)c->index;
	perm_of(rng_choice(r, 24), perm);
	for (tried = 0; tried < nbooks; tried++) {
		book *bk = &books[turn];

		turn = (turn + 1) % nbooks;
		if (!bk->started) {
			bk->next = first_start(bk, (c->cap - over) / 10);
			bk->started = 1;
			if ((book_tokens(bk) + over) * 10 < c->cap * 9)
				bk->next = bk->npara;	/* too short for the tier */
		}
		while (bk->next < bk->npara) {
			size_t s = bk->next, end = s + 1;

			ret = try_case(bk, s, c, perm, rec, over, &end);
			if (ret < 0)
				return -1;
			bk->next = c->opts->stride > 0 ? s + (size_t)c->opts->stride :
			    ret == 0 ? end : s + 1;
			if (ret == 0)
				return 0;
		}
	}
	return 1;
}

/* ---- import ---- */

/* The official answer, [4, 1, 3, 2] or that list as a string, into
 * order[]: 0, or -1 unless it is an order of 1 to 4. */
static int
answer_of(const cJSON *a, double *order)
{
	cJSON *parsed = NULL;
	const cJSON *e;
	unsigned seen = 0;
	int k = 0, ret = -1;

	if (cJSON_IsString(a))
		a = parsed = cJSON_Parse(a->valuestring);
	if (cJSON_IsArray(a) && cJSON_GetArraySize(a) == NPARTS) {
		ret = 0;
		cJSON_ArrayForEach(e, a) {
			double d = cJSON_IsNumber(e) ? e->valuedouble : 0;

			if (d < 1 || d > NPARTS || d != (double)(int)d ||
			    (seen & 1u << (int)d)) {
				ret = -1;
				break;
			}
			seen |= 1u << (int)d;
			order[k++] = d;
		}
	}
	cJSON_Delete(parsed);
	return ret;
}

/* An array of integers from 0, or 0 when it is not one. */
static int
offsets(const cJSON *a)
{
	const cJSON *e;

	if (!cJSON_IsArray(a))
		return 0;
	cJSON_ArrayForEach(e, a)
		if (!cJSON_IsNumber(e) || e->valuedouble < 0 ||
		    e->valuedouble >= 9e15 ||
		    e->valuedouble != (double)(long long)e->valuedouble)
			return 0;
	return 1;
}

static cJSON *
import(const cJSON *e, const ada_opts *o, const char *path, const char *tier,
    size_t idx)
{
	const char *prompt = rec_str(e, "prompt");
	const cJSON *po = rec_get(e, "para_offset");
	double order[NPARTS];
	char *bid;
	cJSON *rec, *gold;

	(void)o;
	if ((bid = ada_element_id(e, "book_id", path, idx)) == NULL)
		return NULL;
	if (prompt == NULL || !offsets(po) ||
	    answer_of(rec_get(e, "answer"), order) < 0) {
		lg_warnat(path, 0, "element %zu (book %s): %s", idx, bid,
		    prompt == NULL ? "prompt: want a string" : !offsets(po) ?
		    "para_offset: want an array of integers from 0" :
		    "answer: want an order of 1 to 4, such as [4, 1, 3, 2]");
		free(bid);
		return NULL;
	}
	rec = ada_import_rec("tsort", tier, idx);
	rec_set_str(rec, "prompt", prompt);
	add_checks(rec);
	gold = cJSON_CreateObject();
	cJSON_AddItemToObject(gold, "order", cJSON_CreateDoubleArray(order,
	    NPARTS));
	cJSON_AddStringToObject(gold, "book", bid);
	free(bid);
	ada_gold_tokens(gold, (long)ada_tokens(prompt, strlen(prompt)));
	rec_set(rec, "gold", gold);
	cJSON_AddItemToObject(ada_import_from(rec, path, idx), "para_offset",
	    cJSON_Duplicate(po, 1));
	return rec;
}

/* the official textsort files: 1k is there too, though not in the paper */
static const char *const ftiers[] = { "1k", "2k", "4k", "8k", "16k", "32k",
	"64k", "128k" };

const ada_task ada_tsort = { "tsort", tiers, caps, sizeof caps / sizeof caps[0],
	"2k,4k,8k", "DIR|FILE (plain-text books)", ADA_STRIDE, "textsort",
	ftiers, sizeof ftiers / sizeof ftiers[0], init, gen, import, fini,
	GEN_DEFAULT_CORPUS };
