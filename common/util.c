#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "util.h"
#include "xalloc.h"

char **
split_list(const char *s, size_t *np)
{
	char **v = NULL;
	size_t n = 0;

	while (*s) {
		const char *c = strchr(s, ',');
		size_t len = c ? (size_t)(c - s) : strlen(s);

		if (len > 0) {
			v = xreallocarray(v, n + 1, sizeof *v);
			v[n++] = xstrndup(s, len);
		}
		s += len;
		if (*s == ',')
			s++;
	}
	*np = n;
	return v;
}

char **
split_path(const char *s, size_t *np)
{
	char **v = NULL;
	size_t n = 0;

	for (;;) {
		const char *dot = strchr(s, '.');
		size_t len = dot ? (size_t)(dot - s) : strlen(s);

		if (len == 0) {
			split_free(v, n);
			*np = 0;
			return NULL;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = xstrndup(s, len);
		if (dot == NULL)
			break;
		s = dot + 1;
	}
	*np = n;
	return v;
}

void
split_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int
parse_long(const char *s, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end != '\0')
		return -1;
	*out = v;
	return 0;
}

int
parse_double(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

long
tier_tokens(const char *t)
{
	char *end;
	long v = strtol(t, &end, 10);

	if (end == t || v <= 0)
		return 0;
	if ((*end == 'k' || *end == 'K') && end[1] == '\0')
		return v * 1024;
	return 0;
}

size_t
count_words(const char *s, size_t len)
{
	/* a word starts at a non-space byte after a space (or at the start);
	 * the spaces are those of isspace() in the C locale */
	static const unsigned char sp[256] = {
		['\t'] = 1, ['\n'] = 1, ['\v'] = 1, ['\f'] = 1, ['\r'] = 1, [' '] = 1
	};
	const unsigned char *p = (const unsigned char *)s, *e = p + len;
	size_t n = 0;
	unsigned prev = 1;

#ifdef __SSE2__
	/* 32 bytes at a time: a bit per space, word starts where a non-space
	 * follows a space */
	{
		const __m128i blank = _mm_set1_epi8(' '), nine = _mm_set1_epi8(9);
		const __m128i four = _mm_set1_epi8(4);
		uint64_t carry = prev;

		for (; e - p >= 32; p += 32) {
			__m128i a = _mm_loadu_si128((const __m128i *)(const void *)p);
			__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + 16));
			__m128i a9 = _mm_sub_epi8(a, nine), b9 = _mm_sub_epi8(b, nine);
			/* ' ', or 9..13: x - 9 at most 4, unsigned */
			__m128i sa = _mm_or_si128(_mm_cmpeq_epi8(a, blank),
			    _mm_cmpeq_epi8(_mm_min_epu8(a9, four), a9));
			__m128i sb = _mm_or_si128(_mm_cmpeq_epi8(b, blank),
			    _mm_cmpeq_epi8(_mm_min_epu8(b9, four), b9));
			uint64_t isp = (uint64_t)(unsigned)_mm_movemask_epi8(sa) |
			    (uint64_t)(unsigned)_mm_movemask_epi8(sb) << 16;

			uint64_t st = ~isp & ((isp << 1) | carry) & 0xffffffffULL;

			/* their number, without a popcount instruction */
			st = st - ((st >> 1) & 0x55555555ULL);
			st = (st & 0x33333333ULL) + ((st >> 2) & 0x33333333ULL);
			st = (st + (st >> 4)) & 0x0f0f0f0fULL;
			n += (size_t)((st * 0x01010101ULL) >> 24 & 0xff);
			carry = isp >> 31;
		}
		prev = (unsigned)carry;
	}
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* 8 bytes at a time: a space mask per byte (exact, no borrow
	 * crosses bytes), word starts where a non-space follows a space */
	{
		const uint64_t L = 0x0101010101010101u, H = 0x8080808080808080u;
		uint64_t carry = prev;

		for (; e - p >= 8; p += 8) {
			uint64_t x, q, lo, isp, starts;

			memcpy(&x, p, 8);
			q = x ^ (L * ' ');
			lo = ~x & H;	/* ASCII bytes */
			/* ' ', or 9..13: low 7 bits >= 9 and not >= 14 */
			isp = (~(((q & ~H) + ~H) | q) & H) |
			    (((x | H) - L * 9) & ~((x | H) - L * 14) & lo);
			isp = (isp >> 7) & L;	/* 1 in the low bit of each space */
			starts = ~isp & L & ((isp << 8) | carry);
			/* one bit at the bottom of each byte: their sum */
			n += (size_t)((starts * L) >> 56);
			carry = isp >> 56;
		}
		prev = (unsigned)carry;
	}
#endif
	for (; p < e; p++) {
		unsigned cur = sp[*p];

		n += prev & !cur;
		prev = cur;
	}
	return n;
}

double
mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

uint32_t
text_hash(const char *s)
{
	return text_hash_add(TEXT_HASH_INIT, s, strlen(s));
}

uint32_t
text_hash_add(uint32_t h, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}
