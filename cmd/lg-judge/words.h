/*
 * words.h: normalised words for rule-based matching.  Text is cut into
 * words with PCRE2 (letters and digits, inner apostrophes), lowercased, the
 * possessive 's dropped and reduced by a light stemmer: plural -s/-es/-ies,
 * -ing and -ed.  A wordset is a hash set of such stems, owned by the caller
 * (wordset_free).
 */
#ifndef LG_WORDS_H
#define LG_WORDS_H

#include <stddef.h>

typedef struct wordset wordset;

/*
 * Call fn(stem, len, arg) for each normalised word of s[0..len), until fn
 * returns nonzero.  words_some() calls it only for the words whose first
 * byte, lowercased, has first[byte] set (a stem starts with the first
 * byte of its word, lowercased): the others are neither lowercased nor
 * stemmed.
 */
typedef int words_fn(const char *w, size_t n, void *arg);
void words_each(const char *s, size_t len, words_fn *fn, void *arg);
void words_some(const char *s, size_t len, const unsigned char first[256],
    words_fn *fn, void *arg);
/* Reduce a lowercased word in place; returns its new length. */
size_t words_stem(char *w, size_t n);
/* Nonzero for words that carry no content (articles, prepositions, ...). */
int words_stop(const char *w, size_t n);

wordset *wordset_new(void);
void wordset_clear(wordset *ws);
void wordset_free(wordset *ws);
void wordset_add_text(wordset *ws, const char *s, size_t len);
int wordset_has(const wordset *ws, const char *w, size_t n);

/*
 * The judged text of the model judge (lw_model.c): the length of s up to
 * the end of its max-th white-space separated word; the first n \w+
 * words of s with what follows each up to the next word (compat: the
 * words alone, joined by single spaces), caller frees.
 */
size_t words_upto(const char *s, size_t len, long max);
char *words_text(const char *s, size_t len, long n, int compat,
    size_t *outlen);

#endif
