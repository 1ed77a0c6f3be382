/* extscores.c: read another benchmark's scores (see extscores.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "extscores.h"
#include "tsvfile.h"
#include "util.h"
#include "xalloc.h"

#define EXT_SCORE_MAX 1e9

static int
ext_header(struct extscores *es, char **w, int n, long no)
{
	if (n == 2 && strcmp(w[0], "model") == 0 && strcmp(w[1], "score") == 0)
		return 0;
	if (n == 3 && strcmp(w[0], "model") == 0 &&
	    strcmp(w[1], "length") == 0 && strcmp(w[2], "score") == 0) {
		es->by_length = 1;
		return 0;
	}
	lg_warnat(es->path, no, "want the header model<TAB>score or "
	    "model<TAB>length<TAB>score");
	return -1;
}

static int
ext_take(struct extscores *es, char **w, int n, long no)
{
	int want = es->by_length ? 3 : 2;
	const char *len = es->by_length ? w[1] : NULL;
	struct extscore *e;
	double v;

	if (n != want) {
		lg_warnat(es->path, no, "want %d fields separated by tabs, as "
		    "the header", want);
		return -1;
	}
	if (w[0][0] == '\0' || (len != NULL && *len == '\0')) {
		lg_warnat(es->path, no, "%s: empty", w[0][0] ? "length" : "model");
		return -1;
	}
	if (parse_double(w[want - 1], &v) < 0 || !isfinite(v) ||
	    fabs(v) > EXT_SCORE_MAX) {
		lg_warnat(es->path, no, "score: not a number from -%g to %g: %s",
		    EXT_SCORE_MAX, EXT_SCORE_MAX, w[want - 1]);
		return -1;
	}
	if (extscores_find(es, w[0], len) != NULL) {
		lg_warnat(es->path, no, "%s%s%s: scored twice", w[0],
		    len ? " at " : "", len ? len : "");
		return -1;
	}
	es->s = xreallocarray(es->s, es->n + 1, sizeof *es->s);
	e = &es->s[es->n++];
	e->model = xstrdup(w[0]);
	e->length = len ? xstrdup(len) : NULL;
	e->score = v;
	return 0;
}

/* The header, then each line (tsvfile.h). */
static int
ext_line(void *ctx, char **w, int n, int header, const char *path, long no)
{
	struct extscores *es = ctx;

	(void)path;
	if (header)
		return ext_header(es, w, n, no);
	return ext_take(es, w, n, no);
}

int
extscores_read(struct extscores *es, const char *path)
{
	es->path = xstrdup(path);
	return tsv_read(path, 3, ext_line, es);
}

const struct extscore *
extscores_find(const struct extscores *es, const char *model,
    const char *length)
{
	size_t i;

	for (i = 0; es != NULL && i < es->n; i++)
		if (strcmp(es->s[i].model, model) == 0 && (!es->by_length ||
		    (length != NULL && strcmp(es->s[i].length, length) == 0)))
			return &es->s[i];
	return NULL;
}

void
extscores_clear(struct extscores *es)
{
	size_t i;

	for (i = 0; i < es->n; i++) {
		free(es->s[i].model);
		free(es->s[i].length);
	}
	free(es->s);
	free(es->path);
	memset(es, 0, sizeof *es);
}
