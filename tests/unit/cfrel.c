/*
 * Unit test: the readers of the LongWeave cf relevance judge's reply
 * (lg-judge --cf-relevance): strict, and as the published
 * _parse_relevance_response() reads it.  The published values were taken
 * from that function run on each reply.
 */
#include <stdio.h>
#include <string.h>

#include "../../cmd/lg-judge/lw_cf.h"
#include "check.h"

#define K "\"is_relevant_and_complete\""

/* reply, strict reading, published reading, published default taken */
static const struct {
	const char *reply;
	int strict, pub, assumed;
} cases[] = {
	{ "{" K ": true}", 1, 1, 0 },
	{ "{" K ": false}", 0, 0, 0 },
	{ "  {" K ":false}\n", 0, 0, 0 },
	{ "```json\n{" K ": false}\n```", 0, 0, 0 },
	{ "```\n{" K ": true}\n```\n", 1, 1, 0 },
	{ "{\"note\": {\"a\": 1}, " K ": false}", 0, 0, 0 },
	{ "{\"a\": \"}\", " K ": false}", 0, 0, 0 },
	/* text around the object: no verdict read strictly */
	{ "Sure: {" K ": false}", -1, 0, 0 },
	{ "{" K ": true} I hope this helps.", -1, 1, 0 },
	/* no braces: the published fallback, with one space after the colon */
	{ K ": false", -1, 0, 0 },
	{ K ": true", -1, 1, 0 },
	{ K ": FALSE", -1, 0, 0 },
	{ K " : false", -1, 1, 1 },
	/* the key in another case, a string, a broken literal */
	{ "{\"IS_RELEVANT_AND_COMPLETE\": false}", -1, 1, 1 },
	{ "{" K ": \"false\"}", -1, 1, 1 },
	{ "{" K ": FALSE}", -1, 1, 1 },
	{ "{" K ": tru}", -1, 1, 1 },
	{ "{" K ": false,}", -1, 1, 1 },
	/* the key twice: the last one counts as published */
	{ "{" K ": false, " K ": true}", -1, 1, 0 },
	{ "{" K ": true, " K ": false}", -1, 0, 0 },
	/* the match runs from the first brace of the reply */
	{ "{\"x\": 1} then {" K ": false}", -1, 1, 1 },
	{ "{" K ": false, \"x\": NaN}", -1, 0, 0 },
	{ "{" K " : false}", 0, 0, 0 },
	/* an escaped key: a parser reads it, the published pattern does not */
	{ "{\"is_relevant_and_complet\\u0065\": false}", 0, 1, 1 },
	/* Python's case-insensitive i and s, and its white space */
	{ K ": false {\"\xc4\xb0s_relevant_and_complete\": true}", -1, 1, 1 },
	{ K ": false {" K ": fal\xc5\xbf" "e}", -1, 1, 1 },
	{ K ": false {" K "\x1c: false}", -1, 1, 1 },
	{ "{\"\xc4\xb1S_RELEVANT_AND_COMPLETE\": false}", -1, 1, 1 },
	{ "{\"i\xc5\xbf_relevant_and_complete\": true}", -1, 1, 1 },
	{ "\xc2\xa0{" K ": false}\xe3\x80\x80", -1, 0, 0 },
	{ "{" K ":\xe2\x80\x83" "false}", -1, 1, 1 },
	/* nothing at all */
	{ "echo 1234 alpha", -1, 1, 1 },
	{ "", -1, 1, 1 },
};

int
main(void)
{
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *r = cases[i].reply;
		int s = cf_read_strict(r, strlen(r)), a = -1;
		int p = cf_read_published(r, strlen(r), &a);

		CHECK(s == cases[i].strict, "strict(%s) = %d, want %d", r, s,
		    cases[i].strict);
		CHECK(p == cases[i].pub && a == cases[i].assumed,
		    "published(%s) = %d assumed %d, want %d assumed %d", r, p, a,
		    cases[i].pub, cases[i].assumed);
	}
	/* a NUL byte: no verdict read strictly; the published search goes on */
	CHECK(cf_read_strict("{" K ": false}\0", sizeof "{" K ": false}") == -1,
	    "strict with a NUL");
	{
		int a;

		CHECK(cf_read_published("x\0{" K ": false}", sizeof "x\0{" K
		    ": false}" - 1, &a) == 0 && !a, "published with a NUL");
	}
	/* nested deeper than Python reads: its default */
	{
		static char deep[2100];
		int a, k, d;

		k = sprintf(deep, "{" K ": false, \"x\": ");
		for (d = 0; d < 1000; d++)
			deep[k++] = '[';
		for (d = 0; d < 1000; d++)
			deep[k++] = ']';
		deep[k++] = '}';
		deep[k] = '\0';
		CHECK(cf_read_published(deep, strlen(deep), &a) == 1 && a,
		    "published, nested too deep");
	}
	cf_asker_free(NULL);
	return CHECK_DONE();
}
