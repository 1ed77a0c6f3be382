/*
 * rules.c: the deterministic judge.  A check passes when every content word
 * of what is wanted appears, normalised (case, punctuation, plural and
 * simple inflection), in the entry at the check's position.  "small art
 * gallery" is then found in "a small gallery of art", and not in "a small
 * gallery".  Nothing in the judged text can change the rule: an entry that
 * says "Answer: yes" is judged on its words like any other.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "judge.h"
#include "words.h"
#include "xalloc.h"

static wordset *entry_words;
static buf missing;	/* reused from check to check */

void
rules_fini(void)
{
	wordset_free(entry_words);
	entry_words = NULL;
	buf_free(&missing);
}

typedef struct {
	const wordset *ws;
	buf missing;		/* the missing words, each ended by a NUL */
	int content, nmissing;
} probe;

static void
check_word(const char *w, size_t n, void *arg)
{
	probe *p = arg;

	if (words_stop(w, n))
		return;
	p->content++;
	if (!wordset_has(p->ws, w, n) && n < 256) {
		buf_add(&p->missing, w, n);
		buf_putc(&p->missing, '\0');
		p->nmissing++;
	}
}

int
rules_decide(const char *text, size_t len, const char *want, cJSON *verdict)
{
	probe p;

	if (entry_words == NULL)
		entry_words = wordset_new();
	else
		wordset_clear(entry_words);
	wordset_add_text(entry_words, text, len);
	p.ws = entry_words;
	buf_reset(&missing);
	p.missing = missing;
	p.content = 0;
	p.nmissing = 0;
	words_each(want, strlen(want), check_word, &p);
	missing = p.missing;
	if (p.nmissing > 0) {
		cJSON *a = cJSON_CreateArray();
		size_t i;

		for (i = 0; i < missing.len; i += strlen(missing.s + i) + 1)
			cJSON_AddItemToArray(a, cJSON_CreateString(missing.s + i));
		cJSON_AddItemToObject(verdict, "missing", a);
	}
	return p.content > 0 && p.nmissing == 0;
}
