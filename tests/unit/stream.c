/*
 * Unit test: the pieces under lg-infer that the fake server cannot reach
 * one by one: SSE splitting at every cut, reply reading (chat, completions,
 * streamed deltas, reasoning, errors), retry rules and backoff bounds.
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "backoff.h"
#include "buf.h"
#include "oai.h"
#include "sse.h"
#include "check.h"

static int
collect(void *arg, const char *data, size_t len)
{
	struct buf *b = arg;

	buf_add(b, data, len);
	buf_putc(b, '|');
	return 0;
}

static void
sse_cuts(void)
{
	static const char stream[] =
	    ": a comment\r\n"
	    "event: message\n"
	    "data: {\"a\":1}\n\n"
	    "id: 7\r\n"
	    "data:{\"b\":2}\r\n\r\n"
	    "retry: 10\n"
	    "data: [DONE]\n\n";
	size_t cut, n = sizeof stream - 1;

	/* the same payloads whatever the pieces the bytes arrive in */
	for (cut = 0; cut <= n; cut++) {
		sse s;
		struct buf b = { 0 };

		sse_init(&s, 0);
		sse_feed(&s, stream, cut, collect, &b);
		sse_feed(&s, stream + cut, n - cut, collect, &b);
		CHECK(strcmp(buf_str(&b), "{\"a\":1}|{\"b\":2}|[DONE]|") == 0,
		    "cut at %zu: %s", cut, buf_str(&b));
		buf_free(&b);
		sse_free(&s);
	}
	{
		sse s;
		struct buf b = { 0 };

		sse_init(&s, 16);
		CHECK(sse_feed(&s, "data: 0123456789012345678901234\n", 32, collect, &b) == -1,
		    "a line past the limit");
		buf_free(&b);
		sse_free(&s);
	}
}

static void
replies(void)
{
	oai_reply r;
	static const char *chunks[] = {
		"{\"choices\":[{\"delta\":{\"reasoning_content\":\"hmm\"}}]}",
		"{\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}",
		"{\"choices\":[{\"delta\":{\"content\":\"lo\"},\"finish_reason\":\"length\"}]}",
		"{\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2}}",
		"[DONE]",
	};
	size_t i;

	oai_init(&r, 1);
	for (i = 0; i < sizeof chunks / sizeof chunks[0]; i++)
		CHECK(oai_chunk(&r, chunks[i], strlen(chunks[i])) == 0, "chunk %zu", i);
	oai_finish(&r);
	CHECK(strcmp(buf_str(&r.content), "Hello") == 0, "content %s", buf_str(&r.content));
	CHECK(strcmp(buf_str(&r.reasoning), "hmm") == 0, "reasoning %s", buf_str(&r.reasoning));
	CHECK(r.finish_reason && strcmp(r.finish_reason, "length") == 0, "finish_reason");
	CHECK(r.prompt_tokens == 5 && r.output_tokens == 2, "usage %ld %ld",
	    r.prompt_tokens, r.output_tokens);
	CHECK(oai_complete(&r), "complete");
	oai_free(&r);

	oai_init(&r, 1);
	{
		static const char body[] = "{\"choices\":[{\"message\":{\"content\":"
		    "\"<think>plan</think>\\n\\nyes\"},\"finish_reason\":\"stop\"}]}";

		CHECK(oai_body(&r, body, sizeof body - 1) == 0, "chat body");
		oai_finish(&r);
		CHECK(strcmp(buf_str(&r.content), "yes") == 0 ||
		    strcmp(buf_str(&r.content), "\n\nyes") == 0,
		    "think split off: [%s]", buf_str(&r.content));
		CHECK(strstr(buf_str(&r.reasoning), "plan") != NULL, "reasoning from <think>");
	}
	oai_free(&r);

	oai_init(&r, 0);
	{
		static const char body[] = "{\"choices\":[{\"text\":\"raw\",\"finish_reason\":\"stop\"}]}";

		CHECK(oai_body(&r, body, sizeof body - 1) == 0, "completions body");
		CHECK(strcmp(buf_str(&r.content), "raw") == 0, "completion text");
	}
	oai_free(&r);

	oai_init(&r, 1);
	CHECK(oai_body(&r, "not json", 8) == -1 && r.error != NULL, "a body that is not JSON");
	oai_free(&r);
	{
		char *m = oai_error_message("{\"error\":{\"message\":\"bad\\nmodel\"}}", 34, 100);

		CHECK(m != NULL && strcmp(m, "bad model") == 0, "error message on one line: %s", m ? m : "");
		free(m);
	}
}

/* Groq sends its usage in x_groq.usage, streamed and whole. */
static void
groq_usage(void)
{
	static const char last[] = "{\"id\":\"c\",\"object\":"
	    "\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
	    "\"finish_reason\":\"stop\"}],\"x_groq\":{\"id\":\"req_1\","
	    "\"usage\":{\"queue_time\":0.05,\"prompt_tokens\":573,"
	    "\"completion_tokens\":1509,\"total_tokens\":2082}}}";
	static const char body[] = "{\"choices\":[{\"message\":{\"content\":"
	    "\"hi\"},\"finish_reason\":\"stop\"}],\"x_groq\":{\"usage\":"
	    "{\"prompt_tokens\":7,\"completion_tokens\":3}}}";
	oai_reply r;

	oai_init(&r, 1);
	CHECK(oai_chunk(&r, last, sizeof last - 1) == 0, "groq chunk");
	CHECK(r.prompt_tokens == 573 && r.output_tokens == 1509,
	    "groq stream usage %ld %ld", r.prompt_tokens, r.output_tokens);
	oai_reset(&r);
	CHECK(oai_chunk_tree(&r, last, sizeof last - 1) == 0, "groq chunk, tree");
	CHECK(r.prompt_tokens == 573 && r.output_tokens == 1509,
	    "groq stream usage, tree %ld %ld", r.prompt_tokens, r.output_tokens);
	oai_reset(&r);
	CHECK(oai_body(&r, body, sizeof body - 1) == 0, "groq body");
	CHECK(r.prompt_tokens == 7 && r.output_tokens == 3,
	    "groq body usage %ld %ld", r.prompt_tokens, r.output_tokens);
	oai_free(&r);
}

static void
retries(void)
{
	rng r;
	int a, ok = 1;

	CHECK(backoff_retryable(429) && backoff_retryable(408) && backoff_retryable(500) &&
	    backoff_retryable(503) && backoff_retryable(599), "retryable statuses");
	CHECK(!backoff_retryable(400) && !backoff_retryable(401) && !backoff_retryable(404) &&
	    !backoff_retryable(200), "not retryable");
	rng_seed(&r, 1);
	for (a = 1; a <= 12; a++) {
		int k;

		for (k = 0; k < 200; k++) {
			double d = backoff_delay(&r, 0.5, 30, a);
			double cap = fmin(30, 0.5 * pow(2, a - 1));

			ok &= d >= 0 && d <= cap;
		}
	}
	CHECK(ok, "full jitter within [0, min(max, base 2^(n-1))]");
	CHECK(backoff_retry_after("7", 0) == 7, "Retry-After seconds");
	CHECK(fabs(backoff_retry_after("Thu, 01 Jan 1970 00:01:40 GMT", 40) - 60) < 1e-9,
	    "Retry-After date");
	CHECK(backoff_retry_after("soon", 0) < 0, "Retry-After junk");
}

int
main(void)
{
	sse_cuts();
	replies();
	groq_usage();
	retries();
	return CHECK_DONE();
}
