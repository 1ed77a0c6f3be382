/*
 * units.c: a group's resampling units (agg.h, struct units): one per case
 * (a record, or the records of one case member: samples), found by a hash
 * of their ids.  Per record nothing is printed or allocated but for a new
 * unit: the ids are interned in one growing text, the units kept in their
 * short form when the bench sums nothing beyond w, sum, s, ss and aux.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "util.h"
#include "xalloc.h"

/* The short form: struct unit's w, sum, s, ss and aux in the order of
 * struct unit, so that memcmp orders two short units as it orders them
 * whole (the members between are 0 in both). */
struct unit_short {
	double w, sum, s, ss, aux;
};

void
units_get(const struct units *us, size_t i, struct unit *u)
{
	const struct unit_short *s;

	if (us->usz == sizeof *u) {
		memcpy(u, us->v + i * us->usz, sizeof *u);
		return;
	}
	s = (const struct unit_short *)(const void *)(us->v + i * us->usz);
	memset(u, 0, sizeof *u);
	u->w = s->w;
	u->sum = s->sum;
	u->s = s->s;
	u->ss = s->ss;
	u->aux = s->aux;
}

static void
units_put(struct units *us, size_t i, const struct unit *u)
{
	struct unit_short *s;

	if (us->usz == sizeof *u) {
		memcpy(us->v + i * us->usz, u, sizeof *u);
		return;
	}
	s = (struct unit_short *)(void *)(us->v + i * us->usz);
	s->w = u->w;
	s->sum = u->sum;
	s->s = u->s;
	s->ss = u->ss;
	s->aux = u->aux;
}

/* The units of us whole from now on (a merge of whole units into short). */
static void
units_widen(struct units *us)
{
	unsigned char *v;
	size_t i;

	if (us->usz == sizeof(struct unit))
		return;
	v = xcalloc(us->cap ? us->cap : 1, sizeof(struct unit));
	for (i = 0; i < us->n; i++)
		units_get(us, i, (struct unit *)(void *)(v + i * sizeof(struct unit)));
	free(us->v);
	us->v = v;
	us->usz = sizeof(struct unit);
}

static const char *
unit_id(const struct units *us, size_t i)
{
	return us->id[i] ? us->ids + us->id[i] - 1 : NULL;
}

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

/* The index + 1 of the unit whose id is kind and id, or 0; *at: its
 * slot, or the free slot where it goes. */
static size_t
units_find(const struct units *us, int kind, const char *id, size_t *at)
{
	size_t s = text_hash(id) & (us->nslot - 1), i;
	const char *k;

	while (us->slot[s] != 0) {
		i = us->slot[s] - 1;
		k = unit_id(us, i);
		if (k[0] == kind && strcmp(k + 1, id) == 0) {
			*at = s;
			return i + 1;
		}
		s = (s + 1) & (us->nslot - 1);
	}
	*at = s;
	return 0;
}

static void
slots_grow(struct units *us)
{
	size_t i, s, n = us->nslot ? 2 * us->nslot : 64;
	const char *k;

	free(us->slot);
	us->slot = xcalloc(n, sizeof *us->slot);
	us->nslot = n;
	for (i = 0; i < us->n; i++)
		if ((k = unit_id(us, i)) != NULL &&
		    units_find(us, k[0], k + 1, &s) == 0)
			us->slot[s] = i + 1;	/* a repeated id: its first */
}

/* Intern kind and id (id NULL: none): the offset + 1, or 0. */
static size_t
intern(struct units *us, int kind, const char *id)
{
	size_t len, at;

	if (id == NULL)
		return 0;
	len = strlen(id) + 2;
	if (us->icap - us->ilen < len) {
		while (us->icap - us->ilen < len)
			us->icap = us->icap ? 2 * us->icap : 256;
		us->ids = xrealloc(us->ids, us->icap);
	}
	at = us->ilen;
	us->ids[at] = (char)kind;
	memcpy(us->ids + at + 1, id, len - 1);
	us->ilen += len;
	return at + 1;
}

/* A new unit u, its id kind and id (NULL: none); its index. */
static size_t
units_new(struct units *us, int kind, const char *id, const struct unit *u)
{
	if (us->n == us->cap) {
		us->cap = us->cap ? 2 * us->cap : 16;
		us->v = xreallocarray(us->v, us->cap, us->usz);
		us->id = xreallocarray(us->id, us->cap, sizeof *us->id);
	}
	us->id[us->n] = intern(us, kind, id);
	units_put(us, us->n, u);
	return us->n++;
}

void
units_add(struct units *us, const struct bench *b, const char *case_id,
    const char *rec_id, const struct unit *u)
{
	const char *id = case_id != NULL ? case_id : rec_id;
	int kind = case_id != NULL ? 'c' : 'r';
	struct unit d;
	size_t s, i;

	if (us->usz == 0)
		us->usz = b->unit_add == NULL ? sizeof(struct unit_short) :
		    sizeof(struct unit);
	else if (b->unit_add != NULL)
		units_widen(us);
	if (id == NULL) {
		units_new(us, 'r', NULL, u);
		return;
	}
	if (2 * (us->nids + 1) > us->nslot)
		slots_grow(us);
	if ((i = units_find(us, kind, id, &s)) != 0 && kind == 'c') {
		units_get(us, i - 1, &d);
		unit_add(&d, u, b);
		units_put(us, i - 1, &d);
		if (u->w > 0)
			us->multi = 1;
		return;
	}
	if (i != 0) {
		/* an id seen before, without a case: another case all the
		 * same (as counted before), but worth a warning */
		us->dups++;
		units_new(us, kind, id, u);
		return;
	}
	us->slot[s] = units_new(us, kind, id, u) + 1;
	us->nids++;
}

/* Append b's units to a (cases of different groups stay apart). */
void
units_merge(struct units *a, const struct units *b)
{
	struct unit u;
	const char *k;
	size_t i;

	if (a->usz == 0)
		a->usz = b->usz;
	else if (b->usz > a->usz)
		units_widen(a);
	for (i = 0; i < b->n; i++) {
		units_get(b, i, &u);
		k = unit_id(b, i);
		units_new(a, k ? k[0] : 'r', k ? k + 1 : NULL, &u);
	}
	a->multi |= b->multi;
}

void
units_free(struct units *us)
{
	free(us->v);
	free(us->id);
	free(us->ids);
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
	const struct units *us = sort_units;
	const char *a = unit_id(us, ia), *b = unit_id(us, ib);
	int c = strcmp(a ? a : "", b ? b : "");

	if (c != 0)
		return c;
	return memcmp(us->v + ia * us->usz, us->v + ib * us->usz, us->usz);
}

void
units_sort(struct units *us)
{
	size_t *ix, *id, i;
	unsigned char *v;

	if (us->n == 0)		/* a group of undecided records only */
		return;
	ix = xcalloc(us->n, sizeof *ix);
	for (i = 0; i < us->n; i++)
		ix[i] = i;
	sort_units = us;
	qsort(ix, us->n, sizeof *ix, cmp_unit);
	v = xcalloc(us->n, us->usz);
	id = xcalloc(us->n, sizeof *id);
	for (i = 0; i < us->n; i++) {
		memcpy(v + i * us->usz, us->v + ix[i] * us->usz, us->usz);
		id[i] = us->id[ix[i]];
	}
	free(us->v);
	free(us->id);
	us->v = v;
	us->id = id;
	us->cap = us->n;
	free(us->slot);		/* the case lookup is over */
	us->slot = NULL;
	us->nslot = 0;
	free(ix);
}
