/* Unit test: blotting the API key out of text, and NULs through JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
#include "jsonnul.h"
#include "check.h"

static void
scrub(const char *key, const char *in, const char *want, int hits)
{
	char s[512];
	int n;
	size_t len;

	snprintf(s, sizeof s, "%s", in);
	len = apikey_scrub(key, s, strlen(s), &n);
	CHECK(strcmp(s, want) == 0 && len == strlen(want) && n == hits,
	    "scrub(%s, \"%s\") = \"%s\" (%d), want \"%s\" (%d)", key, in, s, n,
	    want, hits);
}

int
main(void)
{
	const char *k = "sk-proj-Zq81vXbW4kLmN0pQ";
	char nul[] = "a\0sk-proj-Zq81 b";
	size_t len;
	int n;
	struct buf b = { 0 };
	cJSON *j;
	char *p;
	static const char text[] =
	    "{\"a\":\"x\\u0000y\\u0001z\\\\u0000\",\"b\":\"\\u0001\1\"}";

	scrub(k, "key: sk-proj-Zq81vXbW4kLmN0pQ.", "key: ***.", 1);
	scrub(k, "twice sk-proj-Zq81vXbW4kLmN0pQsk-proj-Zq81vXbW4kLmN0pQ",
	    "twice ******", 2);
	scrub(k, "Incorrect API key provided: sk-proj-Zq81********kLmN0pQ.",
	    "Incorrect API key provided: **************.", 2);
	scrub(k, "prefix sk-proj-Zq8... only", "prefix ***... only", 1);
	scrub(k, "key ending in ...N0pQ, or ****mN0pQ", "key ending in ...***, "
	    "or *******", 2);
	scrub(k, "ends \xe2\x80\xa6N0pQ", "ends \xe2\x80\xa6***", 1);
	scrub(k, "a middle run vXbW4kLm here", "a middle run *** here", 1);
	/* no mask, or more letters after: not the key's tail */
	scrub(k, "N0pQ and ...N0pQr and sk-proj", "N0pQ and ...N0pQr and sk-proj", 0);
	scrub(k, "", "", 0);
	scrub("abcdef", "xabcdefx abcde", "x***x abcde", 1);
	scrub("abc", "abc", "abc", 0);
	scrub(NULL, "sk-proj-Zq81vXbW4kLmN0pQ", "sk-proj-Zq81vXbW4kLmN0pQ", 0);
	/* bytes after a NUL are scanned too */
	len = apikey_scrub(k, nul, sizeof nul - 1, &n);
	CHECK(len == 7 && memcmp(nul, "a\0*** b", 8) == 0 && n == 1, "after a NUL");

	/* NULs and U+0001 survive a parse and a print */
	j = jsonnul_parse(text, sizeof text - 1, &n);
	CHECK(j != NULL && n == 1, "jsonnul_parse");
	if (j == NULL)
		return CHECK_DONE();
	jsonnul_text(&b, cJSON_GetObjectItem(j, "a")->valuestring, n);
	CHECK(b.len == 11 && memcmp(b.s, "x\0y\1z\\u0000", 11) == 0, "a: %zu", b.len);
	buf_reset(&b);
	jsonnul_text(&b, cJSON_GetObjectItem(j, "b")->valuestring, n);
	CHECK(b.len == 2 && memcmp(b.s, "\1\1", 2) == 0, "b: %zu", b.len);
	cJSON_Delete(j);
	j = cJSON_CreateObject();
	cJSON_AddItemToObject(j, "o", jsonnul_string("q\"\0\n\1\\", 6));
	cJSON_AddItemToObject(j, "p", jsonnul_string("plain", 5));
	p = cJSON_PrintUnformatted(j);
	CHECK(strcmp(p, "{\"o\":\"q\\\"\\u0000\\n\\u0001\\\\\",\"p\":\"plain\"}") == 0,
	    "printed %s", p);
	free(p);
	cJSON_Delete(j);
	buf_free(&b);
	return CHECK_DONE();
}
