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
