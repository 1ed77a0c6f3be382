/* models.c: read a model metadata file (see models.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "models.h"
#include "tsvfile.h"
#include "util.h"
#include "xalloc.h"

#define CONTEXT_MAX 1000000000L	/* tokens */
#define NCOLS 5

static const char *const head_cols[NCOLS] = { "model", "size", "context",
	"kind", "group" };

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
		if (n > NCOLS)
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
		if (strcmp(w[i], head_cols[i]) != 0)
			break;
	if (n == NCOLS && i == NCOLS)
		return 0;
	lg_warnat(path, no, "want the header model<TAB>size<TAB>context"
	    "<TAB>kind<TAB>group");
	return -1;
}

/* The header, then each line (tsvfile.h). */
static int
line(void *ctx, char **w, int n, int header, const char *path, long no)
{
	struct models *ms = ctx;

	if (header)
		return check_header(w, n, path, no);
	return take(ms, w, n, path, no);
}

int
models_read(struct models *ms, const char *path)
{
	free(ms->path);
	ms->path = xstrdup(path);
	return tsv_read(path, NCOLS, line, ms);
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
