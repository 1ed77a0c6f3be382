/*
 * models.h: a model metadata file, what the papers' tables say of each
 * model beside its scores.  TSV, a header line then one model a line:
 *
 *   model<TAB>size<TAB>context<TAB>kind<TAB>group
 *
 * model is the name as in the records (gen.model); size free text ("8B",
 * "-"), may be empty; context the claimed context in tokens (128000, or
 * with K or M: "128K" is 128 x 1024); kind "standard" or "reasoning";
 * group free text, a row group of the paper's tables ("Closed-source"),
 * may be empty.  Blank lines and lines starting with '#' are skipped.
 * A model named twice, a bad field or a wrong header is refused with its
 * FILE:LINE.  The caller owns the struct models and frees it with
 * models_clear(); the strings in it belong to it.
 */
#ifndef LG_MODELS_H
#define LG_MODELS_H

#include <stddef.h>

enum { MODEL_STANDARD, MODEL_REASONING };

struct model_meta {
	char *model;
	char *size;		/* "" when not given */
	long context;		/* claimed context, tokens */
	int kind;		/* MODEL_STANDARD or MODEL_REASONING */
	char *group;		/* "" when not given */
	size_t line;		/* its line in the file, the order of rows */
};

struct models {
	char *path;
	struct model_meta *m;
	size_t n;
};

/* Read path into ms (empty before): 0; LG_USAGE after a FILE:LINE
 * message for a bad line; LG_SYS when the file cannot be read.  On an
 * error ms keeps what was read before it: free it with models_clear(). */
int models_read(struct models *ms, const char *path);

/* The metadata of model, or NULL when the file does not name it. */
const struct model_meta *models_find(const struct models *ms,
    const char *model);

/* The claimed context as the papers print it ("128K", "2K", "1M",
 * else the tokens); the caller frees it. */
char *models_context(long tokens);

void models_clear(struct models *ms);

#endif
