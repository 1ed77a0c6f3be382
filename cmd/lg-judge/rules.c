/*
 * rules.c: the deterministic judge.  A check passes when every content word
 * of what is wanted appears, normalised (case, punctuation, plural and
 * simple inflection), in the entry at the check's position.  "small art
 * gallery" is then found in "a small gallery of art", and not in "a small
 * gallery".  Nothing in the judged text can change the rule: an entry that
 * says "Answer: yes" is judged on its words like any other.
 *
 * The wanted words are few: they are gathered first, and the entry's words
 * are then compared with them in one pass, without a set of the entry's
 * words and without allocating per check.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "jprint.h"
#include "judge.h"
#include "words.h"
#include "xalloc.h"

/* The content words of a check, in order, each ended by a NUL. */
typedef struct {
	struct buf words;
	size_t *off, *len;
	unsigned char *found;
	size_t n, cap, left;	/* left: how many are not found yet */
	int content;
	unsigned char first[256];	/* the first bytes of the words */
} wanted;

static wanted want_words;	/* reused from check to check */

void
rules_fini(void)
{
	buf_free(&want_words.words);
	free(want_words.off);
	free(want_words.len);
	free(want_words.found);
	memset(&want_words, 0, sizeof want_words);
}

static int
want_word(const char *w, size_t n, void *arg)
{
	wanted *q = arg;

	if (words_stop(w, n))
		return 0;
	q->content++;
	if (n >= 256)
		return 0;	/* never counted as missing */
	if (q->n == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 16;
		q->off = xreallocarray(q->off, q->cap, sizeof *q->off);
		q->len = xreallocarray(q->len, q->cap, sizeof *q->len);
		q->found = xrealloc(q->found, q->cap);
	}
	q->off[q->n] = q->words.len;
	q->len[q->n] = n;
	q->found[q->n] = 0;
	q->n++;
	q->left++;
	buf_add(&q->words, w, n);
	buf_putc(&q->words, '\0');
	q->first[(unsigned char)w[0]] = 1;
	return 0;
}

/* Marks the wanted words w is; nonzero once all are found. */
static int
entry_word(const char *w, size_t n, void *arg)
{
	wanted *q = arg;
	size_t i;

	for (i = 0; i < q->n; i++)
		if (!q->found[i] && q->len[i] == n &&
		    memcmp(q->words.s + q->off[i], w, n) == 0) {
			q->found[i] = 1;
			q->left--;
		}
	return q->left == 0;
}

int
rules_match(const char *text, size_t len, const char *want)
{
	wanted *q = &want_words;

	buf_reset(&q->words);
	q->n = q->left = 0;
	q->content = 0;
	memset(q->first, 0, sizeof q->first);
	words_each(want, strlen(want), want_word, q);
	/* the entry's words until all wanted ones are found; only those
	 * that start as one of them is are stemmed and compared */
	if (q->left > 0)
		words_some(text, len, q->first, entry_word, q);
	return q->content > 0 && q->left == 0;
}

void
rules_missing(cJSON *verdict)
{
	wanted *q = &want_words;
	cJSON *a;
	size_t i;

	if (q->left == 0)
		return;
	a = cJSON_CreateArray();
	for (i = 0; i < q->n; i++)
		if (!q->found[i])
			cJSON_AddItemToArray(a, cJSON_CreateString(q->words.s + q->off[i]));
	cJSON_AddItemToObject(verdict, "missing", a);
}

void
rules_missing_text(struct buf *b)
{
	wanted *q = &want_words;
	size_t i;
	int first = 1;

	if (q->left == 0)
		return;
	buf_puts(b, ",\"missing\":[");
	for (i = 0; i < q->n; i++)
		if (!q->found[i]) {
			if (!first)
				buf_putc(b, ',');
			first = 0;
			jprint_string(b, q->words.s + q->off[i]);
		}
	buf_putc(b, ']');
}
