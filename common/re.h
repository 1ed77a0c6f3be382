/*
 * re.h: a thin PCRE2 wrapper.  Patterns are UTF-8 with Unicode properties;
 * subjects must already be valid UTF-8 (records are checked on input).
 * An lg_re owns its compiled code and match data; free it with re_free().
 * Patterns are the program's own, so a pattern that does not compile is a
 * bug: the program reports it and exits with status 3.
 */
#ifndef LG_RE_H
#define LG_RE_H

#include <stddef.h>

#define RE_ICASE 1u
#define RE_MULTILINE 2u
#define RE_DOTALL 4u
/* match only at the start offset (JIT kept: PCRE2_ANCHORED at compile time) */
#define RE_ANCHORED 8u

typedef struct lg_re lg_re;

lg_re *re_compile(const char *pattern, unsigned flags);
void re_free(lg_re *re);

/*
 * Match in s[0..len) from offset start.  Returns the number of captured
 * pairs (>= 1) and fills ov[0..2*nov) with byte offsets (unset groups are
 * (size_t)-1), or 0 when there is no match.
 */
int re_match(lg_re *re, const char *s, size_t len, size_t start, size_t *ov, int nov);

/* Escape s for use as a literal inside a pattern; caller frees. */
char *re_quote(const char *s);

#endif
