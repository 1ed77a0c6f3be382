/*
 * lg-gen longweave: the pr task (PARAGRAPH_ORDERING), paragraph reordering.
 *
 * The corpus (--corpus) is one plain-text file or a directory of them, one
 * document per file; a directory's regular files whose names do not start
 * with a dot are read in byte order of their names, subdirectories are not
 * entered.  Paragraphs are separated by blank lines; inside a paragraph the
 * line breaks and runs of white space become single spaces.
 *
 * A case takes a window of consecutive paragraphs from one document and
 * cuts it into n segments.  A segment is the longest run of consecutive
 * paragraphs whose words fit the tier's segment size (a longer paragraph is
 * a segment by itself):
 *
 *   tier  segments  words per segment  at most, in tokens (words * 1.3)
 *   1k    5         120                780
 *   2k    8         150                1560
 *   4k    12        200                3120
 *   8k    16        300                6240
 *
 * so that the answer, every segment written back with its label, stays
 * within about three quarters of the tier's output budget (as long as no
 * paragraph is longer than a segment).  --segments and --segment-words
 * replace the table's numbers for every tier of the run.  Draws from the
 * case seed, as Python's random would make them: choice() of a document
 * among those with at least one window for the tier, choice() of the
 * window's first paragraph among those that give one, then shuffle() of the
 * n segments.  The segment shown at position i is labelled i, as published.
 *
 * vars: segments [{label, text}] in the order shown, n, last (n - 1).
 * checks: [{kind: "order", n}].
 * gold: order (the labels in the true order), doc (the file's name),
 * paragraph (index of the window's first paragraph in the document), words.
 *
 * The corpus lives here from init() to fini().
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "corpus.h"
#include "diag.h"
#include "gen.h"
#include "longweave.h"
#include "record.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

#define NTIERS 4
typedef struct {
	size_t segs;
	size_t words;
} shape;

static const shape published[NTIERS] = {
	{ 5, 120 },	/* 1k */
	{ 8, 150 },	/* 2k */
	{ 12, 200 },	/* 4k */
	{ 16, 300 },	/* 8k */
};

typedef struct {
	char *name;		/* file name, without the corpus path */
	char **para;		/* paragraphs, white space folded */
	size_t *words;		/* words of each paragraph */
	size_t npara;
	size_t *starts[NTIERS];	/* first paragraphs of whole windows */
	size_t nstarts[NTIERS];
} doc;

static shape tiers[NTIERS];	/* this run's: published, or the options */
static doc *docs;
static size_t ndocs;
static int warned[NTIERS];

/* End of the segment that begins at paragraph p. */
static size_t
seg_end(const doc *d, size_t p, size_t target)
{
	size_t q = p, sum = 0;

	while (q < d->npara && (q == p || sum + d->words[q] <= target))
		sum += d->words[q++];
	return q;
}

/* A paragraph into d (corpus_paragraphs()'s callback). */
typedef struct {
	doc *d;
	size_t cap;
} paras;

static void
add_para(struct buf *p, void *arg)
{
	paras *ps = arg;
	doc *d = ps->d;

	if (d->npara == ps->cap) {
		ps->cap = ps->cap ? 2 * ps->cap : 64;
		d->para = xreallocarray(d->para, ps->cap, sizeof *d->para);
		d->words = xreallocarray(d->words, ps->cap, sizeof *d->words);
	}
	d->words[d->npara] = count_words(p->s, p->len);
	d->para[d->npara++] = buf_take(p);
}

static void
find_starts(doc *d)
{
	size_t t, p, k, q;

	for (t = 0; t < NTIERS; t++) {
		d->starts[t] = xreallocarray(NULL, d->npara + 1, sizeof(size_t));
		d->nstarts[t] = 0;
		for (p = 0; p < d->npara; p++) {
			for (k = 0, q = p; k < tiers[t].segs && q < d->npara; k++)
				q = seg_end(d, q, tiers[t].words);
			if (k == tiers[t].segs)
				d->starts[t][d->nstarts[t]++] = p;
		}
	}
}

/* One document of the corpus (corpus_each): its paragraphs and starts. */
static int
add_doc(const char *name, const char *text, size_t len, void *arg)
{
	doc *d;
	paras ps = { NULL, 0 };

	(void)arg;
	docs = xreallocarray(docs, ndocs + 1, sizeof *docs);
	d = &docs[ndocs++];
	memset(d, 0, sizeof *d);
	d->name = xstrdup(name);
	ps.d = d;
	corpus_paragraphs(text, len, add_para, &ps);
	find_starts(d);
	return 0;
}

/* --corpus (the shipped one when not given: shipped, owned here);
 * --segments, --segment-words, 0: the tier's */
static const char *corpus;
static char *shipped;
static long segments, segment_words;
static const lw_option options[] = {
	{ .name = "corpus", .str = &corpus },
	{ .name = "segments", .min = 2, .max = LW_MAX_SEGMENTS, .num = &segments },
	{ .name = "segment-words", .min = 1, .max = LW_MAX_SEGMENT_WORDS,
	    .num = &segment_words },
	{ .name = NULL }
};

static void
fini(void)
{
	size_t i, j, t;

	for (i = 0; i < ndocs; i++) {
		for (j = 0; j < docs[i].npara; j++)
			free(docs[i].para[j]);
		for (t = 0; t < NTIERS; t++)
			free(docs[i].starts[t]);
		free(docs[i].para);
		free(docs[i].words);
		free(docs[i].name);
	}
	free(docs);
	docs = NULL;
	ndocs = 0;
	if (corpus == shipped)
		corpus = NULL;
	free(shipped);
	shipped = NULL;
}

static int
init(void)
{
	struct stat st;
	size_t t;
	int ret;

	/* the shipped corpus unless --corpus names another */
	if (corpus == NULL)
		corpus = shipped = share_path(GEN_DEFAULT_CORPUS);
	for (t = 0; t < NTIERS; t++) {
		tiers[t] = published[t];
		if (segments)
			tiers[t].segs = (size_t)segments;
		if (segment_words)
			tiers[t].words = (size_t)segment_words;
	}
	if (stat(corpus, &st) < 0) {
		lg_warn("--corpus %s: %s", corpus, strerror(errno));
		fini();
		return -1;
	}
	ret = corpus_each(corpus, add_doc, NULL);
	if (ret == 0 && ndocs == 0) {
		lg_warn("--corpus %s: no documents", corpus);
		ret = -1;
	}
	if (ret < 0)
		fini();
	return ret;
}

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	int t = c->tier_index;
	size_t nseg = tiers[t].segs, target = tiers[t].words;
	size_t *elig, ne = 0, i, k, p, q, total = 0;
	size_t *idx, *where;
	cJSON *vars, *segs, *checks, *check, *gold, *order;
	const doc *d;
	struct buf *text;

	elig = xreallocarray(NULL, ndocs + 1, sizeof *elig);
	for (i = 0; i < ndocs; i++)
		if (docs[i].nstarts[t] > 0)
			elig[ne++] = i;
	if (ne == 0) {
		if (!warned[t])
			lg_warn("--corpus %s: no document has %zu segments of up to "
			    "%zu words for tier %s", corpus, nseg, target,
			    c->tier);
		warned[t] = 1;
		free(elig);
		return -1;
	}
	d = &docs[elig[rng_choice(r, ne)]];
	free(elig);
	p = d->starts[t][rng_choice(r, d->nstarts[t])];

	text = xcalloc(nseg, sizeof *text);
	idx = xreallocarray(NULL, nseg, sizeof *idx);
	where = xreallocarray(NULL, nseg, sizeof *where);
	for (k = 0, q = p; k < nseg; k++) {
		size_t e = seg_end(d, q, target);

		for (; q < e; q++) {
			if (text[k].len > 0)
				buf_putc(&text[k], '\n');
			buf_puts(&text[k], d->para[q]);
			total += d->words[q];
		}
	}
	for (k = 0; k < nseg; k++)
		idx[k] = k;
	rng_shuffle(r, idx, nseg, sizeof idx[0]);
	for (k = 0; k < nseg; k++)
		where[idx[k]] = k;

	vars = cJSON_CreateObject();
	segs = cJSON_AddArrayToObject(vars, "segments");
	for (k = 0; k < nseg; k++) {
		cJSON *s = cJSON_CreateObject();

		cJSON_AddNumberToObject(s, "label", (double)k);
		cJSON_AddStringToObject(s, "text", buf_str(&text[idx[k]]));
		cJSON_AddItemToArray(segs, s);
	}
	cJSON_AddNumberToObject(vars, "n", (double)nseg);
	cJSON_AddNumberToObject(vars, "last", (double)nseg - 1);
	rec_set(rec, "vars", vars);

	checks = cJSON_CreateArray();
	check = cJSON_CreateObject();
	cJSON_AddStringToObject(check, "kind", "order");
	cJSON_AddNumberToObject(check, "n", (double)nseg);
	cJSON_AddItemToArray(checks, check);
	rec_set(rec, "checks", checks);

	gold = cJSON_CreateObject();
	order = cJSON_AddArrayToObject(gold, "order");
	for (k = 0; k < nseg; k++)
		cJSON_AddItemToArray(order, cJSON_CreateNumber((double)where[k]));
	cJSON_AddStringToObject(gold, "doc", d->name);
	cJSON_AddNumberToObject(gold, "paragraph", (double)p);
	cJSON_AddNumberToObject(gold, "words", (double)total);
	rec_set(rec, "gold", gold);

	for (k = 0; k < nseg; k++)
		buf_free(&text[k]);
	free(text);
	free(idx);
	free(where);
	return 0;
}

const lw_task lw_pr = {
	.name = "pr", .published = "PARAGRAPH_ORDERING",
	.init = init, .gen = gen, .fini = fini, .options = options,
};
