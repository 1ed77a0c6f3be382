/* unscored.c: records no scorer touched (unscored.h). */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "record.h"
#include "unscored.h"
#include "xalloc.h"

#define MAX_NAMED 8		/* tasks the sentence names, then "N more" */
#define MAX_TASKS 4096		/* distinct tasks kept */

int
unscored_rec(const cJSON *rec)
{
	const cJSON *sc = rec_get(rec, "scores");

	return (sc == NULL || cJSON_IsNull(sc)) && rec_get(rec, "error") == NULL;
}

void
unscored_note(struct unscored *u, const cJSON *rec)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	struct buf b = { 0 };
	size_t lo = 0, hi = u->ntasks;

	u->n++;
	buf_printf(&b, "%.200s/%.200s", bench ? bench : "?", task ? task : "?");
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(u->tasks[mid], buf_str(&b));

		if (c == 0) {
			buf_free(&b);
			return;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (u->ntasks >= MAX_TASKS) {
		buf_free(&b);
		return;
	}
	u->tasks = xreallocarray(u->tasks, u->ntasks + 1, sizeof *u->tasks);
	memmove(u->tasks + lo + 1, u->tasks + lo,
	    (u->ntasks - lo) * sizeof *u->tasks);
	u->tasks[lo] = buf_take(&b);
	u->ntasks++;
}

void
unscored_say(const struct unscored *u, struct buf *b)
{
	size_t i;

	if (u->n == 0)
		return;
	buf_printf(b, "%ld record%s of ", u->n, u->n == 1 ? "" : "s");
	for (i = 0; i < u->ntasks && i < MAX_NAMED; i++)
		buf_printf(b, "%s%s", i ? ", " : "", u->tasks[i]);
	if (u->ntasks > MAX_NAMED)
		buf_printf(b, " and %zu more tasks", u->ntasks - MAX_NAMED);
	buf_printf(b, " %s never scored (no scores, no error): score them "
	    "with lg-score", u->n == 1 ? "was" : "were");
}

void
unscored_warn(const struct unscored *u)
{
	struct buf b = { 0 };

	if (u->n == 0)
		return;
	unscored_say(u, &b);
	lg_sanitize(b.s);
	lg_warn("%s", buf_str(&b));
	buf_free(&b);
}

void
unscored_free(struct unscored *u)
{
	size_t i;

	for (i = 0; i < u->ntasks; i++)
		free(u->tasks[i]);
	free(u->tasks);
	memset(u, 0, sizeof *u);
}
