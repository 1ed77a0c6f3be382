/*
 * The stream chunk scanner reads every chunk as cJSON reads it: chat and
 * completions chunks of many shapes (reasoning fields, null and odd
 * values, duplicate and escaped keys, usage counts of every kind, errors
 * in the stream), strings with every escape, \u0000 and \u0001, surrogate
 * pairs and lone halves, raw control bytes, bytes that are not UTF-8, and
 * the same chunks cut short or with a byte changed.  Each chunk goes to
 * two replies, one through oai_chunk() (the scanner, cJSON when it is not
 * sure) and one through oai_chunk_tree() (cJSON only), alone and in runs
 * of several; every field of the two must agree.  The scanner must read
 * most chunks itself.
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "oai.h"
#include "oaiscan.h"
#include "rng.h"

static rng R;

static const char *
pick(const char *const *v, size_t n)
{
	return v[rng_below(&R, n)];
}
#define PICK(v) pick(v, sizeof v / sizeof *v)

static void
text(struct buf *b)
{
	static const char *const pieces[] = { "hello", " ", "world", "\\n", "\\\"",
		"\\\\", "\\/", "\\t", "\\r", "\\b", "\\f", "\xc3\xa9", "\xe2\x82\xac",
		"\xf0\x9f\x98\x80", "\\u00e9", "\\u20ac", "\\ud83d\\ude00", "\\u0000",
		"\\u0001", "\\u0041", "\\u007f", "\\u0080", "\\u07ff", "\\u0800",
		"\\uffff", "\\udbff\\udfff", "\\uD834\\uDD1E", "<think>", "</think>", "\x01", "\xff", "\xc3",
		"\\ud800", "\\udc00x", "\\u12", "\\x", "'", "#*#" };
	int i, n = (int)rng_below(&R, 6);

	buf_putc(b, '"');
	for (i = 0; i < n; i++) {
		/* the odd pieces (from "\x01" on) only now and then */
		size_t k = rng_below(&R, 20) == 0 ? rng_below(&R, sizeof pieces / sizeof *pieces) :
		    rng_below(&R, 29);

		buf_puts(b, pieces[k]);
	}
	buf_putc(b, '"');
}

static void
value(struct buf *b)
{
	static const char *const odd[] = { "null", "17", "true", "[]", "{}",
		"[\"a\"]", "{\"content\":\"x\"}", "-1", "1.5" };

	if (rng_below(&R, 4) != 0)
		text(b);
	else
		buf_puts(b, PICK(odd));
}

static void
count(struct buf *b)
{
	static const char *const c[] = { "0", "7", "123456", "999999999999999",
		"1000000000000000", "-3", "2.5", "1e3", "1E400", "\"5\"", "null",
		"12345678901234567890" };

	buf_puts(b, PICK(c));
}

static void
sep(struct buf *b)
{
	static const char *const ws[] = { "", "", "", " ", "\n", " \t\r\n " };

	buf_puts(b, PICK(ws));
}

/* One chunk of a random shape. */
static void
chunk(struct buf *b, int chat)
{
	static const char *const keys_top[] = { "\"id\":\"c1\",",
		"\"object\":\"chat.completion.chunk\",", "\"created\":1700000000,",
		"\"model\":\"m\",", "\"system_fingerprint\":null,",
		"\"object\":\"error\",", "\"error\":null,",
		"\"error\":{\"message\":\"boom\"},", "\"obj\\u0065ct\":\"x\",",
		"\"x\":[1,{\"a\":[2,3]},\"}]\"],", "\"object\":\"err\\u006fr\"," };
	static const char *const fr[] = { "null", "\"stop\"", "\"length\"", "\"\"",
		"\"st\\u006fp\"", "7", "\"a\\u0000b\"" };
	static const char *const indices[] = { "{\"index\":1,",
		"{\"index\":2,", "{\"index\":\"1\",", "{\"index\":-1,",
		"{\"index\":1.5,", "{\"index\":1e3,", "{\"index\":null,",
		"{\"index\":4000000000,", "{\"index\":0,\"index\":3," };
	static const char *const roles[] = { "", "\"role\":\"assistant\",",
		"\"tool_calls\":[],", "\"refusal\":null," };
	int shape = (int)rng_below(&R, 12);

	buf_putc(b, '{');
	sep(b);
	while (rng_below(&R, 3) == 0) {
		buf_puts(b, PICK(keys_top));
		sep(b);
	}
	if (shape == 0) {
		buf_puts(b, "\"choices\":[]");
	} else if (shape == 1) {
		buf_puts(b, "\"choices\":");
		value(b);
	} else if (shape == 2) {
		buf_puts(b, "\"choices\":[17,{\"delta\":{\"content\":\"no\"}}]");
	} else {
		buf_puts(b, rng_below(&R, 10) ? "\"choices\":[" : "\"ch\\u006fices\":[");
		sep(b);
		buf_puts(b, rng_below(&R, 10) ? "{\"index\":0," : PICK(indices));
		sep(b);
		if (chat) {
			buf_puts(b, rng_below(&R, 12) ? "\"delta\":" : "\"delta\":[],\"delta\":");
			if (rng_below(&R, 10) == 0) {
				value(b);
			} else {
				buf_putc(b, '{');
				buf_puts(b, PICK(roles));
				switch (rng_below(&R, 6)) {
				case 0:
					buf_puts(b, "\"reasoning_content\":");
					value(b);
					buf_putc(b, ',');
					break;
				case 1:
					buf_puts(b, "\"reasoning\":");
					value(b);
					buf_putc(b, ',');
					break;
				case 2:
					buf_puts(b, "\"reasoning_content\":null,\"reasoning\":");
					value(b);
					buf_putc(b, ',');
					break;
				case 3:
					buf_puts(b, "\"reasoning_content\":");
					value(b);
					buf_puts(b, ",\"reasoning\":");
					value(b);
					buf_putc(b, ',');
					break;
				}
				buf_puts(b, rng_below(&R, 15) ? "\"content\":" :
				    rng_below(&R, 2) ? "\"content\":\"first\",\"content\":" :
				    "\"c\\u006fntent\":");
				sep(b);
				value(b);
				buf_putc(b, '}');
			}
		} else {
			buf_puts(b, "\"text\":");
			value(b);
		}
		buf_puts(b, ",\"logprobs\":null,\"finish_reason\":");
		buf_puts(b, rng_below(&R, 3) ? "null" : PICK(fr));
		sep(b);
		buf_putc(b, '}');
		if (rng_below(&R, 8) == 0)
			buf_puts(b, ",{\"delta\":{\"content\":\"second\"},\"text\":\"2\"}");
		buf_putc(b, ']');
	}
	if (rng_below(&R, 3) == 0) {
		buf_puts(b, ",\"usage\":");
		if (rng_below(&R, 5) == 0) {
			buf_puts(b, "null");
		} else {
			buf_puts(b, "{\"prompt_tokens\":");
			count(b);
			buf_puts(b, ",\"completion_tokens\":");
			count(b);
			buf_puts(b, rng_below(&R, 2) ? ",\"total_tokens\":9" :
			    ",\"prompt_tokens_details\":{\"cached_tokens\":0}");
			buf_putc(b, '}');
		}
	}
	sep(b);
	buf_putc(b, '}');
	switch (rng_below(&R, 14)) {
	case 0:		/* cut short */
		b->len = rng_below(&R, b->len + 1);
		break;
	case 1:		/* a byte changed */
		b->s[rng_below(&R, b->len)] = "{}[]\",:\\ 0a\x01\xff"[rng_below(&R, 14)];
		break;
	case 2:
		buf_puts(b, " trailing");
		break;
	case 3:
		buf_puts(b, "\n\n");
		break;
	}
}

static int
same(const oai_reply *a, const oai_reply *b)
{
	return a->content.len == b->content.len &&
	    memcmp(buf_str((struct buf *)&a->content),
	    buf_str((struct buf *)&b->content), a->content.len) == 0 &&
	    a->reasoning.len == b->reasoning.len &&
	    memcmp(buf_str((struct buf *)&a->reasoning),
	    buf_str((struct buf *)&b->reasoning), a->reasoning.len) == 0 &&
	    (a->finish_reason == NULL) == (b->finish_reason == NULL) &&
	    (a->finish_reason == NULL || strcmp(a->finish_reason, b->finish_reason) == 0) &&
	    (a->error == NULL) == (b->error == NULL) &&
	    (a->error == NULL || strcmp(a->error, b->error) == 0) &&
	    a->prompt_tokens == b->prompt_tokens && a->output_tokens == b->output_tokens &&
	    a->done == b->done && a->tokens == b->tokens &&
	    a->nchoice == b->nchoice && a->own == b->own && a->other == b->other;
}

/* Chunks as servers send them: the scanner reads each itself. */
static const char *const plain[] = {
	"{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null}]}",
	"{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" caf\u00e9 \\u00e9\\n\\\"q\\\"\"},\"finish_reason\":null}]}",
	"{\"choices\":[{\"delta\":{\"reasoning_content\":\"hmm\\u0000\"},\"finish_reason\":null}]}",
	"{\"choices\":[{\"delta\":{\"reasoning\":\"\\ud83d\\ude00\"}}]}",
	"{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":340,\"total_tokens\":352,\"prompt_tokens_details\":{\"cached_tokens\":0}}}",
	"{\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":340}}",
	"{\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"choices\":[{\"text\":\" the\",\"index\":0,\"logprobs\":null,\"finish_reason\":\"length\"}]}",
};

/* Chunks the scanner must leave to cJSON (not strict JSON, or not sure). */
static const char *const unsure[] = {
	"{\"choices\":[{\"delta\":{\"content\":\"\\udc00\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"\\ud800\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"\\ud800\\u0041\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"\\ud800\\ud800\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"\\u12g4\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"\\x\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"a\tb\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"a\x01b\"}}]}",
	"{\"n\":01,\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"n\":1.,\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"n\":-,\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"n\":1e,\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"n\":+1,\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"n\":nul,\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"n\":[1,],\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"n\":{\"a\":1,},\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"a\"}}]} x",
	"{\"choices\":[{\"delta\":{\"content\":\"a\"}}],}",
	"{\"choices\":[{\"delta\":{\"content\":\"a\"}},]}",
	"{\"choices\":[{\"delta\":{\"co\\u006etent\":\"a\"}}]}",
	"{\"choices\":[{\"delta\":{\"content\":\"a\"},\"finish_reason\":\"st\\u006fp\"}]}",
	"{\"error\":null,\"choices\":[{\"delta\":{\"content\":\"a\"}}]}",
	"{\"object\":\"error\",\"choices\":[]}",
	"{\"usage\":{\"prompt_tokens\":1.5},\"choices\":[]}",
	"{\"usage\":{\"prompt_tokens\":-1},\"choices\":[]}",
	"{\"usage\":{\"prompt_tokens\":1234567890123456},\"choices\":[]}",
};

int
main(void)
{
	int i, bad = 0, scanned = 0, total = 0;

	for (i = 0; i < (int)(sizeof plain / sizeof *plain); i++) {
		oai_reply a, b;
		int chat = strstr(plain[i], "\"text\"") == NULL;

		oai_init(&a, chat);
		oai_init(&b, chat);
		CHECK(oaiscan_chunk(&a, plain[i], strlen(plain[i])) == 1,
		    "not read by the scanner: %s", plain[i]);
		CHECK(oai_chunk_tree(&b, plain[i], strlen(plain[i])) == 0 && same(&a, &b),
		    "read differently: %s", plain[i]);
		oai_free(&a);
		oai_free(&b);
	}
	for (i = 0; i < (int)(sizeof unsure / sizeof *unsure); i++) {
		oai_reply a, b;
		int ra, rb;

		oai_init(&a, 1);
		oai_init(&b, 1);
		CHECK(oaiscan_chunk(&a, unsure[i], strlen(unsure[i])) == 0 &&
		    a.content.len == 0 && a.prompt_tokens == -1 && a.finish_reason == NULL,
		    "read by the scanner: %s", unsure[i]);
		oai_free(&a);
		oai_init(&a, 1);
		ra = oai_chunk(&a, unsure[i], strlen(unsure[i]));
		rb = oai_chunk_tree(&b, unsure[i], strlen(unsure[i]));
		CHECK(ra == rb && same(&a, &b), "read differently: %s", unsure[i]);
		oai_free(&a);
		oai_free(&b);
	}
	{
		/* nesting past the scanner's depth: left to cJSON */
		struct buf deep = { 0 };
		oai_reply a;
		int k;

		buf_puts(&deep, "{\"x\":");
		for (k = 0; k < 100; k++)
			buf_putc(&deep, '[');
		for (k = 0; k < 100; k++)
			buf_putc(&deep, ']');
		buf_puts(&deep, ",\"choices\":[{\"delta\":{\"content\":\"a\"}}]}");
		oai_init(&a, 1);
		CHECK(oaiscan_chunk(&a, deep.s, deep.len) == 0, "deep nesting read by the scanner");
		oai_free(&a);
		buf_free(&deep);
	}
	rng_seed(&R, 2024);
	for (i = 0; i < 20000; i++) {
		int chat = i % 3 != 0, k, runs = 1 + (int)rng_below(&R, 4);
		oai_reply a, b, c;

		oai_init(&a, chat);
		oai_init(&b, chat);
		for (k = 0; k < runs; k++) {
			struct buf ch = { 0 };
			int ra, rb;

			chunk(&ch, chat);
			ra = oai_chunk(&a, buf_str(&ch), ch.len);
			rb = oai_chunk_tree(&b, buf_str(&ch), ch.len);
			oai_init(&c, chat);
			scanned += oaiscan_chunk(&c, buf_str(&ch), ch.len);
			oai_free(&c);
			total++;
			if ((ra != rb || !same(&a, &b)) && bad++ < 10)
				CHECK(0, "chunk read differently (%d/%d): %s", ra, rb, buf_str(&ch));
			buf_free(&ch);
		}
		oai_free(&a);
		oai_free(&b);
	}
	CHECK(bad == 0, "%d chunks read differently", bad);
	CHECK(scanned > total / 3, "the scanner read only %d of %d chunks", scanned, total);
	printf("scanner read %d of %d chunks itself\n", scanned, total);
	return CHECK_DONE();
}
