/*
 * Long string values read lazily (splice_get) decode as cJSON decodes
 * them: every simple escape, \u escapes (left to cJSON), UTF-8 text, at
 * every position and length around the lazy threshold.  And the scanner's
 * 8-bytes-at-a-time string path finds every control byte, quote and
 * backslash at every offset.
 */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "check.h"
#include "jsonscan.h"
#include "rng.h"
#include "splice.h"

static const char *pieces[] = { "a", "bc", " ", "\\n", "\\\"", "\\\\", "\\/",
	"\\b", "\\f", "\\r", "\\t", "\xc3\xa9", "\xe2\x80\x99", "#*#", "x\\n\\n",
	"\\u00e9", "\\u0041", "\\ud83d\\ude00" };
#define NPIECES (sizeof pieces / sizeof *pieces)
#define NPLAIN (NPIECES - 3)	/* those before the \u escapes */

static void
one(const char *val, size_t vlen)
{
	struct buf line = { 0 };
	jsonscan_member *m = NULL;
	size_t n, cap = 0, at;
	int isobj;
	cJSON *rec, *want;
	const cJSON *got;

	buf_puts(&line, "{\"id\":\"x\",\"output\":");
	buf_add(&line, val, vlen);
	buf_puts(&line, "}");
	CHECK(jsonscan(line.s, line.len, &isobj, &m, &n, &cap, &at) == JSONSCAN_OK,
	    "scan: %s", line.s);
	rec = splice_parse(line.s, line.len, m, n, 1, &at);
	want = cJSON_ParseWithLength(val, vlen);
	got = rec ? splice_get(rec, "output") : NULL;
	CHECK(cJSON_IsString(got) && cJSON_IsString(want) &&
	    strcmp(got->valuestring, want->valuestring) == 0,
	    "decoded differently: %.60s", val);
	cJSON_Delete(want);
	splice_free(rec);
	free(m);
	buf_free(&line);
}

int
main(void)
{
	rng r;
	int i, k;

	rng_seed(&r, 11);
	for (i = 0; i < 400; i++) {
		struct buf v = { 0 };
		size_t want = 900 + rng_below(&r, 300);
		/* most strings without \u escapes: the hand-decoded path */
		size_t np = i % 4 == 0 ? NPIECES : NPLAIN;

		buf_putc(&v, '"');
		while (v.len < want)
			buf_puts(&v, pieces[rng_below(&r, np)]);
		buf_putc(&v, '"');
		one(v.s, v.len);
		buf_free(&v);
	}
	/* the scanner: one special byte at every offset of a long string */
	for (k = 0; k < 40; k++) {
		static const char special[] = { '"', '\\', '\x01', '\x1f', '\n' };
		size_t s;

		for (s = 0; s < sizeof special; s++) {
			char text[64];
			jsonscan_member *m = NULL;
			size_t n, cap = 0, at;
			int isobj;

			memset(text, 'a', sizeof text);
			text[0] = '"';
			text[k + 1] = special[s];
			text[50] = '"';
			CHECK(jsonscan(text, 51, &isobj, &m, &n, &cap, &at) !=
			    JSONSCAN_OK,
			    "special byte %d at %d not seen", special[s], k);
			free(m);
		}
	}
	return CHECK_DONE();
}
