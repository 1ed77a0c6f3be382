/* lg-tags: tests on the answer's text (see tags.h). */
#include <ctype.h>
#include <string.h>

#include "tags.h"
#include "util.h"

#define LOOP_MAX_SPAN 4096	/* the longest span a loop repeats */
#define LOOP_MIN_BYTES 256	/* the least a loop covers */
#define REFUSAL_BYTES 200	/* where a refusal is looked for */
#define REFUSAL_WORDS 150	/* a refusal is shorter */

static size_t
trim_end(const char *s, size_t len)
{
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	return len;
}

int
tag_blank(const char *s, size_t len)
{
	return trim_end(s, len) == 0;
}

/*
 * The smallest period p whose copies cover the end: s[i] == s[i - p] for
 * the last r bytes, r + p at least three copies and LOOP_MIN_BYTES, and a
 * letter or digit in the span.  Each period is followed only as far as it
 * needs, so the cost is bounded by the span, not the answer.
 */
int
tag_looping(const char *s, size_t len)
{
	size_t n = trim_end(s, len), p, r, need, i;

	for (p = 1; p <= LOOP_MAX_SPAN && 3 * p <= n; p++) {
		need = 3 * p > LOOP_MIN_BYTES ? 3 * p : LOOP_MIN_BYTES;
		if (need > n)
			break;
		for (r = 0; r + p < need && s[n - 1 - r] == s[n - 1 - r - p]; r++)
			;
		if (r + p < need)
			continue;
		for (i = n - p; i < n; i++)
			if (isalnum((unsigned char)s[i]))
				return 1;
	}
	return 0;
}

int
tag_refusal(const char *s, size_t len)
{
	static const char *const says[] = {
		"i can't", "i cannot", "i can not", "i'm sorry", "i am sorry",
		"i'm unable", "i am unable", "i'm not able", "i am not able",
		"i won't", "i will not", "i apologize", "as an ai",
	};
	char head[REFUSAL_BYTES + 1];
	size_t i, k = 0;

	len = trim_end(s, len);
	if (len == 0 || count_words(s, len) >= REFUSAL_WORDS)
		return 0;
	for (i = 0; i < len && k < REFUSAL_BYTES; i++) {
		/* U+2019 is an apostrophe too */
		if (i + 2 < len && memcmp(s + i, "\xe2\x80\x99", 3) == 0) {
			head[k++] = '\'';
			i += 2;
		} else
			head[k++] = (char)tolower((unsigned char)s[i]);
	}
	head[k] = '\0';
	for (i = 0; i < sizeof says / sizeof says[0]; i++)
		if (memmem(head, k, says[i], strlen(says[i])) != NULL)
			return 1;
	return 0;
}

int
tag_open_think(const char *s, size_t len)
{
	const char *open = NULL, *p = s;
	size_t left = len;

	/* the last "<think>" */
	while ((p = memmem(p, left, "<think>", 7)) != NULL) {
		open = p;
		p += 7;
		left = len - (size_t)(p - s);
	}
	if (open == NULL)
		return 0;
	open += 7;
	return memmem(open, len - (size_t)(open - s), "</think>", 8) == NULL;
}

/* The end of the line at i (its '\n', or len) */
static size_t
line_end(const char *s, size_t len, size_t i)
{
	const char *e = memchr(s + i, '\n', len - i);

	return e ? (size_t)(e - s) : len;
}

static void
flush(tag_units *u, const char *s, size_t from, size_t to)
{
	if (from < to && count_words(s + from, to - from) >= TAG_UNIT_WORDS)
		tag_unit(u, s + from, to - from);
}

void
tag_paragraphs(tag_units *u, const char *s, size_t len)
{
	size_t i = 0, start = 0, e;

	for (;;) {
		e = line_end(s, len, i);
		if (tag_blank(s + i, e - i)) {
			flush(u, s, start, i);
			start = e + 1;
		}
		if (e >= len)
			break;
		i = e + 1;
	}
	flush(u, s, start, len);
}
