/* tsvfile.c: read a tab-separated file with a header (see tsvfile.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "tsvfile.h"

#define TSV_LINE_MAX 4096
#define TSV_LINES_MAX 100000L

/* line's fields at tabs into w: their number, max + 1 for more */
static int
split(char *line, char **w, int max)
{
	int n = 0;
	char *t;

	for (;;) {
		if (n == max)
			return max + 1;
		w[n++] = line;
		if ((t = strchr(line, '\t')) == NULL)
			return n;
		*t = '\0';
		line = t + 1;
	}
}

/* One raw line: 0, 1 to skip it, -1 after a message. */
static int
check(char *line, ssize_t len, const char *path, long no)
{
	if (no > TSV_LINES_MAX) {
		lg_warnat(path, no, "more than %ld lines", TSV_LINES_MAX);
		return -1;
	}
	if (len > TSV_LINE_MAX) {
		lg_warnat(path, no, "line longer than %d bytes", TSV_LINE_MAX);
		return -1;
	}
	if (memchr(line, '\0', (size_t)len) != NULL) {
		lg_warnat(path, no, "a NUL byte");
		return -1;
	}
	line[strcspn(line, "\r\n")] = '\0';
	return line[0] == '\0' || line[0] == '#';
}

int
tsv_read(const char *path, int maxfields, tsv_line_fn fn, void *ctx)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *w[TSV_FIELDS_MAX];
	size_t cap = 0;
	ssize_t len;
	long no = 0;
	int head = 0, r = 0;

	if (f == NULL) {
		lg_warn("%s: %s", path, strerror(errno));
		return LG_SYS;
	}
	if (maxfields > TSV_FIELDS_MAX)
		maxfields = TSV_FIELDS_MAX;
	while (r == 0 && (len = getline(&line, &cap, f)) >= 0) {
		if ((r = check(line, len, path, ++no)) != 0) {
			r = r > 0 ? 0 : -1;
			continue;
		}
		r = fn(ctx, w, split(line, w, maxfields), !head, path, no);
		head = 1;
	}
	if (r == 0 && ferror(f)) {
		lg_warn("%s: %s", path, strerror(errno));
		r = -2;
	} else if (r == 0 && !head) {
		lg_warnat(path, no, "no header line");
		r = -1;
	}
	free(line);
	fclose(f);
	return r == 0 ? 0 : r == -2 ? LG_SYS : LG_USAGE;
}
