#include <stdint.h>
#include <string.h>

#include "utf8.h"

size_t
utf8_invalid(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i];

		if (c < 0x80) {
			uint64_t w;

			/* ASCII runs eight bytes at a time */
			while (i + 8 <= len) {
				memcpy(&w, s + i, 8);
				if (w & 0x8080808080808080ULL)
					break;
				i += 8;
			}
			if (i < len && s[i] < 0x80)
				i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			if (i + 1 >= len || (s[i + 1] & 0xc0) != 0x80)
				return i;
			i += 2;
		} else if (c >= 0xe0 && c <= 0xef) {
			if (i + 2 >= len || (s[i + 1] & 0xc0) != 0x80 ||
			    (s[i + 2] & 0xc0) != 0x80)
				return i;
			if (c == 0xe0 && s[i + 1] < 0xa0)
				return i;	/* overlong */
			if (c == 0xed && s[i + 1] >= 0xa0)
				return i;	/* surrogate */
			i += 3;
		} else if (c >= 0xf0 && c <= 0xf4) {
			if (i + 3 >= len || (s[i + 1] & 0xc0) != 0x80 ||
			    (s[i + 2] & 0xc0) != 0x80 || (s[i + 3] & 0xc0) != 0x80)
				return i;
			if (c == 0xf0 && s[i + 1] < 0x90)
				return i;	/* overlong */
			if (c == 0xf4 && s[i + 1] >= 0x90)
				return i;	/* above U+10FFFF */
			i += 4;
		} else
			return i;
	}
	return len;
}

size_t
utf8_pyspace(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;

	if (n >= 1 && (s[0] == ' ' || (s[0] >= 0x09 && s[0] <= 0x0d) ||
	    (s[0] >= 0x1c && s[0] <= 0x1f)))
		return 1;
	if (n >= 2 && s[0] == 0xc2 && (s[1] == 0x85 || s[1] == 0xa0))
		return 2;
	if (n >= 3 && s[0] == 0xe1 && s[1] == 0x9a && s[2] == 0x80)
		return 3;
	if (n >= 3 && s[0] == 0xe2 && s[1] == 0x80 &&
	    ((s[2] >= 0x80 && s[2] <= 0x8a) || s[2] == 0xa8 || s[2] == 0xa9 ||
	    s[2] == 0xaf))
		return 3;
	if (n >= 3 && s[0] == 0xe2 && s[1] == 0x81 && s[2] == 0x9f)
		return 3;
	if (n >= 3 && s[0] == 0xe3 && s[1] == 0x80 && s[2] == 0x80)
		return 3;
	return 0;
}

/* Python's str.strip(): returns the start, sets *n to the length. */
const char *
utf8_pystrip(const char *s, size_t *n)
{
	size_t lo = 0, hi = *n, k;

	while (lo < hi && (k = utf8_pyspace(s + lo, hi - lo)) > 0)
		lo += k;
	/* from the end: try each width a space can have */
	for (;;) {
		size_t w, hit = 0;

		for (w = 1; w <= 3 && w <= hi - lo && hit == 0; w++)
			if (utf8_pyspace(s + hi - w, w) == w)
				hit = w;
		if (hit == 0)
			break;
		hi -= hit;
	}
	*n = hi - lo;
	return s + lo;
}
