/*
 * sseparse: CPU time to read a long chat stream, the chunk scanner
 * (oai_chunk) against the cJSON reading (oai_chunk_tree), on the same
 * bytes.  Built and run by bench/sse.sh.
 *   sseparse FILE ROUNDS [scanner|cjson]
 * Prints "scanner SECONDS MB" and "cjson SECONDS MB" (CPU seconds over
 * ROUNDS reads of FILE, MB of SSE read).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "oai.h"
#include "sse.h"

static int tree;

static int
on_data(void *arg, const char *p, size_t n)
{
	oai_reply *r = arg;

	return (tree ? oai_chunk_tree : oai_chunk)(r, p, n) < 0;
}

static double
cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	FILE *f;
	struct buf in = { 0 };
	char tmp[65536];
	size_t n, out = 0;
	int rounds, i, mode;

	if (argc < 3 || argc > 4 || (f = fopen(argv[1], "rb")) == NULL)
		return 2;
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(&in, tmp, n);
	fclose(f);
	rounds = atoi(argv[2]);
	for (mode = 0; mode < 2; mode++) {
		double t0 = cpu();

		if (argc == 4 && strcmp(argv[3], mode ? "cjson" : "scanner") != 0)
			continue;
		tree = mode;
		for (i = 0; i < rounds; i++) {
			sse s;
			oai_reply r;
			size_t at;

			sse_init(&s, 0);
			oai_init(&r, 1);
			/* in pieces of 16 KiB, as a socket gives them */
			for (at = 0; at < in.len; at += 16384)
				if (sse_feed(&s, in.s + at, in.len - at < 16384 ?
				    in.len - at : 16384, on_data, &r) != 0)
					return 1;
			out += r.content.len;
			oai_free(&r);
			sse_free(&s);
		}
		printf("%s %.4f %.2f\n", mode ? "cjson" : "scanner", cpu() - t0,
		    (double)in.len * rounds / 1048576);
	}
	buf_free(&in);
	return out == 0;
}
