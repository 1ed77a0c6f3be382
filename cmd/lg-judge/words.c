#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "re.h"
#include "words.h"
#include "xalloc.h"

static lg_re *word_re;

static void
free_re(void)
{
	re_free(word_re);
	word_re = NULL;
}

static int
ends_n(const char *w, size_t n, const char *suf, size_t k)
{
	return n > k && memcmp(w + n - k, suf, k) == 0;
}

#define ends(w, n, suf) ends_n((w), (n), (suf), sizeof (suf) - 1)

size_t
words_stem(char *w, size_t n)
{
	if (n > 2 && (ends(w, n, "'s") || ends(w, n, "\xe2\x80\x99s")))
		n -= ends(w, n, "'s") ? 2 : 4;
	if (n > 4 && ends(w, n, "ies")) {
		w[n - 3] = 'y';
		return n - 2;
	}
	if (n > 4 && (ends(w, n, "ches") || ends(w, n, "shes") || ends(w, n, "sses") ||
	    ends(w, n, "xes") || ends(w, n, "zes")))
		return n - 2;
	if (n > 3 && w[n - 1] == 's' && w[n - 2] != 's' && w[n - 2] != 'u' && w[n - 2] != 'i')
		n--;
	if (n > 5 && ends(w, n, "ing"))
		n -= 3;
	else if (n > 4 && ends(w, n, "ed"))
		n -= 2;
	if (n > 3 && w[n - 1] == 'e')
		n--;	/* "dance" and "danc(ing)" meet at "danc" */
	return n;
}

int
words_stop(const char *w, size_t n)
{
#define S(x) { x, sizeof x - 1 }
	static const struct {
		const char *w;
		size_t n;
	} stop[] = { S("a"), S("an"), S("the"), S("of"), S("for"), S("and"),
	    S("or"), S("in"), S("on"), S("at"), S("to"), S("with"), S("by"),
	    S("from"), S("as"), S("is"), S("be"), S("my"), S("our"), S("your"),
	    S("his"), S("her"), S("their"), S("its"), S("this"), S("that"),
	    S("use"), S("featuring"), S("feature"), S("some"), S("any"),
	    S("into"), S("&") };
#undef S
	size_t i;

	for (i = 0; i < sizeof stop / sizeof *stop; i++)
		if (stop[i].n == n && memcmp(stop[i].w, w, n) == 0)
			return 1;
	return 0;
}

/* Byte classes: a digit, a letter (both ASCII), a byte of another
 * character; 0 for the other ASCII bytes. */
enum { DIGIT = 1, ALPHA = 2, WIDE = 4 };
static unsigned char cls[256];

static void
init_cls(void)
{
	int c;

	for (c = 0; c < 256; c++)
		cls[c] = (unsigned char)(c >= 0x80 ? WIDE : c >= '0' && c <= '9' ? DIGIT :
		    (c | 0x20) >= 'a' && (c | 0x20) <= 'z' ? ALPHA : 0);
}

/*
 * The next word at or after pos as the pattern finds it, when it can be
 * told from ASCII bytes alone: 1 and its range, 0 when there is none.
 * Where a byte of another character could change the answer, -1 and
 * *from: where the pattern must search from instead.
 */
static int
ascii_word(const char *str, size_t len, size_t pos, size_t *ov, size_t *from)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = pos, j;

	while (i < len && cls[s[i]] == 0)
		i++;
	if (i == len)
		return 0;
	*from = i;
	if (s[i] >= 0x80)
		return -1;
	for (j = i; j < len && (cls[s[j]] & (DIGIT | ALPHA)); j++)
		;
	for (;;) {
		if (j < len && s[j] >= 0x80)
			return -1;	/* a letter of another script, or U+2019 */
		if (j + 1 < len && s[j] == '\'' && (cls[s[j + 1]] & (ALPHA | WIDE))) {
			if (s[j + 1] >= 0x80)
				return -1;
			for (j++; j < len && cls[s[j]] == ALPHA; j++)
				;
			continue;
		}
		break;
	}
	ov[0] = i;
	ov[1] = j;
	return 1;
}

void
words_each(const char *s, size_t len, words_fn *fn, void *arg)
{
	words_some(s, len, NULL, fn, arg);
}

void
words_some(const char *s, size_t len, const unsigned char first[256],
    words_fn *fn, void *arg)
{
	size_t pos = 0, ov[2], from;
	char small[128];
	int stop;

	if (word_re == NULL) {
		word_re = re_compile("[\\p{L}\\p{N}]+(?:['\\x{2019}][\\p{L}]+)*", 0);
		atexit(free_re);
		init_cls();
	}
	while (pos < len) {
		size_t n, i;
		char *w;
		int got = ascii_word(s, len, pos, ov, &from);

		/* the pattern itself where other scripts are near */
		if (got < 0)
			got = re_match(word_re, s, len, from, ov, 1) > 0;
		if (!got)
			break;
		n = ov[1] - ov[0];
		pos = ov[1];
		if (first != NULL) {
			unsigned char c = (unsigned char)s[ov[0]];

			if (!first[c >= 'A' && c <= 'Z' ? c + 32 : c])
				continue;
		}
		w = n < sizeof small ? small : xmalloc(n + 1);
		for (i = 0; i < n; i++) {	/* tolower() of the C locale */
			unsigned char c = (unsigned char)s[ov[0] + i];

			w[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		}
		n = words_stem(w, n);
		stop = fn(w, n, arg);
		if (w != small)
			free(w);
		if (stop)
			break;
	}
}

/*
 * Open addressing on FNV-1a hashes of the stems, kept in one arena.  A
 * slot is taken when its stamp is the set's current one, so clearing is
 * a new stamp, not a walk over the table.
 */
struct wordset {
	size_t *off;		/* where the stem starts in the arena */
	size_t *lens;
	unsigned *stamp;
	unsigned now;
	size_t cap, n;
	char *arena;
	size_t alen, acap;
};

static uint64_t
hash(const char *w, size_t n)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)w[i]) * 1099511628211ULL;
	return h;
}

static void
alloc_slots(wordset *ws, size_t cap)
{
	ws->cap = cap;
	ws->off = xcalloc(cap, sizeof *ws->off);
	ws->lens = xcalloc(cap, sizeof *ws->lens);
	ws->stamp = xcalloc(cap, sizeof *ws->stamp);
}

wordset *
wordset_new(void)
{
	wordset *ws = xcalloc(1, sizeof *ws);

	alloc_slots(ws, 1024);
	ws->now = 1;
	return ws;
}

void
wordset_clear(wordset *ws)
{
	if (++ws->now == 0) {	/* stamps wrapped: start afresh */
		memset(ws->stamp, 0, ws->cap * sizeof *ws->stamp);
		ws->now = 1;
	}
	ws->n = 0;
	ws->alen = 0;
}

void
wordset_free(wordset *ws)
{
	if (ws == NULL)
		return;
	free(ws->off);
	free(ws->lens);
	free(ws->stamp);
	free(ws->arena);
	free(ws);
}

static size_t
slot(const wordset *ws, const char *w, size_t n)
{
	size_t i = (size_t)hash(w, n) & (ws->cap - 1);

	while (ws->stamp[i] == ws->now &&
	    !(ws->lens[i] == n && memcmp(ws->arena + ws->off[i], w, n) == 0))
		i = (i + 1) & (ws->cap - 1);
	return i;
}

static int
add(const char *w, size_t n, void *arg)
{
	wordset *ws = arg;
	size_t i;

	if (2 * (ws->n + 1) > ws->cap) {
		size_t *oo = ws->off, *ol = ws->lens, oc = ws->cap, j;
		unsigned *os = ws->stamp;

		alloc_slots(ws, 2 * oc);
		for (j = 0; j < oc; j++)
			if (os[j] == ws->now) {
				i = slot(ws, ws->arena + oo[j], ol[j]);
				ws->off[i] = oo[j];
				ws->lens[i] = ol[j];
				ws->stamp[i] = ws->now;
			}
		free(oo);
		free(ol);
		free(os);
	}
	i = slot(ws, w, n);
	if (ws->stamp[i] != ws->now) {
		if (ws->alen + n > ws->acap) {
			ws->acap = ws->acap ? 2 * ws->acap : 4096;
			if (ws->acap < ws->alen + n)
				ws->acap = ws->alen + n;
			ws->arena = xrealloc(ws->arena, ws->acap);
		}
		memcpy(ws->arena + ws->alen, w, n);
		ws->off[i] = ws->alen;
		ws->lens[i] = n;
		ws->stamp[i] = ws->now;
		ws->alen += n;
		ws->n++;
	}
	return 0;
}

void
wordset_add_text(wordset *ws, const char *s, size_t len)
{
	words_each(s, len, add, ws);
}

int
wordset_has(const wordset *ws, const char *w, size_t n)
{
	return ws->stamp[slot(ws, w, n)] == ws->now;
}

/* ---- the judged text of the model judge (lw_model.c) ---- */

static lg_re *plain;	/* \w+, compiled when first needed */

static void
free_plain(void)
{
	re_free(plain);
	plain = NULL;
}

static lg_re *
plain_re(void)
{
	if (plain == NULL) {
		plain = re_compile("\\w+", 0);
		atexit(free_plain);
	}
	return plain;
}

/* Length of s up to the end of its max-th white-space separated word. */
size_t
words_upto(const char *s, size_t len, long max)
{
	size_t i = 0;
	long n = 0;

	while (i < len) {
		while (i < len && isspace((unsigned char)s[i]))
			i++;
		if (i == len)
			break;
		if (n == max)
			return i;
		while (i < len && !isspace((unsigned char)s[i]))
			i++;
		n++;
	}
	return len;
}

/*
 * The judged text: the first n words with what follows each up to the next
 * word (compat: the words alone, joined by single spaces).  Caller frees.
 */
char *
words_text(const char *s, size_t len, long n, int compat, size_t *outlen)
{
	struct buf b = { 0 };
	size_t ov[2], at = 0, end = len;
	long k = 0;

	while (at <= len && re_match(plain_re(), s, len, at, ov, 1) > 0) {
		if (k == n) {
			end = ov[0];
			break;
		}
		if (compat) {
			if (k > 0)
				buf_putc(&b, ' ');
			buf_add(&b, s + ov[0], ov[1] - ov[0]);
		}
		k++;
		at = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	if (!compat)
		buf_add(&b, s, end);
	buf_putc(&b, '\0');
	*outlen = b.len - 1;
	return buf_take(&b);
}
