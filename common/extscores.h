/*
 * extscores.h: another benchmark's scores per model (RULER's, say), to
 * correlate with lg's.  TSV, a header then one score a line:
 *
 *   model<TAB>score             one score per model
 *   model<TAB>length<TAB>score  one per model and length tier ("16k")
 *
 * model as in the records (gen.model), length a tier name as in the
 * records, score a finite number (any scale).  Blank lines and lines
 * starting with '#' are skipped; a model (and length) named twice, a bad
 * score or a wrong header is refused with its FILE:LINE.
 */
#ifndef LG_EXTSCORES_H
#define LG_EXTSCORES_H

#include <stddef.h>

struct extscore {
	char *model;
	char *length;		/* NULL: the file has no length column */
	double score;
};

struct extscores {
	char *path;
	struct extscore *s;
	size_t n;
	int by_length;		/* the file has a length column */
};

/* Read path into es (empty before): 0; LG_USAGE after a FILE:LINE
 * message; LG_SYS when it cannot be read.  Free es with
 * extscores_clear() in any case. */
int extscores_read(struct extscores *es, const char *path);

/* The score of model at length (ignored when the file has no lengths),
 * or NULL. */
const struct extscore *extscores_find(const struct extscores *es,
    const char *model, const char *length);

void extscores_clear(struct extscores *es);

#endif
