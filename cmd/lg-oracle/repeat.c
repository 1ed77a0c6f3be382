/*
 * lg-oracle --repeat P: each unit of the answer written twice with
 * probability P, the copy right after it.  A unit is what lg-tags counts
 * for the task: a LongGenBench entry, or what the LongWeave task's writer
 * entry says (its units, lw_TASK.c).  The answer is cut into units at the
 * task's separator; a piece is a unit when it opens as the task's units
 * do and holds none of the bytes that would break the answer's form when
 * written twice (a closing brace, a closing fence).
 */
#include <string.h>

#include "buf.h"
#include "oracle.h"
#include "record.h"
#include "util.h"

/* A LongGenBench entry, of every scenario. */
static const oracle_units lgb_units = { .sep = "\n\n", .opens = "#*#" };

static int
is_unit(const char *s, size_t len, const oracle_units *u)
{
	const char *opens = u->opens ? u->opens : "";
	size_t i;

	if (len < strlen(opens) || memcmp(s, opens, strlen(opens)) != 0)
		return 0;
	for (i = 0; u->avoid != NULL && i < len; i++)
		if (s[i] != '\0' && strchr(u->avoid, s[i]) != NULL)
			return 0;
	return count_words(s, len) >= u->words;
}

void
oracle_repeat(cJSON *rec, const oracle_opts *o, rng *r)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	const char *s, *end, *e;
	const oracle_units *u = NULL;
	size_t len, seplen;
	struct buf out = { 0 };

	if (o->repeat <= 0 || (s = rec_strn(rec, "output", &len)) == NULL ||
	    bench == NULL)
		return;
	if (strcmp(bench, "longgenbench") == 0)
		u = &lgb_units;
	else if (strcmp(bench, "longweave") == 0)
		u = oracle_longweave_units(task);
	if (u == NULL)
		return;
	seplen = strlen(u->sep);
	for (end = s + len; s < end; s = e + seplen) {
		e = memmem(s, (size_t)(end - s), u->sep, seplen);
		if (e == NULL)
			e = end;
		if (is_unit(s, (size_t)(e - s), u) && rng_random(r) < o->repeat) {
			buf_add(&out, s, (size_t)(e - s));
			buf_puts(&out, u->sep);
		}
		buf_add(&out, s, (size_t)(e - s));
		if (e < end)
			buf_puts(&out, u->sep);
	}
	rec_set_str(rec, "output", buf_str(&out));
	buf_free(&out);
}
