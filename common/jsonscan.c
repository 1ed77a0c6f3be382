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

int jsonscan_noflat;

static int
hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/*
 * The value of the \\uXXXX escape at s[i], or -1 with *rc and *pos set
 * (a byte that is not a hexadecimal digit, or the end of the text).
 */
static long
escape(const char *s, size_t len, size_t i, int *rc, size_t *pos)
{
	long u = 0;
	size_t k;

	for (k = i + 2; k < i + 6; k++) {
		char c;

		if (k >= len) {
			*pos = k;
			*rc = JSONSCAN_END;
			return -1;
		}
		c = s[k];
		if (!hex(c)) {
			*pos = k;
			*rc = JSONSCAN_SYNTAX;
			return -1;
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

/* The bytes after a backslash that make a whole escape of two. */
static const unsigned char simple_escape[256] = {
	['"'] = 1, ['\\'] = 1, ['/'] = 1, ['b'] = 1, ['f'] = 1, ['n'] = 1,
	['r'] = 1, ['t'] = 1
};

/*
 * The first byte at or after i that ends a run of plain string bytes (a
 * control character, a quote or a backslash), or len.  The run may go on
 * over escapes of two bytes ("\\n"): string() takes either.
 */
#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2_RUN 1
/* Thirty-two at a time, where the processor can, over escapes of two
 * bytes too: a special byte's place, or where fewer than 32 are left. */
__attribute__((target("avx2"))) static size_t
plain_run32(const char *s, size_t i, size_t len, unsigned *hi)
{
	const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\');
	const __m256i ctl = _mm256_set1_epi8(0x1f);
	__m256i any = _mm256_setzero_si256();	/* the bytes seen, or'ed */

	while (i + 32 <= len) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
		__m256i hit = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, quote),
		    _mm256_cmpeq_epi8(v, bslash)),
		    _mm256_cmpeq_epi8(_mm256_min_epu8(v, ctl), v));
		unsigned mask = (unsigned)_mm256_movemask_epi8(hit);

		any = _mm256_or_si256(any, v);
		if (mask == 0) {
			i += 32;
			continue;
		}
		i += (size_t)__builtin_ctz(mask);
		if (s[i] != '\\' || i + 1 >= len ||
		    !simple_escape[(unsigned char)s[i + 1]])
			break;
		i += 2;
	}
	*hi |= (unsigned)_mm256_movemask_epi8(any);
	return i;
}
#endif

#ifdef __SSE2__
/* The bits of the 16 bytes at p that are a control character, a quote or
 * a backslash. */
static inline unsigned
special16(const char *p, unsigned *hi)
{
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	const __m128i ctl = _mm_set1_epi8(0x1f);
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);

	*hi |= (unsigned)_mm_movemask_epi8(v);
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(
	    _mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)),
	    _mm_cmpeq_epi8(_mm_min_epu8(v, ctl), v)));
}
#endif

static size_t
plain_run(const char *s, size_t i, size_t len, unsigned *hi)
{
#ifdef HAVE_AVX2_RUN
	if (i + 32 <= len && __builtin_cpu_supports("avx2") &&
	    (i = plain_run32(s, i, len, hi)) + 32 <= len)
		return i;	/* a special byte */
#endif
#ifdef __SSE2__
	/* sixteen at a time */
	while (i + 16 <= len) {
		unsigned mask = special16(s + i, hi);

		if (mask != 0)
			return i + (size_t)__builtin_ctz(mask);
		i += 16;
	}
#endif
	/* eight at a time */
	while (i + 8 <= len) {
		uint64_t v;

		memcpy(&v, s + i, 8);
		*hi |= (v & 0x8080808080808080ULL) != 0;
		if (special(v))
			break;
		i += 8;
	}
	while (i < len && (unsigned char)s[i] >= 0x20 && s[i] != '"' && s[i] != '\\')
		*hi |= (unsigned char)s[i++] & 0x80;
	return i;
}

/*
 * The string that starts with the quote at s[*pos]: 0 and *pos after its
 * closing quote, or the failure and *pos where it lies.
 */
static inline int
string(const char *s, size_t len, size_t *pos, unsigned *hi)
{
	size_t i = *pos + 1;
	int rc;

	for (;;) {
		unsigned char c;
		long u, lo;
#ifdef __SSE2__
		unsigned mask;

		/* sixteen bytes here first: keys, short values and the runs
		 * between escapes are mostly shorter */
		if (i + 16 <= len && (mask = special16(s + i, hi)) != 0)
			i += (size_t)__builtin_ctz(mask);
		else
#endif
			i = plain_run(s, i, len, hi);
		if (i >= len) {
			*pos = i;
			return JSONSCAN_END;
		}
		c = (unsigned char)s[i];
		if (c == '"') {
			*pos = i + 1;
			return 0;
		}
		if (c < 0x20) {
			*pos = i;
			return JSONSCAN_SYNTAX;
		}
		/* a backslash */
		if (i + 1 >= len) {
			*pos = i + 1;
			return JSONSCAN_END;
		}
		switch (s[i + 1]) {
		case '"': case '\\': case '/': case 'b': case 'f': case 'n':
		case 'r': case 't':
			i += 2;
			continue;
		case 'u':
			break;
		default:
			*pos = i + 1;
			return JSONSCAN_SYNTAX;
		}
		if ((u = escape(s, len, i, &rc, pos)) < 0)
			return rc;
		/* a surrogate only as a high and low pair */
		if (u >= 0xdc00 && u <= 0xdfff) {
			*pos = i;
			return JSONSCAN_SYNTAX;
		}
		i += 6;
		if (u < 0xd800 || u > 0xdbff)
			continue;
		lo = -1;
		if (i + 1 < len && s[i] == '\\' && s[i + 1] == 'u' &&
		    (lo = escape(s, len, i, &rc, pos)) < 0)
			return rc;
		if (lo < 0xdc00 || lo > 0xdfff) {
			*pos = i - 6;
			return JSONSCAN_SYNTAX;
		}
		i += 6;
	}
}

static inline size_t
skip_ws(const char *s, size_t i, size_t len)
{
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	return i;
}

static inline size_t
skip_digits(const char *s, size_t i, size_t len)
{
	while (i < len && (unsigned char)(s[i] - '0') <= 9)
		i++;
	return i;
}

/*
 * The number at s[*pos]: 0 and *pos after it, or JSONSCAN_SYNTAX and
 * *pos at the byte where a digit is missing.
 */
static inline int
number(const char *s, size_t len, size_t *pos)
{
	size_t i = *pos, d;

	if (s[i] == '-')
		i++;
	if (i < len && s[i] == '0')
		i++;
	else if ((d = skip_digits(s, i, len)) == i)
		goto bad;
	else
		i = d;
	if (i < len && s[i] == '.') {
		i++;
		if ((d = skip_digits(s, i, len)) == i)
			goto bad;
		i = d;
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		if ((d = skip_digits(s, i, len)) == i)
			goto bad;
		i = d;
	}
	*pos = i;
	return 0;
bad:
	*pos = i;
	return JSONSCAN_SYNTAX;
}

/* The literal word at s[*pos], as number() does. */
static int
literal(const char *s, size_t len, size_t *pos, const char *word, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (*pos + i >= len) {
			*pos += i;
			return JSONSCAN_END;
		}
		if (s[*pos + i] != word[i])
			return JSONSCAN_SYNTAX;	/* at the word's start */
	}
	*pos += n;
	return 0;
}

/*
 * The value at s[*pos] when it is no array or object: a string, a number
 * or a word.  0 and *pos after it, or the failure (a bracket is one).
 */
static inline __attribute__((always_inline)) int
scalar(const char *s, size_t len, size_t *pos, unsigned *hi)
{
	switch (s[*pos]) {
	case '"':
		return string(s, len, pos, hi);
	case 't':
		return literal(s, len, pos, "true", 4);
	case 'f':
		return literal(s, len, pos, "false", 5);
	case 'n':
		return literal(s, len, pos, "null", 4);
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return number(s, len, pos);
	default:
		return JSONSCAN_SYNTAX;
	}
}

/*
 * The keys of the last flat object read in this text, each with its
 * quotes and colon when that is eight bytes at most: the same bytes in
 * the next object are the same valid key.
 */
typedef struct {
	uint64_t key[8], mask[8];	/* mask 0: no key kept */
	unsigned char len[8];
} flat_keys;

/*
 * A flat object at s[*pos], its keys and values one after another with
 * no white space and no array or object inside ({"at":1,"off":0}, as
 * the tools write the elements of long arrays): 1 and *pos after it.  0
 * for anything else, *pos untouched: the general loop then reads it
 * from its start, so this only ever takes a subset of what that does.
 */
static int
flat_object(const char *s, size_t len, size_t *pos, unsigned *hi, flat_keys *fk)
{
	size_t i = *pos + 1, k;

	for (k = 0;; k++) {
		uint64_t u;
		size_t k0 = i;

		if (k < 8 && fk->mask[k] != 0 && i + 8 <= len &&
		    (memcpy(&u, s + i, 8), (u & fk->mask[k]) == fk->key[k])) {
			i += fk->len[k];
		} else {
			if (i >= len || s[i] != '"' || string(s, len, &i, hi) != 0 ||
			    i + 1 >= len || s[i] != ':')
				return 0;
			i++;
			/* kept for the next object (its bytes outside ASCII,
			 * if any, are in *hi already), or dropped */
			if (k < 8) {
				fk->mask[k] = 0;
				if (i - k0 <= 8 && k0 + 8 <= len) {
					fk->mask[k] = i - k0 == 8 ? ~(uint64_t)0 :
					    ((uint64_t)1 << (8 * (i - k0))) - 1;
					memcpy(&u, s + k0, 8);
					fk->key[k] = u & fk->mask[k];
					fk->len[k] = (unsigned char)(i - k0);
				}
			}
		}
		if (scalar(s, len, &i, hi) != 0 || i >= len)
			return 0;
		if (s[i] == '}') {
			*pos = i + 1;
			return 1;
		}
		if (s[i] != ',')
			return 0;
		i++;
	}
}

/*
 * One pass with the position in a local and the open arrays and objects
 * on a stack of their own: no call per value but for strings, numbers and
 * words.  Members of the outer object (top) are recorded as their values
 * end.
 */
int
jsonscan_text(const char *s, size_t len, int *isobj, jsonscan_member **m,
    size_t *n, size_t *cap, size_t *at, int *nonascii)
{
	unsigned char obj[JSONSCAN_MAX_DEPTH];	/* per open bracket: an object */
	size_t pos, k0 = 0, k1 = 0, v0 = 0;
	int depth = 0, rc = 0, top;
	unsigned hi = 0;	/* nonzero once a byte of a string may be >= 0x80 */
	flat_keys fk;

	memset(fk.mask, 0, sizeof fk.mask);

	*n = 0;
	pos = skip_ws(s, 0, len);
	top = *isobj = pos < len && s[pos] == '{';
value:
	if (pos >= len) {
		rc = JSONSCAN_END;
		goto failed;
	}
	switch (s[pos]) {
	case '{':
		/* an element of an array: most often one of many alike */
		if (depth > 0 && depth < JSONSCAN_MAX_DEPTH && !obj[depth - 1] &&
		    !jsonscan_noflat && flat_object(s, len, &pos, &hi, &fk))
			goto after;
		/* FALLTHROUGH */
	case '[':
		if (depth == JSONSCAN_MAX_DEPTH) {
			rc = JSONSCAN_DEEP;
			goto failed;
		}
		obj[depth++] = s[pos] == '{';
		pos = skip_ws(s, pos + 1, len);
		if (pos < len && s[pos] == (obj[depth - 1] ? '}' : ']')) {
			pos++;
			depth--;
			goto after;
		}
		if (obj[depth - 1])
			goto key;
		goto value;
	default:
		rc = scalar(s, len, &pos, &hi);
		break;
	}
	if (rc != 0)
		goto failed;
after:	/* a value ended at pos */
	if (depth == 0)
		goto done;
	if (depth == 1 && top) {
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 16;
			*m = xrealloc(*m, *cap * sizeof **m);
		}
		(*m)[*n].kstart = k0;
		(*m)[*n].kend = k1;
		(*m)[*n].vstart = v0;
		(*m)[*n].vend = pos;
		(*n)++;
	}
	pos = skip_ws(s, pos, len);
	if (pos >= len) {
		rc = JSONSCAN_END;
		goto failed;
	}
	if (s[pos] == (obj[depth - 1] ? '}' : ']')) {
		pos++;
		depth--;
		goto after;
	}
	if (s[pos] != ',') {
		rc = JSONSCAN_SYNTAX;
		goto failed;
	}
	pos = skip_ws(s, pos + 1, len);
	if (!obj[depth - 1])
		goto value;
key:	/* a key, its colon and its value */
	if (pos >= len || s[pos] != '"') {
		rc = JSONSCAN_SYNTAX;
		goto failed;
	}
	if (depth == 1) {
		k0 = pos;
		if ((rc = string(s, len, &pos, &hi)) != 0)
			goto failed;
		k1 = pos;
	} else if ((rc = string(s, len, &pos, &hi)) != 0)
		goto failed;
	pos = skip_ws(s, pos, len);
	if (pos >= len || s[pos] != ':') {
		rc = JSONSCAN_SYNTAX;
		goto failed;
	}
	pos = skip_ws(s, pos + 1, len);
	v0 = depth == 1 ? pos : v0;
	goto value;
done:
	pos = skip_ws(s, pos, len);
	*at = pos;
	*nonascii = hi != 0;
	if (pos >= len)
		return JSONSCAN_OK;
	rc = JSONSCAN_SYNTAX;
failed:
	if (rc == JSONSCAN_SYNTAX && pos >= len)
		rc = JSONSCAN_END;
	*at = pos;
	*n = 0;
	*nonascii = hi != 0;
	return rc;
}

int
jsonscan(const char *s, size_t len, int *isobj, jsonscan_member **m,
    size_t *n, size_t *cap, size_t *at)
{
	int nonascii;

	return jsonscan_text(s, len, isobj, m, n, cap, at, &nonascii);
}

int
jsonscan_is_string(const char *s, size_t len)
{
	size_t pos = 0;
	unsigned hi = 0;

	return len >= 2 && s[0] == '"' && string(s, len, &pos, &hi) == 0 &&
	    pos == len;
}
