/*
 * textmap: on random texts of line breaks, '#', the isspace() bytes and
 * their neighbours, UTF-8 bytes, NUL and letters, at every length around
 * the 64-byte blocks, textmap_words() of every range gives what
 * count_words() gives, and textmap_next() finds what a byte-by-byte walk
 * finds.
 */
#include <string.h>

#include "check.h"
#include "rng.h"
#include "textmap.h"
#include "util.h"

static size_t
walk(const char *s, size_t len, size_t from, char c)
{
	while (from < len && s[from] != c)
		from++;
	return from;
}

int
main(void)
{
	static const char pick[] = "\n#  \t\v\f\r\x08\x0e\xc3\xa9\0aZ9";
	textmap t = { 0 };
	rng r;
	char b[300];
	int it, bad = 0;

	rng_seed(&r, 11);
	for (it = 0; it < 3000; it++) {
		size_t len = rng_below(&r, 260), off = rng_below(&r, 8), i, a, e;

		for (i = 0; i < len; i++)
			b[off + i] = pick[rng_below(&r, sizeof pick - 1)];
		textmap_build(&t, b + off, len);
		for (a = 0; a <= len; a++) {
			for (e = a; e <= len; e += 1 + rng_below(&r, 9))
				if (textmap_words(&t, a, e) != count_words(b + off + a, e - a) &&
				    bad++ < 5)
					CHECK(0, "words of [%zu,%zu) in %zu bytes", a, e, len);
			if ((textmap_next(&t, t.nl, a) != walk(b + off, len, a, '\n') ||
			    textmap_next(&t, t.hash, a) != walk(b + off, len, a, '#')) &&
			    bad++ < 5)
				CHECK(0, "next from %zu in %zu bytes", a, len);
		}
	}
	CHECK(bad == 0, "%d differences", bad);
	textmap_build(&t, "", 0);
	CHECK(textmap_words(&t, 0, 0) == 0 && textmap_next(&t, t.nl, 0) == 0,
	    "the empty text");
	textmap_build(&t, " a  b\tc\n#", 9);
	CHECK(textmap_words(&t, 0, 9) == 4 && textmap_words(&t, 2, 5) == 1 &&
	    textmap_next(&t, t.nl, 0) == 7 && textmap_next(&t, t.hash, 8) == 8 &&
	    textmap_words(&t, 4, 99) == 3, "a small text");
	textmap_free(&t);
	return CHECK_DONE();
}
