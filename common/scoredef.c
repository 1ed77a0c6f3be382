/* scoredef.c: the definition a record was scored by (scoredef.h). */
#include <string.h>
#include <stdlib.h>

#include "diag.h"
#include "record.h"
#include "scoredef.h"
#include "xalloc.h"

int
scoredef_of(const cJSON *rec)
{
	const cJSON *sc = rec_get(rec, "scores"), *d;
	const cJSON *err = rec_get(rec, "error");

	if (!cJSON_IsObject(sc) || (err != NULL && !cJSON_IsNull(err)))
		return -1;
	d = cJSON_GetObjectItemCaseSensitive(sc, "definition");
	return cJSON_IsString(d) && strcmp(d->valuestring, "paper") == 0 ?
	    SCOREDEF_PAPER : SCOREDEF_CODE;
}

void
scoredef_add(long n[SCOREDEF_N], const cJSON *rec)
{
	int d = scoredef_of(rec);

	if (d >= 0)
		n[d]++;
}

int
scoredef_mixed(const long n[SCOREDEF_N])
{
	return n[SCOREDEF_CODE] > 0 && n[SCOREDEF_PAPER] > 0;
}

void
scoredef_say(struct buf *b, const char *what, const long n[SCOREDEF_N])
{
	buf_printf(b, "records of %s scored by different definitions, %ld by "
	    "the code's and %ld by the paper's (scores.definition \"paper\"): "
	    "score them again under one --definition", what,
	    n[SCOREDEF_CODE], n[SCOREDEF_PAPER]);
}

void
scoredefs_note(struct scoredefs *t, const char *key, const cJSON *rec)
{
	int d = scoredef_of(rec);

	if (d >= 0)
		scoredefs_count(t, key, d, 1);
}

void
scoredefs_count(struct scoredefs *t, const char *key, int d, long k)
{
	size_t i;

	if (k <= 0)
		return;
	/* records come in runs: the last key first */
	if (t->nkeys > 0 && strcmp(t->keys[t->last], key) == 0) {
		t->n[t->last][d] += k;
		return;
	}
	for (i = 0; i < t->nkeys && strcmp(t->keys[i], key) != 0; i++)
		;
	if (i == t->nkeys) {
		t->keys = xreallocarray(t->keys, i + 1, sizeof *t->keys);
		t->n = xreallocarray(t->n, i + 1, sizeof *t->n);
		t->keys[i] = xstrdup(key);
		memset(t->n[i], 0, sizeof t->n[i]);
		t->nkeys++;
	}
	t->last = i;
	t->n[i][d] += k;
}

int
scoredefs_refused(const struct scoredefs *t, const char *hint)
{
	struct buf b = { 0 };
	size_t i;
	int any = 0;

	for (i = 0; i < t->nkeys; i++) {
		if (!scoredef_mixed(t->n[i]))
			continue;
		buf_reset(&b);
		scoredef_say(&b, t->keys[i], t->n[i]);
		lg_warn("%s%s", buf_str(&b), hint != NULL ? hint : "");
		any = 1;
	}
	buf_free(&b);
	return any;
}

void
scoredefs_free(struct scoredefs *t)
{
	size_t i;

	for (i = 0; i < t->nkeys; i++)
		free(t->keys[i]);
	free(t->keys);
	free(t->n);
	memset(t, 0, sizeof *t);
}
