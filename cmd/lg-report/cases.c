/*
 * cases.c: each record as a row of the page's case list (the index, a
 * JSON array read at once) and a block of its details (a JSON script
 * element, parsed only when the case is shown; -o DIR: an item of a
 * chunk file, outdir.c), and as a line of the copy
 * that lg-agg reads.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charts.h"
#include "diag.h"
#include "jprint.h"
#include "nulkey.h"
#include "outtok.h"
#include "record.h"
#include "report.h"
#include "splice.h"
#include "unscored.h"
#include "util.h"
#include "xalloc.h"

static char bench_k[] = "bench", task_k[] = "task", length_k[] = "length",
    gen_k[] = "gen", model_k[] = "model", id_k[] = "id", case_k[] = "case";
static char *bench_p[] = { bench_k }, *task_p[] = { task_k },
    *length_p[] = { length_k }, *model_p[] = { gen_k, model_k },
    *id_p[] = { id_k }, *case_p[] = { case_k };

/* The key of the string at parts[0..n), or def (NULL: none). */
static char *
key_or(const cJSON *rec, char *const *parts, size_t n, const char *def)
{
	char *k = nulkey_at(rec, parts, n);

	return k != NULL || def == NULL ? k : xstrdup(def);
}


static uint64_t
group_hash(const char *bench, const char *task, const char *length,
    const char *model)
{
	const char *k[4] = { bench, task, length, model }, *c;
	uint64_t h = 1469598103934665603ULL;
	int i;

	for (i = 0; i < 4; i++)
		for (c = k[i]; ; c++) {
			h = (h ^ (unsigned char)*c) * 1099511628211ULL;
			if (*c == '\0')
				break;
		}
	return h;
}

/* Group i in r's slots (room made). */
static void
group_slot(struct report *r, size_t i)
{
	const struct rgroup *g = &r->g[i];
	size_t at = group_hash(g->bench, g->task, g->length, g->model) &
	    (r->nslot - 1);

	while (r->gslot[at] != 0)
		at = (at + 1) & (r->nslot - 1);
	r->gslot[at] = i + 1;
}

static struct rgroup *
group_of(struct report *r, const char *bench, const char *task,
    const char *length, const char *model)
{
	struct rgroup *g;
	size_t i, at;

	if (r->nslot > 0)
		for (at = group_hash(bench, task, length, model) &
		    (r->nslot - 1); r->gslot[at] != 0; at = (at + 1) &
		    (r->nslot - 1)) {
			g = &r->g[r->gslot[at] - 1];
			if (strcmp(g->bench, bench) == 0 &&
			    strcmp(g->task, task) == 0 &&
			    strcmp(g->length, length) == 0 &&
			    strcmp(g->model, model) == 0)
				return g;
		}
	if (r->ng == r->capg) {
		r->capg = r->capg ? 2 * r->capg : 16;
		r->g = xreallocarray(r->g, r->capg, sizeof *r->g);
	}
	g = &r->g[r->ng++];
	memset(g, 0, sizeof *g);
	g->bench = xstrdup(bench);
	g->task = xstrdup(task);
	g->length = xstrdup(length);
	g->model = xstrdup(model);
	if (2 * r->ng > r->nslot) {	/* at most half full */
		free(r->gslot);
		r->nslot = r->nslot ? 2 * r->nslot : 32;
		r->gslot = xcalloc(r->nslot, sizeof *r->gslot);
		for (i = 0; i < r->ng; i++)
			group_slot(r, i);
	} else
		group_slot(r, r->ng - 1);
	return g;
}

static double
num(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) && isfinite(v->valuedouble) ? v->valuedouble : NAN;
}

/* n bytes of s (up to a NUL byte among them, as a C string holds them)
 * as a quoted string. */
static void
text(struct buf *b, const char *s, size_t n)
{
	buf_putc(b, '"');
	jprint_chars(b, s, strnlen(s, n));
	buf_putc(b, '"');
}

/* Member key of the details: its name, after a comma but for the first. */
static void
member(struct buf *b, int *first, const char *key)
{
	if (!*first)
		buf_putc(b, ',');
	*first = 0;
	jprint_string(b, key);
	buf_putc(b, ':');
}

/* The record's text key, cut to max, as a member of the details. */
static void
add_text(struct buf *b, int *first, const char *key, const cJSON *rec,
    size_t max, int *cut)
{
	size_t len, n;
	const char *s = rec_strn(rec, key, &len);

	if (s == NULL)
		return;
	n = jprint_cut_len(s, len, max);
	*cut |= n < len;
	member(b, first, key);
	text(b, s, n);
}

/* A piece of the output and its entry (NAN: null) as [text, entry]. */
static void
segment(struct buf *b, int *first, const char *s, size_t n, double e)
{
	buf_puts(b, *first ? "[" : ",[");
	*first = 0;
	text(b, s, n);
	buf_putc(b, ',');
	if (isnan(e))
		buf_puts(b, "null");
	else
		jprint_number_cjson(b, e);
	buf_putc(b, ']');
}

/* The output cut along lg-split's parts as the member segs: [[text,
 * entry or null], ...]; 0 when there are none. */
static int
segments(struct buf *b, int *first, const cJSON *rec, size_t max)
{
	const cJSON *parts = rec_get(rec, "parts"), *p;
	size_t len, at = 0;
	const char *out = rec_strn(rec, "output", &len);
	int none = 1;

	if (out == NULL || !cJSON_IsArray(parts) || cJSON_GetArraySize(parts) == 0)
		return 0;
	len = jprint_cut_len(out, len, max);
	member(b, first, "segs");
	buf_putc(b, '[');
	cJSON_ArrayForEach(p, parts) {
		double off = num(p, "off"), n = num(p, "len"), e = num(p, "at");
		size_t a, z;

		if (!(off >= at) || !(n >= 0) || off + n > (double)len)
			continue;	/* overlapping or past the end: not shown */
		a = jprint_cut_len(out, (size_t)off, (size_t)off);
		z = (size_t)(off + n);
		while (z < len && ((unsigned char)out[z] & 0xc0) == 0x80)
			z++;
		if (a > at)
			segment(b, &none, out + at, a - at, NAN);
		segment(b, &none, out + a, z - a, e);
		at = z;
	}
	if (at < len)
		segment(b, &none, out + at, len - at, NAN);
	buf_putc(b, ']');
	return 1;
}

static int
cmp_seen(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;

	if (x->g != y->g)
		return x->g < y->g ? -1 : 1;
	return strcmp(x->key, y->key);
}

/*
 * Once per group (bench, task, length, model): records that repeat an id
 * without a case member (a run appended to its output twice) each count
 * as a case; say so, with the count, and how to fix it, as lg-agg does.
 */
void
report_repeats(struct report *r)
{
	size_t i;

	if (r->nseen > 0)
		qsort(r->seen, r->nseen, sizeof *r->seen, cmp_seen);
	for (i = 1; i < r->nseen; i++)
		if (r->seen[i].g == r->seen[i - 1].g &&
		    strcmp(r->seen[i].key, r->seen[i - 1].key) == 0)
			r->g[r->seen[i].g].repeats++;
	for (i = 0; i < r->nseen; i++)
		free(r->seen[i].key);
	free(r->seen);
	r->seen = NULL;
	r->nseen = r->capseen = 0;
	for (i = 0; i < r->ng; i++) {
		struct rgroup *g = &r->g[i];
		char *b, *t, *l, *m;

		if (g->repeats == 0)
			continue;
		b = nulkey_show(g->bench);
		t = nulkey_show(g->task);
		l = nulkey_show(g->length);
		m = nulkey_show(g->model);
		lg_warn("%s %s %s %s: %ld record%s repeat%s an id without a "
		    "case member, each counted as a case of its own: remove "
		    "the repeats (a file appended to twice?), let lg-infer "
		    "--resume add only what is missing, or write repeated "
		    "samples with lg-infer --samples", b, t, l, m, g->repeats,
		    g->repeats == 1 ? "" : "s", g->repeats == 1 ? "s" : "");
		free(b);
		free(t);
		free(l);
		free(m);
	}
}


/* A LongGenBench record's score without scores.score, as lg-compare
 * and lg-agg take it: the share of its decided checks passed
 * (stic_pass over stic_total less stic_undecided), or NAN when it has
 * no decided check (lg-judge has not seen it, or decided none). */
static double
lgb_share(const cJSON *sc)
{
	double pass = num(sc, "stic_pass"), total = num(sc, "stic_total");
	double und = num(sc, "stic_undecided");

	if (isnan(und))
		und = 0;
	if (!(pass >= 0 && total - und > 0 && pass <= total - und))
		return NAN;
	return pass / (total - und);
}

/* The record's status in the list: unscored (no scores and no error:
 * nothing scored it, unscored.h), failed (an error), undecided (no score
 * and no error: the judge decided none of its items; a LongGenBench
 * record without scores.score scores its decided checks, lgb_share()),
 * else by its score; *s its score or NAN. */
static const char *
status_of(const cJSON *rec, const char *bench, int bad, double *s)
{
	const cJSON *sc = rec_get(rec, "scores"), *err = rec_get(rec, "error");
	int never = unscored_rec(rec);
	int lgb = strcmp(bench, "longgenbench") == 0;
	int failed = !never && ((err != NULL && !cJSON_IsNull(err)) ||
	    (lgb && !cJSON_IsObject(sc)));
	int und = !failed && cJSON_GetObjectItemCaseSensitive(cJSON_IsObject(sc) ?
	    sc : NULL, "score") == NULL;

	if (und && lgb) {
		*s = lgb_share(sc);
		und = isnan(*s);
		if (!und)
			return bad ? "bad" : *s >= 1 ? "pass" : *s <= 0 ?
			    "fail" : "partial";
	}
	*s = failed ? NAN : num(sc, "score");
	if (!(*s >= 0 && *s <= 1))
		*s = NAN;
	return bad ? "bad" : never ? "unscored" : failed ? "failed" :
	    und ? "undecided" :
	    isnan(*s) ? "unscored" : *s >= 1 ? "pass" : *s <= 0 ? "fail" :
	    "partial";
}

#define MAX_TAGS 16		/* tags of a record listed */
#define MAX_TAG_LEN 64		/* bytes of a tag name listed */

/* The record's tags (lg-tags) for the list: their names, or null when
 * it has none (lg-tags not run, or a failed record). */
static cJSON *
tags_of(struct report *r, const cJSON *rec)
{
	const cJSON *t = rec_get(rec, "tags"), *x;
	cJSON *a;
	int n = 0;

	if (!cJSON_IsArray(t))
		return cJSON_CreateNull();
	r->tagged++;
	a = cJSON_CreateArray();
	cJSON_ArrayForEach(x, t)
		if (cJSON_IsString(x) && strlen(x->valuestring) <= MAX_TAG_LEN &&
		    n++ < MAX_TAGS)
			cJSON_AddItemToArray(a, cJSON_CreateString(x->valuestring));
	return a;
}

/* The case's row of the index: [n, id, bench, task, length, model,
 * score or null, status, case (else id), tags or null, and its bench's
 * other metrics (metrics.c) when it has some]. */
static void
index_row(struct report *r, char *const *k, double s, const char *status,
    const cJSON *rec)
{
	cJSON *row = cJSON_CreateArray(), *m;
	char *txt;
	int i;

	cJSON_AddItemToArray(row, cJSON_CreateNumber((double)r->ncases));
	for (i = 0; i < 5; i++)
		cJSON_AddItemToArray(row, nulkey_json(k[i]));
	cJSON_AddItemToArray(row, isnan(s) ? cJSON_CreateNull() :
	    cJSON_CreateNumber(s));
	cJSON_AddItemToArray(row, cJSON_CreateString(status));
	cJSON_AddItemToArray(row, nulkey_json(k[6] != NULL && *k[6] != '\0' ?
	    k[6] : k[0]));
	cJSON_AddItemToArray(row, tags_of(r, rec));
	if ((m = report_metrics(rec, k[1])) != NULL)
		cJSON_AddItemToArray(row, m);
	txt = cJSON_PrintUnformatted(row);
	if (r->ncases > 0)
		buf_puts(&r->index, ",\n");
	html_json(&r->index, txt);
	free(txt);
	cJSON_Delete(row);
}

/* The case's details, cut to max_text, as a script element (-o DIR: in
 * a chunk file of DIR), printed from the record as they are read. */
static int
details(struct report *r, const cJSON *rec)
{
	static const char *const items[] = { "verdicts", "scores", "gold",
	    "checks", "gen", "error", "tags", "units", NULL };
	struct buf *d = &r->detail, b = { 0 };
	const cJSON *v;
	size_t ol, i;
	int cut = 0, ret = 0, first = 1;

	buf_reset(d);
	buf_putc(d, '{');
	add_text(d, &first, "prompt", rec, r->max_text, &cut);
	add_text(d, &first, "system", rec, r->max_text, &cut);
	if (!segments(d, &first, rec, r->max_text))
		add_text(d, &first, "output", rec, r->max_text, &cut);
	if (rec_strn(rec, "output", &ol) != NULL && ol > r->max_text)
		cut = 1;
	for (i = 0; items[i] != NULL; i++)
		if ((v = rec_get(rec, items[i])) != NULL) {
			member(d, &first, items[i]);
			(void)jprint_cut(d, v, r->max_text, &cut);
		}
	if (cut) {
		member(d, &first, "cut");
		buf_puts(d, "true");
	}
	buf_putc(d, '}');
	if (r->dir != NULL)
		return outdir_case(r->dir, r->ncases, buf_str(d));
	buf_printf(&b, "<script type=\"application/json\" id=\"d%ld\">",
	    r->ncases);
	html_json(&b, buf_str(d));
	buf_puts(&b, "</script>\n");
	if (fwrite(b.s, 1, b.len, r->details) != b.len)
		ret = -1;
	buf_free(&b);
	return ret;
}

/* Top-level members that lg-agg and lg-compare never read, left out of
 * their copy: the long input and its makings (a third or more of a
 * record's bytes, read by every run of the tables); and the output's
 * count of tokens, which is lg-report's own when there. */
static const char *const unread[] = { "prompt", "system", "vars",
    OUTTOK_COUNTED, OUTWORDS_COUNTED, NULL };

/* Whether the tables read the record's output string for its words
 * alone: lg-agg --lengths has its length (counted; or none, as the record
 * failed or has no tier; or gen.output_tokens), lg-compare never reads
 * it.  Then the copy carries its words as OUTWORDS_COUNTED instead. */
static int
words_only(const cJSON *rec, double counted, const char *s)
{
	return s != NULL && (counted >= 0 || rec_get(rec, "error") != NULL ||
	    charts_tier(rec_str(rec, "length")) <= 0 ||
	    output_tokens_given(rec) >= 0);
}

/* The record as a line of the copy lg-agg reads: each member as it was
 * read (printed when it has no text), but those of unread[] and an output
 * read for its words alone (words_only()); then, when counted is not
 * negative, the output's tokens as OUTTOK_COUNTED, and the words of an
 * output left out as OUTWORDS_COUNTED. */
static int
spool(struct report *r, const cJSON *rec, double counted)
{
	struct buf *b = &r->line;
	const cJSON *it;
	const char *t, *out;
	size_t len, i, olen;
	int first = 1, words;

	out = rec_strn(rec, "output", &olen);
	words = words_only(rec, counted, out);
	buf_reset(b);
	buf_putc(b, '{');
	cJSON_ArrayForEach(it, rec) {
		for (i = 0; unread[i] != NULL && strcmp(it->string,
		    unread[i]) != 0; i++)
			;
		if (unread[i] != NULL || (words && strcmp(it->string,
		    "output") == 0))
			continue;
		if (!first)
			buf_putc(b, ',');
		first = 0;
		jprint_string(b, it->string);
		buf_putc(b, ':');
		if ((t = splice_text(rec, it, &len)) != NULL)
			buf_add(b, t, len);
		else if (!jprint(b, it))
			return 0;	/* unprintable: left out, as before */
	}
	if (counted >= 0) {
		buf_printf(b, "%s\"" OUTTOK_COUNTED "\":%.0f", first ? "" : ",",
		    counted);
		first = 0;
	}
	if (words)
		buf_printf(b, "%s\"" OUTWORDS_COUNTED "\":%zu", first ? "" :
		    ",", count_words(out, olen));
	buf_puts(b, "}\n");
	return fwrite(b->s, 1, b->len, r->records) == b->len ? 0 : -1;
}

int
report_add(struct report *r, const cJSON *rec, int bad, double counted)
{
	char *k[7];
	struct rgroup *g;
	const char *status;
	double s;
	int ret, i, anon;

	k[0] = key_or(rec, id_p, 1, "(no id)");
	k[1] = key_or(rec, bench_p, 1, "-");
	k[2] = key_or(rec, task_p, 1, "-");
	k[3] = key_or(rec, length_p, 1, "-");
	k[4] = key_or(rec, model_p, 2, NULL);
	anon = k[4] == NULL;
	if (anon)
		k[4] = xstrdup("(no model)");
	k[5] = NULL;
	k[6] = key_or(rec, case_p, 1, NULL);
	g = group_of(r, k[1], k[2], k[3], k[4]);
	g->anon = anon;
	if (k[6] == NULL && rec_get(rec, "id") != NULL) {
		if (r->nseen == r->capseen) {
			r->capseen = r->capseen ? 2 * r->capseen : 64;
			r->seen = xreallocarray(r->seen, r->capseen,
			    sizeof *r->seen);
		}
		r->seen[r->nseen].g = (size_t)(g - r->g);
		r->seen[r->nseen++].key = xstrdup(k[0]);
	}
	status = status_of(rec, k[1], bad, &s);
	index_row(r, k, s, status, rec);
	ret = 0;
	if (details(r, rec) < 0) {
		if (r->dir == NULL)	/* outdir.c names its file */
			lg_warn("temporary file: write failed");
		ret = -1;
	} else if (spool(r, rec, counted) < 0) {
		lg_warn("temporary file: write failed");
		ret = -1;
	}
	r->ncases++;
	for (i = 0; i < 7; i++)
		free(k[i]);
	return ret;
}

void
report_free(struct report *r)
{
	size_t i;

	for (i = 0; i < r->ng; i++) {
		free(r->g[i].bench);
		free(r->g[i].task);
		free(r->g[i].length);
		free(r->g[i].model);
	}
	free(r->g);
	free(r->gslot);
	for (i = 0; i < r->nseen; i++)
		free(r->seen[i].key);
	free(r->seen);
	buf_free(&r->index);
	buf_free(&r->line);
	buf_free(&r->detail);
}
