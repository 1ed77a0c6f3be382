#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "diag.h"
#include "jsonl.h"
#include "jsonscan.h"
#include "splice.h"
#include "utf8.h"
#include "xalloc.h"

#define CHUNK (1 << 16)
#define READ_MAX (1 << 18)
#define RBUF (1 << 21)

size_t jsonl_max = JSONL_DEFAULT_MAX;
size_t jsonl_buffer = RBUF;

struct jsonl {
	char **files;
	int nfiles;
	int next;		/* index of the next file to open */
	int fd;
	const char *name;
	long lineno;
	size_t max;
	char *rbuf;		/* read buffer: lines are returned in place */
	size_t rpos, rlen, rcap;	/* unread bytes: rbuf[rpos..rlen) */
	char *spare;		/* the other buffer, once lending needs one */
	size_t spare_cap;
	/* lines lent to a pipe (jsonl_lend_to()): the writer's count of the
	 * bytes it put into out_fd, and that count after the last byte lent
	 * from rbuf and from spare (0: none) */
	int out_fd;
	const unsigned long long *out_seq;
	unsigned long long lent, spare_lent;
	int eof;
	char *line;		/* current line, in rbuf */
	size_t len;
	jsonscan_member *m;	/* its members */
	size_t mcap;
	int lazy;		/* splice_parse() flags */
	const char *const *skip;	/* jsonl_skip(): members left out */
	size_t nskip;
	int errors, syserrors;
	int quiet;		/* jsonl_quiet(): nothing reported */
};

/* Buffers are mappings of their own: one unmapped while a pipe may still
 * read what was lent from it leaves the pages to the pipe unchanged. */
static char *
map(size_t n)
{
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		lg_die(LG_SYS, "out of memory");
	return p;
}

/* Nonzero when the pipe has passed on every byte lent up to end. */
static int
passed_on(const jsonl *r, unsigned long long end)
{
	int unread;

	if (end == 0)
		return 1;
	if (ioctl(r->out_fd, FIONREAD, &unread) < 0 || unread < 0)
		return 0;
	return *r->out_seq - (unsigned long long)unread >= end;
}

/*
 * rbuf is to be written from its start again, with rbuf[from..from+n)
 * moved to its front: in place when nothing lent from it can still be
 * read from the pipe, else in the spare buffer (a new one when that may
 * still be read too, the old one left to the pipe).
 */
static void
restart(jsonl *r, size_t from, size_t n)
{
	char *t;
	size_t c;

	if (passed_on(r, r->lent)) {
		memmove(r->rbuf, r->rbuf + from, n);
		r->lent = 0;
		return;
	}
	if (r->spare == NULL || r->spare_cap < r->rcap ||
	    !passed_on(r, r->spare_lent)) {
		if (r->spare != NULL)
			munmap(r->spare, r->spare_cap);
		r->spare = map(r->rcap);
		r->spare_cap = r->rcap;
	}
	memcpy(r->spare, r->rbuf + from, n);
	t = r->rbuf, r->rbuf = r->spare, r->spare = t;
	c = r->rcap, r->rcap = r->spare_cap, r->spare_cap = c;
	r->spare_lent = r->lent;
	r->lent = 0;
}

void
jsonl_lend_to(jsonl *r, int fd, const unsigned long long *seq)
{
	r->out_fd = fd;
	r->out_seq = seq;
}

int
jsonl_holds(const jsonl *r, const char *p, size_t n)
{
	return r->out_fd >= 0 && p >= r->rbuf && n <= r->rlen &&
	    (size_t)(p - r->rbuf) <= r->rlen - n;
}

void
jsonl_lent(jsonl *r, unsigned long long seq_end)
{
	r->lent = seq_end;
}

jsonl *
jsonl_open(char **files, int n)
{
	jsonl *r = xcalloc(1, sizeof *r);
	static char dashname[] = "-";
	static char *dash[] = { dashname };

	if (n == 0) {
		files = dash;
		n = 1;
	}
	r->files = files;
	r->nfiles = n;
	r->fd = -1;
	r->max = jsonl_max;
	r->rcap = jsonl_buffer > 2 * CHUNK ? jsonl_buffer : 2 * CHUNK;
	r->rbuf = map(r->rcap);
	r->out_fd = -1;
	r->eof = 1;
	/* records come and go one after another at the same sizes: keep
	 * the memory freed with one for the next rather than giving it back
	 * to the system and faulting it in again */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
	return r;
}

void
jsonl_free(jsonl *r)
{
	if (r == NULL)
		return;
	if (r->fd > 0)
		close(r->fd);
	/* a page still lent to a pipe stays the pipe's, as it was */
	munmap(r->rbuf, r->rcap);
	if (r->spare != NULL)
		munmap(r->spare, r->spare_cap);
	free(r->m);
	free(r);
}

void
jsonl_skip(jsonl *r, const char *const *keys, size_t n)
{
	r->skip = keys;
	r->nskip = n;
}

/* The members m[0..n) but those jsonl_skip() named, kept in order: their count. */
static size_t
unskipped(const jsonl *r, const char *line, jsonscan_member *m, size_t n)
{
	size_t i, j, k, kept = 0;

	for (i = 0; i < n; i++) {
		const char *key = line + m[i].kstart + 1;
		size_t klen = m[i].kend - m[i].kstart - 2;

		for (j = 0; j < r->nskip; j++)	/* the first byte first */
			if (klen > 0 && r->skip[j][0] == key[0] &&
			    strncmp(r->skip[j], key, klen) == 0 &&
			    r->skip[j][klen] == '\0')
				break;
		if (j < r->nskip)
			continue;
		k = kept++;
		if (k != i)
			m[k] = m[i];
	}
	return kept;
}

void
jsonl_lazy(jsonl *r)
{
	r->lazy |= SPLICE_LAZY;
}

void
jsonl_lazy_all(jsonl *r)
{
	r->lazy |= SPLICE_LAZY | SPLICE_LAZY_ALL;
}

void
jsonl_borrow(jsonl *r)
{
	r->lazy |= SPLICE_BORROW;
}

void
jsonl_set_max(jsonl *r, size_t max)
{
	r->max = max;
}

void
jsonl_quiet(jsonl *r)
{
	r->quiet = 1;
}

const char *
jsonl_file(const jsonl *r)
{
	return r->name != NULL ? r->name : "-";
}

long
jsonl_lineno(const jsonl *r)
{
	return r->lineno;
}

int
jsonl_errors(const jsonl *r)
{
	return r->errors;
}

int
jsonl_syserrors(const jsonl *r)
{
	return r->syserrors;
}

int
jsonl_status(const jsonl *r)
{
	if (r->syserrors)
		return LG_SYS;
	return r->errors ? LG_BAD : LG_OK;
}

void
jsonl_warn(jsonl *r, const char *fmt, ...)
{
	va_list ap;

	if (r->quiet)
		return;
	va_start(ap, fmt);
	lg_vwarnat(jsonl_file(r), r->lineno, fmt, ap);
	va_end(ap);
}

/*
 * A pipe with room for a few long records: fewer wake-ups of the reader
 * and the writer.  Not a pipe, or not allowed: left as it is.  Only the
 * reader asks for it: a writer whose reader leaves early still meets
 * SIGPIPE as soon as before.
 */
void
pipe_room(int fd)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
		(void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
}

/* Open the next file; 0 when there is none left. */
static int
open_next(jsonl *r)
{
	for (;;) {
		if (r->fd > 0)
			close(r->fd);
		r->fd = -1;
		if (r->next >= r->nfiles)
			return 0;
		r->name = r->files[r->next++];
		r->lineno = 0;
		restart(r, 0, 0);
		r->rpos = r->rlen = 0;
		r->eof = 0;
		if (strcmp(r->name, "-") == 0) {
			r->fd = STDIN_FILENO;
			r->name = "-";
			pipe_room(r->fd);
			return 1;
		}
		r->fd = open(r->name, O_RDONLY);
		if (r->fd >= 0)
			return 1;
		if (!r->quiet)
			lg_warnat(r->name, 0, "%s", strerror(errno));
		r->syserrors++;
	}
}

/* Read more after rbuf[rlen]; 0 at the end of the file. */
static int
fill(jsonl *r)
{
	ssize_t n;
	size_t want;

	if (r->eof)
		return 0;
	if (r->rcap - r->rlen < CHUNK + 1 && r->rpos > 0) {
		/* the start of the line to the front */
		restart(r, r->rpos, r->rlen - r->rpos);
		r->rlen -= r->rpos;
		r->rpos = 0;
	}
	if (r->rcap - r->rlen < CHUNK + 1) {	/* a longer line: a larger buffer */
		char *t = map(2 * r->rcap);

		memcpy(t, r->rbuf, r->rlen);
		munmap(r->rbuf, r->rcap);
		r->rbuf = t;
		r->rcap *= 2;
		r->lent = 0;
	}
	want = r->rcap - r->rlen - 1;	/* one byte kept for the NUL */
	if (want > READ_MAX)
		want = READ_MAX;
	do
		n = read(r->fd, r->rbuf + r->rlen, want);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		if (!r->quiet)
			lg_warnat(jsonl_file(r), r->lineno, "read error: %s",
			    strerror(errno));
		r->syserrors++;
		n = 0;
	}
	if (n == 0) {
		r->eof = 1;
		return 0;
	}
	r->rlen += (size_t)n;
	return 1;
}

/*
 * Read one physical line, in place in rbuf, into r->line; 0 at end of the
 * current file.  A line longer than the limit is dropped as it is read.
 */
static int
read_line(jsonl *r, int *toolong)
{
	size_t from = r->rpos, end;
	int got = 0;

	*toolong = 0;
	for (;;) {
		char *nl = from < r->rlen ?
		    memchr(r->rbuf + from, '\n', r->rlen - from) : NULL;

		if (nl != NULL) {
			end = (size_t)(nl - r->rbuf);
			got = 1;
			break;
		}
		if (r->rlen > r->rpos)
			got = 1;
		if (!*toolong && r->rlen - r->rpos > r->max)
			*toolong = 1;
		if (*toolong) {	/* what is read of it goes */
			restart(r, 0, 0);
			r->rpos = r->rlen = 0;
		}
		from = r->rlen - (r->rpos);	/* after the move fill() may do */
		if (!fill(r)) {
			end = r->rlen;
			break;
		}
		from += r->rpos;
	}
	if (!got)
		return 0;
	r->lineno++;
	if (!*toolong && end - r->rpos > r->max)
		*toolong = 1;
	r->line = r->rbuf + r->rpos;
	r->len = *toolong ? 0 : end - r->rpos;
	r->rpos = end < r->rlen ? end + 1 : end;
	if (r->len > 0 && r->line[r->len - 1] == '\r')
		r->len--;
	r->line[r->len] = '\0';
	return 1;
}

/* The first byte at or after i that is NUL or not ASCII, or len. */
static size_t
ascii_run(const char *s, size_t i, size_t len)
{
#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();

	while (i + 32 <= len) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + i + 16));
		__m128i z = _mm_or_si128(_mm_cmpeq_epi8(a, zero), _mm_cmpeq_epi8(b, zero));

		if ((_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), z))) != 0)
			break;
		i += 32;
	}
#endif
	while (i < len && (unsigned char)s[i] - 1U < 0x7fU)
		i++;
	return i;
}

/*
 * What is wrong with the text of a line: 0 (nothing), 1 (a NUL byte) or
 * 2 (invalid UTF-8 at s[*bad]), a NUL byte counting first.
 */
static int
bad_text(const char *s, size_t len, size_t *bad)
{
	size_t i = 0;

	for (;;) {
		size_t j, v;

		if ((i = ascii_run(s, i, len)) >= len)
			return 0;
		if (s[i] == '\0')
			return 1;
		/* a run of non-ASCII bytes holds whole characters, if valid */
		for (j = i; j < len && (unsigned char)s[j] >= 0x80; j++)
			;
		if ((v = utf8_invalid(s + i, j - i)) != j - i) {
			*bad = i + v;
			return memchr(s + i, '\0', len - i) != NULL ? 1 : 2;
		}
		i = j;
	}
}

/*
 * The next physical line within the limit, as read: 0 at the end of the
 * input.  Longer lines are skipped with a warning.
 */
static int
raw_line(jsonl *r, char **line, size_t *len)
{
	for (;;) {
		int toolong;

		if ((r->fd < 0 || r->eof) && !open_next(r))
			return 0;
		if (!read_line(r, &toolong)) {
			if (!open_next(r))
				return 0;
			continue;
		}
		if (toolong) {
			jsonl_warn(r, "record longer than the limit of %zu bytes, skipped",
			    r->max);
			r->errors++;
			continue;
		}
		*line = r->line;
		*len = r->len;
		return 1;
	}
}

static int
has_bom(const char *s, size_t len)
{
	return len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0;
}

/*
 * Check the text of the line just read: 1 with a byte-order mark that
 * starts a file taken off, or 0 when it goes, with a warning.
 */
static int
text_ok(jsonl *r, char **line, size_t *len)
{
	size_t bad;
	int what;

	if ((what = bad_text(*line, *len, &bad)) == 1) {
		jsonl_warn(r, "NUL byte in record, skipped");
		r->errors++;
		return 0;
	}
	if (what == 2) {
		jsonl_warn(r, "invalid UTF-8 at byte %zu, skipped", bad + 1);
		r->errors++;
		return 0;
	}
	if (has_bom(*line, *len)) {
		if (r->lineno != 1) {
			jsonl_warn(r, "byte-order mark at the start of a line "
			    "(only a file may start with one), skipped");
			r->errors++;
			return 0;
		}
		*line += 3;	/* the start of a file */
		*len -= 3;
	}
	return 1;
}

int
jsonl_line(jsonl *r, char **line, size_t *len)
{
	while (raw_line(r, line, len))
		if (text_ok(r, line, len))
			return 1;
	return 0;
}

static int
blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

cJSON *
jsonl_next(jsonl *r)
{
	return jsonl_next_take(r, NULL, NULL, NULL);
}

cJSON *
jsonl_next_take(jsonl *r, jsonl_take_fn take, void *arg, int *offered)
{
	char *line;
	size_t len;

	while (raw_line(r, &line, &len)) {
		size_t at, n;
		int isobj, rc = JSONSCAN_END, nonascii = 1, bom = has_bom(line, len);
		cJSON *j;

		/*
		 * The grammar first: a record it takes whose strings are all
		 * ASCII holds neither NUL nor bad UTF-8.  Any other line is
		 * checked as text first, as jsonl_line() does, for the same
		 * messages.
		 */
		if (!bom)
			rc = jsonscan_text(line, len, &isobj, &r->m, &n, &r->mcap,
			    &at, &nonascii);
		if (rc != JSONSCAN_OK || nonascii) {
			if (!text_ok(r, &line, &len) || blank(line, len))
				continue;
			if (bom)
				rc = jsonscan(line, len, &isobj, &r->m, &n, &r->mcap,
				    &at);
		}
		if (rc == JSONSCAN_OK && !isobj) {
			jsonl_warn(r, "record is not a JSON object");
			r->errors++;
			continue;
		}
		if (offered != NULL)
			*offered = 0;
		if (take != NULL && rc == JSONSCAN_OK && !nonascii && !bom) {
			if (take(arg, line, len, r->m, n))
				continue;
			if (offered != NULL)
				*offered = 1;
		}
		j = NULL;
		if (rc == JSONSCAN_OK && r->nskip > 0)
			n = unskipped(r, line, r->m, n);
		if (rc == JSONSCAN_OK && (j = splice_parse(line, len, r->m, n, r->lazy,
		    &at)) == NULL)
			rc = at >= len ? JSONSCAN_END : JSONSCAN_SYNTAX;
		if (j != NULL)
			return j;
		if (rc == JSONSCAN_DEEP)
			jsonl_warn(r, "invalid JSON: nested more than %d levels deep "
			    "at byte %zu", JSONSCAN_MAX_DEPTH, at + 1);
		else if (rc == JSONSCAN_END)
			jsonl_warn(r, "invalid JSON: unexpected end of record");
		else
			jsonl_warn(r, "invalid JSON near byte %zu", at + 1);
		r->errors++;
	}
	return NULL;
}
