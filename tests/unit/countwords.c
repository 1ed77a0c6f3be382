/*
 * count_words() reads 8 bytes at a time: it gives what one byte at a time
 * gives, on random texts of spaces, the other isspace() bytes and their
 * neighbours (8 and 14), UTF-8 bytes and letters, at every alignment.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rng.h"
#include "util.h"

static size_t
bytewise(const char *s, size_t len)
{
	size_t n = 0, i;
	int prev = 1;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		int cur = c == ' ' || (c >= 9 && c <= 13);

		n += prev && !cur;
		prev = cur;
	}
	return n;
}

int
main(void)
{
	rng r;
	char b[100];
	int it, bad = 0;

	rng_seed(&r, 5);
	for (it = 0; it < 200000; it++) {
		size_t len = rng_below(&r, 80), off = rng_below(&r, 8), i;

		for (i = 0; i < len; i++) {
			switch (rng_below(&r, 6)) {
			case 0: b[off + i] = ' '; break;
			case 1: b[off + i] = (char)(8 + rng_below(&r, 7)); break;
			case 2: b[off + i] = (char)rng_below(&r, 256); break;
			case 3: b[off + i] = (char)(0x80 | rng_below(&r, 128)); break;
			default: b[off + i] = 'a'; break;
			}
		}
		if (count_words(b + off, len) != bytewise(b + off, len) && bad++ < 5)
			CHECK(0, "count_words differs on %zu bytes at %zu", len, off);
	}
	CHECK(bad == 0, "%d texts counted differently", bad);
	CHECK(count_words("", 0) == 0 && count_words(" a  b\tc\n", 8) == 3 &&
	    count_words("abcdefgh ijklmnop", 17) == 2, "small cases");
	return CHECK_DONE();
}
