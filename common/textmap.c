/*
 * textmap.c: bitmaps of a text, 64 bytes to a word (see textmap.h).
 * Sixteen bytes are compared at a time where SSE2 is there; the word
 * starts of each 64 bytes are counted with the popcount instruction
 * where the processor has it.
 */
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "textmap.h"
#include "xalloc.h"

static int
popcount64(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
}

static int
is_space(unsigned char c)
{
	return c == ' ' || (c >= 9 && c <= 13);
}

/* The three masks of the 64 bytes at p. */
static inline __attribute__((always_inline)) void
masks(const unsigned char *p, uint64_t *nl, uint64_t *hash, uint64_t *sp)
{
#ifdef __SSE2__
	const __m128i lf = _mm_set1_epi8('\n'), hs = _mm_set1_epi8('#');
	const __m128i blank = _mm_set1_epi8(' '), nine = _mm_set1_epi8(9);
	const __m128i four = _mm_set1_epi8(4);
	uint64_t a = 0, b = 0, c = 0;
	int i;

	for (i = 0; i < 4; i++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i));
		__m128i v9 = _mm_sub_epi8(v, nine);
		/* ' ', or 9..13: x - 9 at most 4, unsigned */
		__m128i s = _mm_or_si128(_mm_cmpeq_epi8(v, blank),
		    _mm_cmpeq_epi8(_mm_min_epu8(v9, four), v9));

		a |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf)) << (16 * i);
		b |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, hs)) << (16 * i);
		c |= (uint64_t)(unsigned)_mm_movemask_epi8(s) << (16 * i);
	}
	*nl = a;
	*hash = b;
	*sp = c;
#else
	uint64_t a = 0, b = 0, c = 0;
	int i;

	for (i = 0; i < 64; i++) {
		a |= (uint64_t)(p[i] == '\n') << i;
		b |= (uint64_t)(p[i] == '#') << i;
		c |= (uint64_t)is_space(p[i]) << i;
	}
	*nl = a;
	*hash = b;
	*sp = c;
#endif
}

static inline __attribute__((always_inline)) void
build(textmap *t)
{
	const unsigned char *s = (const unsigned char *)t->s;
	unsigned char pad[64];
	uint64_t carry = 1, sp, st;
	size_t k, total = 0;

	for (k = 0; k < t->nw; k++) {
		const unsigned char *p = s + 64 * k;
		size_t n = t->len - 64 * k;

		if (n < 64) {
			/* the end: spaces after it add no bit */
			memset(pad, ' ', sizeof pad);
			if (n > 0)
				memcpy(pad, p, n);
			p = pad;
		}
		masks(p, &t->nl[k], &t->hash[k], &sp);
		st = ~sp & ((sp << 1) | carry);
		carry = sp >> 63;
		t->start[k] = st;
		t->before[k] = total;
		total += (size_t)__builtin_popcountll(st);
	}
	t->before[t->nw] = total;
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"))) static void
build_popcnt(textmap *t)
{
	build(t);
}
#endif

static void
build_plain(textmap *t)
{
	build(t);
}

void
textmap_build(textmap *t, const char *s, size_t len)
{
	size_t nw = len / 64 + 1;	/* bit len has a word: see rank() */

	if (nw > t->cap) {
		free(t->nl);
		free(t->hash);
		free(t->start);
		free(t->before);
		t->cap = nw;
		t->nl = xreallocarray(NULL, nw, sizeof *t->nl);
		t->hash = xreallocarray(NULL, nw, sizeof *t->hash);
		t->start = xreallocarray(NULL, nw, sizeof *t->start);
		t->before = xreallocarray(NULL, nw + 1, sizeof *t->before);
	}
	t->s = s;
	t->len = len;
	t->nw = nw;
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("popcnt")) {
		build_popcnt(t);
		return;
	}
#endif
	build_plain(t);
}

size_t
textmap_next(const textmap *t, const uint64_t *map, size_t from)
{
	size_t k;
	uint64_t w;

	if (from >= t->len)
		return t->len;
	k = from / 64;
	w = map[k] & (~(uint64_t)0 << (from % 64));
	while (w == 0) {
		if (++k >= t->nw)
			return t->len;
		w = map[k];
	}
	return 64 * k + (size_t)__builtin_ctzll(w);	/* no bit past the end */
}

/* Word starts in s[0..x), x at most len. */
static size_t
rank(const textmap *t, size_t x)
{
	size_t k = x / 64;

	return t->before[k] + (size_t)popcount64(t->start[k] &
	    (((uint64_t)1 << (x % 64)) - 1));
}

size_t
textmap_words(const textmap *t, size_t a, size_t b)
{
	if (b > t->len)
		b = t->len;
	if (a >= b)
		return 0;
	/* s[a] starts a word of the range whatever comes before it */
	return rank(t, b) - rank(t, a + 1) + !is_space((unsigned char)t->s[a]);
}

void
textmap_free(textmap *t)
{
	free(t->nl);
	free(t->hash);
	free(t->start);
	free(t->before);
	memset(t, 0, sizeof *t);
}
