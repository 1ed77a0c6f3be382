/* lg-report: one self-contained HTML page of a run's scored records, or
 * (-o DIR) a folder whose page loads each case's details on demand. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdline.h"
#include "charts.h"
#include "diag.h"
#include "extscores.h"
#include "nulkey.h"
#include "opt.h"
#include "outtok.h"
#include "models.h"
#include "prices.h"
#include "record.h"
#include "report.h"
#include "tempfile.h"
#include "util.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-report [-t TITLE] [-o DIR] [-j N] [--baseline MODEL] [--compat]\n"
"                 [--prices FILE] [--models FILE] [--correlate FILE]\n"
"                 [--bootstrap N] [--max-text SIZE] [--max-record SIZE]\n"
"                 [file ...]\n"
"       lg-report -h | --help | --version\n"
"\n"
"  -t TITLE           the page's title (default \"lg report\")\n"
"  -o DIR             write the folder DIR (new, or empty): DIR/index.html\n"
"                     and the cases' details in DIR/cases/, loaded when a\n"
"                     case is opened (for large runs); default: one page\n"
"                     on stdout\n"
"  -j, --jobs N       runs of lg-compare at once for the tables (lg-agg\n"
"                     makes its tables in one run; default: the\n"
"                     processors, at most 16)\n"
"  --baseline MODEL   the model (gen.model) every other one is compared\n"
"                     with, A (default: the first in byte order)\n"
"  --compat           the position chart as published (see lg-plot)\n"
"  --prices FILE      USD per million input and output tokens per model:\n"
"                     cost columns in the tokens table\n"
"  --models FILE      the models' metadata for the papers' tables (see\n"
"                     lg-agg --models)\n"
"  --correlate FILE   another benchmark's scores per model (TSV, see\n"
"                     lg-agg --correlate): their correlation with these\n"
"                     records' per tier, beside the papers' tables\n"
"  --bootstrap N      95% intervals of the scores and charts from N\n"
"                     resamples of the cases (default 1000; 0: none)\n"
"  --max-text SIZE    keep at most SIZE bytes of each prompt, output and\n"
"                     text in verdicts, scores, gen and error (default 1M)\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

enum { OPT_COMPAT = 256, OPT_PRICES, OPT_MAXTEXT, OPT_MAXREC, OPT_VERSION,
	OPT_BOOT, OPT_BASE, OPT_MODELS, OPT_CORR };

#define DEF_BOOTSTRAP 1000L	/* as lg-agg: intervals unless asked not to */
#define MAX_BOOTSTRAP 1000000L
#define BIG_PAGE 10000L		/* cases past which one page is slow */

struct ropts {
	const char *title;
	const char *dir;	/* -o DIR, or NULL: one page on stdout */
	const char *baseline;	/* --baseline MODEL, or NULL: the first */
	int compat;
	size_t max_text;
	struct tabctx tab;
};

/* The processors online, at most 16 (the tables are ten runs). */
static int
processors(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 16 ? 16 : (int)n;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The distinct names of the groups' field (0 bench, 3 model), sorted,
 * shown (nulkey.h); records of no model are left out of the models. */
static size_t
names(const struct report *r, int field, char ***out)
{
	char **v = xcalloc(r->ng + 1, sizeof *v);
	size_t i, j, n = 0;

	for (i = 0; i < r->ng; i++) {
		const struct rgroup *g = &r->g[i];
		const char *s = field == 0 ? g->bench : g->model;

		if (field != 0 && g->anon)
			continue;
		for (j = 0; j < n && strcmp(v[j], s) != 0; j++)
			;
		if (j == n)
			v[n++] = (char *)s;
	}
	qsort(v, n, sizeof *v, cmp_str);
	for (i = 0; i < n; i++)
		v[i] = nulkey_show(v[i]);
	*out = v;
	return n;
}

/* The model key of the baseline: the one shown as want, else (want NULL)
 * the first in byte order; NULL when there is none (said when want names
 * no model of the records). */
static const char *
baseline_key(const struct report *r, const char *want)
{
	const char *best = NULL;
	size_t i;

	for (i = 0; i < r->ng; i++) {
		const struct rgroup *g = &r->g[i];
		char *shown;
		int hit;

		if (g->anon)
			continue;
		if (want == NULL) {
			if (best == NULL || strcmp(g->model, best) < 0)
				best = g->model;
			continue;
		}
		shown = nulkey_show(g->model);
		hit = strcmp(shown, want) == 0;
		free(shown);
		if (hit)
			return g->model;
	}
	if (want != NULL) {
		char *w = xstrdup(want);

		lg_sanitize(w);
		lg_warn("--baseline: \"%s\": not a model (gen.model) of the "
		    "records", w);
		free(w);
	}
	return best;
}

static void
heading(struct buf *o, const char *tag, const char *text)
{
	buf_printf(o, "<%s>", tag);
	html_esc(o, text);
	buf_printf(o, "</%s>\n", tag);
}

/* Per bench, one of tabs' tables under the bench's name. */
static void
per_bench(struct buf *o, const tabs *t, char **benches, size_t nb,
    void (*fn)(struct buf *, const tabs *, const char *))
{
	size_t i;

	for (i = 0; i < nb; i++) {
		heading(o, "h3", benches[i]);
		fn(o, t, benches[i]);
	}
}

/* A model name that lg-compare --by gen.model=A,B can name. */
static int
passable(const char *shown)
{
	return strpbrk(shown, ",=") == NULL &&
	    strstr(shown, "\xe2\x90\x80") == NULL;	/* U+2400: a NUL */
}

static void
comparison(struct buf *o, tabs *t, char **models, size_t nm, const char *base,
    char **benches, size_t nb)
{
	char *a;
	size_t k;

	if (nm < 2 || base == NULL)
		return;
	a = nulkey_show(base);
	buf_puts(o, "<h2 id=\"compare\">Comparison</h2>\n<p>Each model (B) "
	    "against the baseline, A: <b>");
	html_esc(o, a);
	buf_puts(o, "</b> (<code>--baseline</code> names it, else the first "
	    "model in byte order), paired by case, as "
	    "<code>lg-compare --by gen.model=A,B</code> gives them: the mean of "
	    "A and of B over the cases both ran, B&minus;A with its 95% paired "
	    "bootstrap interval and p-value (each with its test and its unit); "
	    "cases run by one model only, and cases undecided or never scored "
	    "for A or B, are counted, not compared. The cases where B scores "
	    "below A are listed under <a href=\"#regressions\">Regressions"
	    "</a>.</p>\n");
	for (k = 0; k < nm; k++) {
		if (strcmp(models[k], a) == 0)
			continue;
		buf_puts(o, "<h3>A ");
		html_esc(o, a);
		buf_puts(o, ", B ");
		html_esc(o, models[k]);
		buf_puts(o, "</h3>\n");
		if (!passable(a) || !passable(models[k])) {
			buf_puts(o, "<p class=\"fail\">Not compared here: a name "
			    "holds ',', '=' or a NUL, which --by cannot name; "
			    "compare the two models' records with lg-compare "
			    "A.jsonl B.jsonl.</p>\n");
			continue;
		}
		tabs_compare(o, t, a, models[k], benches, nb);
	}
	free(a);
}

static void
charts_html(struct buf *o, struct charts *ch)
{
	int k;

	buf_puts(o, "<h2 id=\"charts\">Charts</h2>\n");
	for (k = 0; k < CH_NKINDS; k++) {
		struct svg_chart c;
		char id[32];

		if (charts_points(ch, k) == 0)
			continue;
		snprintf(id, sizeof id, "chart-%s", charts_kind[k]);
		charts_build(ch, k, id, &c);
		buf_printf(o, "<figure id=\"%s\">\n", id);
		svg_write(o, &c);
		buf_puts(o, "</figure>\n");
		charts_done(&c);
	}
}

static const char cases_html[] =
"<h2 id=\"cases\">Cases</h2>\n<div class=\"controls\">"
"<input id=\"f-q\" type=\"search\" placeholder=\"search ids\">"
"<select id=\"f-bench\"><option value=\"\">every bench</option></select>"
"<select id=\"f-task\"><option value=\"\">every task</option></select>"
"<select id=\"f-length\"><option value=\"\">every length</option></select>"
"<select id=\"f-model\"><option value=\"\">every model</option></select>"
"<select id=\"f-status\"><option value=\"\">every status</option></select>"
"<select id=\"f-tag\"><option value=\"\">every tag</option></select>"
"<select id=\"f-change\"><option value=\"\">every change</option>"
"<option value=\"neg\">B below A</option><option value=\"pos\">B above A"
"</option><option value=\"zero\">B equal to A</option><option value=\"none\">"
"no change (A, or no value)</option></select>"
"<select id=\"f-metric\"><option value=\"\">score</option></select>"
"<label><span id=\"l-range\">score % </span><input id=\"f-smin\" type=\"number\" min=\"0\" max=\"100\" "
"step=\"any\" placeholder=\"from\"></label><label> to <input id=\"f-smax\" "
"type=\"number\" min=\"0\" max=\"100\" step=\"any\" placeholder=\"to\">"
"</label> "
"<button id=\"prev\">previous</button><button id=\"next\">next</button> "
"<span id=\"count\"></span></div>\n"
"<table id=\"cases-table\"><thead><tr><th data-k=\"1\">id</th>"
"<th data-k=\"3\">task</th><th data-k=\"4\">length</th>"
"<th data-k=\"5\">model</th><th data-k=\"11\" id=\"th-value\">score</th>"
"<th data-k=\"7\">status</th><th data-k=\"10\" id=\"th-change\">B&minus;A"
"</th></tr></thead>"
"<tbody id=\"cases-body\"></tbody></table>\n"
"<p>Choose a case to see its gold answer, why it lost points, its "
"verdicts, output and prompt, beside the same case of another model; "
"B&minus;A is its score (or the metric chosen beside the filters) less "
"the baseline's on the same case. The "
"address follows what is shown: copy it to share the view.</p>"
"<div id=\"detail\"></div>\n";

/* The records never scored, said on the page as on stderr. */
static void
unscored_html(struct buf *o, const struct charts *ch)
{
	struct buf s = { 0 };

	charts_warn_unscored(ch, &s);
	if (s.len == 0)
		return;
	buf_puts(o, "<p class=\"fail\">");
	html_esc(o, buf_str(&s));
	buf_puts(o, ".</p>\n");
	buf_free(&s);
}

/* The page up to the case details, in o; 0, or -1 when a table could
 * not be made (its note in its place).  A page of a folder (-o) may load
 * scripts of its own origin: the chunks of the cases' details. */
static int
page(struct buf *o, struct report *r, struct charts *ch, const struct tabctx *c,
    const char *title)
{
	char **benches, **models;
	size_t nb = names(r, 0, &benches), nm = names(r, 3, &models);
	tabs t;
	int ok;

	buf_printf(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
	    "'none'; style-src 'unsafe-inline'; script-src %s'unsafe-inline'; "
	    "img-src data:\">\n<title>", r->dir != NULL ? "'self' " : "");
	html_esc(o, title);
	buf_printf(o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>",
	    report_css);
	html_esc(o, title);
	buf_printf(o, "</h1>\n<p>%ld records, %zu model%s. <a href=\"#headline\">"
	    "Headline</a> &middot; %s<a href=\"#paper\">The papers' tables</a> "
	    "&middot; <a href=\"#charts\">Charts</a> &middot; <a href=\"#groups\">"
	    "Every group</a> &middot; <a href=\"#cost\">Tokens and cost</a> "
	    "&middot; %s<a href=\"#time\">Time</a> &middot; <a href=\"#lengths\">"
	    "Output length</a> &middot; %s<a href=\"#cases\">Cases</a></p>\n",
	    r->ncases, nm, nm == 1 ? "" : "s", nm > 1 ? "<a href=\"#compare\">"
	    "Comparison</a> &middot; " : "", c->tags ? "<a href=\"#tags\">"
	    "Failure tags</a> &middot; " : "", c->draws > 0 ? "<a href=\""
	    "#sample-size\">Sample size</a> &middot; " : "");
	tabs_run(&t, c, o);
	buf_puts(o, "<h2 id=\"headline\">Headline</h2>\n<p>The numbers of "
	    "<code>lg-agg</code>, in percent");
	if (c->draws > 0)
		buf_printf(o, ", &plusmn; half the width of the 95%% interval "
		    "from %ld resamples of the cases (seed 1)", c->draws);
	buf_puts(o, ". Failed: records with an error, counted 0; undecided: "
	    "records the judge could decide none of the items of, left out of "
	    "every mean; unscored: records no scorer touched (no scores, no "
	    "error), left out of every mean (<code>lg-agg</code>'s columns)."
	    "</p>\n");
	unscored_html(o, ch);
	per_bench(o, &t, benches, nb, tabs_headline);
	comparison(o, &t, models, nm, r->base, benches, nb);
	buf_puts(o, "<h2 id=\"paper\">The papers' tables</h2>\n<p>"
	    "<code>lg-agg --layout paper</code>, then the tables of their own "
	    "that the records have what they need for "
	    "(<code>lg-agg --table N</code>)");
	if (c->correlate != NULL)
		buf_puts(o, " and the correlation with the outside scores "
		    "(<code>--correlate</code>)");
	buf_puts(o, ".</p>\n");
	per_bench(o, &t, benches, nb, tabs_paper);
	charts_html(o, ch);
	buf_puts(o, "<h2 id=\"groups\">Every group</h2>\n<p><code>lg-agg"
	    "</code>: a row per bench, task, length and model.</p>\n");
	per_bench(o, &t, benches, nb, tabs_long);
	buf_puts(o, "<h2 id=\"cost\">Tokens and cost</h2>\n<p><code>lg-agg "
	    "--usage</code>, a total per bench.</p>\n");
	per_bench(o, &t, benches, nb, tabs_usage);
	if (c->tags) {
		buf_puts(o, "<h2 id=\"tags\">Failure tags</h2>\n<p><code>lg-agg "
		    "--tags</code>: per group the share, in percent, of the "
		    "records tagged by <code>lg-tags</code> that have each tag; "
		    "failed records and records not tagged are counted apart, "
		    "never as answers without a failure.</p>\n");
		per_bench(o, &t, benches, nb, tabs_tags);
	}
	buf_puts(o, "<h2 id=\"time\">Time per sample</h2>\n<p><code>lg-agg "
	    "--time</code> (LongWeave's Table 9): the mean seconds of the "
	    "request that wrote each answer (<code>gen.latency_s</code>); "
	    "failed records and records without a time (an oracle's) are "
	    "counted apart, never as 0.</p>\n");
	per_bench(o, &t, benches, nb, tabs_time);
	buf_puts(o, "<h2 id=\"lengths\">Output length</h2>\n<p><code>lg-agg "
	    "--lengths</code> (LongWeave's Table 7 and Figure 6): the mean "
	    "length tier (target) and output in tokens, the output in percent "
	    "of the target; counted: outputs measured by the tokenizer, not "
	    "the server; cut: by the token limit.</p>\n");
	per_bench(o, &t, benches, nb, tabs_lengths);
	if (c->draws > 0) {
		buf_puts(o, "<h2 id=\"sample-size\">Sample size</h2>\n<p><code>"
		    "lg-agg --sample-size</code> (the question of LongWeave's "
		    "Table 5): per group the width in points of the 95% interval "
		    "of its primary metric (the score; LongGenBench's wAvg) from "
		    "resamples of n of its cases, up to "
		    "all of them.</p>\n");
		per_bench(o, &t, benches, nb, tabs_sample);
	}
	if (nm > 1)
		buf_puts(o, "<h2 id=\"regressions\">Regressions</h2>\n<p>The cases "
		    "where a model (B) scores below the baseline (A) on the same "
		    "case, worst first, by the score or by the metric chosen "
		    "beside the case list's filters (LongGenBench's CR, STIC-1, "
		    "STIC-2, wAvg, type rates and words; Ada-LEval's IF and tau); "
		    "choose one to see it beside the baseline's.</p>"
		    "<div id=\"regr\"></div>\n");
	buf_puts(o, cases_html);
	ok = t.ok;
	tabs_free(&t);
	split_free(benches, nb);
	split_free(models, nm);
	return ok ? 0 : -1;
}

/* Copy the temporary file f to out; -1 when it could not be read. */
static int
copy_out(FILE *f, FILE *out)
{
	char tmp[65536];
	size_t got;

	rewind(f);
	while ((got = fread(tmp, 1, sizeof tmp, f)) > 0)
		fwrite(tmp, 1, got, out);
	return ferror(f) ? -1 : 0;
}

/* The output's tokens for the copy, where lg-agg --lengths would count
 * them (no error, a length tier, no gen.output_tokens): as the length
 * chart counted them, else counted here once for every run of the tables
 * (*tok set up when first needed; *none once it could not be); -1 where
 * lg-agg counts, or warns, itself. */
static double
copy_counted(const cJSON *rec, double chart, bpe **tok, int *none)
{
	if (chart >= 0)
		return chart;
	if (*none || rec_get(rec, "error") != NULL ||
	    charts_tier(rec_str(rec, "length")) <= 0)
		return -1;
	if (*tok == NULL && (*tok = outtok_setup_quiet()) == NULL) {
		*none = 1;
		return -1;
	}
	return output_tokens_quiet(rec, *tok);
}

/* Read every record into r and ch; the exit status so far. */
static int
read_all(struct report *r, struct charts *ch, char **files, int n)
{
	jsonl *in = jsonl_open(files, n);
	cJSON *rec;
	bpe *tok = NULL;
	int status = LG_OK, bad = 0, none = 0;

	while ((rec = jsonl_next(in)) != NULL) {
		int b = charts_add(ch, rec, in) < 0;

		bad |= b;
		if (report_add(r, rec, b, copy_counted(rec, charts_counted(ch),
		    &tok, &none)) < 0) {	/* said */
			status = LG_SYS;
			rec_free(rec);
			break;
		}
		rec_free(rec);
	}
	/* the last of the details reaches the file only now: a full disk
	 * must stop the page here, not leave it without its cases */
	if (status == LG_OK && ((r->details != NULL &&
	    (fflush(r->details) != 0 || ferror(r->details))) ||
	    fflush(r->records) != 0 || ferror(r->records))) {
		lg_warn("temporary file: write failed: %s", strerror(errno));
		status = LG_SYS;
	}
	if (status == LG_OK)
		status = jsonl_status(in);
	bpe_free(tok);
	jsonl_free(in);
	return status == LG_OK && bad ? LG_BAD : status;
}

/* The end of the page after the tables, o: the case index, the first
 * case of each chunk (-o), the script, then the details of one page. */
static int
finish(FILE *f, struct buf *o, struct report *r)
{
	long k;
	int ret = 0;

	buf_puts(o, "<script type=\"application/json\" id=\"index\">[");
	buf_add(o, r->index.s ? r->index.s : "", r->index.len);
	buf_puts(o, "]</script>\n");
	report_metrics_json(o);
	if (r->base != NULL) {
		cJSON *j = nulkey_json(r->base);
		char *txt = cJSON_PrintUnformatted(j);

		buf_puts(o, "<script type=\"application/json\" id=\"baseline\">");
		html_json(o, txt);
		buf_puts(o, "</script>\n");
		free(txt);
		cJSON_Delete(j);
	}
	if (r->dir != NULL) {
		buf_puts(o, "<script type=\"application/json\" id=\"chunks\">[");
		for (k = 0; k < r->dir->nchunks; k++)
			buf_printf(o, "%s%ld", k ? "," : "", r->dir->first[k]);
		buf_puts(o, "]</script>\n");
	}
	/* the script before the details, so the list works while they load */
	buf_printf(o, "<script>\n%s</script>\n", report_js);
	fwrite(o->s, 1, o->len, f);
	if (r->details != NULL && copy_out(r->details, f) < 0) {
		lg_warn("temporary file: read failed");
		ret = -1;
	}
	fputs("</body>\n</html>\n", f);
	return ret;
}

/* 1 when some record of r is of bench. */
static int
has_bench(const struct report *r, const char *bench)
{
	size_t i;

	for (i = 0; i < r->ng; i++)
		if (strcmp(r->g[i].bench, bench) == 0)
			return 1;
	return 0;
}

/* Where the page goes: stdout, or DIR/index.html of -o DIR. */
static FILE *
page_file(struct report *r)
{
	if (r->dir == NULL)
		return stdout;
	return outdir_page(r->dir);
}

static int
run(char **files, int n, const struct ropts *ro, struct tabctx *c)
{
	struct report r = { 0 };
	struct outdir dir;
	struct charts_opts co;
	struct charts *ch;
	int status = LG_SYS;
	struct buf o = { 0 };
	FILE *f = NULL;

	charts_defaults(&co);
	co.compat = ro->compat;
	co.draws = c->draws;
	co.seed = 1;	/* lg-agg's default --seed, as the tables */
	ch = charts_new(&co);
	r.max_text = ro->max_text;
	if (ro->dir != NULL) {
		if (outdir_open(&dir, ro->dir) < 0)
			goto out;
		r.dir = &dir;
	} else if ((r.details = tempfile_open("lg-report")) == NULL) {
		goto out;
	}
	if ((r.records = tempfile_open("lg-report")) == NULL)
		goto out;
	status = read_all(&r, ch, files, n);
	charts_warn_unscored(ch, NULL);
	report_repeats(&r);
	if (status == LG_SYS)
		goto out;
	if (charts_defs_refused(ch)) {
		status = LG_BAD;	/* a task scored by two definitions,
					 * said: no page */
		goto out;
	}
	r.base = baseline_key(&r, ro->baseline);
	if (ro->baseline != NULL && r.base == NULL) {
		status = LG_USAGE;	/* said: no page */
		goto out;
	}
	if (r.dir == NULL && r.ncases > BIG_PAGE)
		lg_warn("%ld cases in one page: it opens slowly; lg-report -o "
		    "DIR writes a folder whose page loads a case's details "
		    "only when it is opened", r.ncases);
	c->fd = fileno(r.records);
	c->tags = r.tagged > 0;
	c->lw = has_bench(&r, "longweave");
	c->ada = has_bench(&r, "adaleval");
	if (page(&o, &r, ch, c, ro->title) < 0)
		status = LG_SYS;	/* the page is written all the same */
	if ((f = page_file(&r)) == NULL) {
		status = LG_SYS;
		goto out;
	}
	if (finish(f, &o, &r) < 0)
		status = LG_SYS;
	if (r.dir != NULL) {
		if (outdir_commit(r.dir, f) < 0)
			status = LG_SYS;
		r.dir = NULL;
	}
out:
	if (r.dir != NULL)
		outdir_abort(r.dir);
	buf_free(&o);
	if (r.details != NULL)
		fclose(r.details);
	if (r.records != NULL)
		fclose(r.records);
	report_free(&r);
	charts_free(ch);
	return lg_finish(status);
}


static void
parse(int argc, char **argv, struct ropts *o)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "baseline", required_argument, NULL, OPT_BASE },
		{ "prices", required_argument, NULL, OPT_PRICES },
		{ "models", required_argument, NULL, OPT_MODELS },
		{ "correlate", required_argument, NULL, OPT_CORR },
		{ "max-text", required_argument, NULL, OPT_MAXTEXT },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "bootstrap", required_argument, NULL, OPT_BOOT },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = lg_getopt(argc, argv, "t:o:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 't':
			o->title = optarg;
			break;
		case 'o':
			o->dir = optarg;
			break;
		case 'j':
			o->tab.jobs = (int)opt_num("-j", optarg, 1, 256);
			break;
		case OPT_BASE:
			o->baseline = optarg;
			break;
		case OPT_COMPAT:
			o->compat = 1;
			break;
		case OPT_PRICES:
			o->tab.prices = optarg;
			break;
		case OPT_MODELS:
			o->tab.models = optarg;
			break;
		case OPT_CORR:
			o->tab.correlate = optarg;
			break;
		case OPT_MAXTEXT:
			o->max_text = opt_size("--max-text", optarg, 1,
			    (size_t)1 << 40);
			break;
		case OPT_MAXREC:
			opt_max_record(optarg);
			o->tab.max_record = optarg;
			break;
		case OPT_BOOT:
			o->tab.draws = (long)opt_num("--bootstrap", optarg, 0,
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
}

/* The files the options name, read before any page is written (lg-agg
 * reads them again for its tables): 0, or the status of the first bad
 * one, said. */
static int
check_files(const struct tabctx *c)
{
	struct prices prices = { 0 };
	struct models models = { 0 };
	struct extscores ext = { 0 };
	int status = 0;

	if (c->prices != NULL)
		status = prices_read(&prices, c->prices);
	prices_clear(&prices);
	if (status == 0 && c->models != NULL)
		status = models_read(&models, c->models);
	models_clear(&models);
	if (status == 0 && c->correlate != NULL)
		status = extscores_read(&ext, c->correlate);
	extscores_clear(&ext);
	return status;
}

int
main(int argc, char **argv)
{
	struct ropts o = { "lg report", NULL, NULL, 0, (size_t)1 << 20,
	    { NULL, -1, DEF_BOOTSTRAP, "64M", NULL } };
	int status;

	lg_init(argv[0]);
	o.tab.self = argv[0];
	o.tab.jobs = processors();
	parse(argc, argv, &o);
	/* a bad price, model or score file stops before any page */
	if ((status = check_files(&o.tab)) != 0)
		return status;
	return run(argv + optind, argc - optind, &o, &o.tab);
}
