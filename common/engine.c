/*
 * engine.c: read ahead in a thread, work records in a bounded window,
 * write them as they finish or in input order.  See engine.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "engine.h"
#include "jsonl.h"
#include "record.h"
#include "xalloc.h"

struct engine {
	engine_opts o;
	/* the reader thread and its queue */
	pthread_t thread;
	int joined;
	pthread_mutex_t mu;
	pthread_cond_t room;
	pthread_cond_t more;	/* without an HTTP engine: a record came */
	engine_job *q;
	size_t cap, head, len;
	int reader_waits;	/* the reader waits for room in the queue */
	int eof;
	unsigned long skipped;
	long lines;
	int status;
	/* the loop */
	engine_job **ring;	/* keep_order: jobs by seq % window */
	unsigned long next_seq, next_out, written;
};

/* Newlines from offset off of an open regular file, or -1. */
static long
count_fd(int fd, off_t off)
{
	char b[1 << 16];
	long n = 0;
	ssize_t k;
	int last = '\n';

	while ((k = pread(fd, b, sizeof b, off)) > 0) {
		char *p = b, *end = b + k;

		while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
			n++;
			p++;
		}
		last = b[k - 1];
		off += k;
	}
	if (k < 0)
		return -1;
	return n + (last != '\n');
}

/* Lines of the input when every file is a regular file, else -1. */
static long
count_lines(char **files, int n)
{
	long total = 0;
	int i;

	for (i = 0; i < (n > 0 ? n : 1); i++) {
		const char *f = n > 0 ? files[i] : "-";
		struct stat st;
		int fd;
		long c;
		off_t off = 0;

		if (strcmp(f, "-") == 0) {
			fd = STDIN_FILENO;
			if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
				return -1;
			if ((off = lseek(fd, 0, SEEK_CUR)) < 0)
				return -1;
			c = count_fd(fd, off);
		} else {
			if ((fd = open(f, O_RDONLY | O_CLOEXEC)) < 0)
				return -1;
			if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
				close(fd);
				return -1;
			}
			c = count_fd(fd, 0);
			close(fd);
		}
		if (c < 0)
			return -1;
		total += c;
	}
	return total;
}

/*
 * A record done (--resume) that the tool's resumed() refuses: 1, reported
 * at file:line of the input.
 */
static int
refused(engine *e, const cJSON *rec, const char *file, long line)
{
	const char *at = NULL, *note;
	long atline = 0;
	char *why;

	if (e->o.resumed == NULL ||
	    (note = resume_note(e->o.skip, rec, &at, &atline)) == NULL ||
	    (why = e->o.resumed(e->o.arg, rec, note, at, atline)) == NULL)
		return 0;
	lg_warnat(file, line, "%s", why);
	free(why);
	return 1;
}

/* refused() for rec and, with copies, each of its copies. */
static int
refused_all(engine *e, const cJSON *rec, const char *file, long line)
{
	cJSON *c;
	int k, r = refused(e, rec, file, line);

	for (k = 1; !r && e->o.copies > 1 && k <= e->o.copies; k++) {
		c = e->o.copy(e->o.arg, rec, k);
		r = refused(e, c, file, line);
		rec_free(c);
	}
	return r;
}

/*
 * Before any record is worked, when the records done have notes and every
 * input is a regular file (it can be read twice): the records done that
 * the tool refuses, so that a refused resume writes nothing.  1 when one
 * is refused.  Bad lines are left to the reader to report.
 */
static int
precheck(engine *e)
{
	struct stat st;
	jsonl *in;
	cJSON *rec;
	int i, r = 0;

	if (e->o.resumed == NULL || !resume_noted(e->o.skip) || e->o.nfiles == 0)
		return 0;
	for (i = 0; i < e->o.nfiles; i++)
		if (strcmp(e->o.files[i], "-") == 0 ||
		    stat(e->o.files[i], &st) < 0 || !S_ISREG(st.st_mode))
			return 0;
	in = jsonl_open(e->o.files, e->o.nfiles);
	jsonl_quiet(in);
	while (!r && (rec = jsonl_next(in)) != NULL) {
		r = refused_all(e, rec, jsonl_file(in), jsonl_lineno(in));
		rec_free(rec);
	}
	jsonl_free(in);
	return r;
}

/* Called with e->mu not held. */
static void
wake(engine *e)
{
	if (e->o.http != NULL) {
		http_wakeup(e->o.http);
		return;
	}
	pthread_mutex_lock(&e->mu);
	pthread_cond_signal(&e->more);
	pthread_mutex_unlock(&e->mu);
}

/* Without an HTTP engine: wait up to ms for the reader. */
static void
wait_reader(engine *e, int ms)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += (long)ms * 1000000L;
	ts.tv_sec += ts.tv_nsec / 1000000000L;
	ts.tv_nsec %= 1000000000L;
	pthread_mutex_lock(&e->mu);
	if (e->len == 0 && !e->eof)
		pthread_cond_timedwait(&e->more, &e->mu, &ts);
	pthread_mutex_unlock(&e->mu);
}

/*
 * Hand a record to the loop, waiting for room in the queue.  The loop is
 * woken only when the queue was empty: else it has been told already, and
 * takes what is there when it has room.
 */
static void
enqueue(engine *e, const engine_job *r)
{
	int was_empty;

	pthread_mutex_lock(&e->mu);
	while (e->len == e->cap) {
		e->reader_waits = 1;
		pthread_cond_wait(&e->room, &e->mu);
	}
	e->reader_waits = 0;
	was_empty = e->len == 0;
	e->q[(e->head + e->len) % e->cap] = *r;
	e->len++;
	pthread_mutex_unlock(&e->mu);
	if (was_empty)
		wake(e);
}

static void *
reader(void *arg)
{
	engine *e = arg;
	long lines = count_lines(e->o.files, e->o.nfiles);
	idset *seen = idset_new();
	jsonl *in;
	cJSON *rec;
	int noid = 0, stop = 0, k;

	pthread_mutex_lock(&e->mu);
	e->lines = lines;
	pthread_mutex_unlock(&e->mu);
	in = jsonl_open(e->o.files, e->o.nfiles);
	if (precheck(e))
		stop = 1;
	while (!stop && (rec = jsonl_next(in)) != NULL) {
		int where = resume_next(e->o.skip, seen, rec, in);
		engine_job r;

		if (where == RESUME_NOID || where == RESUME_DUP) {
			/* it could not be told apart from others, nor resumed */
			if (where == RESUME_NOID)
				jsonl_warn(in, "%s, skipped", RESUME_NOID_MSG);
			else
				resume_dup_warn(seen, rec, in);
			rec_free(rec);
			noid = 1;
			continue;
		}
		if (where == RESUME_DONE && refused(e, rec, jsonl_file(in), jsonl_lineno(in))) {
			rec_free(rec);
			stop = 1;
			break;
		}
		if (where == RESUME_DONE) {
			rec_free(rec);
			pthread_mutex_lock(&e->mu);
			e->skipped++;
			pthread_mutex_unlock(&e->mu);
			continue;
		}
		memset(&r, 0, sizeof r);
		r.rec = rec;
		r.file = jsonl_file(in);
		r.line = jsonl_lineno(in);
		if (e->o.check != NULL &&
		    (r.bad = e->o.check(rec, &r.pass)) != NULL)
			jsonl_warn(in, "%s", r.bad);
		if (e->o.copies <= 1 || r.pass || r.bad != NULL) {
			enqueue(e, &r);
			continue;
		}
		for (k = 1; k <= e->o.copies; k++) {
			engine_job c = r;

			c.rec = e->o.copy(e->o.arg, rec, k);
			if (resume_check(e->o.skip, c.rec) == RESUME_DONE &&
			    refused(e, c.rec, r.file, r.line)) {
				rec_free(c.rec);
				stop = 1;
				break;
			}
			if (resume_check(e->o.skip, c.rec) == RESUME_DONE) {
				rec_free(c.rec);
				pthread_mutex_lock(&e->mu);
				e->skipped++;
				pthread_mutex_unlock(&e->mu);
				continue;
			}
			enqueue(e, &c);
		}
		rec_free(rec);
	}
	pthread_mutex_lock(&e->mu);
	e->status = jsonl_status(in);
	if (e->status == LG_OK && noid)
		e->status = LG_BAD;
	if (stop) {
		/* a resume refused (the tool says why): nothing more is begun */
		e->status = LG_USAGE;
		for (; e->len > 0; e->len--, e->head = (e->head + 1) % e->cap)
			rec_free(e->q[e->head].rec);
	}
	e->eof = 1;
	pthread_mutex_unlock(&e->mu);
	idset_free(seen);
	jsonl_free(in);
	wake(e);
	return NULL;
}

engine *
engine_new(const engine_opts *o)
{
	engine *e = xcalloc(1, sizeof *e);
	int err;

	e->o = *o;
	if (e->o.ahead == 0)
		e->o.ahead = 16;
	if (e->o.window == 0)
		e->o.window = 64;
	if (e->o.step_ms <= 0)
		e->o.step_ms = 250;
	e->cap = e->o.ahead;
	e->q = xcalloc(e->cap, sizeof *e->q);
	e->lines = -1;
	if (e->o.keep_order)
		e->ring = xcalloc(e->o.window, sizeof *e->ring);
	pthread_mutex_init(&e->mu, NULL);
	pthread_cond_init(&e->room, NULL);
	pthread_cond_init(&e->more, NULL);
	if ((err = pthread_create(&e->thread, NULL, reader, e)) != 0)
		lg_die(LG_SYS, "cannot start the reader: %s", strerror(err));
	return e;
}

/* 1 and *j filled, 0 when nothing is there now; *eof when all is read. */
static int
take(engine *e, engine_job *j, int *eof)
{
	int got = 0;

	pthread_mutex_lock(&e->mu);
	if (e->len > 0) {
		*j = e->q[e->head];
		e->head = (e->head + 1) % e->cap;
		e->len--;
		got = 1;
		/* the reader refills half the queue at a time, not record by record */
		if (e->reader_waits && e->len <= e->cap / 2) {
			e->reader_waits = 0;
			pthread_cond_signal(&e->room);
		}
	}
	*eof = e->eof && e->len == 0;
	pthread_mutex_unlock(&e->mu);
	return got;
}

static void
write_all(struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t w = writev(STDOUT_FILENO, iov, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			lg_write_failed(errno);
		}
		while (n > 0 && (size_t)w >= iov->iov_len) {
			w -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + w;
			iov->iov_len -= (size_t)w;
		}
	}
}

static void
emit(engine *e, engine_job *j)
{
	static char nl[] = "\n";
	struct iovec iov[2];
	size_t len;
	char *line = e->o.print != NULL ? e->o.print(e->o.arg, j->rec, &len) :
	    rec_print(j->rec, &len);

	iov[0].iov_base = line;
	iov[0].iov_len = len;
	iov[1].iov_base = nl;
	iov[1].iov_len = 1;
	write_all(iov, 2);
	free(line);
	rec_free(j->rec);
	free(j);
	e->written++;
}

void
engine_done(engine *e, engine_job *j)
{
	engine_job *k;

	if (!e->o.keep_order) {
		emit(e, j);
		return;
	}
	j->ready = 1;
	while (e->next_out < e->next_seq &&
	    (k = e->ring[e->next_out % e->o.window]) != NULL && k->ready) {
		e->ring[e->next_out % e->o.window] = NULL;
		emit(e, k);
		e->next_out++;
	}
}

static int
room(const engine *e)
{
	if (e->next_seq - e->written >= e->o.window)
		return 0;
	return e->o.room == NULL || e->o.room(e->o.arg);
}

int
engine_run(engine *e)
{
	int eof = 0;

	for (;;) {
		engine_job r;

		if (e->o.turn != NULL)
			e->o.turn(e->o.arg, e);
		while (!eof && room(e) && take(e, &r, &eof)) {
			engine_job *j = xmalloc(sizeof *j);

			*j = r;
			j->seq = e->next_seq++;
			if (e->o.keep_order)
				e->ring[j->seq % e->o.window] = j;
			e->o.start(e->o.arg, e, j);
		}
		if (eof && e->written == e->next_seq &&
		    (e->o.http == NULL || http_outstanding(e->o.http) == 0))
			break;
		if (e->o.http != NULL)
			http_step(e->o.http, e->o.step_ms);
		else
			wait_reader(e, 10);
	}
	if (e->o.turn != NULL)
		e->o.turn(e->o.arg, e);
	pthread_join(e->thread, NULL);
	e->joined = 1;
	return e->status;
}

void
engine_counts(engine *e, unsigned long *skipped, long *lines)
{
	pthread_mutex_lock(&e->mu);
	*skipped = e->skipped;
	*lines = e->lines;
	pthread_mutex_unlock(&e->mu);
}

unsigned long
engine_unwritten(const engine *e)
{
	return e->next_seq - e->written;
}

void
engine_free(engine *e)
{
	size_t i;

	if (e == NULL)
		return;
	if (!e->joined) {
		/* drain the queue so that a blocked reader can end */
		for (;;) {
			pthread_mutex_lock(&e->mu);
			while (e->len > 0) {
				rec_free(e->q[e->head].rec);
				e->head = (e->head + 1) % e->cap;
				e->len--;
			}
			pthread_cond_signal(&e->room);
			if (e->eof) {
				pthread_mutex_unlock(&e->mu);
				break;
			}
			pthread_mutex_unlock(&e->mu);
			usleep(1000);
		}
		pthread_join(e->thread, NULL);
	}
	while (e->len > 0) {
		rec_free(e->q[e->head].rec);
		e->head = (e->head + 1) % e->cap;
		e->len--;
	}
	if (e->ring != NULL)
		for (i = 0; i < e->o.window; i++)
			if (e->ring[i] != NULL) {
				rec_free(e->ring[i]->rec);
				free(e->ring[i]);
			}
	pthread_mutex_destroy(&e->mu);
	pthread_cond_destroy(&e->room);
	pthread_cond_destroy(&e->more);
	free(e->q);
	free(e->ring);
	free(e);
}
