/*
 * Fuzz the SSE parser and the stream reply reader behind it: the input is
 * a server's event stream, fed to sse_feed() in pieces whose sizes come
 * from the first byte, each data payload read by oai_chunk() as lg-infer
 * does (chat replies when the first byte is even, raw completions when
 * odd), with a 4096-byte line limit.
 */
#include "fuzz.h"
#include "oai.h"
#include "sse.h"

static int
payload(void *arg, const char *p, size_t n)
{
	oai_reply *r = arg;

	(void)oai_chunk(r, p, n);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	sse s;
	oai_reply r;
	size_t step, at = 1;

	if (size == 0)
		return 0;
	step = (size_t)(data[0] >> 1) % 61 + 1;
	sse_init(&s, 4096);
	oai_init(&r, !(data[0] & 1));
	while (at < size) {
		size_t n = size - at < step ? size - at : step;

		if (sse_feed(&s, (const char *)data + at, n, payload, &r) != 0)
			break;
		at += n;
		step = step * 7 % 61 + 1;
	}
	(void)oai_complete(&r);
	oai_finish(&r);
	oai_free(&r);
	sse_free(&s);
	return 0;
}
