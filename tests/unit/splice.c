/*
 * Unit test: the strict scanner (member ranges, depth, grammar), records
 * written back by splicing (untouched members byte for byte, changed ones
 * printed), strings with NUL bytes read whole, and the shortest doubles.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jprint.h"
#include "jsonscan.h"
#include "record.h"
#include "splice.h"
#include "check.h"

static int
scan(const char *s, size_t *at)
{
	jsonscan_member *m = NULL;
	size_t n, cap = 0;
	int isobj, rc = jsonscan(s, strlen(s), &isobj, &m, &n, &cap, at);

	free(m);
	return rc;
}

static void
scanner(void)
{
	static const char *bad[] = { "{\"a\":01}", "{\"a\":\"x\ty\"}", "{\"a\":[1,]}",
	    "{\"a\":-}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":+1}", "{\"a\":tru}",
	    "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}", "{\"a\":\"\\ud800\"}",
	    "{\"a\":\"\\udc00\\ud800\"}", "{\"a\":\"\\ud800\\u0041\"}", "{'a':1}", "{\"a\":1}x",
	    "{\"a\" 1}", "{\"a\":NaN}", "{\"a\":1,}" };
	const char *s = "  {\"k\" : [1, {\"x\":\"}\"}] ,\"e\\\"q\":\"v\\u0000\" } ";
	jsonscan_member *m = NULL;
	size_t n, cap = 0, at, i;
	int isobj;
	char *deep;

	CHECK(jsonscan(s, strlen(s), &isobj, &m, &n, &cap, &at) == JSONSCAN_OK &&
	    isobj && n == 2, "two members");
	CHECK(n == 2 && memcmp(s + m[0].kstart, "\"k\"", 3) == 0 &&
	    m[0].kend - m[0].kstart == 3, "key range");
	CHECK(n == 2 && m[0].vend - m[0].vstart == strlen("[1, {\"x\":\"}\"}]") &&
	    s[m[0].vstart] == '[', "value range");
	CHECK(n == 2 && memcmp(s + m[1].vstart, "\"v\\u0000\"", m[1].vend - m[1].vstart) == 0,
	    "string value range");
	free(m);
	for (i = 0; i < sizeof bad / sizeof *bad; i++)
		CHECK(scan(bad[i], &at) == JSONSCAN_SYNTAX, "refused: %s", bad[i]);
	CHECK(scan("{\"a\":[1,2", &at) == JSONSCAN_END, "end");
	CHECK(scan("{\"a\":\"abc", &at) == JSONSCAN_END, "end in a string");
	CHECK(scan("[1,2]", &at) == JSONSCAN_OK, "an array is JSON");
	CHECK(scan("{\"a\":-0.5e+10,\"b\":[true,false,null],\"c\":{}}", &at) ==
	    JSONSCAN_OK, "the grammar");
	/* the limit: 512 levels, the object counting as one */
	deep = malloc(2000);
	strcpy(deep, "{\"a\":");
	memset(deep + 5, '[', 511);
	memset(deep + 516, ']', 511);
	strcpy(deep + 1027, "}");
	CHECK(scan(deep, &at) == JSONSCAN_OK, "512 levels");
	strcpy(deep, "{\"a\":");
	memset(deep + 5, '[', 512);
	memset(deep + 517, ']', 512);
	strcpy(deep + 1029, "}");
	CHECK(scan(deep, &at) == JSONSCAN_DEEP && at == 516, "513 levels: %zu", at);
	free(deep);
	CHECK(jsonscan_is_string("\"a\\\"b\"", 6), "a string token");
	CHECK(!jsonscan_is_string("\"a\" ", 4), "not only a string");
}

static int lazy;

/* A plain reading of the string grammar, to check the fast path against. */
static int
ref_string(const char *s, size_t len)
{
	size_t i = 1;

	if (len < 2 || s[0] != '"')
		return 0;
	while (i < len) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"')
			return i == len - 1;
		if (c < 0x20)
			return 0;
		if (c == '\\') {
			if (i + 1 >= len || strchr("\"\\/bfnrt", s[i + 1]) == NULL ||
			    s[i + 1] == '\0')
				return 0;
			i += 2;
		} else {
			i++;
		}
	}
	return 0;
}

static void
fast_path(void)
{
	static const char alpha[] = "ab \"\\\x01\x1f\x7f\xc3\xa9n/";
	char s[96];
	unsigned seed = 1;
	int i, bad = 0;

	for (i = 0; i < 400000; i++) {
		size_t len = 2 + (seed = seed * 1103515245 + 12345) % 90, k;

		s[0] = '"';
		for (k = 1; k < len - 1; k++) {
			seed = seed * 1103515245 + 12345;
			/* mostly plain letters (no u: escapes are tested above), so
			 * that eight-byte runs occur */
			s[k] = (seed >> 16) % (i % 2 ? 4 : 24) ? 'a' + (char)((seed >> 8) % 20) :
			    alpha[(seed >> 20) % (sizeof alpha - 1)];
		}
		s[len - 1] = '"';
		if (jsonscan_is_string(s, len) != ref_string(s, len))
			bad++;
	}
	CHECK(bad == 0, "the fast path agrees with a plain reading: %d differ", bad);
	/* one special byte at every place of a long plain run, so that each
	 * lane of a sixteen- or eight-byte step meets it */
	for (i = 0; i < 3 * 70; i++) {
		size_t len = 72, at = 1 + (size_t)(i / 3);
		static const char sp[] = { '"', '\\', '\x1f' };

		memset(s, 'x', len);
		s[0] = s[len - 1] = '"';
		s[at] = sp[i % 3];
		if (jsonscan_is_string(s, len) != ref_string(s, len) ||
		    jsonscan_is_string(s, len))
			bad++;
	}
	CHECK(bad == 0, "a special byte at every place is seen: %d missed", bad);
}

static cJSON *
read_rec(const char *s)
{
	jsonscan_member *m = NULL;
	size_t n, cap = 0, at;
	int isobj;
	cJSON *rec = NULL;

	if (jsonscan(s, strlen(s), &isobj, &m, &n, &cap, &at) == JSONSCAN_OK && isobj)
		rec = splice_parse(s, strlen(s), m, n, lazy, &at);
	free(m);
	return rec;
}

/* Long strings left unparsed until asked for: NULs still read whole. */
static void
long_strings(void)
{
	size_t n = 3000, len;
	char *in = malloc(n + 64), *p;
	const char *a, *why;
	cJSON *rec;

	lazy = 1;
	p = in + sprintf(in, "{\"id\":\"x\",\"output\":\"");
	memset(p, 'a', n);
	p += n;
	strcpy(p, "\\u0000b\"}");
	rec = read_rec(in);
	a = rec != NULL ? rec_answer_len(rec, &len, &why) : NULL;
	CHECK(a != NULL && len == n + 2 && a[n] == '\0' && a[n + 1] == 'b',
	    "a long answer with a NUL, whole");
	rec_free(rec);
	/* an escaped backslash before u0000 is no NUL */
	strcpy(p, "\\\\u0000b\"}");
	rec = read_rec(in);
	a = rec != NULL ? rec_answer_len(rec, &len, &why) : NULL;
	CHECK(a != NULL && len == n + 7 && memcmp(a + n, "\\u0000b", 7) == 0,
	    "a long answer with \\\\u0000, no NUL");
	rec_free(rec);
	strcpy(p, "\\n\"}");
	rec = read_rec(in);
	a = rec != NULL ? rec_answer_len(rec, &len, &why) : NULL;
	CHECK(a != NULL && len == n + 1 && a[n] == '\n', "a long plain answer");
	rec_free(rec);
	free(in);
	lazy = 0;
}

/*
 * Records written with their long values straight from the text (writev)
 * hold the same bytes as when printed whole, and keep their place among
 * what stdio wrote before them.
 */
static void
written(void)
{
	char path[] = "/tmp/lg-unit-splice-XXXXXX", *in, *want, *got;
	size_t n = 9000, len, i;
	int fd = mkstemp(path), saved = dup(1);
	cJSON *rec;
	FILE *f;

	in = malloc(3 * n + 200);
	want = malloc(8 * n + 400);
	got = malloc(8 * n + 400);
	/* two long values around short ones, one of them changed */
	len = (size_t)sprintf(in, "{\"id\":\"w\",\"a\":\"");
	memset(in + len, 'a', n);
	len += n;
	len += (size_t)sprintf(in + len, "\",\"s\":{\"x\":1},\"b\":[");
	for (i = 0; i < n / 2; i++)
		len += (size_t)sprintf(in + len, i ? ",%zu" : "%zu", i % 10);
	strcpy(in + len, "]}");
	fflush(stdout);
	dup2(fd, 1);
	printf("before\n");
	rec = read_rec(in);
	rec_set_num(rec_obj(rec, "s"), "y", 2);
	rec_write(rec);
	printf("between\n");
	rec_write(rec);
	{
		size_t plen;
		char *p = rec_print(rec, &plen);

		sprintf(want, "before\n%s\nbetween\n%s\n", p, p);
		free(p);
	}
	rec_free(rec);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	f = fopen(path, "r");
	len = f != NULL ? fread(got, 1, 8 * n + 399, f) : 0;
	got[len] = '\0';
	if (f != NULL)
		fclose(f);
	CHECK(strcmp(got, want) == 0 && strstr(want, "\"s\":{\"x\":1,\"y\":2}") != NULL,
	    "written in pieces: the same bytes, in order (%zu bytes)", len);
	close(fd);
	unlink(path);
	free(in);
	free(want);
	free(got);
}

static int
prints(const cJSON *rec, const char *want)
{
	size_t len;
	char *s = rec_print(rec, &len);
	int ok = len == strlen(want) && strcmp(s, want) == 0;

	if (!ok)
		printf("got  %s\nwant %s\n", s, want);
	free(s);
	return ok;
}

static void
splicing(void)
{
	const char *in = "{\"id\":\"a\\u0000b\",\"big\":12345678901234567890,"
	    "\"sp\":{ \"x\" : [ 1.0e5 ] },\"u\":\"\\u00e9\\/\",\"scores\":{\"old\":1}}";
	cJSON *rec = read_rec(in);
	const char *id, *cut;
	size_t len;

	CHECK(rec != NULL, "parsed");
	if (rec == NULL)
		return;
	CHECK(prints(rec, in), "untouched: the same bytes");
	cut = rec_str(rec, "id");
	id = rec_idn(rec, &len);
	CHECK(id != NULL && len == 3 && memcmp(id, "a\0b", 3) == 0, "the id whole");
	/* read whole, the string rec_str() gave before is still there */
	CHECK(strcmp(cut, "a") == 0 && rec_str(rec, "id") == cut,
	    "the C string kept");
	CHECK(rec_idn(rec, &len) == id && len == 3, "decoded once");
	CHECK(rec_strn(rec, "big", &len) == NULL, "a number is no string");
	rec_set_num(rec_obj(rec, "scores"), "score", 0.9803921568627451);
	CHECK(prints(rec, "{\"id\":\"a\\u0000b\",\"big\":12345678901234567890,"
	    "\"sp\":{ \"x\" : [ 1.0e5 ] },\"u\":\"\\u00e9\\/\","
	    "\"scores\":{\"old\":1,\"score\":0.9803921568627451}}"), "scores changed in place");
	rec_set_str(rec, "out", "new");
	rec_del(rec, "u");
	CHECK(prints(rec, "{\"id\":\"a\\u0000b\",\"big\":12345678901234567890,"
	    "\"sp\":{ \"x\" : [ 1.0e5 ] },"
	    "\"scores\":{\"old\":1,\"score\":0.9803921568627451},\"out\":\"new\"}"),
	    "a member added, one removed");
	/* removed and added again under the same key: printed anew */
	rec_del(rec, "sp");
	rec_set(rec, "sp", cJSON_CreateNumber(2));
	CHECK(prints(rec, "{\"id\":\"a\\u0000b\",\"big\":12345678901234567890,"
	    "\"scores\":{\"old\":1,\"score\":0.9803921568627451},\"out\":\"new\",\"sp\":2}"),
	    "a member removed and set again");
	rec_free(rec);

	/* a string with NULs set by the stage itself (jsonnul_string) */
	rec = read_rec("{\"id\":\"x\",\"output\":\"cut\\u0000here\"}");
	if (rec != NULL) {
		const char *why, *a = rec_answer_len(rec, &len, &why);

		CHECK(why == NULL && len == 8 && memcmp(a, "cut\0here", 8) == 0,
		    "the answer whole");
		rec_touch(rec, "output");
		CHECK(prints(rec, "{\"id\":\"x\",\"output\":\"cut\"}"),
		    "a touched member is printed from the tree");
		rec_free(rec);
	}
	/* a key with escapes is copied as it was */
	rec = read_rec("{\"k\\u0065y\":1,\"id\":\"b\"}");
	CHECK(rec != NULL && rec_get(rec, "key") != NULL, "escaped key decoded");
	if (rec != NULL) {
		rec_set_str(rec, "id", "c");
		CHECK(prints(rec, "{\"k\\u0065y\":1,\"id\":\"c\"}"), "escaped key kept");
		rec_free(rec);
	}
	/* a long value (left unparsed when lazy) read whole, or not at all */
	{
		char *line = malloc(5000), *want = malloc(5100);
		const char *o;

		strcpy(line, "{\"id\":\"l\",\"output\":\"");
		memset(line + strlen(line), 'w', 3000);
		strcpy(line + strlen("{\"id\":\"l\",\"output\":\"") + 3000, "\\u0000end\",\"v\":[1, 2]}");
		rec = read_rec(line);
		CHECK(rec != NULL && prints(rec, line), "long: the same bytes");
		o = rec != NULL ? rec_strn(rec, "output", &len) : NULL;
		CHECK(o != NULL && len == 3004 && o[3000] == '\0' && o[3003] == 'd',
		    "long: read whole");
		CHECK(rec != NULL && prints(rec, line), "long: read, the same bytes");
		if (rec != NULL) {
			rec_set_str(rec, "output", "short");
			sprintf(want, "{\"id\":\"l\",\"output\":\"short\",\"v\":[1, 2]}");
			CHECK(prints(rec, want), "long: replaced");
			rec_free(rec);
		}
		free(line);
		free(want);
	}
	/* a record made by the stage prints whole */
	rec = cJSON_CreateObject();
	rec_set_num(rec, "n", 3);
	rec_set(rec, "raw", cJSON_CreateRaw("\"a\\u0000b\""));
	CHECK(prints(rec, "{\"n\":3,\"raw\":\"a\\u0000b\"}"), "made, with a raw item");
	rec_free(rec);
}

/* Every value left unparsed until asked for, then read as cJSON reads it. */
static void
lazy_all(void)
{
	const char *in = "{\"id\":\"a\",\"n\":-2.5e1,\"o\":{\"k\":[true,null]},\"s\":\"\\u00e9\"}";
	cJSON *rec, *ref = cJSON_Parse(in);
	const cJSON *it;
	const char *k[] = { "id", "n", "o", "s" };
	size_t i;

	lazy = SPLICE_LAZY | SPLICE_LAZY_ALL;
	rec = read_rec(in);
	lazy = 0;
	CHECK(rec != NULL, "lazy: parsed");
	if (rec == NULL)
		return;
	for (i = 0; i < 4; i++) {
		it = cJSON_GetObjectItemCaseSensitive(rec, k[i]);
		CHECK(it != NULL && it->type == cJSON_Raw && it->valuestring == NULL,
		    "lazy: %s left unparsed", k[i]);
	}
	for (i = 0; i < 4; i++)
		CHECK(cJSON_Compare(rec_get(rec, k[i]),
		    cJSON_GetObjectItemCaseSensitive(ref, k[i]), 1), "lazy: %s as cJSON reads it", k[i]);
	CHECK(prints(rec, in), "lazy: read, the same bytes");
	cJSON_Delete(ref);
	rec_free(rec);
}

static int
num(double d, const char *want)
{
	struct buf b = { 0 };
	int ok;

	jprint_number(&b, d);
	ok = strcmp(buf_str(&b), want) == 0;
	if (!ok)
		printf("%.17g: got %s, want %s\n", d, buf_str(&b), want);
	buf_free(&b);
	return ok;
}

static void
numbers(void)
{
	CHECK(num(0.9803921568627451, "0.9803921568627451"), "16 digits");
	CHECK(num(69.23076923076923, "69.23076923076923"), "16 digits");
	CHECK(num(0.1, "0.1"), "0.1");
	CHECK(num(1.0 / 3, "0.3333333333333333"), "1/3");
	CHECK(num(2.0 / 3, "0.6666666666666666"), "2/3");
	CHECK(num(0.30000000000000004, "0.30000000000000004"), "17 digits");
	CHECK(num(5, "5"), "an integer");
	CHECK(num(-0.0, "0"), "minus zero");
	CHECK(num(9007199254740991.0, "9007199254740991"), "2^53-1");
	CHECK(num(1e300, "1e+300"), "large");
	CHECK(num(1.5e-7, "1.5e-07"), "small");
	CHECK(num(NAN, "null") && num(INFINITY, "null"), "not finite");
	CHECK(strtod("0.9803921568627451", NULL) == 0.9803921568627451, "reads back");
}

int
main(void)
{
	scanner();
	fast_path();
	long_strings();
	written();
	splicing();
	lazy = 1;
	splicing();
	lazy = SPLICE_LAZY | SPLICE_LAZY_ALL;
	splicing();
	lazy_all();
	numbers();
	return CHECK_DONE();
}
