/*
 * parts.c: a record's parts, read once and indexed by position.
 *
 * The parts lg-split writes are read straight from the record's text when
 * they are exactly as it writes them (compact, its keys in its order,
 * integers of at most 15 digits); anything else is read through cJSON,
 * with the same checks and messages.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "judge.h"
#include "record.h"
#include "splice.h"
#include "xalloc.h"

/*
 * The parts exactly as lg-split writes them, compact and in its order of
 * keys ({"at":1,"off":0,"len":9,"word":0,"words":2}, ...): 1, or 0 at the
 * first difference (cJSON then reads them, whatever their shape).
 */
static int
parts_split(parts_index *pi, const char *p, size_t n)
{
	const char *e = p + n;

	pi->n = 0;
	if (!LIT(&p, e, "["))
		return 0;
	if (LIT(&p, e, "]"))
		return p == e;
	for (;;) {
		long at, off, len;

		if (!LIT(&p, e, "{\"at\":") || (at = digits_at(&p, e)) < 0 ||
		    !LIT(&p, e, ",\"off\":") || (off = digits_at(&p, e)) < 0 ||
		    !LIT(&p, e, ",\"len\":") || (len = digits_at(&p, e)) < 0 ||
		    !LIT(&p, e, ",\"word\":") || digits_at(&p, e) < 0 ||
		    !LIT(&p, e, ",\"words\":") || digits_at(&p, e) < 0 ||
		    !LIT(&p, e, "}"))
			return 0;
		if (pi->n == pi->cap) {
			pi->cap = pi->cap ? 2 * pi->cap : 512;
			pi->p = xreallocarray(pi->p, pi->cap, sizeof *pi->p);
		}
		pi->p[pi->n].at = at;
		pi->p[pi->n].off = off;
		pi->p[pi->n].len = len;
		pi->n++;
		if (LIT(&p, e, "]"))
			return p == e;
		if (!LIT(&p, e, ","))
			return 0;
	}
}

/* The parts from cJSON: 1 and the message in msg when one is malformed. */
static int
parts_tree(parts_index *pi, const cJSON *parts, char *msg, size_t n)
{
	static const char *const fields[] = { "at", "off", "len" };
	const cJSON *p;
	int i = 0, f;

	pi->n = 0;
	cJSON_ArrayForEach(p, parts) {
		if (!cJSON_IsObject(p)) {
			snprintf(msg, n, "parts[%d]: not an object", i);
			return 1;
		}
		for (f = 0; f < 3; f++) {
			const cJSON *v = rec_get(p, fields[f]);

			if (!cJSON_IsNumber(v) || v->valuedouble < 0 ||
			    rec_long(p, fields[f], -1) < 0) {
				snprintf(msg, n, "parts[%d].%s: not a non-negative integer",
				    i, fields[f]);
				return 1;
			}
		}
		if (pi->n == pi->cap) {
			pi->cap = pi->cap ? 2 * pi->cap : 512;
			pi->p = xreallocarray(pi->p, pi->cap, sizeof *pi->p);
		}
		pi->p[pi->n].at = rec_long(p, "at", -1);
		pi->p[pi->n].off = rec_long(p, "off", -1);
		pi->p[pi->n].len = rec_long(p, "len", -1);
		pi->n++;
		i++;
	}
	return 0;
}

/* Index positions 0..max when they are few enough, the first part of
 * each position winning. */
static void
index_parts(parts_index *pi)
{
	size_t i, max = 0;

	pi->nidx = 0;
	for (i = 0; i < pi->n; i++)
		if ((size_t)pi->p[i].at > max)
			max = (size_t)pi->p[i].at;
	if (pi->n == 0 || max > 4 * pi->n + 1024)
		return;		/* sparse: part_find() walks them */
	if (max + 1 > pi->idxcap) {
		pi->idxcap = max + 1;
		free(pi->idx);
		pi->idx = xcalloc(pi->idxcap, sizeof *pi->idx);
	}
	pi->nidx = max + 1;
	memset(pi->idx, 0, pi->nidx * sizeof *pi->idx);
	for (i = pi->n; i-- > 0;)
		pi->idx[pi->p[i].at] = i + 1;	/* checked: at <= max */
}

int
parts_load(parts_index *pi, const cJSON *rec, int *isarray, char *msg, size_t n)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(rec, "parts");
	const char *t;
	size_t len;

	*isarray = 0;
	pi->n = pi->nidx = 0;
	if (it != NULL && (t = splice_text(rec, it, &len)) != NULL &&
	    parts_split(pi, t, len)) {
		*isarray = 1;
		index_parts(pi);
		return 0;
	}
	it = rec_get(rec, "parts");
	if (!cJSON_IsArray(it))
		return 0;
	*isarray = 1;
	if (parts_tree(pi, it, msg, n))
		return 1;
	index_parts(pi);
	return 0;
}

const part *
part_find(const parts_index *pi, long at)
{
	size_t i;

	if (at < 0)
		return NULL;
	if (pi->nidx > 0)
		return (size_t)at < pi->nidx && pi->idx[at] ?
		    &pi->p[pi->idx[at] - 1] : NULL;
	for (i = 0; i < pi->n; i++)
		if (pi->p[i].at == at)
			return &pi->p[i];
	return NULL;
}

void
parts_free(parts_index *pi)
{
	free(pi->p);
	free(pi->idx);
	memset(pi, 0, sizeof *pi);
}
