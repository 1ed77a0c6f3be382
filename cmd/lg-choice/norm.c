/*
 * norm.c: an answer's text with the forms that mean the same written one
 * way, so that the reader (parse.c) deals with ASCII punctuation only.
 *
 * Decimal digits of any script (Unicode Nd) become ASCII digits; the
 * fullwidth forms U+FF01..U+FF5E their ASCII letters and signs; the
 * ideographic comma and full stop ',' and '.'; lenticular and tortoise
 * shell brackets '[' and ']'; curly quotes and corner brackets '"' (or
 * '\''); hyphens, dashes and the minus sign '-'; arrows '>'; the Unicode
 * spaces ' '; zero-width spaces and joiners and the byte-order mark are
 * dropped; a byte that is not UTF-8 becomes '?'.  Every replacement is no
 * longer than what it replaces, and the text stays UTF-8.
 */
#include <stdint.h>
#include <string.h>

#include "choice.h"
#include "udigit.h"
#include "xalloc.h"

/* The code point at u[0..n) and its length, or 0 when u does not start
 * with a well-formed one. */
static int
decode(const unsigned char *u, size_t n, uint32_t *cp)
{
	int len, i;

	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	len = u[0] >= 0xc2 && u[0] < 0xe0 ? 2 : u[0] >= 0xe0 && u[0] < 0xf0 ? 3 :
	    u[0] >= 0xf0 && u[0] < 0xf5 ? 4 : 0;
	if (len == 0 || (size_t)len > n)
		return 0;
	*cp = u[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (u[i] & 0x3f);
	}
	if ((len == 3 && (*cp < 0x800 || (*cp >= 0xd800 && *cp < 0xe000))) ||
	    (len == 4 && (*cp < 0x10000 || *cp > 0x10ffff)))
		return 0;
	return len;
}

/* The ASCII byte cp stands for, 0 to drop it, -1 to keep it as it is. */
static int
fold(uint32_t cp)
{
	if (cp >= 0xff01 && cp <= 0xff5e)
		return (int)(cp - 0xfee0);
	switch (cp) {
	case 0x3001: case 0xff64: case 0xfe50:
		return ',';
	case 0x3002: case 0xff61:
		return '.';
	case 0x3010: case 0x3014: case 0x3016:
		return '[';
	case 0x3011: case 0x3015: case 0x3017:
		return ']';
	case 0x201c: case 0x201d: case 0x201e: case 0x300c: case 0x300d:
	case 0x300e: case 0x300f:
		return '"';
	case 0x2018: case 0x2019:
		return '\'';
	case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014:
	case 0x2015: case 0x2212: case 0xfe58: case 0xfe63:
		return '-';
	case 0x2192: case 0x21d2: case 0x27f6: case 0x27f9: case 0x2794:
	case 0x279c: case 0x27a1: case 0x2b95: case 0x21e8: case 0x279d:
	case 0x279e:
		return '>';
	case 0x00a0: case 0x202f: case 0x205f: case 0x3000:
		return ' ';
	case 0x200b: case 0x200c: case 0x200d: case 0x2060: case 0xfeff:
		return 0;
	}
	if (cp >= 0x2000 && cp <= 0x200a)
		return ' ';
	return -1;
}

char *
choice_norm(const char *s, size_t len, size_t *outlen)
{
	const unsigned char *u = (const unsigned char *)s;
	char *t = xmalloc(len + 1);
	size_t i = 0, o = 0;
	uint32_t cp;
	int k, d, c;

	while (i < len) {
		if (u[i] < 0x80) {
			t[o++] = (char)u[i++];
			continue;
		}
		if ((k = udigit(s + i, len - i, &d)) > 0) {
			t[o++] = (char)('0' + d);
			i += (size_t)k;
			continue;
		}
		if ((k = decode(u + i, len - i, &cp)) == 0) {
			t[o++] = '?';
			i++;
			continue;
		}
		if ((c = fold(cp)) < 0) {
			memcpy(t + o, s + i, (size_t)k);
			o += (size_t)k;
		} else if (c > 0)
			t[o++] = (char)c;
		i += (size_t)k;
	}
	t[o] = '\0';
	*outlen = o;
	return t;
}
