#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
ends(const char *w, size_t n, const char *suf)
{
	size_t k = strlen(suf);

	return n > k && memcmp(w + n - k, suf, k) == 0;
}

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
	static const char *stop[] = { "a", "an", "the", "of", "for", "and", "or",
	    "in", "on", "at", "to", "with", "by", "from", "as", "is", "be", "my",
	    "our", "your", "his", "her", "their", "its", "this", "that", "use",
	    "featuring", "feature", "some", "any", "into", "&", NULL };
	int i;

	for (i = 0; stop[i]; i++)
		if (strlen(stop[i]) == n && memcmp(stop[i], w, n) == 0)
			return 1;
	return 0;
}

void
words_each(const char *s, size_t len, void (*fn)(const char *, size_t, void *),
    void *arg)
{
	size_t pos = 0, ov[2];
	char small[128];

	if (word_re == NULL) {
		word_re = re_compile("[\\p{L}\\p{N}]+(?:['\\x{2019}][\\p{L}]+)*", 0);
		atexit(free_re);
	}
	while (pos < len && re_match(word_re, s, len, pos, ov, 1)) {
		size_t n = ov[1] - ov[0], i;
		char *w = n < sizeof small ? small : xmalloc(n + 1);

		for (i = 0; i < n; i++)
			w[i] = (char)tolower((unsigned char)s[ov[0] + i]);
		n = words_stem(w, n);
		fn(w, n, arg);
		if (w != small)
			free(w);
		pos = ov[1];
	}
}

/* Open addressing on FNV-1a hashes of the stems. */
struct wordset {
	char **keys;
	size_t *lens;
	size_t cap, n;
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

wordset *
wordset_new(void)
{
	wordset *ws = xcalloc(1, sizeof *ws);

	ws->cap = 1024;
	ws->keys = xcalloc(ws->cap, sizeof *ws->keys);
	ws->lens = xcalloc(ws->cap, sizeof *ws->lens);
	return ws;
}

void
wordset_clear(wordset *ws)
{
	size_t i;

	for (i = 0; i < ws->cap; i++) {
		free(ws->keys[i]);
		ws->keys[i] = NULL;
	}
	ws->n = 0;
}

void
wordset_free(wordset *ws)
{
	if (ws == NULL)
		return;
	wordset_clear(ws);
	free(ws->keys);
	free(ws->lens);
	free(ws);
}

static size_t
slot(const wordset *ws, const char *w, size_t n)
{
	size_t i = (size_t)hash(w, n) & (ws->cap - 1);

	while (ws->keys[i] != NULL &&
	    !(ws->lens[i] == n && memcmp(ws->keys[i], w, n) == 0))
		i = (i + 1) & (ws->cap - 1);
	return i;
}

static void
add(const char *w, size_t n, void *arg)
{
	wordset *ws = arg;
	size_t i;

	if (2 * (ws->n + 1) > ws->cap) {
		char **ok = ws->keys;
		size_t *ol = ws->lens, oc = ws->cap, j;

		ws->cap *= 2;
		ws->keys = xcalloc(ws->cap, sizeof *ws->keys);
		ws->lens = xcalloc(ws->cap, sizeof *ws->lens);
		for (j = 0; j < oc; j++)
			if (ok[j] != NULL) {
				i = slot(ws, ok[j], ol[j]);
				ws->keys[i] = ok[j];
				ws->lens[i] = ol[j];
			}
		free(ok);
		free(ol);
	}
	i = slot(ws, w, n);
	if (ws->keys[i] == NULL) {
		ws->keys[i] = xstrndup(w, n);
		ws->lens[i] = n;
		ws->n++;
	}
}

void
wordset_add_text(wordset *ws, const char *s, size_t len)
{
	words_each(s, len, add, ws);
}

int
wordset_has(const wordset *ws, const char *w, size_t n)
{
	return ws->keys[slot(ws, w, n)] != NULL;
}
