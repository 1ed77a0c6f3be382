#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "jsonl.h"
#include "jsonscan.h"
#include "splice.h"
#include "utf8.h"
#include "xalloc.h"

#define CHUNK (1 << 16)

size_t jsonl_max = JSONL_DEFAULT_MAX;

struct jsonl {
	char **files;
	int nfiles;
	int next;		/* index of the next file to open */
	int fd;
	const char *name;
	long lineno;
	size_t max;
	char *rbuf;		/* read buffer */
	size_t rpos, rlen;
	int eof;
	char *line;		/* current line */
	size_t len, cap;
	jsonscan_member *m;	/* its members */
	size_t mcap;
	int lazy;
	int errors, syserrors;
};

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
	r->rbuf = xmalloc(CHUNK);
	r->eof = 1;
	return r;
}

void
jsonl_free(jsonl *r)
{
	if (r == NULL)
		return;
	if (r->fd > 0)
		close(r->fd);
	free(r->rbuf);
	free(r->line);
	free(r->m);
	free(r);
}

void
jsonl_lazy(jsonl *r)
{
	r->lazy = 1;
}

void
jsonl_set_max(jsonl *r, size_t max)
{
	r->max = max;
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

	va_start(ap, fmt);
	lg_vwarnat(jsonl_file(r), r->lineno, fmt, ap);
	va_end(ap);
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
		r->rpos = r->rlen = 0;
		r->eof = 0;
		if (strcmp(r->name, "-") == 0) {
			r->fd = STDIN_FILENO;
			r->name = "-";
			return 1;
		}
		r->fd = open(r->name, O_RDONLY);
		if (r->fd >= 0)
			return 1;
		lg_warnat(r->name, 0, "%s", strerror(errno));
		r->syserrors++;
	}
}

static int
fill(jsonl *r)
{
	ssize_t n;

	if (r->eof)
		return 0;
	do
		n = read(r->fd, r->rbuf, CHUNK);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		lg_warnat(jsonl_file(r), r->lineno, "read error: %s", strerror(errno));
		r->syserrors++;
		n = 0;
	}
	if (n == 0) {
		r->eof = 1;
		return 0;
	}
	r->rpos = 0;
	r->rlen = (size_t)n;
	return 1;
}

/* Read one physical line into r->line; 0 at end of the current file. */
static int
read_line(jsonl *r, int *toolong)
{
	int got = 0;

	r->len = 0;
	*toolong = 0;
	for (;;) {
		char *nl;
		size_t n;

		if (r->rpos >= r->rlen && !fill(r))
			break;
		got = 1;
		nl = memchr(r->rbuf + r->rpos, '\n', r->rlen - r->rpos);
		n = nl ? (size_t)(nl - (r->rbuf + r->rpos)) : r->rlen - r->rpos;
		if (!*toolong && r->len + n > r->max)
			*toolong = 1;
		if (!*toolong) {
			if (r->len + n + 1 > r->cap) {
				r->cap = r->cap ? r->cap : CHUNK;
				while (r->cap < r->len + n + 1)
					r->cap *= 2;
				r->line = xrealloc(r->line, r->cap);
			}
			memcpy(r->line + r->len, r->rbuf + r->rpos, n);
			r->len += n;
		}
		r->rpos += n;
		if (nl) {
			r->rpos++;
			break;
		}
	}
	if (!got)
		return 0;
	r->lineno++;
	if (r->line == NULL) {
		r->cap = CHUNK;
		r->line = xmalloc(r->cap);
	}
	if (!*toolong && r->len > 0 && r->line[r->len - 1] == '\r')
		r->len--;
	r->line[r->len] = '\0';
	return 1;
}

int
jsonl_line(jsonl *r, char **line, size_t *len)
{
	for (;;) {
		int toolong;
		size_t bad;

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
		if (memchr(r->line, '\0', r->len) != NULL) {
			jsonl_warn(r, "NUL byte in record, skipped");
			r->errors++;
			continue;
		}
		if ((bad = utf8_invalid(r->line, r->len)) != r->len) {
			jsonl_warn(r, "invalid UTF-8 at byte %zu, skipped", bad + 1);
			r->errors++;
			continue;
		}
		*line = r->line;
		*len = r->len;
		if (r->len >= 3 && memcmp(r->line, "\xef\xbb\xbf", 3) == 0) {
			if (r->lineno != 1) {
				jsonl_warn(r, "byte-order mark at the start of a line "
				    "(only a file may start with one), skipped");
				r->errors++;
				continue;
			}
			*line += 3;	/* the start of a file */
			*len -= 3;
		}
		return 1;
	}
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
	char *line;
	size_t len;

	while (jsonl_line(r, &line, &len)) {
		size_t at, n;
		int isobj, rc;
		cJSON *j;

		if (blank(line, len))
			continue;
		rc = jsonscan(line, len, &isobj, &r->m, &n, &r->mcap, &at);
		if (rc == JSONSCAN_OK && !isobj) {
			jsonl_warn(r, "record is not a JSON object");
			r->errors++;
			continue;
		}
		j = NULL;
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
