/*
 * The reader thread: reads records ahead of the requests, so that a slow
 * producer upstream never holds up transfers in flight, and hands them
 * over through a queue of bounded size.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "infer.h"
#include "record.h"
#include "resume.h"
#include "xalloc.h"

struct reader {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t room;
	char **files;
	int nfiles;
	const idset *skip;
	void (*wake)(void *);
	void *arg;
	inrec *q;
	size_t cap, head, len;
	int eof;
	unsigned long skipped;
	long lines;
	int status;
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

static void *
run(void *arg)
{
	reader *rd = arg;
	long lines = count_lines(rd->files, rd->nfiles);
	jsonl *in;
	cJSON *rec;
	int noid = 0;

	pthread_mutex_lock(&rd->mu);
	rd->lines = lines;
	pthread_mutex_unlock(&rd->mu);
	in = jsonl_open(rd->files, rd->nfiles);
	while ((rec = jsonl_next(in)) != NULL) {
		int where = resume_check(rd->skip, rec);
		inrec r;

		if (where == RESUME_NOID) {
			/* it could not be told apart from others, nor resumed */
			jsonl_warn(in, "%s, skipped", RESUME_NOID_MSG);
			rec_free(rec);
			noid = 1;
			continue;
		}
		if (where == RESUME_DONE) {
			rec_free(rec);
			pthread_mutex_lock(&rd->mu);
			rd->skipped++;
			pthread_mutex_unlock(&rd->mu);
			continue;
		}
		r.rec = rec;
		r.file = jsonl_file(in);
		r.line = jsonl_lineno(in);
		if ((r.bad = infer_check(rec, &r.pass)) != NULL)
			jsonl_warn(in, "%s", r.bad);
		pthread_mutex_lock(&rd->mu);
		while (rd->len == rd->cap)
			pthread_cond_wait(&rd->room, &rd->mu);
		rd->q[(rd->head + rd->len) % rd->cap] = r;
		rd->len++;
		pthread_mutex_unlock(&rd->mu);
		rd->wake(rd->arg);
	}
	pthread_mutex_lock(&rd->mu);
	rd->status = jsonl_status(in);
	if (rd->status == LG_OK && noid)
		rd->status = LG_BAD;
	rd->eof = 1;
	pthread_mutex_unlock(&rd->mu);
	jsonl_free(in);
	rd->wake(rd->arg);
	return NULL;
}

reader *
reader_start(char **files, int n, size_t cap, const idset *skip,
    void (*wake)(void *), void *arg)
{
	reader *rd = xcalloc(1, sizeof *rd);
	int e;

	rd->files = files;
	rd->nfiles = n;
	rd->skip = skip;
	rd->wake = wake;
	rd->arg = arg;
	rd->cap = cap > 0 ? cap : 1;
	rd->q = xcalloc(rd->cap, sizeof *rd->q);
	rd->lines = -1;
	pthread_mutex_init(&rd->mu, NULL);
	pthread_cond_init(&rd->room, NULL);
	if ((e = pthread_create(&rd->thread, NULL, run, rd)) != 0)
		lg_die(LG_SYS, "cannot start the reader: %s", strerror(e));
	return rd;
}

int
reader_take(reader *rd, inrec *r, int *eof)
{
	int got = 0;

	pthread_mutex_lock(&rd->mu);
	if (rd->len > 0) {
		*r = rd->q[rd->head];
		rd->head = (rd->head + 1) % rd->cap;
		rd->len--;
		got = 1;
		pthread_cond_signal(&rd->room);
	}
	*eof = rd->eof && rd->len == 0;
	pthread_mutex_unlock(&rd->mu);
	return got;
}

void
reader_counts(reader *rd, unsigned long *skipped, long *lines)
{
	pthread_mutex_lock(&rd->mu);
	*skipped = rd->skipped;
	*lines = rd->lines;
	pthread_mutex_unlock(&rd->mu);
}

int
reader_finish(reader *rd)
{
	int status;

	pthread_join(rd->thread, NULL);
	status = rd->status;
	while (rd->len > 0) {
		rec_free(rd->q[rd->head].rec);
		rd->head = (rd->head + 1) % rd->cap;
		rd->len--;
	}
	pthread_mutex_destroy(&rd->mu);
	pthread_cond_destroy(&rd->room);
	free(rd->q);
	free(rd);
	return status;
}
