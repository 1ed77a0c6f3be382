/*
 * Fuzz the tokenizer.  An input whose first byte is even is text, encoded
 * with the fixture table (tests/bpe/tiny.tiktoken, read from the top of
 * the tree where the fuzzers run), special tokens allowed when its bit 1
 * is set: merging by scan and by buckets of pairs must give the same
 * tokens, counting alone the same number, and the tokens' bytes must make
 * the text again (valid UTF-8 where the text was not).  An odd first
 * byte makes the rest a rank table, loaded and, when valid, used on a
 * fixed text and on the table's own bytes.  Any disagreement aborts.
 */
#include <stdio.h>

#include "bpe.h"
#include "fuzz.h"

static const char fixed[] =
    "It's 2024: \xe6\x97\xa5\xe6\x9c\xac  \n\n x<|endoftext|>";
static bpe *fixture;
static uint32_t *ids, *ids2;
static size_t cap, cap2;

static void
check_text(bpe *b, const char *s, size_t len, unsigned flags)
{
	size_t n, n2, k, tl = 0, l;
	char *t;
	const char *p;

	bpe_heap_from = (size_t)-1;
	n = bpe_encode(b, s, len, flags, &ids, &cap);
	bpe_heap_from = 1;
	n2 = bpe_encode(b, s, len, flags, &ids2, &cap2);
	bpe_heap_from = 96;
	if (n == (size_t)-1 || n != n2 ||
	    (n > 0 && memcmp(ids, ids2, n * sizeof *ids) != 0) ||
	    bpe_encode(b, s, len, flags, NULL, NULL) != n)
		abort();
	t = malloc(3 * len + 1);
	if (t == NULL)
		abort();
	for (k = 0; k < n; k++) {
		if ((p = bpe_token(b, ids[k], &l)) == NULL || tl + l > 3 * len)
			abort();
		memcpy(t + tl, p, l);
		tl += l;
	}
	if (utf8_invalid(s, len) == len ? tl != len || memcmp(s, t, len) != 0 :
	    utf8_invalid(t, tl) != tl)
		abort();
	free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	const char *s = (const char *)data + 1;
	bpe *b;

	if (fixture == NULL) {
		int sys;

		fixture = bpe_open("tests/bpe/tiny.tiktoken", err, sizeof err, &sys);
		if (fixture == NULL) {
			fprintf(stderr, "fuzz bpe: %s\n", err);
			abort();
		}
	}
	if (size == 0)
		return 0;
	if ((data[0] & 1) == 0) {
		check_text(fixture, s, size - 1, data[0] & 2 ? BPE_SPECIAL : 0);
		if ((b = bpe_open(NULL, err, sizeof err, (int[]){ 0 })) != NULL)
			(void)bpe_encode(b, s, size - 1, 0, NULL, NULL);
		bpe_free(b);
		return 0;
	}
	b = bpe_open_mem("fuzz", s, size - 1, err, sizeof err);
	if (b != NULL) {
		check_text(b, fixed, strlen(fixed), BPE_SPECIAL);
		check_text(b, s, size - 1, 0);
		bpe_free(b);
	}
	return 0;
}
