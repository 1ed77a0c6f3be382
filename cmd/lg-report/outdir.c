/*
 * outdir.c: lg-report -o DIR, the report as a folder: DIR/index.html (the
 * page without the cases' details) and DIR/cases/NNNN.js, the details in
 * chunks that the page loads by a script element when a case of theirs is
 * opened (a script, not fetch(), so that it works from file://).  A chunk
 * is one call, lgReportChunk(K, FIRST, "TEXT"): TEXT, a JSON array of its
 * cases' details, is a string literal that JSON.parse reads, escaped so
 * that nothing in a record can end it (js_esc).  The folder is written
 * under a hidden name beside DIR (.NAME.lg-report.XXXXXX) and renamed DIR
 * once whole, so that DIR is never a partial report; after a failure the
 * hidden folder is removed.
 */
#include <errno.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "report.h"
#include "util.h"
#include "xalloc.h"

/* "PATH: what: error", the path shown without control characters. */
static void
say(const char *path, const char *what, int e)
{
	char *shown = xstrdup(path);

	lg_sanitize(shown);
	lg_warn("%s: %s%s%s", shown, what, e ? ": " : "", e ? strerror(e) : "");
	free(shown);
}

/* 1 when the folder holds no entry but . and .., 0 when it holds one,
 * -1 when it cannot be read. */
static int
empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n == 0;
}

int
outdir_open(struct outdir *d, const char *dir)
{
	struct stat st;
	char *path = xstrdup(dir), *slash, *base;
	size_t len = strlen(path);
	mode_t mask;
	int e;

	memset(d, 0, sizeof *d);
	d->dir = xstrdup(dir);
	if (stat(dir, &st) == 0) {
		if (!S_ISDIR(st.st_mode) || (e = empty(dir)) == 0) {
			say(dir, S_ISDIR(st.st_mode) ? "not empty: remove it or "
			    "name another folder" : "not a folder", 0);
			goto fail;
		}
		if (e < 0) {
			say(dir, "cannot be read", errno);
			goto fail;
		}
	} else if (errno != ENOENT) {
		say(dir, "cannot be reached", errno);
		goto fail;
	}
	while (len > 1 && path[len - 1] == '/')
		path[--len] = '\0';
	slash = strrchr(path, '/');
	base = slash != NULL ? slash + 1 : path;
	if (slash != NULL)
		*slash = '\0';
	d->stage = xasprintf("%s/.%s.lg-report.XXXXXX", slash == NULL ? "." :
	    slash == path ? "" : path, base);
	if (mkdtemp(d->stage) == NULL) {
		say(d->stage, "cannot make the folder", errno);
		free(d->stage);
		d->stage = NULL;
		goto fail;
	}
	mask = umask(0);
	umask(mask);
	free(path);
	path = xasprintf("%s/cases", d->stage);
	if (chmod(d->stage, 0777 & ~mask) < 0 || mkdir(path, 0777) < 0) {
		say(path, "cannot make the folder", errno);
		free(path);
		outdir_abort(d);
		return -1;
	}
	free(path);
	return 0;
fail:
	free(path);
	outdir_free(d);
	return -1;
}

static char *
chunk_path(const struct outdir *d, long k)
{
	return xasprintf("%s/cases/%04ld.js", d->stage, k);
}

/* Write n bytes to the chunk; -1 after a message. */
static int
put(struct outdir *d, const char *s, size_t n)
{
	char *p;

	if (fwrite(s, 1, n, d->chunk) == n) {
		d->bytes += n;
		return 0;
	}
	p = chunk_path(d, d->nchunks - 1);
	say(p, "write failed", errno);
	free(p);
	return -1;
}

static int
close_chunk(struct outdir *d)
{
	int bad;
	char *p;

	if (d->chunk == NULL)
		return 0;
	bad = put(d, "]\");\n", 5) < 0;
	if (!bad && (fflush(d->chunk) != 0 || ferror(d->chunk))) {
		p = chunk_path(d, d->nchunks - 1);
		say(p, "write failed", errno);
		free(p);
		bad = 1;
	}
	if (fclose(d->chunk) != 0 && !bad) {
		p = chunk_path(d, d->nchunks - 1);
		say(p, "write failed", errno);
		free(p);
		bad = 1;
	}
	d->chunk = NULL;
	return bad ? -1 : 0;
}

int
outdir_case(struct outdir *d, long n, const char *j)
{
	struct buf b = { 0 };
	char *p;
	int ret;

	if (d->chunk != NULL && (d->incur >= OUTDIR_CASES ||
	    d->bytes >= OUTDIR_BYTES) && close_chunk(d) < 0)
		return -1;
	if (d->chunk == NULL) {
		p = chunk_path(d, d->nchunks);
		if ((d->chunk = fopen(p, "w")) == NULL) {
			say(p, "cannot be written", errno);
			free(p);
			return -1;
		}
		free(p);
		if ((size_t)d->nchunks == d->cap) {
			d->cap = d->cap ? 2 * d->cap : 64;
			d->first = xreallocarray(d->first, d->cap,
			    sizeof *d->first);
		}
		d->first[d->nchunks++] = n;
		d->bytes = 0;
		d->incur = 0;
		buf_printf(&b, "lgReportChunk(%ld,%ld,\"[", d->nchunks - 1, n);
	} else {
		buf_putc(&b, ',');
	}
	js_esc(&b, j);
	d->incur++;
	ret = put(d, b.s, b.len);
	buf_free(&b);
	return ret;
}

FILE *
outdir_page(struct outdir *d)
{
	char *p;
	FILE *f;

	if (close_chunk(d) < 0)
		return NULL;
	p = xasprintf("%s/index.html", d->stage);
	if ((f = fopen(p, "w")) == NULL)
		say(p, "cannot be written", errno);
	free(p);
	return f;
}

int
outdir_commit(struct outdir *d, FILE *f)
{
	char *p = xasprintf("%s/index.html", d->stage);
	int bad = fflush(f) != 0 || ferror(f), e = errno;

	if (fclose(f) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	if (bad)
		say(p, "write failed", e);
	free(p);
	if (!bad && rename(d->stage, d->dir) < 0) {
		say(d->dir, "cannot be made (the report is not written)", errno);
		bad = 1;
	}
	if (bad) {
		outdir_abort(d);
		return -1;
	}
	outdir_free(d);
	return 0;
}

void
outdir_abort(struct outdir *d)
{
	long k;
	char *p;

	if (d->chunk != NULL)
		fclose(d->chunk);
	d->chunk = NULL;
	if (d->stage != NULL) {
		for (k = 0; k < d->nchunks; k++) {
			p = chunk_path(d, k);
			unlink(p);
			free(p);
		}
		p = xasprintf("%s/index.html", d->stage);
		unlink(p);
		free(p);
		p = xasprintf("%s/cases", d->stage);
		rmdir(p);
		free(p);
		if (rmdir(d->stage) < 0 && errno != ENOENT)
			say(d->stage, "left behind", errno);
	}
	outdir_free(d);
}

void
outdir_free(struct outdir *d)
{
	if (d->chunk != NULL)
		fclose(d->chunk);
	free(d->dir);
	free(d->stage);
	free(d->first);
	memset(d, 0, sizeof *d);
}
