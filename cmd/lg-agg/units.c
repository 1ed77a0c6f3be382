/*
 * units.c: a group's resampling units (agg.h, struct units): one per case
 * (a record, or the records of one case member: samples), found by a hash
 * of their ids; and the hash of the group table.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "util.h"
#include "xalloc.h"

/* Add b's sums to a: a case's samples (the bench's own sums by its
 * unit_add). */
static void
unit_add(struct unit *a, const struct unit *b, const struct bench *bench)
{
	a->w += b->w;
	a->sum += b->sum;
	if (bench->unit_add != NULL)
		bench->unit_add(a, b);
	a->s += b->s;
	a->ss += b->ss;
}

/* The unit whose id is kind and id, or NULL; *at: its slot, or the free
 * slot where it goes. */
static struct unit *
units_find(const struct units *us, int kind, const char *id, size_t *at)
{
	size_t s = text_hash(id) & (us->nslot - 1), i;

	while (us->slot[s] != 0) {
		i = us->slot[s] - 1;
		if (us->ids[i][0] == kind && strcmp(us->ids[i] + 1, id) == 0) {
			*at = s;
			return &us->v[i];
		}
		s = (s + 1) & (us->nslot - 1);
	}
	*at = s;
	return NULL;
}

static void
slots_grow(struct units *us)
{
	size_t i, s, n = us->nslot ? 2 * us->nslot : 64;

	free(us->slot);
	us->slot = xcalloc(n, sizeof *us->slot);
	us->nslot = n;
	for (i = 0; i < us->n; i++)
		if (us->ids[i] != NULL &&
		    units_find(us, us->ids[i][0], us->ids[i] + 1, &s) == NULL)
			us->slot[s] = i + 1;	/* a repeated id: its first */
}

/* A unit; its id is "c" and the case, "r" and the record's id, or NULL. */
static struct unit *
units_new(struct units *us, int kind, const char *id)
{
	if (us->n == us->cap) {
		us->cap = us->cap ? 2 * us->cap : 16;
		us->v = xreallocarray(us->v, us->cap, sizeof *us->v);
		us->ids = xreallocarray(us->ids, us->cap, sizeof *us->ids);
	}
	memset(&us->v[us->n], 0, sizeof us->v[us->n]);
	us->ids[us->n] = id ? xasprintf("%c%s", kind, id) : NULL;
	return &us->v[us->n++];
}

void
units_add(struct units *us, const struct bench *b, const char *case_id,
    const char *rec_id, const struct unit *u)
{
	const char *id = case_id != NULL ? case_id : rec_id;
	int kind = case_id != NULL ? 'c' : 'r';
	struct unit *d;
	size_t s;

	if (id == NULL) {
		*units_new(us, 'r', NULL) = *u;
		return;
	}
	if (2 * (us->nids + 1) > us->nslot)
		slots_grow(us);
	if ((d = units_find(us, kind, id, &s)) != NULL && kind == 'c') {
		unit_add(d, u, b);
		if (u->w > 0)
			us->multi = 1;
		return;
	}
	if (d != NULL) {
		/* an id seen before, without a case: another case all the
		 * same (as counted before), but worth a warning */
		us->dups++;
		*units_new(us, kind, id) = *u;
		return;
	}
	*units_new(us, kind, id) = *u;
	us->slot[s] = us->n;
	us->nids++;
}

/* Append b's units to a (cases of different groups stay apart). */
void
units_merge(struct units *a, const struct units *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		*units_new(a, 'r', b->ids[i]) = b->v[i];
	a->multi |= b->multi;
}

void
units_free(struct units *us)
{
	size_t i;

	for (i = 0; i < us->n; i++)
		free(us->ids[i]);
	free(us->ids);
	free(us->v);
	free(us->slot);
	memset(us, 0, sizeof *us);
}

/* The units in a canonical order (by id, then by content), so that the
 * draws do not depend on the order of the records. */
static const struct units *sort_units;

static int
cmp_unit(const void *pa, const void *pb)
{
	size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
	const char *a = sort_units->ids[ia], *b = sort_units->ids[ib];
	int c = strcmp(a ? a : "", b ? b : "");

	if (c != 0)
		return c;
	return memcmp(&sort_units->v[ia], &sort_units->v[ib],
	    sizeof sort_units->v[ia]);
}

void
units_sort(struct units *us)
{
	size_t *ix, i;
	struct unit *v;
	char **ids;

	if (us->n == 0)		/* a group of undecided records only */
		return;
	ix = xcalloc(us->n, sizeof *ix);
	v = xcalloc(us->n, sizeof *v);
	ids = xcalloc(us->n, sizeof *ids);
	for (i = 0; i < us->n; i++)
		ix[i] = i;
	sort_units = us;
	qsort(ix, us->n, sizeof *ix, cmp_unit);
	for (i = 0; i < us->n; i++) {
		v[i] = us->v[ix[i]];
		ids[i] = us->ids[ix[i]];
	}
	memcpy(us->v, v, us->n * sizeof *v);
	memcpy(us->ids, ids, us->n * sizeof *ids);
	free(us->slot);		/* the case lookup is over */
	us->slot = NULL;
	us->nslot = 0;
	free(ix);
	free(v);
	free(ids);
}

