/* Unit test: growable buffers hold a string at every step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "nulkey.h"

/* A local named buf beside buf.h: the type is a struct tag, so this
 * builds under -Wshadow -Werror (a typedef named buf did not). */
static int
local_named_buf(void)
{
	char buf[32];

	return snprintf(buf, sizeof buf, "%d", 42) == 2 && buf[0] == '4';
}

int
main(void)
{
	struct buf b = { 0 };
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
	CHECK(local_named_buf(), "a local char buf[32]");
	return CHECK_DONE();
}
