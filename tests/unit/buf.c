/* Unit test: growable buffers hold a string at every step. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "nulkey.h"

int
main(void)
{
	buf b = { 0 };
	char *s;

	/* grown but never written: the empty string, not fresh heap bytes
	 * (the sanitizer build fills them with 0xbe) */
	buf_grow(&b, 100);
	CHECK(b.s != NULL && b.s[0] == '\0', "a new buffer is not terminated");
	s = buf_take(&b);
	CHECK(strcmp(s, "") == 0, "buf_take of a grown buffer: %.8s", s);
	free(s);
	s = nulkey_of("", 0);
	CHECK(s != NULL && s[0] == '\0', "nulkey_of of the empty string");
	free(s);
	buf_puts(&b, "ab");
	buf_grow(&b, 5000);
	CHECK(b.len == 2 && strcmp(b.s, "ab") == 0, "grown keeps its text");
	buf_free(&b);
	return CHECK_DONE();
}
