/*
 * Unit test: the record engine (engine.h).  Records finished out of order
 * go out in input order with keep_order, as finished without; the window
 * bounds the records begun and not written; check's verdict reaches the
 * tool; a line that is no record makes the status LG_BAD; every record
 * gets through whatever the size of the reader's queue (the reader is
 * woken for room only once the queue is half empty).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "engine.h"
#include "record.h"
#include "check.h"

#define N 200
#define WINDOW 8

typedef struct {
	engine_job *held[N];
	int nheld;
	unsigned long maxbusy;
	int bad_seen;
	int idle;		/* turns since the last start */
} tool;

static tool T;
static size_t ahead = 4;	/* the reader's queue */

static const char *
check_rec(const cJSON *rec, int *pass)
{
	*pass = 0;
	return strcmp(rec_id(rec), "r7") == 0 ? "r7 is refused" : NULL;
}

static void
start(void *arg, engine *e, engine_job *j)
{
	tool *t = arg;

	if (engine_unwritten(e) > t->maxbusy)
		t->maxbusy = engine_unwritten(e);
	if (j->bad != NULL)
		t->bad_seen++;
	t->held[t->nheld++] = j;
	t->idle = 0;
}

/*
 * Finish what is held, the last begun first, once two are held (so that
 * records finish out of order however the reader keeps pace), or when
 * no record has come for a few turns (the end of the input).
 */
static void
turn(void *arg, engine *e)
{
	tool *t = arg;

	if (t->nheld < 2 && t->idle++ < 3)
		return;
	while (t->nheld > 0)
		engine_done(e, t->held[--t->nheld]);
}

/* Run over path with stdout to out; returns the status. */
static int
run(const char *path, const char *out, int keep_order)
{
	char *files[1] = { (char *)path };
	engine_opts o = { .files = files, .nfiles = 1, .ahead = ahead,
	    .window = WINDOW, .keep_order = keep_order, .check = check_rec,
	    .start = start, .turn = turn, .arg = &T };
	engine *e;
	int fd = dup(STDOUT_FILENO), status;

	CHECK(freopen(out, "w", stdout) != NULL, "cannot write %s", out);
	memset(&T, 0, sizeof T);
	e = engine_new(&o);
	status = engine_run(e);
	engine_free(e);
	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	close(fd);
	return status;
}

/* The ids of out, in order, as numbers; their count. */
static int
ids(const char *out, int *v)
{
	FILE *f = fopen(out, "r");
	char line[256];
	int n = 0;

	CHECK(f != NULL, "cannot read %s", out);
	while (f != NULL && fgets(line, sizeof line, f) != NULL && n < N) {
		char *p = strstr(line, "\"id\":\"r");

		v[n++] = p != NULL ? atoi(p + 7) : -1;
	}
	if (f != NULL)
		fclose(f);
	return n;
}

int
main(void)
{
	char dir[] = "/tmp/lg-unit-engine.XXXXXX", in[64], out[64];
	int v[N], i, n, inversions = 0, seen[N] = { 0 }, status;
	FILE *f;

	lg_init("engine");
	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	snprintf(in, sizeof in, "%s/in", dir);
	snprintf(out, sizeof out, "%s/out", dir);
	f = fopen(in, "w");
	for (i = 0; i < N; i++)
		fprintf(f, "{\"id\":\"r%d\",\"n\":%d}\n", i, i);
	fclose(f);

	status = run(in, out, 1);
	CHECK(status == LG_OK, "keep_order: status %d", status);
	n = ids(out, v);
	CHECK(n == N, "keep_order: %d records out of %d", n, N);
	for (i = 0; i < n; i++)
		CHECK(v[i] == i, "keep_order: record %d is r%d", i, v[i]);
	CHECK(T.maxbusy <= WINDOW && T.maxbusy > 1, "window: %lu begun at once",
	    T.maxbusy);
	CHECK(T.bad_seen == 1, "check: %d refused records seen", T.bad_seen);

	status = run(in, out, 0);
	CHECK(status == LG_OK, "as finished: status %d", status);
	n = ids(out, v);
	CHECK(n == N, "as finished: %d records out of %d", n, N);
	for (i = 0; i < n; i++) {
		if (v[i] >= 0 && v[i] < N)
			seen[v[i]]++;
		inversions += i > 0 && v[i] < v[i - 1];
	}
	for (i = 0; i < N; i++)
		CHECK(seen[i] == 1, "as finished: r%d written %d times", i, seen[i]);
	CHECK(inversions > 0, "as finished: written in input order");

	for (ahead = 1; ahead <= 3; ahead++) {
		status = run(in, out, 1);
		CHECK(status == LG_OK, "queue of %zu: status %d", ahead, status);
		n = ids(out, v);
		CHECK(n == N, "queue of %zu: %d records out of %d", ahead, n, N);
		for (i = 0; i < n; i++)
			CHECK(v[i] == i, "queue of %zu: record %d is r%d", ahead, i,
			    v[i]);
	}
	ahead = 4;

	f = fopen(in, "a");
	fputs("not a record\n", f);
	fclose(f);
	status = run(in, out, 1);
	CHECK(status == LG_BAD, "a bad line: status %d", status);
	CHECK(ids(out, v) == N, "a bad line: records lost");

	unlink(in);
	unlink(out);
	rmdir(dir);
	return CHECK_DONE();
}
