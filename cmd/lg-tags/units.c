/* lg-tags: the items and units an answer holds (see tags.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tags.h"
#include "xalloc.h"

void
tag_units_init(tag_units *u, const char *kind, long want)
{
	memset(u, 0, sizeof *u);
	u->kind = kind;
	u->want = want > 0 && want <= TAG_MAX_UNITS ? want : 0;
	if (u->want > 0)
		u->seen = xcalloc((size_t)u->want + 1, 1);
	u->readable = 1;
}

void
tag_units_free(tag_units *u)
{
	free(u->seen);
	free(u->hash);
	u->seen = NULL;
	u->hash = NULL;
}

void
tag_item(tag_units *u, long at)
{
	u->written++;
	u->units_present = 1;
	if (u->seen == NULL || at < 1 || at > u->want)
		return;
	if (u->seen[at] > 0)
		u->dup_item = 1;
	if (u->seen[at] < 2)
		u->seen[at]++;
}

/* FNV-1a over the words of s, each run of blanks read as one space. */
void
tag_unit(tag_units *u, const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;
	int gap = 0, any = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (isspace(c)) {
			gap = any;
			continue;
		}
		if (gap)
			h = (h ^ ' ') * 1099511628211ULL;
		h = (h ^ c) * 1099511628211ULL;
		gap = 0;
		any = 1;
	}
	if (!any)
		return;
	if (u->nunits == u->capunits) {
		u->capunits = u->capunits ? 2 * u->capunits : 64;
		u->hash = xreallocarray(u->hash, u->capunits, sizeof *u->hash);
	}
	u->hash[u->nunits++] = h;
	u->units_present = 1;
}

static int
by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

double
tag_distinct(const tag_units *u)
{
	uint64_t *v;
	size_t i, d;

	if (u->nunits == 0)
		return -1;
	/* copies are units, none of them distinct */
	v = xreallocarray(NULL, u->nunits, sizeof *v);
	memcpy(v, u->hash, u->nunits * sizeof *v);
	qsort(v, u->nunits, sizeof *v, by_value);
	for (i = 1, d = 1; i < u->nunits; i++)
		d += v[i] != v[i - 1];
	free(v);
	return (double)d / ((double)u->nunits + (double)u->copies);
}
