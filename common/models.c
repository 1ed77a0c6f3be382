/* models.c: read a model metadata file (see models.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "models.h"
#include "util.h"
#include "xalloc.h"

#define MODELS_LINE_MAX 4096
#define MODELS_LINES_MAX 100000L
#define CONTEXT_MAX 1000000000L	/* tokens */
#define NCOLS 5

static const char *const header[NCOLS] = { "model", "size", "context",
	"kind", "group" };

/* Split line (its newline cut) at tabs into w: the fields, or -1 when
 * there are more than NCOLS. */
static int
split(char *line, char **w)
{
	int n = 0;
	char *p = line, *t;

	for (;;) {
		if (n == NCOLS)
			return -1;
		w[n++] = p;
		if ((t = strchr(p, '\t')) == NULL)
			return n;
		*t = '\0';
		p = t + 1;
	}
}

/* "128000", "128K" (x 1024) or "1M" (x 1024 x 1024) into *v. */
static int
context_num(const char *s, long *v)
{
	size_t len = strlen(s);
	long mul = 1, n;
	char num[32];

	if (len == 0 || len >= sizeof num)
		return -1;
	memcpy(num, s, len + 1);
	if (num[len - 1] == 'K' || num[len - 1] == 'k')
		mul = 1024;
	else if (num[len - 1] == 'M' || num[len - 1] == 'm')
		mul = 1024L * 1024;
	if (mul > 1)
		num[--len] = '\0';
	if (len == 0 || strspn(num, "0123456789") != len ||
	    parse_long(num, &n) < 0 || n <= 0 || n > CONTEXT_MAX / mul)
		return -1;
	*v = n * mul;
	return 0;
}

static int
has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* One line's fields into ms: 0, or -1 after a message. */
static int
take(struct models *ms, char **w, int n, const char *path, long no)
{
	struct model_meta *m;
	long ctx;
	int kind;

	if (n != NCOLS) {
		if (n < 0)
			lg_warnat(path, no, "want %d fields separated by tabs "
			    "(model, size, context, kind, group), got more",
			    NCOLS);
		else
			lg_warnat(path, no, "want %d fields separated by tabs "
			    "(model, size, context, kind, group), got %d",
			    NCOLS, n);
		return -1;
	}
	if (w[0][0] == '\0' || has_control(w[0])) {
		lg_warnat(path, no, "model: %s", w[0][0] ? "a control character" :
		    "empty");
		return -1;
	}
	if (context_num(w[2], &ctx) < 0) {
		lg_warnat(path, no, "context: not a number of tokens from 1 "
		    "to %ld (128000, 128K, 1M): %s", CONTEXT_MAX, w[2]);
		return -1;
	}
	if (strcmp(w[3], "standard") == 0)
		kind = MODEL_STANDARD;
	else if (strcmp(w[3], "reasoning") == 0)
		kind = MODEL_REASONING;
	else {
		lg_warnat(path, no, "kind: not standard or reasoning: %s", w[3]);
		return -1;
	}
	if (models_find(ms, w[0]) != NULL) {
		lg_warnat(path, no, "%s: named twice (line %zu)", w[0],
		    models_find(ms, w[0])->line);
		return -1;
	}
	ms->m = xreallocarray(ms->m, ms->n + 1, sizeof *ms->m);
	m = &ms->m[ms->n++];
	m->model = xstrdup(w[0]);
	m->size = xstrdup(w[1]);
	m->context = ctx;
	m->kind = kind;
	m->group = xstrdup(w[4]);
	m->line = (size_t)no;
	return 0;
}

/* The header line: the column names in their order. */
static int
check_header(char **w, int n, const char *path, long no)
{
	int i;

	for (i = 0; i < n && i < NCOLS; i++)
		if (strcmp(w[i], header[i]) != 0)
			break;
	if (n == NCOLS && i == NCOLS)
		return 0;
	lg_warnat(path, no, "want the header model<TAB>size<TAB>context"
	    "<TAB>kind<TAB>group");
	return -1;
}

/* One raw line: 0, 1 when it is skipped, -1 after a message. */
static int
line_check(char *line, ssize_t len, const char *path, long no)
{
	if (no > MODELS_LINES_MAX) {
		lg_warnat(path, no, "more than %ld lines", MODELS_LINES_MAX);
		return -1;
	}
	if (len > MODELS_LINE_MAX) {
		lg_warnat(path, no, "line longer than %d bytes", MODELS_LINE_MAX);
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
models_read(struct models *ms, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *w[NCOLS];
	size_t cap = 0;
	ssize_t len;
	long no = 0;
	int seen_header = 0, r = 0;

	if (f == NULL) {
		lg_warn("%s: %s", path, strerror(errno));
		return LG_SYS;
	}
	free(ms->path);
	ms->path = xstrdup(path);
	while (r == 0 && (len = getline(&line, &cap, f)) >= 0) {
		int n;

		if ((r = line_check(line, len, path, ++no)) != 0) {
			r = r > 0 ? 0 : -1;
			continue;
		}
		n = split(line, w);
		if (!seen_header) {
			r = check_header(w, n, path, no);
			seen_header = 1;
		} else
			r = take(ms, w, n, path, no);
	}
	if (r == 0 && ferror(f)) {
		lg_warn("%s: %s", path, strerror(errno));
		r = -2;
	} else if (r == 0 && !seen_header) {
		lg_warnat(path, no, "no header line");
		r = -1;
	}
	free(line);
	fclose(f);
	return r == 0 ? 0 : r == -2 ? LG_SYS : LG_USAGE;
}

const struct model_meta *
models_find(const struct models *ms, const char *model)
{
	size_t i;

	for (i = 0; ms != NULL && model != NULL && i < ms->n; i++)
		if (strcmp(ms->m[i].model, model) == 0)
			return &ms->m[i];
	return NULL;
}

char *
models_context(long tokens)
{
	const long M = 1024L * 1024;

	if (tokens >= M && tokens % M == 0)
		return xasprintf("%ldM", tokens / M);
	if (tokens >= 1000000 && tokens % 1000000 == 0)
		return xasprintf("%ldM", tokens / 1000000);
	if (tokens >= 1024 && tokens % 1024 == 0)
		return xasprintf("%ldK", tokens / 1024);
	if (tokens >= 1000 && tokens % 1000 == 0)
		return xasprintf("%ldK", tokens / 1000);
	return xasprintf("%ld", tokens);
}

void
models_clear(struct models *ms)
{
	size_t i;

	for (i = 0; i < ms->n; i++) {
		free(ms->m[i].model);
		free(ms->m[i].size);
		free(ms->m[i].group);
	}
	free(ms->m);
	free(ms->path);
	memset(ms, 0, sizeof *ms);
}
