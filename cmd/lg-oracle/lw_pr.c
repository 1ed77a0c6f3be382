/*
 * lg-oracle: reference answers for the LongWeave pr task.
 *
 * The answer writes every segment of vars.segments back in the order of
 * gold.order, each as "[[Segment L]]", a newline and its text, the segments
 * separated by a blank line.  Degradations, in this order:
 *
 *   --forget-after F  the segments from position floor(F*n) on are written
 *                     in a random order (shuffle)
 *   --drop P          each position, in turn, is swapped with probability P
 *                     with another position drawn uniformly
 *   --stop-at F       only the first floor(F*n) segments are written
 *
 * --words has no effect on this task.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

/* The text of the segment labelled label, or NULL. */
static const char *
seg_text(const cJSON *segs, long label)
{
	const cJSON *s;

	cJSON_ArrayForEach(s, segs) {
		const char *t = rec_str(s, "text");

		if (rec_long(s, "label", -1) == label && label >= 0 && t != NULL)
			return t;
	}
	return NULL;
}

static int
write_answer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const cJSON *order = rec_get(rec_get(rec, "gold"), "order");
	const cJSON *segs = rec_get(rec_get(rec, "vars"), "segments"), *v;
	const char **text;
	long *lab, *seq, n, i, j, cut, keep, t;
	struct buf out = { 0 };

	if (!cJSON_IsArray(order) || (n = cJSON_GetArraySize(order)) < 1)
		return rec_fail(rec, in, "oracle",
		    "gold.order must be a non-empty array");
	if (!cJSON_IsArray(segs))
		return rec_fail(rec, in, "oracle",
		    "vars.segments must be an array");
	lab = xreallocarray(NULL, (size_t)n, sizeof *lab);
	seq = xreallocarray(NULL, (size_t)n, sizeof *seq);
	text = xreallocarray(NULL, (size_t)n, sizeof *text);
	i = 0;
	cJSON_ArrayForEach(v, order) {
		double d = cJSON_IsNumber(v) ? v->valuedouble : -1;

		lab[i] = d >= 0 && d <= 1e9 && d == floor(d) ? (long)d : -1;
		text[i] = seg_text(segs, lab[i]);
		if (text[i] == NULL) {
			char msg[96];

			if (lab[i] < 0)
				snprintf(msg, sizeof msg, "gold.order: item %ld is not "
				    "a label (an integer from 0 to 1e9)", i);
			else
				snprintf(msg, sizeof msg, "gold.order: label %ld has no "
				    "text in vars.segments", lab[i]);
			free(lab);
			free(seq);
			free(text);
			return rec_fail(rec, in, "oracle", "%s", msg);
		}
		i++;
	}
	/* the order of positions, degraded */
	for (i = 0; i < n; i++)
		seq[i] = i;
	cut = o->forget_after < 1 ? (long)floor(o->forget_after * (double)n) : n;
	if (cut < n)
		rng_shuffle(r, seq + cut, (size_t)(n - cut), sizeof *seq);
	if (o->drop > 0 && n > 1) {
		for (i = 0; i < n; i++) {
			if (rng_random(r) >= o->drop)
				continue;
			j = (long)rng_below(r, (uint64_t)n - 1);
			if (j >= i)
				j++;
			t = seq[i];
			seq[i] = seq[j];
			seq[j] = t;
		}
	}
	keep = o->stop_at < 1 ? (long)floor(o->stop_at * (double)n) : n;
	for (i = 0; i < keep; i++)
		buf_printf(&out, "%s[[Segment %ld]]\n%s", i ? "\n\n" : "",
		    lab[seq[i]], text[seq[i]]);
	rec_set_str(rec, "output", buf_str(&out));
	buf_free(&out);
	free(lab);
	free(seq);
	free(text);
	return REC_OK;
}

/* --repeat's unit: a segment */
const lw_writer lw_oracle_pr = {
	.task = "pr",
	.fn = write_answer,
	.units = { .sep = "\n\n", .opens = "[[Segment " },
};
