/*
 * Unit test: the tokenizer against the fixture in tests/bpe (found from
 * $TOP, else four levels above the program, BUILD/obj/unit/bpe): its table
 * tiny.tiktoken and vectors.jsonl, the encodings js-tiktoken gives for
 * tricky texts and for ill-formed UTF-8 (decoded first as Python's
 * "replace" does).  Every vector goes through both merge strategies.  Then
 * bad tables, the approximate tokenizer and the limits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "bpe.h"
#include "utf8.h"
#include "check.h"

static uint32_t *ids;	/* the ids of the last encoding */
static size_t cap;

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *s = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (s = malloc((size_t)n + 1)) != NULL) {
		*len = fread(s, 1, (size_t)n, f);
		s[*len] = '\0';
	}
	fclose(f);
	return s;
}

static size_t
unhex(const char *h, char *out)
{
	size_t n = 0;
	unsigned v;

	for (; h[0] && h[1] && sscanf(h, "%2x", &v) == 1; h += 2)
		out[n++] = (char)v;
	return n;
}

/* The tokens' bytes make the text again: the same bytes when it was
 * UTF-8, valid UTF-8 when it was not. */
static int
decodes(bpe *b, const char *s, size_t len, size_t n, int line)
{
	char *t = malloc(3 * len + 1);
	size_t k, tl = 0, l;
	const char *p;
	int ok = 1;

	for (k = 0; k < n && ok; k++) {
		if ((p = bpe_token(b, ids[k], &l)) == NULL || tl + l > 3 * len)
			ok = 0;
		else {
			memcpy(t + tl, p, l);
			tl += l;
		}
	}
	if (ok && utf8_invalid(s, len) == len)
		ok = tl == len && memcmp(s, t, len) == 0;
	else if (ok)
		ok = utf8_invalid(t, tl) == tl;
	if (!ok)
		printf("vector %d: the tokens do not decode to the text\n", line);
	free(t);
	return ok;
}

/* Encode text both ways and compare with want; 1 when both agree with it. */
static int
same(bpe *b, const char *s, size_t len, unsigned flags, const cJSON *want,
    int line)
{
	size_t saved = bpe_heap_from, n, k;
	int way, ok = 1;

	for (way = 0; way < 2; way++) {
		bpe_heap_from = way ? 1 : (size_t)-1;
		n = bpe_encode(b, s, len, flags, &ids, &cap);
		if (n != (size_t)cJSON_GetArraySize(want)) {
			printf("vector %d (%s): %zu tokens, want %d\n", line,
			    way ? "heap" : "scan", n, cJSON_GetArraySize(want));
			ok = 0;
			continue;
		}
		for (k = 0; k < n; k++) {
			cJSON *w = cJSON_GetArrayItem(want, (int)k);

			if (ids[k] != (uint32_t)w->valuedouble) {
				printf("vector %d (%s): token %zu is %u\n", line,
				    way ? "heap" : "scan", k, ids[k]);
				ok = 0;
				break;
			}
		}
		if (bpe_encode(b, s, len, flags, NULL, NULL) != n)
			ok = 0;		/* counting alone agrees */
	}
	if (ok)
		ok = decodes(b, s, len, n, line);
	bpe_heap_from = saved;
	return ok;
}

static void
vectors(const char *dir)
{
	char path[4200], err[256], *text, *line, *nl, *bytes;
	size_t len, nv = 0;
	unsigned flags;
	int sys, lineno = 0;
	bpe *b;

	snprintf(path, sizeof path, "%s/tests/bpe/tiny.tiktoken", dir);
	b = bpe_open(path, err, sizeof err, &sys);
	CHECK(b != NULL, "fixture table: %s", err);
	if (b == NULL)
		return;
	CHECK(bpe_exact(b) && strcmp(bpe_name(b), "tiny") == 0, "name %s", bpe_name(b));
	CHECK(bpe_ranks(b) == 671, "%zu ranks", bpe_ranks(b));
	snprintf(path, sizeof path, "%s/tests/bpe/vectors.jsonl", dir);
	text = slurp(path, &len);
	CHECK(text != NULL, "cannot read %s", path);
	for (line = text; line != NULL && *line; line = nl + 1) {
		cJSON *v;

		nl = strchr(line, '\n');
		if (nl == NULL)
			break;
		*nl = '\0';
		lineno++;
		v = cJSON_Parse(line);
		bytes = malloc(strlen(line) + 1);
		len = unhex(cJSON_GetObjectItem(v, "hex")->valuestring, bytes);
		flags = cJSON_IsTrue(cJSON_GetObjectItem(v, "special")) ?
		    BPE_SPECIAL : 0;
		CHECK(same(b, bytes, len, flags, cJSON_GetObjectItem(v, "tokens"),
		    lineno), "vector %d", lineno);
		nv++;
		free(bytes);
		cJSON_Delete(v);
	}
	CHECK(nv == 51, "%zu vectors read", nv);
	{
		const char *p;
		size_t l = 0;

		p = bpe_token(b, 100276, &l);
		CHECK(p != NULL && l == 15 && memcmp(p, "<|endofprompt|>", 15) == 0,
		    "special token text");
		CHECK(bpe_token(b, 671, &l) == NULL && bpe_token(b, 100261, &l) == NULL,
		    "unknown ids");
		p = bpe_token(b, 0, &l);
		CHECK(p != NULL && l == 1 && (unsigned char)*p == 13,
		    "rank 0 is the byte 13");
	}
	free(text);
	bpe_free(b);
}

/* A table of all 256 bytes (rank = byte) and then extra lines. */
static bpe *
table(const char *extra, char *err, size_t errlen)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *t = malloc(256 * 16 + strlen(extra) + 1);
	size_t n = 0;
	int i;
	bpe *b;

	for (i = 0; i < 256; i++)
		n += (size_t)sprintf(t + n, "%c%c== %d\n", b64[i >> 2],
		    b64[(i & 3) << 4], i);
	strcpy(t + n, extra);
	b = bpe_open_mem("x.tiktoken", t, strlen(t), err, errlen);
	free(t);
	return b;
}

#define BADTOK "x.tiktoken:257: bad token (base64 of 1 to 1024 bytes)"

static void
bad_tables(void)
{
	static const struct {
		const char *extra, *msg;
	} cases[] = {
		{ "", NULL },
		/* CRLF, a blank line, a tab */
		{ "YWI= 300\r\n\r\nYWJj\t301\n", NULL },
		{ "YWI= 300\nYWI= 301\n", "x.tiktoken:258: token listed twice" },
		{ "QQ== 300\n", "x.tiktoken:257: token listed twice" },
		{ "YWI= 65\n", "x.tiktoken: rank 65 given twice" },
		{ "YWI=\n", "x.tiktoken:257: want a token and a rank" },
		{ "YWI= 3x\n", "x.tiktoken:257: bad rank" },
		{ "YWI= 99999999999\n", "x.tiktoken:257: bad rank" },
		{ "YW*= 300\n", BADTOK },
		{ "YWJ 300\n", BADTOK },
		{ "YWJ= 300\n", BADTOK },
		{ "YWI= 100257\n",
		    "x.tiktoken: rank 100257 is the special token <|endoftext|>" },
	};
	char err[256];
	size_t i;
	bpe *b;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		err[0] = '\0';
		b = table(cases[i].extra, err, sizeof err);
		if (cases[i].msg == NULL)
			CHECK(b != NULL, "table %zu: %s", i, err);
		else
			CHECK(b == NULL && strcmp(err, cases[i].msg) == 0,
			    "table %zu: got \"%s\"", i, err);
		bpe_free(b);
	}
	b = bpe_open_mem("y", "QQ== 0\n", 7, err, sizeof err);
	CHECK(b == NULL && strcmp(err, "y: no rank for the byte 0x00") == 0, "%s", err);
	b = table("YWI= 300\nYWE= 301\n", err, sizeof err);
	if (b != NULL) {
		size_t n, from = bpe_heap_from;

		/* "ab" whole is 300; "abab" merges one pair, then cannot */
		n = bpe_encode(b, "abab", 4, 0, &ids, &cap);
		CHECK(n == 2 && ids[0] == 300 && ids[1] == 300, "abab: %zu", n);
		/* of equal pairs the leftmost merges first, both ways */
		for (bpe_heap_from = 0; bpe_heap_from < 2000; bpe_heap_from += 1999) {
			n = bpe_encode(b, "aaa", 3, 0, &ids, &cap);
			CHECK(n == 2 && ids[0] == 301 && ids[1] == 'a', "aaa: %zu", n);
			n = bpe_encode(b, "aaaaa", 5, 0, &ids, &cap);
			CHECK(n == 3 && ids[0] == 301 && ids[1] == 301 && ids[2] == 'a',
			    "aaaaa: %zu", n);
		}
		bpe_heap_from = from;
		/* a lone byte is its own rank, even 0 */
		n = bpe_encode(b, "\0", 1, 0, &ids, &cap);
		CHECK(n == 1 && ids[0] == 0, "NUL: %zu %u", n, ids[0]);
		CHECK(bpe_encode(b, "x", BPE_MAX_TEXT + 1, 0, NULL, NULL) == (size_t)-1,
		    "over the limit");
		bpe_free(b);
	}
	b = bpe_open("/nonexistent/t.tiktoken", err, sizeof err, (int[]){ 0 });
	CHECK(b == NULL, "a missing file");
}

static void
approximate(void)
{
	char err[256];
	int sys = 9;
	bpe *b = bpe_open(NULL, err, sizeof err, &sys);

	CHECK(b != NULL && !bpe_exact(b) && strcmp(bpe_name(b), "approximate") == 0,
	    "approximate tokenizer");
	if (b == NULL)
		return;
	CHECK(bpe_encode(b, "", 0, 0, NULL, NULL) == 0, "empty");
	/* a token for each piece of up to eight ASCII bytes, one for each
	 * other character */
	CHECK(bpe_encode(b, "hello world", 11, 0, NULL, NULL) == 2, "hello world");
	CHECK(bpe_encode(b, "universally", 11, 0, NULL, NULL) == 2, "universally");
	CHECK(bpe_encode(b, "\xe4\xb8\xad\xe6\x96\x87", 6, 0, NULL, NULL) == 2, "CJK");
	CHECK(bpe_encode(b, "\xff", 1, 0, NULL, NULL) == 1, "invalid UTF-8");
	bpe_free(b);
}

int
main(int argc, char **argv)
{
	char top[4096];
	int up;

	(void)argc;
	if (getenv("TOP") != NULL)
		snprintf(top, sizeof top, "%s", getenv("TOP"));
	else {
		snprintf(top, sizeof top, "%s", argv[0]);
		for (up = 0; up < 4; up++) {
			char *slash = strrchr(top, '/');

			if (slash == NULL)
				snprintf(top, sizeof top, ".");
			else
				*slash = '\0';
		}
	}
	vectors(top);
	bad_tables();
	approximate();
	free(ids);
	return CHECK_DONE();
}
