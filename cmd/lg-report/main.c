/* lg-report: one self-contained HTML page of a run's scored records. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdline.h"
#include "charts.h"
#include "diag.h"
#include "nulkey.h"
#include "opt.h"
#include "prices.h"
#include "record.h"
#include "report.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-report [-t TITLE] [--compat] [--prices FILE] [--bootstrap N]\n"
"                 [--max-text SIZE] [--max-record SIZE] [file ...]\n"
"       lg-report -h | --help | --version\n"
"\n"
"  -t TITLE           the page's title (default \"lg report\")\n"
"  --compat           the position chart as published (see lg-plot)\n"
"  --prices FILE      USD per million input and output tokens per model:\n"
"                     cost columns in the tokens table\n"
"  --bootstrap N      95% intervals of the scores and charts from N\n"
"                     resamples of the cases (default 1000; 0: none)\n"
"  --max-text SIZE    keep at most SIZE bytes of each prompt, output and\n"
"                     text in verdicts, scores, gen and error (default 1M)\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

enum { OPT_COMPAT = 256, OPT_PRICES, OPT_MAXTEXT, OPT_MAXREC, OPT_VERSION,
	OPT_BOOT };

#define DEF_BOOTSTRAP 1000L	/* as lg-agg: intervals unless asked not to */
#define MAX_BOOTSTRAP 1000000L
#define SEED 1			/* lg-agg's default --seed */

/* names and ids are keys (nulkey.h): whole, NUL bytes included */
struct group {
	char *bench, *task, *length, *model;
	long cases, failed, cut, scored, undecided, items;
	double score;
	long requests, cache_hits, ptok, otok, ntok;
	double latency;
	long nlat;
	double cost_in, cost_out;
	long priced, unpriced;
	long repeats;		/* records repeating an id, without a case */
	size_t id;		/* its number, in the order of first records */
};

/* A record without a case member: its group (an index into the report's
 * groups) and its model and id, to find repeated ids. */
struct seen {
	size_t g;
	char *key;
};

struct report {
	struct group *g;
	size_t ng, capg;
	buf index;		/* the case index, a JSON array's items */
	long ncases;
	FILE *details;		/* the per-case blocks, until the end */
	size_t max_text;
	long draws;		/* --bootstrap */
	const struct prices *prices;	/* none when n is 0 */
	pairs *pairs;
	scores *scores;
	struct seen *seen;
	size_t nseen, capseen;
};

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

static struct group *
group_of(struct report *r, const char *bench, const char *task,
    const char *length, const char *model)
{
	struct group *g;
	size_t i;

	for (i = 0; i < r->ng; i++) {
		g = &r->g[i];
		if (strcmp(g->bench, bench) == 0 && strcmp(g->task, task) == 0 &&
		    strcmp(g->length, length) == 0 && strcmp(g->model, model) == 0)
			return g;
	}
	if (r->ng == r->capg) {
		r->capg = r->capg ? 2 * r->capg : 16;
		r->g = xreallocarray(r->g, r->capg, sizeof *r->g);
	}
	g = &r->g[r->ng];
	memset(g, 0, sizeof *g);
	g->id = r->ng++;
	g->bench = xstrdup(bench);
	g->task = xstrdup(task);
	g->length = xstrdup(length);
	g->model = xstrdup(model);
	return g;
}

static double
num(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) && isfinite(v->valuedouble) ? v->valuedouble : NAN;
}

/* At most max bytes of s, cut back to a UTF-8 boundary. */
static size_t
cut_len(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}

static void
add_text(cJSON *d, const char *key, const cJSON *rec, size_t max, int *cut)
{
	size_t len, n;
	const char *s = rec_strn(rec, key, &len);
	char *t;

	if (s == NULL)
		return;
	n = cut_len(s, len, max);
	*cut |= n < len;
	t = xstrndup(s, n);
	cJSON_AddStringToObject(d, key, t);
	free(t);
}

/* The output cut along lg-split's parts: [[text, entry or null], ...]. */
static cJSON *
segments(const cJSON *rec, size_t max)
{
	const cJSON *parts = rec_get(rec, "parts"), *p;
	size_t len, at = 0;
	const char *out = rec_strn(rec, "output", &len);
	cJSON *segs;

	if (out == NULL || !cJSON_IsArray(parts) || cJSON_GetArraySize(parts) == 0)
		return NULL;
	len = cut_len(out, len, max);
	segs = cJSON_CreateArray();
	cJSON_ArrayForEach(p, parts) {
		double off = num(p, "off"), n = num(p, "len"), e = num(p, "at");
		size_t a, b;
		cJSON *one;
		char *t;

		if (!(off >= at) || !(n >= 0) || off + n > (double)len)
			continue;	/* overlapping or past the end: not shown */
		a = cut_len(out, (size_t)off, (size_t)off);
		b = (size_t)(off + n);
		while (b < len && ((unsigned char)out[b] & 0xc0) == 0x80)
			b++;
		if (a > at) {
			one = cJSON_CreateArray();
			t = xstrndup(out + at, a - at);
			cJSON_AddItemToArray(one, cJSON_CreateString(t));
			cJSON_AddItemToArray(one, cJSON_CreateNull());
			cJSON_AddItemToArray(segs, one);
			free(t);
		}
		one = cJSON_CreateArray();
		t = xstrndup(out + a, b - a);
		cJSON_AddItemToArray(one, cJSON_CreateString(t));
		cJSON_AddItemToArray(one, isnan(e) ? cJSON_CreateNull() :
		    cJSON_CreateNumber(e));
		cJSON_AddItemToArray(segs, one);
		free(t);
		at = b;
	}
	if (at < len) {
		cJSON *one = cJSON_CreateArray();
		char *t = xstrndup(out + at, len - at);

		cJSON_AddItemToArray(one, cJSON_CreateString(t));
		cJSON_AddItemToArray(one, cJSON_CreateNull());
		cJSON_AddItemToArray(segs, one);
		free(t);
	}
	return segs;
}

/* Cut every string of v, at any depth, to max bytes; *cut when one was. */
static void
cut_strings(cJSON *v, size_t max, int *cut)
{
	cJSON *c;
	size_t len, n;

	if (cJSON_IsString(v) && (len = strlen(v->valuestring)) > max) {
		n = cut_len(v->valuestring, len, max);
		v->valuestring[n] = '\0';
		*cut = 1;
	}
	cJSON_ArrayForEach(c, v)
		cut_strings(c, max, cut);
}

static void
copy_item(cJSON *d, const cJSON *rec, const char *k, size_t max, int *cut)
{
	const cJSON *v = rec_get(rec, k);
	cJSON *c;

	if (v == NULL)
		return;
	c = cJSON_Duplicate(v, 1);
	cut_strings(c, max, cut);
	cJSON_AddItemToObject(d, k, c);
}

/* A request's cost, as lg-agg --usage counts it: none for a cache hit;
 * unpriced when the model has no price or a token count is missing. */
static void
cost(const struct report *r, struct group *g, const cJSON *gen)
{
	const struct price *p;
	double pt = num(gen, "prompt_tokens"), ot = num(gen, "output_tokens");

	if (r->prices->n == 0 ||
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(gen, "cache_hit")))
		return;
	p = prices_find(r->prices, rec_str(gen, "model"));
	if (p == NULL || !(pt >= 0) || !(ot >= 0) || pt > 1e15 || ot > 1e15) {
		g->unpriced++;
		return;
	}
	g->priced++;
	g->cost_in += price_in(p, pt);
	g->cost_out += price_out(p, ot);
}

static int
add(struct report *r, const cJSON *rec, int bad)
{
	const cJSON *gen = rec_get(rec, "gen"), *sc = rec_get(rec, "scores");
	const cJSON *err = rec_get(rec, "error");
	char *bench = key_or(rec, bench_p, 1, "-");
	char *task = key_or(rec, task_p, 1, "-");
	char *length = key_or(rec, length_p, 1, "-");
	char *model = key_or(rec, model_p, 2, "(no model)");
	char *id = key_or(rec, id_p, 1, "(no id)");
	char *kase = key_or(rec, case_p, 1, NULL);
	char *mkey = key_or(rec, model_p, 2, NULL);
	const char *fr = rec_str(gen, "finish_reason");
	/* failed: an error (LongGenBench: no scores either), counted 0;
	 * undecided: no score and no error, left out and shown apart */
	int failed = (err != NULL && !cJSON_IsNull(err)) ||
	    (strcmp(bench, "longgenbench") == 0 && !cJSON_IsObject(sc));
	int und = !failed && cJSON_GetObjectItemCaseSensitive(cJSON_IsObject(sc) ?
	    sc : NULL, "score") == NULL;
	double s = failed ? 0 : num(sc, "score"), v;
	struct group *g = group_of(r, bench, task, length, model);
	const char *status;
	cJSON *d, *row, *segs;
	char *txt;
	buf b = { 0 };
	int cut = 0, ret = 0;

	g->cases++;
	g->failed += failed;
	g->undecided += und;
	v = failed ? NAN : num(sc, "undecided");
	g->items += v >= 1 && v <= 1e15 ? (long)v : 0;
	g->cut += fr != NULL && strcmp(fr, "length") == 0;
	if (!isnan(s) && s >= 0 && s <= 1) {
		g->scored++;
		g->score += s;
	} else {
		s = NAN;
	}
	if (cJSON_IsObject(gen)) {
		v = num(gen, "attempts");
		g->requests += isnan(v) ? 0 : (long)v;
		g->cache_hits += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(gen, "cache_hit"));
		v = num(gen, "prompt_tokens");
		if (!isnan(v) && v >= 0) {
			g->ptok += (long)v;
			g->ntok++;
		}
		v = num(gen, "output_tokens");
		g->otok += !isnan(v) && v >= 0 ? (long)v : 0;
		v = num(gen, "latency_s");
		if (!isnan(v) && v >= 0) {
			g->latency += v;
			g->nlat++;
		}
		cost(r, g, gen);
	}
	if (kase == NULL && rec_get(rec, "id") != NULL) {
		if (r->nseen == r->capseen) {
			r->capseen = r->capseen ? 2 * r->capseen : 64;
			r->seen = xreallocarray(r->seen, r->capseen,
			    sizeof *r->seen);
		}
		r->seen[r->nseen].g = g->id;
		r->seen[r->nseen++].key = xstrdup(id);
	}
	scores_add(r->scores, g->id, kase, id, failed ? 0 : s);
	pairs_add(r->pairs, bench, task, length, mkey, kase != NULL &&
	    *kase != '\0' ? kase : id, failed ? 0 : s, und);
	status = bad ? "bad" : failed ? "failed" : und ? "undecided" :
	    isnan(s) ? "unscored" : s >= 1 ? "pass" : s <= 0 ? "fail" :
	    "partial";

	row = cJSON_CreateArray();
	cJSON_AddItemToArray(row, cJSON_CreateNumber((double)r->ncases));
	cJSON_AddItemToArray(row, nulkey_json(id));
	cJSON_AddItemToArray(row, nulkey_json(bench));
	cJSON_AddItemToArray(row, nulkey_json(task));
	cJSON_AddItemToArray(row, nulkey_json(length));
	cJSON_AddItemToArray(row, nulkey_json(model));
	cJSON_AddItemToArray(row, isnan(s) ? cJSON_CreateNull() : cJSON_CreateNumber(s));
	cJSON_AddItemToArray(row, cJSON_CreateString(status));
	txt = cJSON_PrintUnformatted(row);
	if (r->ncases > 0)
		buf_puts(&r->index, ",\n");
	html_json(&r->index, txt);
	free(txt);
	cJSON_Delete(row);

	d = cJSON_CreateObject();
	add_text(d, "prompt", rec, r->max_text, &cut);
	add_text(d, "system", rec, r->max_text, &cut);
	if ((segs = segments(rec, r->max_text)) != NULL)
		cJSON_AddItemToObject(d, "segs", segs);
	else
		add_text(d, "output", rec, r->max_text, &cut);
	{
		size_t ol;

		if (rec_strn(rec, "output", &ol) != NULL && ol > r->max_text)
			cut = 1;
	}
	copy_item(d, rec, "verdicts", r->max_text, &cut);
	copy_item(d, rec, "scores", r->max_text, &cut);
	copy_item(d, rec, "gen", r->max_text, &cut);
	copy_item(d, rec, "error", r->max_text, &cut);
	if (cut)
		cJSON_AddTrueToObject(d, "cut");
	txt = cJSON_PrintUnformatted(d);
	cJSON_Delete(d);
	buf_printf(&b, "<script type=\"application/json\" id=\"d%ld\">", r->ncases);
	html_json(&b, txt);
	buf_puts(&b, "</script>\n");
	free(txt);
	r->ncases++;
	if (fwrite(b.s, 1, b.len, r->details) != b.len)
		ret = -1;
	buf_free(&b);
	free(bench);
	free(task);
	free(length);
	free(model);
	free(id);
	free(kase);
	free(mkey);
	return ret;
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
static void
warn_repeats(struct report *r)
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
		struct group *g = &r->g[i];
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

static int
cmp_group(const void *a, const void *b)
{
	const struct group *x = a, *y = b;
	double tx = charts_tier(x->length), ty = charts_tier(y->length);
	int c;

	if ((c = strcmp(x->bench, y->bench)) != 0 || (c = strcmp(x->task, y->task)) != 0)
		return c;
	if (tx != ty)
		return tx < ty ? -1 : 1;
	if ((c = strcmp(x->length, y->length)) != 0)
		return c;
	return strcmp(x->model, y->model);
}

static void
cell(buf *o, const char *cls, const char *s)
{
	buf_printf(o, "<td%s>", cls);
	html_esc(o, s);
	buf_puts(o, "</td>");
}

/* A cell of a key (nulkey.h): its NULs shown. */
static void
key_cell(buf *o, const char *key)
{
	char *s = nulkey_show(key);

	cell(o, "", s);
	free(s);
}

/* A row's start: the group's bench, task, length and model. */
static void
group_cells(buf *o, const struct group *g)
{
	buf_puts(o, "<tr>");
	key_cell(o, g->bench);
	key_cell(o, g->task);
	key_cell(o, g->length);
	key_cell(o, g->model);
}

/* The cost cells: USD in, out and in all (to 4 decimals, "-" when no
 * request was priced) and the requests left unpriced. */
static void
cost_cells(buf *o, double in, double out, long priced, long unpriced)
{
	if (priced > 0)
		buf_printf(o, "<td class=\"num\">%.4f</td><td class=\"num\">%.4f"
		    "</td><td class=\"num\">%.4f</td>", in, out, in + out);
	else
		buf_puts(o, "<td class=\"num\">-</td><td class=\"num\">-</td>"
		    "<td class=\"num\">-</td>");
	buf_printf(o, "<td class=\"num\">%ld</td>", unpriced);
}

/* With prices, one row per model: its cost over every group. */
static void
cost_totals(buf *o, const struct report *r)
{
	size_t i, j;

	for (i = 0; i < r->ng; i++) {
		double in = 0, out = 0;
		long priced = 0, unpriced = 0;

		for (j = 0; j < i; j++)
			if (strcmp(r->g[j].model, r->g[i].model) == 0)
				break;
		if (j < i)
			continue;	/* counted at its first group */
		for (j = i; j < r->ng; j++)
			if (strcmp(r->g[j].model, r->g[i].model) == 0) {
				in += r->g[j].cost_in;
				out += r->g[j].cost_out;
				priced += r->g[j].priced;
				unpriced += r->g[j].unpriced;
			}
		buf_puts(o, "<tr class=\"total\"><td colspan=\"3\">all</td>");
		key_cell(o, r->g[i].model);
		buf_puts(o, "<td colspan=\"5\"></td>");
		cost_cells(o, in, out, priced, unpriced);
		buf_puts(o, "</tr>\n");
	}
}

static void
tables(buf *o, struct report *r)
{
	char t[64];
	size_t i;

	qsort(r->g, r->ng, sizeof *r->g, cmp_group);
	buf_puts(o, "<h2 id=\"summary\">Scores</h2>\n<p>Mean primary score "
	    "(<code>scores.score</code>) times 100 over the cases scored; a "
	    "failed case (an error from any stage; for LongGenBench, no scores "
	    "either) counts 0; an undecided case (no score and no error: the "
	    "judge decided none of its items) is left out of the mean, never "
	    "counted 0; undecided items: those the judge could not decide "
	    "(<code>scores.undecided</code>).");
	if (r->draws > 0)
		buf_printf(o, " &plusmn;: half the width of the score's 95%% "
		    "interval, from %ld resamples of the cases (the samples of "
		    "a case drawn together), as <code>lg-agg</code> computes it.",
		    r->draws);
	buf_puts(o, "</p>\n<table>"
	    "<tr><th>bench</th><th>task</th><th>length</th><th>model</th>"
	    "<th>score</th>");
	if (r->draws > 0)
		buf_puts(o, "<th>&plusmn;</th>");
	buf_puts(o, "<th>cases</th><th>failed</th><th>undecided</th>"
	    "<th>undecided items</th><th>cut</th></tr>\n");
	for (i = 0; i < r->ng; i++) {
		struct group *g = &r->g[i];

		group_cells(o, g);
		if (g->scored > 0)
			snprintf(t, sizeof t, "%.1f", 100 * g->score / g->scored);
		else
			snprintf(t, sizeof t, "-");
		cell(o, " class=\"num\"", t);
		if (r->draws > 0) {
			const char *key[4] = { g->bench, g->task, g->length,
			    g->model };
			double lo, hi;

			scores_ci(r->scores, g->id, key, 4, &lo, &hi);
			if (isnan(lo) || isnan(hi))
				snprintf(t, sizeof t, "-");
			else
				snprintf(t, sizeof t, "%.1f", (hi - lo) / 2);
			cell(o, " class=\"num\"", t);
		}
		buf_printf(o, "<td class=\"num\">%ld</td><td class=\"num\">%ld</td>"
		    "<td class=\"num\">%ld</td><td class=\"num\">%ld</td>"
		    "<td class=\"num\">%ld</td></tr>\n", g->cases, g->failed,
		    g->undecided, g->items, g->cut);
	}
	buf_puts(o, "</table>\n");

	buf_puts(o, "<h2 id=\"cost\">Tokens and time</h2>\n<p>What <code>gen</code> "
	    "records: requests (attempts), cache hits, prompt and output tokens, "
	    "and the mean latency per record.");
	if (r->prices->n > 0)
		buf_puts(o, " The cost in USD at the prices given, over the "
		    "requests not served from the cache; unpriced: the requests "
		    "whose model has no price or that report no token counts; "
		    "a row per model sums its groups.");
	buf_puts(o, "</p>\n<table><tr><th>bench</th>"
	    "<th>task</th><th>length</th><th>model</th><th>requests</th>"
	    "<th>cache hits</th><th>prompt tokens</th><th>output tokens</th>"
	    "<th>mean latency (s)</th>");
	if (r->prices->n > 0)
		buf_puts(o, "<th>cost in</th><th>cost out</th><th>cost</th>"
		    "<th>unpriced</th>");
	buf_puts(o, "</tr>\n");
	for (i = 0; i < r->ng; i++) {
		struct group *g = &r->g[i];

		group_cells(o, g);
		buf_printf(o, "<td class=\"num\">%ld</td><td class=\"num\">%ld</td>",
		    g->requests, g->cache_hits);
		if (g->ntok > 0)
			buf_printf(o, "<td class=\"num\">%ld</td><td class=\"num\">%ld</td>",
			    g->ptok, g->otok);
		else
			buf_puts(o, "<td class=\"num\">-</td><td class=\"num\">-</td>");
		if (g->nlat > 0)
			buf_printf(o, "<td class=\"num\">%.2f</td>",
			    g->latency / g->nlat);
		else
			buf_puts(o, "<td class=\"num\">-</td>");
		if (r->prices->n > 0)
			cost_cells(o, g->cost_in, g->cost_out, g->priced,
			    g->unpriced);
		buf_puts(o, "</tr>\n");
	}
	if (r->prices->n > 0)
		cost_totals(o, r);
	buf_puts(o, "</table>\n");
}

/*
 * The file that holds the cases' details until the page is written: in
 * TMPDIR (else /tmp), unlinked at once.  NULL after a message.
 */
static FILE *
details_file(void)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	FILE *f = NULL;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	path = xasprintf("%s/lg-report.XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0 || unlink(path) < 0 ||
	    (f = fdopen(fd, "w+")) == NULL) {
		int e = errno;
		char *shown = xstrdup(path);

		lg_sanitize(shown);
		lg_warn("temporary file %s: %s", shown, strerror(e));
		free(shown);
		if (fd >= 0)
			close(fd);
	}
	free(path);
	return f;
}

static int
run(char **files, int n, const char *title, int compat, size_t max_text,
    long draws, const struct prices *prices)
{
	struct report r = { 0 };
	struct charts_opts co;
	struct charts *ch;
	jsonl *in = jsonl_open(files, n);
	cJSON *rec;
	int status, bad = 0, k;
	buf o = { 0 };
	char tmp[65536];
	size_t got;

	charts_defaults(&co);
	co.compat = compat;
	co.draws = draws;
	co.seed = SEED;
	ch = charts_new(&co);
	r.max_text = max_text;
	r.prices = prices;
	if ((r.details = details_file()) == NULL) {
		jsonl_free(in);
		charts_free(ch);
		return LG_SYS;
	}
	r.pairs = pairs_new();
	r.draws = draws;
	r.scores = scores_new(draws, SEED);
	status = LG_OK;
	while ((rec = jsonl_next(in)) != NULL) {
		int b = charts_add(ch, rec, in) < 0;

		bad |= b;
		if (add(&r, rec, b) < 0) {
			lg_warn("temporary file: write failed");
			status = LG_SYS;
			rec_free(rec);
			break;
		}
		rec_free(rec);
	}
	/* the last of the details reaches the file only now: a full disk
	 * must stop the page here, not leave it without its cases */
	if (status == LG_OK && (fflush(r.details) != 0 || ferror(r.details))) {
		lg_warn("temporary file: write failed: %s", strerror(errno));
		status = LG_SYS;
	}
	if (status == LG_OK)
		status = jsonl_status(in);
	jsonl_free(in);
	warn_repeats(&r);
	scores_sort(r.scores);
	if (status == LG_OK && bad)
		status = LG_BAD;
	if (status == LG_SYS)
		goto out;

	buf_puts(&o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
	    "'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
	    "img-src data:\">\n<title>");
	html_esc(&o, title);
	buf_printf(&o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", report_css);
	html_esc(&o, title);
	buf_printf(&o, "</h1>\n<p>%ld records. <a href=\"#charts\">Charts</a> "
	    "&middot; <a href=\"#summary\">Scores</a> &middot; "
	    "<a href=\"#cost\">Tokens and time</a> &middot; %s<a href=\"#cases\">Cases</a></p>\n",
	    r.ncases, pairs_models(r.pairs) > 1 ? "<a href=\"#compare\">Comparison</a> &middot; " : "");
	buf_puts(&o, "<h2 id=\"charts\">Charts</h2>\n");
	for (k = 0; k < CH_NKINDS; k++) {
		struct svg_chart c;
		char id[32];

		if (charts_points(ch, k) == 0)
			continue;
		snprintf(id, sizeof id, "chart-%s", charts_kind[k]);
		charts_build(ch, k, id, &c);
		buf_printf(&o, "<figure id=\"%s\">\n", id);
		svg_write(&o, &c);
		buf_puts(&o, "</figure>\n");
		charts_done(&c);
	}
	tables(&o, &r);
	pairs_html(&o, r.pairs);
	buf_puts(&o, "<h2 id=\"cases\">Cases</h2>\n<div class=\"controls\">"
	    "<input id=\"f-q\" type=\"search\" placeholder=\"search ids\">"
	    "<select id=\"f-bench\"><option value=\"\">every bench</option></select>"
	    "<select id=\"f-task\"><option value=\"\">every task</option></select>"
	    "<select id=\"f-length\"><option value=\"\">every length</option></select>"
	    "<select id=\"f-model\"><option value=\"\">every model</option></select>"
	    "<select id=\"f-status\"><option value=\"\">pass and fail</option></select>"
	    "<button id=\"prev\">previous</button><button id=\"next\">next</button> "
	    "<span id=\"count\"></span></div>\n"
	    "<table id=\"cases-table\"><thead><tr><th>id</th><th>task</th>"
	    "<th>length</th><th>model</th><th>score</th><th>status</th></tr></thead>"
	    "<tbody id=\"cases-body\"></tbody></table>\n"
	    "<div id=\"detail\"><p>Choose a case to see its prompt, output and "
	    "verdicts.</p></div>\n<script type=\"application/json\" id=\"index\">[");
	buf_add(&o, r.index.s ? r.index.s : "", r.index.len);
	buf_puts(&o, "]</script>\n");
	/* the script before the details, so the list works while they load */
	buf_printf(&o, "<script>\n%s</script>\n", report_js);
	fwrite(o.s, 1, o.len, stdout);
	buf_reset(&o);
	rewind(r.details);
	while ((got = fread(tmp, 1, sizeof tmp, r.details)) > 0)
		fwrite(tmp, 1, got, stdout);
	if (ferror(r.details)) {
		lg_warn("temporary file: read failed");
		status = LG_SYS;
	}
	fputs("</body>\n</html>\n", stdout);
out:
	buf_free(&o);
	buf_free(&r.index);
	fclose(r.details);
	for (got = 0; got < r.ng; got++) {
		free(r.g[got].bench);
		free(r.g[got].task);
		free(r.g[got].length);
		free(r.g[got].model);
	}
	free(r.g);
	pairs_free(r.pairs);
	scores_free(r.scores);
	charts_free(ch);
	return lg_finish(status);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "prices", required_argument, NULL, OPT_PRICES },
		{ "max-text", required_argument, NULL, OPT_MAXTEXT },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "bootstrap", required_argument, NULL, OPT_BOOT },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	long draws = DEF_BOOTSTRAP;
	const char *title = "lg report", *pfile = NULL;
	struct prices prices = { 0 };
	size_t max_text = (size_t)1 << 20;
	int c, compat = 0, status;

	lg_init(argv[0]);
	while ((c = lg_getopt(argc, argv, "t:h", longopts, NULL)) != -1) {
		switch (c) {
		case 't':
			title = optarg;
			break;
		case OPT_COMPAT:
			compat = 1;
			break;
		case OPT_PRICES:
			pfile = optarg;
			break;
		case OPT_MAXTEXT:
			max_text = opt_size("--max-text", optarg, 1,
			    (size_t)1 << 40);
			break;
		case OPT_MAXREC:
			opt_max_record(optarg);
			break;
		case OPT_BOOT:
			draws = (long)opt_num("--bootstrap", optarg, 0,
			    MAX_BOOTSTRAP);
			break;
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	/* a bad price file stops before any page is written */
	if (pfile != NULL && (status = prices_read(&prices, pfile)) != 0) {
		prices_clear(&prices);
		return status;
	}
	status = run(argv + optind, argc - optind, title, compat, max_text,
	    draws, &prices);
	prices_clear(&prices);
	return status;
}
