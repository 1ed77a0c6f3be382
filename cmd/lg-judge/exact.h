/*
 * exact.h: reading a member's text when it is exactly what our own tools
 * write (lg-split's parts, lg-gen's checks), without building a tree.
 * Each reader steps a pointer *pp through the text, which ends at e, and
 * leaves it where it stopped; on any difference the caller reads the
 * member through cJSON instead.
 */
#ifndef LG_JUDGE_EXACT_H
#define LG_JUDGE_EXACT_H

#include <string.h>

/* Whether the literal k (a string constant) is at *pp; past it. */
#define LIT(pp, e, k) ((size_t)((e) - *(pp)) >= sizeof (k) - 1 && \
	memcmp(*(pp), (k), sizeof (k) - 1) == 0 && (*(pp) += sizeof (k) - 1, 1))

/*
 * The digits at *pp, at most 15 (what rec_long() reads as it is), as a
 * number; past them.  -1 when there are none, too many, or a fraction or
 * exponent follows.
 */
static inline long
digits_at(const char **pp, const char *e)
{
	const char *p = *pp, *d = p;
	long x = 0;

	while (p < e && *p >= '0' && *p <= '9' && p - d < 16)
		x = x * 10 + (*p++ - '0');
	if (p == d || p - d > 15 || (p < e && (*p == '.' || *p == 'e' || *p == 'E')))
		return -1;
	*pp = p;
	return x;
}

#endif
