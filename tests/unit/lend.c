/*
 * Unit test: records passed through rec_filter() to a pipe whose reader
 * lags, their long values lent to the pipe (vmsplice) from a read buffer
 * much smaller than what the pipe holds, and from two files in turn:
 * every byte comes out as it went in, so no lent byte is written again
 * before the pipe has passed it on.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jsonl.h"
#include "record.h"
#include "check.h"

#define NREC 48
#define VLEN (90 * 1024)

static int
pass(cJSON *rec, jsonl *in, void *arg)
{
	(void)rec;
	(void)in;
	(void)arg;
	return REC_OK;
}

static void
nap(long us)
{
	struct timespec t = { 0, us * 1000 };

	nanosleep(&t, NULL);
}

int
main(void)
{
	char path[] = "/tmp/lg-unit-lend-XXXXXX", path2[] = "/tmp/lg-unit-lend-XXXXXX";
	char *files[2] = { path, path2 };
	char *in, *out;
	size_t len = 0, half = 0, got = 0, i, k;
	int fd = mkstemp(path), fd2 = mkstemp(path2), p[2], status;
	pid_t pid;

	in = malloc((size_t)NREC * (VLEN + 64));
	out = malloc((size_t)NREC * (VLEN + 64) + 1);
	for (i = 0; i < NREC; i++) {	/* each value its own bytes */
		len += (size_t)sprintf(in + len, "{\"id\":\"r%zu\",\"output\":\"", i);
		for (k = 0; k < VLEN; k++)
			in[len + k] = (char)('a' + (i * 7 + k * 13 + k / 97) % 26);
		len += VLEN;
		len += (size_t)sprintf(in + len, "\",\"n\":%zu}\n", i);
		if (i == NREC / 2 - 1)
			half = len;
	}
	if (fd < 0 || fd2 < 0 || write(fd, in, half) != (ssize_t)half ||
	    write(fd2, in + half, len - half) != (ssize_t)(len - half) || pipe(p) != 0)
		return 3;
	close(fd);
	close(fd2);
	(void)fcntl(p[1], F_SETPIPE_SZ, 1 << 20);
	if ((pid = fork()) == 0) {
		close(p[0]);
		dup2(p[1], STDOUT_FILENO);
		close(p[1]);
		jsonl_buffer = 3 * VLEN;	/* three lines or so per buffer */
		_exit(rec_filter(files, 2, pass, NULL));
	}
	close(p[1]);
	nap(300000);	/* the pipe full of lent lines, the writer waiting */
	for (;;) {
		ssize_t n = read(p[0], out + got, 16384);

		if (n <= 0)
			break;
		got += (size_t)n;
		if (got % (256 * 1024) < 16384)
			nap(20000);	/* and lagging behind now and then */
	}
	close(p[0]);
	waitpid(pid, &status, 0);
	unlink(path);
	unlink(path2);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the writer's status");
	CHECK(got == len && memcmp(in, out, len) == 0,
	    "what came out is what went in (%zu of %zu bytes)", got, len);
	free(in);
	free(out);
	return CHECK_DONE();
}
