/*
 * A strict RFC 8259 scanner: grammar only, no tree.  UTF-8 validity is the
 * reader's concern (jsonl checks every line before it gets here).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "jsonscan.h"
#include "xalloc.h"

typedef struct {
	const char *s;
	size_t len, pos;
	int depth, rc;
} scan;

static int value(scan *sc);

static int
fail(scan *sc, int rc)
{
	if (rc == JSONSCAN_SYNTAX && sc->pos >= sc->len)
		rc = JSONSCAN_END;
	sc->rc = rc;
	return 0;
}

static inline void
ws(scan *sc)
{
	/* most often there is none: say so at once */
	if (sc->pos < sc->len && (unsigned char)sc->s[sc->pos] > ' ')
		return;
	while (sc->pos < sc->len) {
		char c = sc->s[sc->pos];

		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			break;
		sc->pos++;
	}
}

static int
hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The value of the \\uXXXX escape at s[i], or -1 (failed). */
static long
escape(scan *sc, size_t i)
{
	long u = 0;
	int k;

	for (k = 2; k < 6; k++) {
		char c = i + (size_t)k < sc->len ? sc->s[i + (size_t)k] : '\0';

		if (i + (size_t)k >= sc->len) {
			sc->pos = i + (size_t)k;
			return fail(sc, JSONSCAN_END) - 1;
		}
		if (!hex(c)) {
			sc->pos = i + (size_t)k;
			return fail(sc, JSONSCAN_SYNTAX) - 1;
		}
		u = u * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return u;
}

/*
 * Nonzero when one of the eight bytes of v may be a control character, a
 * quote or a backslash (no false negatives; a false positive only sends
 * those bytes down the slow path).
 */
static int
special(uint64_t v)
{
	const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
	uint64_t q = v ^ (ones * '"'), b = v ^ (ones * '\\');

	return ((((v - ones * 0x20) & ~v) | ((q - ones) & ~q) | ((b - ones) & ~b)) & high) != 0;
}

/*
 * The first byte at or after i that ends a run of plain string bytes (a
 * control character, a quote or a backslash), or len.
 */
#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2_RUN 1
/* Thirty-two at a time, where the processor can: a special byte's place,
 * or where fewer than 32 bytes are left. */
__attribute__((target("avx2"))) static size_t
plain_run32(const char *s, size_t i, size_t len)
{
	const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\');
	const __m256i ctl = _mm256_set1_epi8(0x1f);

	while (i + 32 <= len) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
		__m256i hit = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, quote),
		    _mm256_cmpeq_epi8(v, bslash)),
		    _mm256_cmpeq_epi8(_mm256_min_epu8(v, ctl), v));
		unsigned mask = (unsigned)_mm256_movemask_epi8(hit);

		if (mask != 0)
			return i + (size_t)__builtin_ctz(mask);
		i += 32;
	}
	return i;
}
#endif

static size_t
plain_run(const char *s, size_t i, size_t len)
{
#ifdef HAVE_AVX2_RUN
	if (i + 32 <= len && __builtin_cpu_supports("avx2") && (i = plain_run32(s, i, len)) + 32 <= len)
		return i;	/* a special byte */
#endif
#ifdef __SSE2__
	/* sixteen at a time: the bytes equal to '"' or '\\', or at most 0x1f */
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	const __m128i ctl = _mm_set1_epi8(0x1f);

	while (i + 16 <= len) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote),
		    _mm_cmpeq_epi8(v, bslash)),
		    _mm_cmpeq_epi8(_mm_min_epu8(v, ctl), v));
		unsigned mask = (unsigned)_mm_movemask_epi8(hit);

		if (mask != 0)
			return i + (size_t)__builtin_ctz(mask);
		i += 16;
	}
#endif
	/* eight at a time */
	while (i + 8 <= len) {
		uint64_t v;

		memcpy(&v, s + i, 8);
		if (special(v))
			break;
		i += 8;
	}
	while (i < len && (unsigned char)s[i] >= 0x20 && s[i] != '"' && s[i] != '\\')
		i++;
	return i;
}

static int
string(scan *sc)
{
	const char *s = sc->s;
	size_t i = sc->pos + 1, len = sc->len;

	for (;;) {
		unsigned char c;

		i = plain_run(s, i, len);
		if (i >= len) {
			sc->pos = i;
			return fail(sc, JSONSCAN_END);
		}
		c = (unsigned char)s[i];
		if (c == '"') {
			sc->pos = i + 1;
			return 1;
		}
		if (c < 0x20) {
			sc->pos = i;
			return fail(sc, JSONSCAN_SYNTAX);
		}
		/* a backslash */
		if (i + 1 >= len) {
			sc->pos = i + 1;
			return fail(sc, JSONSCAN_END);
		}
		switch (s[i + 1]) {
		case '"': case '\\': case '/': case 'b': case 'f': case 'n':
		case 'r': case 't':
			i += 2;
			break;
		case 'u': {
			long u = escape(sc, i), lo;

			if (u < 0)
				return 0;
			/* a surrogate only as a high and low pair */
			if (u >= 0xdc00 && u <= 0xdfff) {
				sc->pos = i;
				return fail(sc, JSONSCAN_SYNTAX);
			}
			i += 6;
			if (u >= 0xd800 && u <= 0xdbff) {
				if (i + 1 < len && s[i] == '\\' && s[i + 1] == 'u') {
					if ((lo = escape(sc, i)) < 0)
						return 0;
				} else {
					lo = -1;
				}
				if (lo < 0xdc00 || lo > 0xdfff) {
					sc->pos = i - 6;
					return fail(sc, JSONSCAN_SYNTAX);
				}
				i += 6;
			}
			break;
		}
		default:
			sc->pos = i + 1;
			return fail(sc, JSONSCAN_SYNTAX);
		}
	}
}

static int
digits(scan *sc)
{
	const char *s = sc->s;
	size_t i = sc->pos, len = sc->len, from = i;

	while (i < len && (unsigned char)(s[i] - '0') <= 9)
		i++;
	sc->pos = i;
	return i > from ? 1 : fail(sc, JSONSCAN_SYNTAX);
}

static int
number(scan *sc)
{
	const char *s = sc->s;
	size_t len = sc->len;

	if (s[sc->pos] == '-')
		sc->pos++;
	if (sc->pos < len && s[sc->pos] == '0')
		sc->pos++;
	else if (!digits(sc))
		return 0;
	if (sc->pos < len && s[sc->pos] == '.') {
		sc->pos++;
		if (!digits(sc))
			return 0;
	}
	if (sc->pos < len && (s[sc->pos] == 'e' || s[sc->pos] == 'E')) {
		sc->pos++;
		if (sc->pos < len && (s[sc->pos] == '+' || s[sc->pos] == '-'))
			sc->pos++;
		if (!digits(sc))
			return 0;
	}
	return 1;
}

static int
literal(scan *sc, const char *word)
{
	size_t n = strlen(word), i, start = sc->pos;

	for (i = 0; i < n; i++, sc->pos++) {
		if (sc->pos >= sc->len)
			return fail(sc, JSONSCAN_END);
		if (sc->s[sc->pos] != word[i]) {
			sc->pos = start;	/* the word is wrong */
			return fail(sc, JSONSCAN_SYNTAX);
		}
	}
	return 1;
}

/* An array or object, at its opening bracket. */
static int
nest(scan *sc, jsonscan_member **m, size_t *n, size_t *cap)
{
	int obj = sc->s[sc->pos] == '{';
	char close = obj ? '}' : ']';

	if (++sc->depth > JSONSCAN_MAX_DEPTH)
		return fail(sc, JSONSCAN_DEEP);
	sc->pos++;
	ws(sc);
	if (sc->pos < sc->len && sc->s[sc->pos] == close) {
		sc->pos++;
		sc->depth--;
		return 1;
	}
	for (;;) {
		size_t k0 = 0, k1 = 0, v0;

		if (obj) {
			if (sc->pos >= sc->len || sc->s[sc->pos] != '"')
				return fail(sc, JSONSCAN_SYNTAX);
			k0 = sc->pos;
			if (!string(sc))
				return 0;
			k1 = sc->pos;
			ws(sc);
			if (sc->pos >= sc->len || sc->s[sc->pos] != ':')
				return fail(sc, JSONSCAN_SYNTAX);
			sc->pos++;
			ws(sc);
		}
		v0 = sc->pos;
		if (!value(sc))
			return 0;
		if (m != NULL) {
			if (*n == *cap) {
				*cap = *cap ? *cap * 2 : 16;
				*m = xrealloc(*m, *cap * sizeof **m);
			}
			(*m)[*n].kstart = k0;
			(*m)[*n].kend = k1;
			(*m)[*n].vstart = v0;
			(*m)[*n].vend = sc->pos;
			(*n)++;
		}
		ws(sc);
		if (sc->pos >= sc->len)
			return fail(sc, JSONSCAN_END);
		if (sc->s[sc->pos] == close) {
			sc->pos++;
			sc->depth--;
			return 1;
		}
		if (sc->s[sc->pos] != ',')
			return fail(sc, JSONSCAN_SYNTAX);
		sc->pos++;
		ws(sc);
	}
}

static int
value(scan *sc)
{
	if (sc->pos >= sc->len)
		return fail(sc, JSONSCAN_END);
	switch (sc->s[sc->pos]) {
	case '{': case '[':
		return nest(sc, NULL, NULL, NULL);
	case '"':
		return string(sc);
	case 't':
		return literal(sc, "true");
	case 'f':
		return literal(sc, "false");
	case 'n':
		return literal(sc, "null");
	default:
		if (sc->s[sc->pos] == '-' || (sc->s[sc->pos] >= '0' && sc->s[sc->pos] <= '9'))
			return number(sc);
		return fail(sc, JSONSCAN_SYNTAX);
	}
}

int
jsonscan(const char *s, size_t len, int *isobj, jsonscan_member **m,
    size_t *n, size_t *cap, size_t *at)
{
	scan sc = { s, len, 0, 0, JSONSCAN_OK };
	int ok;

	*n = 0;
	*isobj = 0;
	ws(&sc);
	if (sc.pos < len && s[sc.pos] == '{') {
		*isobj = 1;
		ok = nest(&sc, m, n, cap);
	} else {
		ok = value(&sc);
	}
	if (ok) {
		ws(&sc);
		if (sc.pos < len)
			ok = fail(&sc, JSONSCAN_SYNTAX);
	}
	*at = sc.pos;
	if (!ok)
		*n = 0;
	return ok ? JSONSCAN_OK : sc.rc;
}

int
jsonscan_is_string(const char *s, size_t len)
{
	scan sc = { s, len, 0, 0, JSONSCAN_OK };

	return len >= 2 && s[0] == '"' && string(&sc) && sc.pos == len;
}
