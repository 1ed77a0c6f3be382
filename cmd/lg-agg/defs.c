/*
 * defs.c: records of one task scored by two definitions of the score
 * (scoredef.h) are refused by name, with the counts of each, when a row
 * pools them: a cell, or the average over lengths of the cells that
 * differ in length alone.  Their mean would measure neither.  -g with
 * scores.definition puts each in rows of its own.
 */
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "buf.h"
#include "diag.h"
#include "nulkey.h"

void
group_defs(struct group *g, const cJSON *rec)
{
	scoredef_add(settings_task(g, rec)->defs, rec);
}

/* The group's label without its length (the average rows pool the
 * lengths), a tab and the task. */
static void
pool_key(struct buf *b, const struct group *g, const struct opts *o,
    const char *task)
{
	size_t k;
	char *v;

	buf_reset(b);
	if (fields_find(o->fields, o->nfields, "bench") < 0)
		buf_puts(b, g->bench);
	for (k = 0; k < o->nfields; k++) {
		if ((int)k == o->ilength)
			continue;
		v = nulkey_show(g->val[k]);
		buf_printf(b, "%s%s", b->len ? " " : "", v);
		free(v);
	}
	buf_printf(b, "\t%s", task);
}

int
defs_refused(struct group **g, size_t n, const struct opts *o)
{
	struct scoredefs t = { 0 };
	struct buf b = { 0 }, m = { 0 };
	size_t i, j;
	int any = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < g[i]->ntsets; j++) {
			const long *d = g[i]->tsets[j].defs;
			size_t k;

			pool_key(&b, g[i], o, g[i]->tsets[j].task);
			for (k = 0; k < SCOREDEF_N; k++)
				scoredefs_count(&t, buf_str(&b), (int)k, d[k]);
		}
	for (i = 0; i < t.nkeys; i++) {
		char *tab = strchr(t.keys[i], '\t');

		if (!scoredef_mixed(t.n[i]))
			continue;
		*tab = '\0';
		buf_reset(&m);
		scoredef_say(&m, tab + 1, t.n[i]);
		lg_warn("%s: %s, or split them into rows with -g and "
		    "scores.definition", t.keys[i], buf_str(&m));
		any = 1;
	}
	scoredefs_free(&t);
	buf_free(&b);
	buf_free(&m);
	return any;
}
