/*
 * lg-oracle --repeat P: each unit of the answer written twice with
 * probability P, the copy right after it.  A unit is what lg-tags counts
 * for the task: a LongGenBench entry, a kvg pair, an sms row, a pr
 * segment, a cf function, a biog, sr or nw paragraph of five words or
 * more.  The answer is cut into units at the task's separator; a piece is
 * a unit when it opens as the task's units do and holds none of the bytes
 * that would break the answer's form when written twice (a kvg pair with
 * the closing brace, a cf block with the closing fence).
 */
#include <string.h>

#include "buf.h"
#include "oracle.h"
#include "record.h"
#include "util.h"

static const struct {
	const char *bench, *task;	/* task NULL: every task of bench */
	const char *sep;		/* between units */
	const char *opens;		/* how a unit opens */
	const char *avoid;		/* bytes no unit holds */
	size_t words;			/* the least words of a unit */
} units[] = {
	{ "longgenbench", NULL, "\n\n", "#*#", "", 0 },
	{ "longweave", "kvg", ", ", "\"", "{},", 0 },
	{ "longweave", "sms", "\n", "S", "", 0 },
	{ "longweave", "pr", "\n\n", "[[Segment ", "", 0 },
	{ "longweave", "cf", "\n\n\n", "def ", "`", 0 },
	{ "longweave", "biog", "\n\n", "", "", 5 },
	{ "longweave", "sr", "\n\n", "", "", 5 },
	{ "longweave", "nw", "\n\n", "", "", 5 },
};

static int
is_unit(const char *s, size_t len, size_t k)
{
	size_t i;

	if (len < strlen(units[k].opens) ||
	    memcmp(s, units[k].opens, strlen(units[k].opens)) != 0)
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] != '\0' && strchr(units[k].avoid, s[i]) != NULL)
			return 0;
	return count_words(s, len) >= units[k].words;
}

void
oracle_repeat(cJSON *rec, const oracle_opts *o, rng *r)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	const char *s, *end, *e;
	size_t k, len, seplen;
	buf out = { 0 };

	if (o->repeat <= 0 || (s = rec_strn(rec, "output", &len)) == NULL ||
	    bench == NULL)
		return;
	for (k = 0; k < sizeof units / sizeof units[0]; k++)
		if (strcmp(units[k].bench, bench) == 0 && (units[k].task == NULL ||
		    (task != NULL && strcmp(units[k].task, task) == 0)))
			break;
	if (k == sizeof units / sizeof units[0])
		return;
	seplen = strlen(units[k].sep);
	for (end = s + len; s < end; s = e + seplen) {
		e = memmem(s, (size_t)(end - s), units[k].sep, seplen);
		if (e == NULL)
			e = end;
		if (is_unit(s, (size_t)(e - s), k) && rng_random(r) < o->repeat) {
			buf_add(&out, s, (size_t)(e - s));
			buf_puts(&out, units[k].sep);
		}
		buf_add(&out, s, (size_t)(e - s));
		if (e < end)
			buf_puts(&out, units[k].sep);
	}
	rec_set_str(rec, "output", buf_str(&out));
	buf_free(&out);
}
