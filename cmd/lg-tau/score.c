/*
 * score.c: one record's order score.
 *
 * The true order is gold.order, the labels in their true order.  The
 * answer's blocks (or, when it has none, its plain list) give labels; by
 * label each maps to the true position of that label, by content
 * (--align content, when vars.segments holds the texts) to the position of
 * the most similar text.  A label that is not in gold.order, or a block
 * with no words to align, is unknown; a second block for a position already
 * taken is a duplicate; both are left out, and the positions never returned
 * are missing.  A longweave/pr answer writes the segments back, so there
 * a block counts only with its content: see score_rewrite().  With C the pairs of returned segments in their true
 * relative order and N = n(n-1)/2 all pairs, score = C / N: the share of all
 * pairs the answer orders right, a pair with a missing segment never being
 * right.  tau = 2 score - 1, which is Kendall's tau-b of the two orders
 * whenever every segment is returned once.  A single segment scores 1 when
 * returned.
 *
 * --compat, for longweave records, applies the published rule instead:
 * the published pattern, the first block of each label kept, score 0
 * unless exactly n labels, alignment by content unless --align label is
 * given, score (1 + tau-b) / 2 with ties from the alignment, 0 when tau-b
 * is undefined.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "record.h"
#include "tau.h"
#include "xalloc.h"

typedef struct {
	long label;
	size_t pos;
} slot;

typedef struct {
	size_t n;		/* segments */
	slot *by_label;		/* sorted by label */
	const char **text;	/* by true position, NULL when none */
	size_t *tlen;
} truth;

typedef struct {
	double score;
	size_t returned, duplicate, unknown;
	int exact;
} result;

static int
cmp_slot(const void *a, const void *b)
{
	const slot *p = a, *q = b;

	return p->label < q->label ? -1 : p->label > q->label;
}

/* True position of a label, or -1. */
static long
pos_of(const truth *t, long label)
{
	slot key = { label, 0 }, *s;

	if (label < 0)
		return -1;
	s = bsearch(&key, t->by_label, t->n, sizeof key, cmp_slot);
	return s ? (long)s->pos : -1;
}

static void
truth_free(truth *t)
{
	free(t->by_label);
	free(t->text);
	free(t->tlen);
}

/* gold.order into t; NULL or the problem. */
static const char *
read_order(const cJSON *rec, truth *t)
{
	const cJSON *order = rec_get(rec_get(rec, "gold"), "order"), *v;
	size_t i = 0;

	memset(t, 0, sizeof *t);
	if (!cJSON_IsObject(rec_get(rec, "gold")))
		return "no gold object";
	if (!cJSON_IsArray(order))
		return "gold.order is not an array";
	if ((t->n = (size_t)cJSON_GetArraySize(order)) == 0)
		return "gold.order is empty";
	t->by_label = xreallocarray(NULL, t->n, sizeof *t->by_label);
	cJSON_ArrayForEach(v, order) {
		double d = cJSON_IsNumber(v) ? v->valuedouble : -1;

		if (d < 0 || d > 999999999 || d != floor(d))
			return "gold.order: want integers from 0 to 999999999";
		t->by_label[i].label = (long)d;
		t->by_label[i].pos = i;
		i++;
	}
	qsort(t->by_label, t->n, sizeof *t->by_label, cmp_slot);
	for (i = 1; i < t->n; i++)
		if (t->by_label[i].label == t->by_label[i - 1].label)
			return "gold.order: a label appears twice";
	return NULL;
}

/* The texts of vars.segments by true position: 1, 0 when there are none, -1. */
static int
read_texts(const cJSON *rec, truth *t, long *missing)
{
	const cJSON *segs = rec_get(rec_get(rec, "vars"), "segments"), *s;
	size_t i;
	long p;

	if (segs == NULL)
		return 0;
	t->text = xcalloc(t->n, sizeof *t->text);
	t->tlen = xcalloc(t->n, sizeof *t->tlen);
	cJSON_ArrayForEach(s, segs) {
		const char *txt = rec_str(s, "text");

		if (txt != NULL && (p = pos_of(t, rec_long(s, "label", -1))) >= 0) {
			t->text[p] = txt;
			t->tlen[p] = strlen(txt);
		}
	}
	for (i = 0; i < t->n; i++) {
		if (t->text[i] == NULL) {
			*missing = t->by_label[0].label;
			for (p = 0; p < (long)t->n; p++)
				if (t->by_label[p].pos == i)
					*missing = t->by_label[p].label;
			return -1;
		}
	}
	return 1;
}

/* Align blocks by content: their text, or all of it when whole is set. */
static void
align(const truth *t, const block *b, size_t m, size_t *out, int *empty,
    double *sim, int whole)
{
	const char **rt = xcalloc(m + 1, sizeof *rt);
	size_t *rl = xcalloc(m + 1, sizeof *rl), i;

	for (i = 0; i < m; i++) {
		rt[i] = whole ? b[i].all : b[i].text;
		rl[i] = whole ? b[i].alen : b[i].len;
	}
	tfidf_align(t->text, t->tlen, t->n, rt, rl, m, out, empty, sim);
	free(rt);
	free(rl);
}

/* Our rule over seq[0..m), distinct true positions. */
static void
pair_score(const truth *t, const size_t *seq, size_t m, result *r)
{
	long *x = xcalloc(m + 1, sizeof *x), *y = xcalloc(m + 1, sizeof *y);
	kt_counts k;
	size_t i;

	r->exact = m == t->n;
	for (i = 0; i < m; i++) {
		x[i] = (long)i;
		y[i] = (long)seq[i];
		if (seq[i] != i)
			r->exact = 0;
	}
	kendall_tau_b(x, y, m, &k);
	if (t->n < 2)
		r->score = m == t->n ? 1 : 0;
	else
		r->score = (double)k.c / ((double)t->n * (double)(t->n - 1) / 2);
	free(x);
	free(y);
}

/* Keep the first of each position: appends to seq, counts duplicates. */
static void
take(size_t pos, char *seen, size_t *seq, result *r)
{
	if (seen[pos]) {
		r->duplicate++;
		return;
	}
	seen[pos] = 1;
	seq[r->returned++] = pos;
}

static void
score_default(const truth *t, const char *out, size_t olen, int content, result *r)
{
	block *b = NULL;
	long *lv = NULL, p;
	size_t nb = parse_blocks(out, olen, &b), nl = 0, i;
	size_t *seq, *al = NULL;
	char *seen = xcalloc(t->n, 1);
	int *empty = NULL;

	if (nb == 0)
		nl = parse_list(out, olen, &lv);
	seq = xcalloc(nb + nl + 1, sizeof *seq);
	if (nb > 0 && content) {
		al = xcalloc(nb, sizeof *al);
		empty = xcalloc(nb, sizeof *empty);
		align(t, b, nb, al, empty, NULL, 0);
	}
	for (i = 0; i < nb + nl; i++) {
		if (al != NULL)
			p = empty[i] ? -1 : (long)al[i];
		else
			p = pos_of(t, nb > 0 ? b[i].label : lv[i]);
		if (p < 0)
			r->unknown++;
		else
			take((size_t)p, seen, seq, r);
	}
	pair_score(t, seq, r->returned, r);
	free(b);
	free(lv);
	free(seq);
	free(al);
	free(empty);
	free(seen);
}

/*
 * A task whose answer writes the segments back (longweave/pr): a block is
 * the segment whose text its whole content is most similar to, when that
 * cosine is at least SIM_MIN; by label (bylabel), only when that segment is
 * also the one its label names.  Other blocks are unknown; lists are not
 * read.
 */
#define SIM_MIN 0.5

static void
score_rewrite(const truth *t, const char *out, size_t olen, int bylabel, result *r)
{
	block *b = NULL;
	size_t nb = parse_blocks(out, olen, &b), i;
	size_t *seq = xcalloc(nb + 1, sizeof *seq), *al = xcalloc(nb + 1, sizeof *al);
	double *sim = xcalloc(nb + 1, sizeof *sim);
	char *seen = xcalloc(t->n, 1);
	long p;

	if (nb > 0)
		align(t, b, nb, al, NULL, sim, 1);
	for (i = 0; i < nb; i++) {
		p = sim[i] >= SIM_MIN ? (long)al[i] : -1;
		if (bylabel && p != pos_of(t, b[i].label))
			p = -1;
		if (p < 0)
			r->unknown++;
		else
			take((size_t)p, seen, seq, r);
	}
	pair_score(t, seq, r->returned, r);
	free(b);
	free(seq);
	free(al);
	free(sim);
	free(seen);
}

static void
score_compat(const truth *t, const char *out, size_t olen, int content, result *r)
{
	block *b = NULL, *keep;
	size_t nb = parse_blocks_compat(out, olen, &b), i, *al;
	char *seen = xcalloc(t->n, 1);
	long *x, *y, p;
	double tau;

	keep = xcalloc(nb + 1, sizeof *keep);
	for (i = 0; i < nb; i++) {
		if ((p = pos_of(t, b[i].label)) < 0)
			r->unknown++;
		else if (seen[p])
			r->duplicate++;
		else {
			seen[p] = 1;
			keep[r->returned++] = b[i];
		}
	}
	r->score = 0;
	r->exact = 0;
	if (r->returned == t->n) {
		x = xcalloc(t->n, sizeof *x);
		y = xcalloc(t->n, sizeof *y);
		al = xcalloc(t->n, sizeof *al);
		if (content)
			align(t, keep, t->n, al, NULL, NULL, 0);
		r->exact = 1;
		for (i = 0; i < t->n; i++) {
			x[i] = (long)i;
			y[i] = content ? (long)al[i] : pos_of(t, keep[i].label);
			if (y[i] != (long)i)
				r->exact = 0;
		}
		tau = kendall_tau_b(x, y, t->n, NULL);
		r->score = isnan(tau) ? 0 : (1 + tau) / 2;
		free(x);
		free(y);
		free(al);
	}
	free(b);
	free(keep);
	free(seen);
}

static void
put(cJSON *scores, const char *key, double v)
{
	rec_set(scores, key, cJSON_CreateNumber(v));
}

/* Does the answer write the segments back (LongWeave's), or only name
 * them (Ada-LEval's)? */
static int
writes_back(const cJSON *rec)
{
	const char *bench = rec_str(rec, "bench");

	return bench != NULL && strcmp(bench, "longweave") == 0;
}

int
tau_score(cJSON *rec, jsonl *in, const tau_opts *o)
{
	const char *why, *out, *bench = rec_str(rec, "bench");
	int ret = REC_OK, compat, content, texts = 0, back;
	size_t olen;
	result r = { 0, 0, 0, 0, 0 };
	cJSON *scores;
	truth t;
	long lab = 0;

	if ((why = read_order(rec, &t)) != NULL) {
		ret = rec_fail(rec, in, "tau", "%s", why);
		truth_free(&t);
		return ret;
	}
	compat = o->compat && bench != NULL && strcmp(bench, "longweave") == 0;
	content = o->align == ALIGN_CONTENT || (compat && o->align != ALIGN_LABEL);
	back = !compat && writes_back(rec);
	if ((content || back) && (texts = read_texts(rec, &t, &lab)) < 0) {
		char msg[96];

		snprintf(msg, sizeof msg, "vars.segments has no text for label %ld", lab);
		ret = rec_fail(rec, in, "tau", "%s", msg);
		truth_free(&t);
		return ret;
	}
	if (back && texts == 0) {
		ret = rec_fail(rec, in, "tau",
		    "vars.segments: needed to check the content");
		truth_free(&t);
		return ret;
	}
	out = rec_answer_len(rec, &olen, &why);	/* whole, NULs included */
	if (why != NULL)
		ret = rec_fail(rec, in, "tau", "%s", why);
	if (compat)
		score_compat(&t, out, olen, content && texts, &r);
	else if (back)
		score_rewrite(&t, out, olen, o->align == ALIGN_LABEL, &r);
	else
		score_default(&t, out, olen, content && texts, &r);

	scores = rec_obj(rec, "scores");
	put(scores, "score", r.score);
	put(scores, "tau", 2 * r.score - 1);
	put(scores, "n", (double)t.n);
	put(scores, "returned", (double)r.returned);
	put(scores, "missing", (double)(t.n - r.returned));
	put(scores, "duplicate", (double)r.duplicate);
	put(scores, "unknown", (double)r.unknown);
	put(scores, "exact", r.exact);
	truth_free(&t);
	return ret;
}
