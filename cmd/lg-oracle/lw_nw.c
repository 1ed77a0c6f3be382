/*
 * lg-oracle: reference answers for the LongWeave nw task.
 *
 * The answer is an article of about 90% of gold.words words (--words N
 * asks for N instead): one paragraph per category of gold.categories, each
 * statement of gold.statements written once as its "correct" sentence, and
 * plain sentences about the story between them so that every statement
 * stays within the word target.  Degradations, in this order:
 *
 *   --forget-after F  statements from floor(F*n) on are written as the
 *                     prompt gave them ("statement", the flawed form)
 *   --drop P          each statement is left out with probability P
 *   --stop-at F       the article stops after floor(F*W) of its W words
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

#define MAXWORDS 1000000L

static const char *const filler[] = {
	"The story drew attention from residents across the region.",
	"Several community groups asked to be heard before any final decision.",
	"Local business owners said they were watching the situation closely.",
	"Supporters and critics spoke at length during a crowded public meeting.",
	"A report prepared for the board outlined several possible next steps.",
	"Neighbors described a mix of hope and worry about what comes next.",
	"Officials promised regular updates as the work moves forward.",
	"Some residents said they wanted clearer answers about the timeline.",
	"The debate has become one of the most closely followed issues in town.",
	"Organizers thanked the volunteers who helped over many long weekends.",
	"Questions remain about how the effort will be staffed and managed.",
	"People who attended the session said the discussion was respectful.",
};
#define NFILLER (sizeof filler / sizeof filler[0])

static long
count_words(const char *s)
{
	long n = 0;
	int in = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		int w = c >= 0x80 || c == '_' || (c >= '0' && c <= '9') ||
		    ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');

		if (w && !in)
			n++;
		in = w;
	}
	return n;
}

/* Cut s after its first n words (by count_words' rule). */
static void
cut_words(char *s, long n)
{
	long k = 0;
	int in = 0;
	char *p;

	for (p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		int w = c >= 0x80 || c == '_' || (c >= '0' && c <= '9') ||
		    ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');

		if (w && !in && k++ == n) {
			*p = '\0';
			return;
		}
		in = w;
	}
}

static int
write_answer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	cJSON *gold = rec_get(rec, "gold"), *cats, *stmts, *st, *c;
	long target, n, i, forget, sw = 0, budget, per, fw;
	size_t f = 0;
	struct buf out = { 0 };
	char *s;

	if (!cJSON_IsObject(gold))
		return rec_fail(rec, in, "oracle", "no gold object");
	cats = rec_get(gold, "categories");
	stmts = rec_get(gold, "statements");
	target = o->words > 0 ? o->words : rec_long(gold, "words", -1);
	if (!cJSON_IsArray(cats) || !cJSON_IsArray(stmts))
		return rec_fail(rec, in, "oracle",
		    "gold.categories and gold.statements must be arrays");
	if (target < 1 || target > MAXWORDS)
		return rec_fail(rec, in, "oracle",
		    "gold.words must be an integer from 1 to 1000000");
	n = cJSON_GetArraySize(stmts);
	cJSON_ArrayForEach(st, stmts) {
		if (rec_str(st, "category") == NULL || rec_str(st, "statement") == NULL ||
		    rec_str(st, "correct") == NULL)
			return rec_fail(rec, in, "oracle",
			    "gold.statements: each needs category, "
			    "statement and correct");
		sw += count_words(rec_str(st, "correct"));
	}
	forget = (long)floor(o->forget_after * (double)n);
	budget = (long)(0.9 * (double)target) - sw;
	per = n > 0 && budget > 0 ? budget / (n + 1) : 0;
	fw = 0;
	/* an opening paragraph, then one per category */
	while (fw < per) {
		buf_puts(&out, fw ? " " : "");
		buf_puts(&out, filler[f % NFILLER]);
		fw += count_words(filler[f++ % NFILLER]);
	}
	cJSON_ArrayForEach(c, cats) {
		int first = 1;

		if (!cJSON_IsString(c))
			continue;
		i = 0;
		cJSON_ArrayForEach(st, stmts) {
			int keep = rng_random(r) >= o->drop || o->drop <= 0;
			const char *text;

			if (strcmp(rec_str(st, "category"), c->valuestring) != 0) {
				i++;
				continue;
			}
			text = rec_str(st, i >= forget ? "statement" : "correct");
			i++;
			buf_puts(&out, out.len ? (first ? "\n\n" : " ") : "");
			first = 0;
			if (keep) {
				buf_puts(&out, text);
				buf_putc(&out, ' ');
			}
			for (fw = 0; fw < per; ) {
				buf_puts(&out, fw ? " " : "");
				buf_puts(&out, filler[f % NFILLER]);
				fw += count_words(filler[f++ % NFILLER]);
			}
		}
	}
	buf_putc(&out, '\0');
	s = buf_take(&out);
	if (o->stop_at < 1)
		cut_words(s, (long)floor(o->stop_at * (double)count_words(s)));
	rec_set_str(rec, "output", s);
	free(s);
	return REC_OK;
}

/* --repeat's unit: a paragraph of five words or more */
const lw_writer lw_oracle_nw = {
	.task = "nw",
	.fn = write_answer,
	.units = { .sep = "\n\n", .words = 5 },
};
