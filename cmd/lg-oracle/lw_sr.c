/*
 * lg-oracle: reference answers for the LongWeave sr task.
 *
 * The report opens with a heading and a summary line, then answers each
 * question of gold.items in order with the item's answer sentence, and
 * fills the rest of gold.words (or --words) with narrative sentences that
 * hold no figures, spread evenly between the answers.  Degradations, in
 * this order:
 *
 *   --forget-after F  from item floor(F*n) on, each answer keeps its
 *                     entities but states wrong numbers (money 25% higher,
 *                     percentages 7.5 points higher, counts 3 higher)
 *   --drop P          each answer is left out with probability P
 *   --stop-at F       only the first floor(F*n) answers are written, with
 *                     their share of the narrative
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "longweave.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

#define MAXITEMS 1000
#define MAXWORDS 100000L

static const char *filler[] = {
	"The team kept a steady rhythm of customer meetings across the period.",
	"Regular pipeline reviews helped the managers spot stalled deals early.",
	"Several accounts asked for bundled offers that combine products and services.",
	"Regional managers should keep coaching the representatives who trail the group.",
	"Customer feedback pointed to fast delivery as a reason for repeat orders.",
	"Pricing stayed close to the list, with discounts kept for new accounts.",
	"The data suggests that focused account planning pays off in larger orders.",
	"Cross-selling between hardware and software remains an open opportunity.",
	"Forecasts for the coming month should weigh the momentum described here.",
	"Marketing support in the smaller cities could widen the customer base.",
};
#define NFILL (sizeof filler / sizeof filler[0])

/* The answer with every number stated wrongly. */
static char *
wrong(const char *ans, const cJSON *nums)
{
	char *s = xstrdup(ans);
	const cJSON *n;

	cJSON_ArrayForEach(n, nums) {
		const char *kind = rec_str(n, "kind"), *text = rec_str(n, "text");
		const cJSON *v = rec_get(n, "value");
		char w[64], *at, *t;

		if (kind == NULL || text == NULL || !cJSON_IsNumber(v) ||
		    (at = strstr(s, text)) == NULL)
			continue;
		if (strcmp(kind, "usd") == 0) {
			double x = floor(v->valuedouble * 1.25) + 7;
			char raw[48];
			size_t len, i, k = 0;

			snprintf(raw, sizeof raw, "%.0f", x);
			len = strlen(raw);
			k = (size_t)snprintf(w, sizeof w, "USD ");
			for (i = 0; i < len && k + 2 < sizeof w; i++) {
				if (i > 0 && (len - i) % 3 == 0)
					w[k++] = ',';
				w[k++] = raw[i];
			}
			w[k] = '\0';
		} else if (strcmp(kind, "pct") == 0)
			snprintf(w, sizeof w, "%.1f", v->valuedouble + 7.5);
		else
			snprintf(w, sizeof w, "%.0f", v->valuedouble + 3);
		t = xasprintf("%.*s%s%s", (int)(at - s), s, w, at + strlen(text));
		free(s);
		s = t;
	}
	return s;
}

static int
write_answer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	cJSON *gold = rec_get(rec, "gold"), *items, *it;
	long n, words, cut, keep, i, m = 0, have = 0, want, f = 0;
	char **ans;
	struct buf out = { 0 };

	if (!cJSON_IsObject(gold))
		return rec_fail(rec, in, "oracle", "no gold object");
	items = rec_get(gold, "items");
	if (!cJSON_IsArray(items))
		return rec_fail(rec, in, "oracle",
		    "gold.items must be an array");
	n = cJSON_GetArraySize(items);
	if (n < 1 || n > MAXITEMS)
		return rec_fail(rec, in, "oracle",
		    "gold.items must hold 1 to 1000 items");
	words = o->words > 0 ? o->words : rec_long(gold, "words", -1);
	if (words < 1 || words > MAXWORDS)
		return rec_fail(rec, in, "oracle",
		    "gold.words must be an integer from 1 to 100000");
	ans = xcalloc((size_t)n, sizeof *ans);
	cut = o->forget_after < 1 ? (long)floor(o->forget_after * (double)n) : n;
	i = 0;
	cJSON_ArrayForEach(it, items) {
		const char *a = rec_str(it, "answer");

		if (a == NULL || strpbrk(a, "\n\r") != NULL) {
			while (m-- > 0)
				free(ans[m]);
			free(ans);
			return rec_fail(rec, in, "oracle",
			    "every gold item needs a one-line answer");
		}
		if (o->drop > 0 && rng_random(r) < o->drop) {
			i++;
			continue;
		}
		ans[m++] = i >= cut ? wrong(a, rec_get(it, "numbers")) : xstrdup(a);
		i++;
	}
	keep = o->stop_at < 1 ? (long)floor(o->stop_at * (double)m) : m;
	buf_puts(&out, "# Sales Performance Report\n\n"
	    "This report reviews the month's orders and answers each question in turn.\n\n");
	for (i = 0; i < m; i++)
		have += (long)count_words(ans[i], strlen(ans[i]));
	want = words - have - 20;
	for (i = 0; i < keep; i++) {
		long per = want > 0 ? want / (m ? m : 1) : 0, got = 0;

		buf_printf(&out, "%s", ans[i]);
		for (;;) {
			const char *s = filler[f % NFILL];
			long w = (long)count_words(s, strlen(s));

			if (got + w > per)
				break;
			buf_printf(&out, " %s", s);
			got += w;
			f++;
		}
		buf_puts(&out, "\n\n");
	}
	for (i = 0; i < m; i++)
		free(ans[i]);
	free(ans);
	rec_set_str(rec, "output", buf_str(&out));
	buf_free(&out);
	return REC_OK;
}

/* --repeat's unit: a paragraph of five words or more */
const lw_writer lw_oracle_sr = {
	.task = "sr",
	.fn = write_answer,
	.units = { .sep = "\n\n", .words = 5 },
};
