/*
 * textmap.h: where the line breaks, the '#' bytes and the word starts of
 * a text are, as bitmaps built in one pass over it, so that a caller walks
 * from one line or '#' to the next and counts the words of any range
 * without reading the text again.
 *
 * A word starts at a byte that is not a space (isspace() of the C locale)
 * and is the first byte or follows a space: textmap_words(t, a, b) equals
 * count_words(s + a, b - a).  The map points at the text, which must stay
 * as it is while the map is used; the bitmaps are the map's (reused by
 * the next textmap_build(), freed by textmap_free()).
 */
#ifndef LG_TEXTMAP_H
#define LG_TEXTMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	const char *s;
	size_t len;
	uint64_t *nl;		/* bit i%64 of nl[i/64]: s[i] is '\n' */
	uint64_t *hash;		/* ... s[i] is '#' */
	uint64_t *start;	/* ... a word starts at s[i] */
	size_t *before;		/* before[k]: word starts in s[0..64k) */
	size_t nw, cap;		/* 64-bit words per bitmap, and room */
} textmap;

void textmap_build(textmap *t, const char *s, size_t len);
/* The first i in [from, len) whose bit is set in map, or len. */
size_t textmap_next(const textmap *t, const uint64_t *map, size_t from);
/* Words in s[a..b), as count_words(s + a, b - a) counts them. */
size_t textmap_words(const textmap *t, size_t a, size_t b);
void textmap_free(textmap *t);

#endif
