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

#include "judge.h"
#include "words.h"
#include "xalloc.h"

static wordset *entry_words;

void
rules_fini(void)
{
	wordset_free(entry_words);
	entry_words = NULL;
}

typedef struct {
	const wordset *ws;
	cJSON *missing;
	int content;
} probe;

static void
check_word(const char *w, size_t n, void *arg)
{
	probe *p = arg;
	char tmp[256];

	if (words_stop(w, n))
		return;
	p->content++;
	if (!wordset_has(p->ws, w, n) && n < sizeof tmp) {
		memcpy(tmp, w, n);
		tmp[n] = '\0';
		cJSON_AddItemToArray(p->missing, cJSON_CreateString(tmp));
	}
}

int
rules_decide(const char *text, size_t len, const char *want, cJSON *verdict)
{
	probe p;
	int pass;

	if (entry_words == NULL)
		entry_words = wordset_new();
	else
		wordset_clear(entry_words);
	wordset_add_text(entry_words, text, len);
	p.ws = entry_words;
	p.missing = cJSON_CreateArray();
	p.content = 0;
	words_each(want, strlen(want), check_word, &p);
	pass = p.content > 0 && cJSON_GetArraySize(p.missing) == 0;
	if (!pass && cJSON_GetArraySize(p.missing) > 0)
		cJSON_AddItemToObject(verdict, "missing", p.missing);
	else
		cJSON_Delete(p.missing);
	return pass;
}
