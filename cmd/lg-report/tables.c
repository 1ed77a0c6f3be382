/*
 * tables.c: the page's tables of numbers, as lg-agg and lg-compare print
 * them.  lg-report runs them with -f json on the records it read (its
 * copy of them) and shows their rows (aggjson.c: as lg-agg's text tables
 * write them), in their order and with their intervals,
 * so that every number of the page is the number of the terminal tools,
 * computed once, in one place.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diag.h"
#include "report.h"
#include "runtool.h"
#include "xalloc.h"

#define MAX_OUT ((size_t)256 << 20)	/* what a tool may print */

/* A tool's messages, line by line, as a note. */
static void
esc_lines(struct buf *o, const char *s)
{
	buf_puts(o, "<pre class=\"note\">");
	while (*s != '\0') {
		const char *nl = strchr(s, '\n');
		char *line = xstrndup(s, nl ? (size_t)(nl - s) : strlen(s));

		html_esc(o, line);
		buf_putc(o, '\n');
		free(line);
		s = nl ? nl + 1 : s + strlen(s);
	}
	buf_puts(o, "</pre>\n");
}

/* lg-agg's warnings about a table (lines) of its run with args, beside
 * it; of bench only (its records, its models) when bench is not NULL. */
static void
warn_note(struct buf *o, const struct buf *w, const char *args,
    const char *bench)
{
	char *all = xstrndup(w->s ? w->s : "", w->len), *line, *next;
	char *of = bench ? xasprintf("no %s records", bench) : NULL;
	char *own = bench ? xasprintf("%s's model", bench) : NULL;
	struct buf sel = { 0 };

	for (line = all; *line != '\0'; line = next) {
		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		if (bench == NULL || strstr(line, of) || strstr(line, own))
			buf_printf(&sel, "%s\n", line);
	}
	if (sel.len > 0) {
		buf_printf(o, "<details class=\"note\"><summary>What <code>"
		    "lg-agg %s</code> said (also on stderr)</summary>\n", args);
		esc_lines(o, buf_str(&sel));
		buf_puts(o, "</details>\n");
	}
	buf_free(&sel);
	free(own);
	free(of);
	free(all);
}

/* A run's arguments in av (room for 24): args, --bootstrap N when common
 * (nb its room), --max-record. */
static void
tool_args(const struct tabctx *c, char **av, char *nb, size_t nbsize,
    const char *const *args, int common)
{
	size_t n = 0;

	while (args[n] != NULL && n < 12) {
		av[n] = (char *)args[n];
		n++;
	}
	if (common) {
		snprintf(nb, nbsize, "%ld", c->draws);
		av[n++] = (char *)"--bootstrap";
		av[n++] = nb;
	}
	av[n++] = (char *)"--max-record";
	av[n++] = (char *)c->max_record;
	av[n] = NULL;
}

/* What a run is for: where its output goes (its JSON lines), the table
 * it makes, named for the messages, and where the warnings about that
 * table go (NULL: none to pass on). */
struct runfor {
	struct buf *out;
	const char *what;
	struct buf *warn;
	int quiet;	/* nothing to show: said on the page alone */
};

/* Whether line is an lg-agg warning of the table itself, which lg-report
 * does not say of its own: those naming the --correlate or --models file
 * (a model without records, without a score, without a line).  Not
 * --table N's records left out as not a table of their bench's paper
 * (lg-report asks every table of every record: a page of several
 * benchmarks would say it of each), nor --table 6's "no judge model",
 * which the page says as the table's missing need. */
static int
passed_on(const struct tabctx *c, const char *line)
{
	static const char pre[] = "lg-agg: ";
	const char *f[2] = { c->correlate, c->models };
	size_t i, n;

	if (strncmp(line, pre, sizeof pre - 1) != 0)
		return 0;
	line += sizeof pre - 1;
	for (i = 0; i < 2; i++)
		if (f[i] != NULL && strncmp(line, f[i], n = strlen(f[i])) == 0 &&
		    strncmp(line + n, ": ", 2) == 0)
			return 1;
	return 0;
}

/* Those lines of err on stderr and in w. */
static void
pass_on(const struct tabctx *c, const char *err, struct buf *w)
{
	while (*err != '\0') {
		const char *nl = strchr(err, '\n');
		char *line = xstrndup(err, nl ? (size_t)(nl - err) :
		    strlen(err));

		if (passed_on(c, line)) {
			lg_warn("%s", line);
			buf_printf(w, "%s\n", line);
		}
		free(line);
		err = nl ? nl + 1 : err + strlen(err);
	}
}

/*
 * Why run j made no table, a new string, or NULL when it made one (what
 * it printed, with status 0 or 1: some records were bad).  *hard: 1 when
 * it failed (could not run, or exit 2 or more), 0 when it had nothing to
 * show and said why (exit 1, nothing printed).
 */
static char *
no_table(runjob *j, int *hard)
{
	const char *e = buf_str(&j->err);
	size_t n = j->err.len;

	while (n > 0 && e[n - 1] == '\n')
		n--;
	*hard = 1;
	if (j->why != NULL)
		return xstrdup(j->why);
	if (j->status == LG_BAD && j->out.len == 0 && n > 0) {
		*hard = 0;
		return xstrndup(e, n);
	}
	if (j->status == 0 || j->status == LG_BAD)
		return NULL;
	if (n == 0)
		return xasprintf("%s exited with status %d: no message",
		    j->name, j->status);
	return xasprintf("%s exited with status %d: %.*s", j->name, j->status,
	    (int)n, e);
}

static const char *
last_line(const char *s)
{
	const char *nl = strrchr(s, '\n');

	return nl != NULL ? nl + 1 : s;
}

/*
 * The runs jobs[0..n) at once (at most c->jobs), each for fo[i]: its
 * output in *fo[i].out, its warnings about its table passed on.  A run
 * that made no table is said once per reason, on stderr and in o, naming
 * the tables missing for it; every other table is kept.  -2 when a run
 * failed, else -1 when one had nothing to show, else 0.
 */
static int
tools_done(const struct tabctx *c, struct buf *o, runjob *jobs, size_t n,
    const struct runfor *fo)
{
	char **why = xcalloc(n + 1, sizeof *why);
	int *said = xcalloc(n + 1, sizeof *said);
	int *fail = xcalloc(n + 1, sizeof *fail);
	size_t i, k;
	int st = 0, hard;
	struct buf w = { 0 };

	for (i = 0; i < n; i++) {
		if ((why[i] = no_table(&jobs[i], &hard)) == NULL) {
			*fo[i].out = jobs[i].out;
			if (fo[i].warn != NULL)
				pass_on(c, buf_str(&jobs[i].err), fo[i].warn);
		} else {
			buf_free(&jobs[i].out);
			st = hard || st == -2 ? -2 : -1;
			said[i] = hard || !fo[i].quiet;
			fail[i] = hard;
		}
		buf_free(&jobs[i].err);
		free(jobs[i].why);
		jobs[i].why = NULL;
	}
	for (i = 0; i < n; i++) {
		if (why[i] == NULL)
			continue;
		buf_reset(&w);
		for (k = i; k < n; k++)
			if (why[k] != NULL && (k == i || strcmp(why[k],
			    why[i]) == 0)) {
				buf_printf(&w, "%s%s", w.len ? "; " : "",
				    fo[k].what);
				if (k > i) {
					free(why[k]);
					why[k] = NULL;
				}
			}
		/* its message's last line on stderr, all of it on the page */
		if (said[i])
			lg_warn("missing: %s: %s", buf_str(&w),
			    last_line(why[i]));
		buf_puts(o, fail[i] ? "<p class=\"fail\">Missing, as it could "
		    "not be made: " : "<p class=\"note\">Not shown, as there is "
		    "nothing to show: ");
		html_esc(o, buf_str(&w));
		buf_puts(o, ".</p>\n");
		esc_lines(o, why[i]);
		free(why[i]);
	}
	buf_free(&w);
	free(fail);
	free(said);
	free(why);
	return st;
}

static int
tools_run(const struct tabctx *c, struct buf *o, runjob *jobs, size_t n,
    const struct runfor *fo)
{
	runtools(c->self, jobs, n, c->fd, MAX_OUT, c->jobs);
	return tools_done(c, o, jobs, n, fo);
}

/* Append word w to b as one word of lg-agg --view's OPTIONS: a blank or
 * a backslash after a backslash. */
static void
view_word(struct buf *b, const char *w)
{
	if (b->len > 0)
		buf_putc(b, ' ');
	for (; *w != '\0'; w++) {
		if (*w == ' ' || *w == '\t' || *w == '\n' || *w == '\\')
			buf_putc(b, '\\');
		buf_putc(b, *w);
	}
}

/* The number n of a line {"view":n...} or {"view_end":n...} (key), its
 * text after n in *rest; 0 when it is not such a line. */
static size_t
view_of(const char *line, const char *key, const char **rest)
{
	size_t kl = strlen(key);
	char *end;
	unsigned long n;

	if (strncmp(line, "{\"", 2) != 0 || strncmp(line + 2, key, kl) != 0 ||
	    strncmp(line + 2 + kl, "\":", 2) != 0)
		return 0;
	n = strtoul(line + 4 + kl, &end, 10);
	*rest = end;
	return end == line + 4 + kl ? 0 : (size_t)n;
}

/* A view's end line into its run j: its status and messages. */
static void
view_end(runjob *j, const char *line)
{
	cJSON *e = cJSON_Parse(line), *m;
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(e, "status");

	j->status = cJSON_IsNumber(st) ? st->valueint : LG_SYS;
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(e, "messages"))
		if (cJSON_IsString(m))
			buf_printf(&j->err, "%s\n", m->valuestring);
	cJSON_Delete(e);
}

/*
 * The run r of lg-agg --view made as runs v[0..n) of each view alone:
 * each row, its "view" member left out, in its view's out, each view's
 * end line its status and messages.  A view without an end line (the
 * run failed) is the run: its status, why and messages.
 */
static void
views_split(runjob *r, runjob *v, size_t n)
{
	const char *p = buf_str(&r->out), *nl, *rest;
	char *line;
	int *ended = xcalloc(n + 1, sizeof *ended);
	size_t k, i;

	for (; *p != '\0'; p = *nl ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		line = xstrndup(p, (size_t)(nl - p));
		if ((k = view_of(line, "view", &rest)) >= 1 && k <= n &&
		    (*rest == ',' || *rest == '}')) {
			buf_putc(&v[k - 1].out, '{');
			buf_puts(&v[k - 1].out, rest + (*rest == ','));
			buf_putc(&v[k - 1].out, '\n');
		} else if ((k = view_of(line, "view_end", &rest)) >= 1 &&
		    k <= n) {
			view_end(&v[k - 1], line);
			ended[k - 1] = 1;
		}
		free(line);
	}
	for (i = 0; i < n; i++)
		if (!ended[i]) {
			buf_reset(&v[i].out);
			buf_reset(&v[i].err);
			if (r->err.len > 0)
				buf_add(&v[i].err, r->err.s, r->err.len);
			v[i].status = r->status;
			v[i].why = r->why ? xstrdup(r->why) : NULL;
		}
	free(ended);
}

/* The runs av[0..n) of lg-agg (its arguments but --max-record) as one run
 * of lg-agg --view reading the records once: each a view of its own,
 * done as tools_done() does the runs. */
static int
views_run(const struct tabctx *c, struct buf *o, char *(*av)[24], size_t n,
    const struct runfor *fo)
{
	char **argv = xcalloc(2 * n + 6, sizeof *argv);
	struct buf *vw = xcalloc(n + 1, sizeof *vw);
	runjob one, *v = xcalloc(n + 1, sizeof *v);
	size_t i, k, m = 0;
	int st;

	argv[m++] = (char *)"-f";
	argv[m++] = (char *)"json";
	argv[m++] = (char *)"--max-record";
	argv[m++] = (char *)c->max_record;
	for (i = 0; i < n; i++) {
		for (k = 0; av[i][k] != NULL; k++)
			if (strcmp(av[i][k], "--max-record") == 0)
				k++;
			else
				view_word(&vw[i], av[i][k]);
		argv[m++] = (char *)"--view";
		argv[m++] = (char *)buf_str(&vw[i]);
		v[i].name = "lg-agg";
	}
	memset(&one, 0, sizeof one);
	one.name = "lg-agg";
	one.argv = argv;
	runtools(c->self, &one, 1, c->fd, MAX_OUT, 1);
	views_split(&one, v, n);
	buf_free(&one.out);
	buf_free(&one.err);
	free(one.why);
	st = tools_done(c, o, v, n, fo);
	for (i = 0; i < n; i++)
		buf_free(&vw[i]);
	free(vw);
	free(v);
	free(argv);
	return st;
}

static int
skipped(const char *k, const char *const *skip)
{
	size_t n = strlen(k);

	if (n > 3 && (strcmp(k + n - 3, "_lo") == 0 || strcmp(k + n - 3,
	    "_hi") == 0 || strcmp(k + n - 3, "_sd") == 0))
		return 1;
	for (; *skip != NULL; skip++)
		if (strcmp(k, *skip) == 0)
			return 1;
	return 0;
}

/* Keys that count records or cases: shown whole. */
static int
counted(const char *k)
{
	static const char *const counts[] = { "cases", "failed", "undecided",
	    "unscored",
	    "only_a", "only_b", "paired", "other", "untokened", "measured",
	    "no_length", "models", "count", NULL };
	size_t i;

	for (i = 0; counts[i] != NULL; i++)
		if (strcmp(k, counts[i]) == 0)
			return 1;
	return 0;
}

/* A JSON value as a cell: numbers to dec decimals (whole counts as they
 * are), with "± hw" when the row has KEY_lo and KEY_hi (range: "lo to hi"
 * after it, for an interval that need not be even), "± sd" when it has
 * KEY_sd (a standard deviation over draws). */
static void
json_cell(struct buf *o, const cJSON *row, const cJSON *v, int dec, int range)
{
	char k[256];
	const cJSON *lo, *hi, *sd;

	if (cJSON_IsNumber(v)) {
		double x = v->valuedouble;

		buf_puts(o, "<td class=\"num\">");
		if (strcmp(v->string, "p") == 0)
			buf_printf(o, "%.3g", x);
		else
			buf_printf(o, "%.*f", counted(v->string) ? 0 : dec,
			    x == 0 ? 0 : x);
		snprintf(k, sizeof k, "%s_lo", v->string);
		lo = cJSON_GetObjectItemCaseSensitive(row, k);
		snprintf(k, sizeof k, "%s_hi", v->string);
		hi = cJSON_GetObjectItemCaseSensitive(row, k);
		snprintf(k, sizeof k, "%s_sd", v->string);
		sd = cJSON_GetObjectItemCaseSensitive(row, k);
		if (cJSON_IsNumber(lo) && cJSON_IsNumber(hi) && range)
			buf_printf(o, "<span class=\"pm\" title=\"95%% "
			    "interval\"> (%.*f to %.*f)</span>", dec,
			    lo->valuedouble, dec, hi->valuedouble);
		else if (cJSON_IsNumber(lo) && cJSON_IsNumber(hi))
			buf_printf(o, "<span class=\"pm\" title=\"95%% interval "
			    "%.*f to %.*f\"> \xc2\xb1 %.*f</span>", dec,
			    lo->valuedouble, dec, hi->valuedouble, dec,
			    (hi->valuedouble - lo->valuedouble) / 2);
		else if (cJSON_IsNumber(sd))
			buf_printf(o, "<span class=\"pm\" title=\"standard "
			    "deviation over the draws\"> \xc2\xb1 %.*f</span>",
			    dec, sd->valuedouble);
		buf_puts(o, "</td>");
	} else if (cJSON_IsString(v)) {
		buf_puts(o, "<td>");
		html_esc(o, v->valuestring);
		buf_puts(o, "</td>");
	} else {
		buf_puts(o, "<td class=\"num\">-</td>");
	}
}

/* A column's name: lg-compare's keys as its table names them. */
static const char *
label(const char *k)
{
	static const char *const names[][2] = { { "a", "A" }, { "b", "B" },
	    { "only_a", "only A" }, { "only_b", "only B" },
	    { "diff", "B\xe2\x88\x92" "A" }, { "lo", "95% interval" },
	    { "max_tokens", "max tokens" }, { "avg_tokens", "avg tokens" },
	    { "no_length", "no-length" }, { "from", "lg-tags" } };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(k, names[i][0]) == 0)
			return names[i][1];
	return k;
}

static const char *
jstr(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : "";
}

/* lg-compare's test in words, with its unit: what was drawn or paired,
 * and for the checks row why its p cannot be read as a case's. */
static void
test_cell(struct buf *o, const cJSON *row, const cJSON *v)
{
	const char *t = cJSON_IsString(v) ? v->valuestring : "";
	int checks = strcmp(jstr(row, "metric"), "checks") == 0;

	if (checks) {
		buf_printf(o, "<td class=\"caveat\">%s, unit: a check. The "
		    "checks of a case are not independent, and this test counts "
		    "them as if they were: its p is far too small. Read the p of "
		    "the score row (unit: a case).</td>", strcmp(t, "mcnemar") ==
		    0 ? "exact McNemar" : strcmp(t, "perm") == 0 ? "paired "
		    "permutation" : "-");
		return;
	}
	buf_printf(o, "<td>%s</td>", strcmp(t, "mcnemar") == 0 ?
	    "exact McNemar, unit: a case" : strcmp(t, "perm") == 0 ?
	    "paired permutation, unit: a case" : "-");
}

/* The address of the regressions of model b in row's group (bench, and
 * task and length when the row has them) by the row's metric: the page's
 * #regr=B&...&metric=M (none for the score; the checks have no case
 * value, so no link). */
static void
regr_cell(struct buf *o, const cJSON *row, const char *b)
{
	static const char *const keys[] = { "bench", "task", "length", NULL };
	const char *m = jstr(row, "metric");
	size_t i;

	if (*m == '\0' || strcmp(m, "checks") == 0) {
		buf_puts(o, "<td></td>");
		return;
	}
	buf_puts(o, "<td><a class=\"regr\" href=\"#regr=");
	url_esc(o, b);
	for (i = 0; keys[i] != NULL; i++)
		if (*jstr(row, keys[i]) != '\0') {
			buf_printf(o, "&amp;%s=", keys[i]);
			url_esc(o, jstr(row, keys[i]));
		}
	if (strcmp(m, "score") != 0) {
		buf_puts(o, "&amp;metric=");
		url_esc(o, m);
	}
	buf_puts(o, "\">B below A</a></td>");
}

/* How json_table shows its rows. */
struct jtab {
	const char *const *skip;	/* keys not shown */
	int dec;		/* decimals */
	const char *b;		/* lg-compare's rows of model b, or NULL */
	int range;		/* intervals as "(lo to hi)", not "± hw" */
	const char *item;	/* the heading of key "item", or NULL */
};

/* A column's heading: lg-agg --table 5's nN as "n = N". */
static void
head_cell(struct buf *o, const char *k, const struct jtab *j)
{
	buf_puts(o, "<th>");
	if (k[0] == 'n' && k[1] >= '1' && k[1] <= '9' &&
	    strspn(k + 1, "0123456789") == strlen(k + 1)) {
		buf_puts(o, "n = ");
		html_esc(o, k + 1);
	} else {
		html_esc(o, strcmp(k, "p") == 0 ? "p (two-sided)" :
		    strcmp(k, "test") == 0 ? "test, unit" : strcmp(k, "item") ==
		    0 && j->item != NULL ? j->item : label(k));
	}
	buf_puts(o, "</th>");
}

/* JSON rows r[0..n) as one table, columns the keys of r[0] but j->skip[]
 * and KEY_lo, KEY_hi, KEY_sd (shown with KEY); lo and hi, when r[0] has
 * them, make a "95% interval" column after diff.  With j->b (lg-compare's
 * rows of model b), the test in words and a last column linking each
 * metric's row to its regressions. */
static void
json_table(struct buf *o, cJSON **r, size_t n, const struct jtab *j)
{
	const cJSON *k;
	size_t i;
	int dec = j->dec;

	buf_puts(o, "<table class=\"sortable\"><thead><tr>");
	cJSON_ArrayForEach(k, r[0])
		if (!skipped(k->string, j->skip))
			head_cell(o, k->string, j);
	if (j->b != NULL)
		buf_puts(o, "<th>cases</th>");
	buf_puts(o, "</tr></thead><tbody>\n");
	for (i = 0; i < n; i++) {
		buf_puts(o, "<tr>");
		cJSON_ArrayForEach(k, r[0]) {
			const cJSON *v = cJSON_GetObjectItemCaseSensitive(r[i],
			    k->string), *hi;

			if (skipped(k->string, j->skip))
				continue;
			if (strcmp(k->string, "lo") == 0) {
				hi = cJSON_GetObjectItemCaseSensitive(r[i], "hi");
				if (cJSON_IsNumber(v) && cJSON_IsNumber(hi))
					buf_printf(o, "<td class=\"num\">%.*f..%.*f</td>",
					    dec, v->valuedouble == 0 ? 0 : v->valuedouble,
					    dec, hi->valuedouble == 0 ? 0 : hi->valuedouble);
				else
					buf_puts(o, "<td class=\"num\">-</td>");
				continue;
			}
			if (j->b != NULL && strcmp(k->string, "test") == 0)
				test_cell(o, r[i], v);
			else
				json_cell(o, r[i], v, dec, j->range);
		}
		if (j->b != NULL)
			regr_cell(o, r[i], j->b);
		buf_puts(o, "</tr>\n");
	}
	buf_puts(o, "</tbody></table>\n");
}

/* A NUL escaped in JSON text (\\u0000) written U+2400 (\\u2400), as the
 * text tables show it: a string is never cut at its NUL. */
static void
nul_shown(char *s)
{
	size_t bs = 0;

	for (; *s != '\0'; s++) {
		if (*s == '\\' && bs % 2 == 0 && strncmp(s, "\\u0000", 6) == 0)
			memcpy(s + 2, "2400", 4);
		bs = *s == '\\' ? bs + 1 : 0;
	}
}

/* The JSON lines of text: objects in *out (the caller frees them). */
static size_t
jlines(const char *text, cJSON ***out)
{
	const char *p = text;
	cJSON **v = NULL;
	size_t n = 0;

	while (p != NULL && *p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);
		char *line = xstrndup(p, len);
		cJSON *j;

		nul_shown(line);
		j = cJSON_Parse(line);
		free(line);

		if (cJSON_IsObject(j)) {
			v = xreallocarray(v, n + 1, sizeof *v);
			v[n++] = j;
		} else {
			cJSON_Delete(j);
		}
		p = nl != NULL ? nl + 1 : NULL;
	}
	*out = v;
	return n;
}

static void
jfree(cJSON **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_Delete(v[i]);
	free(v);
}

static int
same(const cJSON *a, const cJSON *b, const char *k)
{
	return strcmp(jstr(a, k), jstr(b, k)) == 0;
}

/* lg-agg --layout paper's rows of bench: a table per paper table (and
 * per task, where the paper has one per task); model rows only with
 * models set (the headline: the same table). */
static void
paper_html(struct buf *o, const tabs *t, const char *bench, int caption)
{
	static const char *const skip[] = { "bench", "layout", "table",
	    "lg_version", "gen_params", "task", NULL };
	const struct jtab jt = { skip, 1, NULL, 0, "task" };
	size_t i = 0, j;
	int shown = 0;

	while (i < t->npaper) {
		if (strcmp(jstr(t->paper[i], "bench"), bench) != 0) {
			i++;
			continue;
		}
		for (j = i + 1; j < t->npaper && same(t->paper[i], t->paper[j],
		    "bench") && same(t->paper[i], t->paper[j], "table") &&
		    same(t->paper[i], t->paper[j], "task"); j++)
			;
		if (caption) {
			const char *tn = jstr(t->paper[i], "table");
			int num = strspn(tn, "0123456789") == strlen(tn);

			buf_puts(o, num ? "<p class=\"caption\">As in the paper's "
			    "Table " : "<p class=\"caption\">As in the paper's ");
			html_esc(o, tn);
			if (!num)
				buf_puts(o, " results");
			if (*jstr(t->paper[i], "task") != '\0') {
				buf_puts(o, ", ");
				html_esc(o, jstr(t->paper[i], "task"));
			}
			buf_puts(o, "</p>\n");
		}
		json_table(o, t->paper + i, j - i, &jt);
		i = j;
		shown = 1;
	}
	if (shown && caption)
		warn_note(o, &t->paper_warn, "--layout paper", NULL);
}

const char *const tabs_ptab[TABS_NPTAB] = { "1", "4", "5", "6", "7", "9" };

#define NRUNS (10 + TABS_NPTAB + 1)	/* the tables, --table N, --correlate */

/* Whether lg-agg --table tabs_ptab[k] applies to the records: Ada-LEval's
 * Table 1, LongWeave's others (4 with tags, 5 with 2 draws or more). */
static int
ptab_runs(const struct tabctx *c, size_t k)
{
	const char *n = tabs_ptab[k];

	if (strcmp(n, "1") == 0)
		return c->ada;
	if (strcmp(n, "4") == 0)
		return c->lw && c->tags;
	if (strcmp(n, "5") == 0)
		return c->lw && c->draws >= 2;
	return c->lw;
}

void
tabs_run(tabs *t, const struct tabctx *c, struct buf *o)
{
	static const char *const lng[] = { "-f", "json", NULL };
	static const char *const pos[] = { "--by-position", "-f", "json",
	    NULL };
	const char *pap[] = { "--layout", "paper", "-f", "json", NULL, NULL,
	    NULL };
	static const char *const g1[] = { "-f", "json", "-g",
	    "bench,gen.model", NULL };
	static const char *const g2[] = { "-f", "json", "-g",
	    "bench,task,gen.model", NULL };
	static const char *const tg[] = { "--tags", "-f", "json", NULL };
	static const char *const tm[] = { "--time", "-f", "json", NULL };
	static const char *const ln[] = { "--lengths", "-f", "json", NULL };
	static const char *const ss[] = { "--sample-size", "-f", "json",
	    NULL };
	const char *use[] = { "--usage", "-f", "json", NULL, NULL, NULL };
	const char *pt[TABS_NPTAB][5], *cor[] = { "--correlate", c->correlate,
	    "-f", "json", NULL };
	static const char *const what[NRUNS] = { "every group (lg-agg)",
	    "the pass rate per entry position (lg-agg --by-position)",
	    "the papers' tables (lg-agg --layout paper)",
	    "the headline per model (lg-agg -g bench,gen.model)",
	    "the headline per task and model (lg-agg -g bench,task,gen.model)",
	    "tokens and cost (lg-agg --usage)",
	    "the failure tags (lg-agg --tags)",
	    "the time per sample (lg-agg --time)",
	    "the output length (lg-agg --lengths)",
	    "the sample size (lg-agg --sample-size)",
	    "the paper's Table 1 (lg-agg --table 1)",
	    "the paper's Table 4 (lg-agg --table 4)",
	    "the paper's Table 5 (lg-agg --table 5)",
	    "the paper's Table 6 (lg-agg --table 6)",
	    "the paper's Table 7 (lg-agg --table 7)",
	    "the paper's Table 9 (lg-agg --table 9)",
	    "the correlation with the outside scores (lg-agg --correlate)" };
	const char *const *args[NRUNS];
	struct runfor fo[NRUNS];
	struct buf p = { 0 }, js[NRUNS] = { { 0 } };
	struct jrows *dest[NRUNS] = { &t->lng, &t->pos, NULL, &t->g1, &t->g2,
	    &t->use, &t->tags, &t->time, &t->lengths, &t->sample };
	char *av[NRUNS][24], *avs[NRUNS][24], nb[NRUNS][32];
	size_t n = 0, i;

	memset(t, 0, sizeof *t);
	t->ctx = c;
	if (c->models != NULL) {
		pap[4] = "--models";
		pap[5] = c->models;
	}
	if (c->prices != NULL) {
		use[3] = "--prices";
		use[4] = c->prices;
	}
	/* the runs, in the order of the page, at once: lg-agg's bootstrap
	 * is most of lg-report's time */
	args[0] = lng;
	args[1] = pos;
	args[2] = pap;
	args[3] = g1;
	args[4] = g2;
	args[5] = use;
	args[6] = c->tags ? tg : NULL;
	args[7] = tm;
	args[8] = ln;
	args[9] = c->draws != 0 ? ss : NULL;
	for (i = 0; i < TABS_NPTAB; i++) {
		pt[i][0] = "--table";
		pt[i][1] = tabs_ptab[i];
		pt[i][2] = "-f";
		pt[i][3] = "json";
		pt[i][4] = NULL;
		args[10 + i] = ptab_runs(c, i) ? pt[i] : NULL;
		dest[10 + i] = &t->ptab[i];
	}
	args[NRUNS - 1] = c->correlate != NULL ? cor : NULL;
	dest[NRUNS - 1] = &t->corr;
	for (i = 0; i < NRUNS; i++) {
		if (args[i] == NULL)
			continue;
		/* --usage's numbers have no interval */
		tool_args(c, av[i], nb[i], sizeof nb[i], args[i], i != 5 &&
		    i != 6);
		memcpy(avs[n], av[i], sizeof av[i]);
		fo[n].out = i == 2 ? &p : &js[i];
		fo[n].what = what[i];
		fo[n].quiet = 0;
		fo[n++].warn = i == 2 ? &t->paper_warn : i >= 10 ?
		    &dest[i]->warn : NULL;
	}
	/* a table missing is said in its place; only a run that failed
	 * fails the page */
	t->ok = views_run(c, o, avs, n, fo) != -2;
	if (p.len > 0)
		t->npaper = jlines(buf_str(&p), &t->paper);
	buf_free(&p);
	for (i = 0; i < NRUNS; i++) {
		if (dest[i] != NULL && js[i].len > 0)
			dest[i]->n = jlines(buf_str(&js[i]), &dest[i]->v);
		buf_free(&js[i]);
	}
}

void
tabs_free(tabs *t)
{
	size_t i;

	jfree(t->lng.v, t->lng.n);
	jfree(t->pos.v, t->pos.n);
	jfree(t->g1.v, t->g1.n);
	jfree(t->g2.v, t->g2.n);
	jfree(t->use.v, t->use.n);
	jfree(t->tags.v, t->tags.n);
	jfree(t->time.v, t->time.n);
	jfree(t->lengths.v, t->lengths.n);
	jfree(t->sample.v, t->sample.n);
	jfree(t->paper, t->npaper);
	buf_free(&t->paper_warn);
	for (i = 0; i < TABS_NPTAB; i++) {
		jfree(t->ptab[i].v, t->ptab[i].n);
		buf_free(&t->ptab[i].warn);
	}
	jfree(t->corr.v, t->corr.n);
	buf_free(&t->corr.warn);
}

/* The default groups of lg-agg but bench. */
static const char *const by_cell[] = { "task", "length", "gen.model",
    NULL };

/* agg_html of the rows r of a run with the default groups. */
static void
agg_default(struct buf *o, const tabs *t, const struct jrows *r,
    const char *bench,
    const struct aggspec *s, const char *const *keep, int prune)
{
	struct aggtab at = { s, by_cell, t->ctx->draws != 0 };

	agg_html(o, r->v, r->n, bench, &at, keep, prune);
}

/* The columns of lg-agg's tables of groups, kind by kind. */
#define SCORE_COLS \
	{ "cases", "cases", 0, 0, 0, 0 }, \
	{ "failed", "failed", 0, 0, 0, 0 }, \
	{ "undecided", "undecided", 0, 0, 0, 0 }
static const struct aggcol lgb_cols[] = {
	{ "CR", "cr", 1, 1, 0, 0 }, { "STIC-1", "stic1", 1, 1, 0, 0 },
	{ "STIC-2", "stic2", 1, 1, 0, 0 }, { "wAvg", "wavg", 1, 1, 0, 0 },
	{ "single", "single", 1, 1, 0, 0 }, { "range", "range", 1, 1, 0, 0 },
	{ "periodic", "periodic", 1, 1, 0, 0 }, { "Len", "len", 1, 1, 0, 0 },
	SCORE_COLS, { "unscored", "unscored", 0, 0, 0, 0 },
	{ "cut", "cut", 0, 0, 0, 0 }, { NULL, NULL, 0, 0, 0, 0 } };
static const struct aggcol pos_cols[] = {
	{ "at", "at", 0, 0, 0, 0 }, { "pass", "pass", 0, 0, 0, 0 },
	{ "judged", "judged", 0, 0, 0, 0 }, { "total", "total", 0, 0, 0, 0 },
	{ "rate", "rate", 1, 0, 0, 0 }, { NULL, NULL, 0, 0, 0, 0 } };
static const struct aggcol score_cols[] = {
	{ "score%", "score", 1, 1, 0, 0 }, { "se", "score_se", 1, 0, 1, 0 },
	SCORE_COLS, { "undec-items", "undecided_items", 0, 0, 0, 0 },
	{ "unscored", "unscored", 0, 0, 0, 0 }, { "cut", "cut", 0, 0, 0, 0 },
	{ NULL, NULL, 0, 0, 0, 0 } };
static const struct aggcol ada_cols[] = {
	{ "score%", "score", 1, 1, 0, 0 }, { "se", "score_se", 1, 0, 1, 0 },
	SCORE_COLS, { "unscored", "unscored", 0, 0, 0, 0 },
	{ "cut", "cut", 0, 0, 0, 0 }, { "IF%", "if", 1, 1, 0, 0 },
	{ "copy%", "copy", 1, 1, 0, 0 }, { "expect%", "expect", 1, 1, 0, 0 },
	{ "random%", "random", 1, 0, 0, 0 }, { "tau", "tau", 3, 1, 0, 0 },
	{ NULL, NULL, 0, 0, 0, 0 } };
static const struct aggcol apos_cols[] = {
	{ "front%", "front", 1, 1, 0, 0 }, { "middle%", "middle", 1, 1, 0, 0 },
	{ "rear%", "rear", 1, 1, 0, 0 }, { "front", "front_cases", 0, 0, 0, 0 },
	{ "middle", "middle_cases", 0, 0, 0, 0 },
	{ "rear", "rear_cases", 0, 0, 0, 0 }, { NULL, NULL, 0, 0, 0, 0 } };
static const struct aggspec lgb_main = { NULL, NULL, "cr", NULL, lgb_cols,
	2 };
static const struct aggspec lgb_pos = { NULL, NULL, "at", NULL, pos_cols,
	0 };
static const struct aggspec score_tab = { "cell avg overall", NULL, NULL,
	"if", score_cols, 2 };
static const struct aggspec ada_main = { "cell", NULL, "if", NULL, ada_cols,
	2 };
static const struct aggspec ada_pos = { "position", NULL, NULL, NULL,
	apos_cols, 0 };

/* The tables of bench in rows r of a run grouped by group (but bench):
 * LongGenBench's, the score's, Ada-LEval's and its positions'. */
static void
agg_groups(struct buf *o, const tabs *t, const struct jrows *r,
    const char *bench, const char *const *group, const char *const *keep)
{
	static const struct aggspec *const kinds[] = { &lgb_main, &score_tab,
	    &ada_main, &ada_pos };
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		struct aggtab at = { kinds[i], group, t->ctx->draws != 0 };

		agg_html(o, r->v, r->n, bench, &at, keep, 0);
	}
}

void
tabs_headline(struct buf *o, const tabs *t, const char *bench)
{
	static const char *const lgb[] = { "gen.model", "CR", "STIC-1",
	    "STIC-2", "wAvg", "cases", "failed", "undecided", "unscored", NULL };
	static const char *const ada[] = { "task", "gen.model", "score%",
	    "IF%", "copy%", "cases", "failed", "undecided", "unscored", NULL };
	static const char *const g1[] = { "gen.model", NULL };
	static const char *const g2[] = { "task", "gen.model", NULL };
	struct aggtab at = { &lgb_main, g1, t->ctx->draws != 0 };

	if (strcmp(bench, "longgenbench") == 0) {
		agg_html(o, t->g1.v, t->g1.n, bench, &at, lgb, 0);
	} else if (strcmp(bench, "longweave") == 0) {
		paper_html(o, t, bench, 0);
	} else if (strcmp(bench, "adaleval") == 0) {
		at.group = g2;
		at.spec = &ada_main;
		agg_html(o, t->g2.v, t->g2.n, bench, &at, ada, 0);
		at.spec = &score_tab;
		agg_html(o, t->g2.v, t->g2.n, bench, &at, ada, 0);
	} else {
		agg_groups(o, t, &t->g1, bench, g1, NULL);
	}
}

/* What lg-agg --table N shows (as tabs_ptab[]): its title, its rows'
 * "item", and what it needs of the records. */
static const struct {
	const char *title, *item, *needs;
	int dec;
} ptab_show[TABS_NPTAB] = {
	{ "data statistics (cl100k prompt tokens)", "task",
	    "the prompts' token counts (gold.tokens)", 0 },
	{ "failure patterns (lg-tags)", "pattern",
	    "lg-tags' failure tags", 1 },
	{ "mean\xc2\xb1sd of the score over draws of n cases", "task",
	    "20 cases or more of a task", 2 },
	{ "the score by judge model", "task",
	    "a judge model's scores (scores.judge.model)", 2 },
	{ "mean output tokens per length tier", "model",
	    "outputs to measure (gen.output_tokens, or the output)", 1 },
	{ "seconds per sample, inference and evaluation", "metric "
	    "(input length)", "times (gen.latency_s, scores.judge_s)", 2 },
};

/* 1 when some row of bench among r[0..n) has a number that is a value,
 * not a count of records. */
static int
has_values(cJSON *const *r, size_t n, const char *bench)
{
	const cJSON *k;
	size_t i;

	for (i = 0; i < n; i++) {
		if (strcmp(jstr(r[i], "bench"), bench) != 0)
			continue;
		cJSON_ArrayForEach(k, r[i])
			if (cJSON_IsNumber(k) && !counted(k->string))
				return 1;
	}
	return 0;
}

static void
ptab_warn(struct buf *o, const struct jrows *r, size_t k)
{
	char args[32];

	snprintf(args, sizeof args, "--table %s", tabs_ptab[k]);
	warn_note(o, &r->warn, args, NULL);
}

/* lg-agg --table N's rows of bench (N: tabs_ptab[k]): a table per model
 * as lg-agg prints them (one for all when each row is a model's); 0 when
 * it gave rows of bench but no value (the records lack what it needs),
 * else 1. */
static int
ptab_html(struct buf *o, const struct jrows *r, size_t k, const char *bench)
{
	static const char *const skip[] = { "bench", "layout", "table",
	    "model", NULL };
	const struct jtab jt = { skip, ptab_show[k].dec, NULL, 0,
	    ptab_show[k].item };
	size_t i = 0, j;
	int shown = 0;

	if (!has_values(r->v, r->n, bench)) {
		for (i = 0; i < r->n && strcmp(jstr(r->v[i], "bench"), bench);
		    i++)
			;
		return i == r->n;
	}
	while (i < r->n) {
		int whole = strcmp(jstr(r->v[i], "item"), jstr(r->v[i],
		    "model")) == 0;

		if (strcmp(jstr(r->v[i], "bench"), bench) != 0) {
			i++;
			continue;
		}
		for (j = i + 1; j < r->n && same(r->v[i], r->v[j], "bench") &&
		    (whole || same(r->v[i], r->v[j], "model")); j++)
			;
		buf_printf(o, "<p class=\"caption\">As in the paper's Table %s "
		    "(<code>lg-agg --table %s</code>), %s", tabs_ptab[k],
		    tabs_ptab[k], ptab_show[k].title);
		if (!whole && *jstr(r->v[i], "model") != '\0') {
			buf_puts(o, ", ");
			html_esc(o, jstr(r->v[i], "model"));
		}
		buf_puts(o, "</p>\n");
		json_table(o, r->v + i, j - i, &jt);
		i = j;
		shown = 1;
	}
	if (shown)
		ptab_warn(o, r, k);
	return 1;
}

/* lg-agg --correlate's rows of bench of kind row ("correlation",
 * "point") in sel; their count. */
static size_t
corr_rows(const struct jrows *r, const char *bench, const char *row,
    cJSON **sel)
{
	size_t i, m = 0;

	for (i = 0; i < r->n; i++)
		if (strcmp(jstr(r->v[i], "bench"), bench) == 0 &&
		    strcmp(jstr(r->v[i], "row"), row) == 0)
			sel[m++] = r->v[i];
	return m;
}

/* lg-agg --correlate FILE's rows of bench (LongGenBench's Figure 3b):
 * the coefficients per tier and metric with their intervals, then,
 * folded, the points; a line when no tier has a coefficient. */
static void
corr_html(struct buf *o, const tabs *t, const char *bench)
{
	static const char *const skip[] = { "bench", "row", NULL };
	const struct jtab cj = { skip, 2, NULL, 1, NULL },
	    pj = { skip, 1, NULL, 0, NULL };
	cJSON **sel;
	size_t m, i;

	if (t->corr.n == 0)
		return;
	sel = xcalloc(t->corr.n + 1, sizeof *sel);
	m = corr_rows(&t->corr, bench, "correlation", sel);
	for (i = 0; i < m && !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(
	    sel[i], "pearson")); i++)
		;
	if (i == m) {
		if (m > 0) {
			buf_puts(o, "<p class=\"note\">The correlation with the "
			    "outside scores (<code>--correlate</code>): no tier "
			    "has three models with both a score here and one in "
			    "the file.</p>\n");
			warn_note(o, &t->corr.warn, "--correlate", bench);
		}
		free(sel);
		return;
	}
	buf_puts(o, "<p class=\"caption\">As in LongGenBench's Figure 3b "
	    "(<code>lg-agg --correlate FILE</code>): Pearson's r and "
	    "Spearman's rho of the models' scores against the outside ones, "
	    "per tier, with 95% intervals over the models (none under 5 "
	    "models)</p>\n");
	json_table(o, sel, m, &cj);
	m = corr_rows(&t->corr, bench, "point", sel);
	if (m > 0) {
		buf_puts(o, "<details><summary>the points: each model's "
		    "values here, in percent, and its outside score</summary>\n");
		json_table(o, sel, m, &pj);
		buf_puts(o, "</details>\n");
	}
	warn_note(o, &t->corr.warn, "--correlate", bench);
	free(sel);
}

void
tabs_paper(struct buf *o, const tabs *t, const char *bench)
{
	struct buf miss = { 0 };
	size_t k;
	int missed[TABS_NPTAB];

	paper_html(o, t, bench, 1);
	for (k = 0; k < TABS_NPTAB; k++)
		if ((missed[k] = !ptab_html(o, &t->ptab[k], k, bench)))
			buf_printf(&miss, "%s Table %s, %s", miss.len ? ";" : "",
			    tabs_ptab[k], ptab_show[k].needs);
	if (miss.len > 0) {
		buf_puts(o, "<p class=\"note\">Not shown, as no record has what "
		    "it needs (<code>lg-agg --table N</code>):");
		buf_add(o, miss.s, miss.len);
		buf_puts(o, ".</p>\n");
	}
	for (k = 0; k < TABS_NPTAB; k++)
		if (missed[k])
			ptab_warn(o, &t->ptab[k], k);
	buf_free(&miss);
	corr_html(o, t, bench);
}

static long jlong(const cJSON *o, const char *k);
static int has_value(const struct jrows *r, const char *bench,
    const char *key);

void
tabs_long(struct buf *o, const tabs *t, const char *bench)
{
	struct aggtab at = { &lgb_pos, by_cell, t->ctx->draws != 0 };

	long nov = 0, uns = 0;
	size_t i;

	agg_groups(o, t, &t->lng, bench, by_cell, NULL);
	if (strcmp(bench, "longgenbench") != 0 || t->pos.n == 0)
		return;
	for (i = 0; i < t->pos.n; i++)
		if (strcmp(jstr(t->pos.v[i], "bench"), bench) == 0 &&
		    strcmp(jstr(t->pos.v[i], "row"), "no_positions") == 0) {
			nov += jlong(t->pos.v[i], "no_verdicts");
			uns += jlong(t->pos.v[i], "unscored");
		}
	if (has_value(&t->pos, bench, "at")) {
		buf_puts(o, "<details><summary>pass rate per entry position "
		    "(<code>lg-agg --by-position</code>)</summary>\n");
		agg_html(o, t->pos.v, t->pos.n, bench, &at, NULL, 0);
		buf_puts(o, "</details>\n");
	}
	if (nov > 0 || uns > 0)
		buf_printf(o, "<p class=\"note\">Without a position, counted "
		    "apart from the pass rate per entry position (<code>lg-agg "
		    "--by-position</code>): %ld record%s without verdicts, %ld "
		    "never scored.</p>\n", nov, nov == 1 ? "" : "s", uns);
}

/* lg-agg --usage: records, tokens, times, verdicts, words and cost. */
void
tabs_usage(struct buf *o, const tabs *t, const char *bench)
{
	static const struct aggcol cols[] = {
		{ "records", "records", 0, 0, 0, 0 },
		{ "attempts", "attempts", 0, 0, 0, 0 },
		{ "cached", "cache_hits", 0, 0, 0, 0 },
		{ "in-tok", "prompt_tokens", 0, 0, 0, 0 },
		{ "out-tok", "output_tokens", 0, 0, 0, 0 },
		{ "reason-tok", "reasoning_tokens", 0, 0, 0, 0 },
		{ "lat-mean", "latency_mean_s", 2, 0, 0, 0 },
		{ "lat-p50", "latency_p50_s", 2, 0, 0, 0 },
		{ "lat-p95", "latency_p95_s", 2, 0, 0, 0 },
		{ "ttft", "ttft_mean_s", 2, 0, 0, 0 },
		{ "out-tok/s", "output_tokens_per_s", 1, 0, 0, 0 },
		{ "cut", "cut", 0, 0, 0, 0 },
		{ "by-llm", "verdicts_llm", 0, 0, 0, 0 },
		{ "by-rules", "verdicts_rules", 0, 0, 0, 0 },
		{ "words", "words_mean", 1, 0, 0, 0 },
		{ "words%", "words_of_target", 1, 0, 0, 0 },
		{ "tok%", "tokens_of_target", 1, 0, 0, 0 },
		{ "cost-in", "cost_input", 4, 0, 0, 1 },
		{ "cost-out", "cost_output", 4, 0, 0, 1 },
		{ "cost", "cost", 4, 0, 0, 1 },
		{ "unpriced", "unpriced", 0, 0, 0, 1 },
		{ NULL, NULL, 0, 0, 0, 0 } };
	static const struct aggspec use = { "usage", "usage_total", NULL,
	    NULL, cols, 0 };

	agg_default(o, t, &t->use, bench, &use, NULL, 1);
}

/* lg-agg --tags: per group the records, those failed and untagged
 * apart, and the share of the tagged ones with each tag. */
void
tabs_tags(struct buf *o, const tabs *t, const char *bench)
{
	static const struct aggcol cols[] = {
		{ "records", "records", 0, 0, 0, 0 },
		{ "failed", "failed", 0, 0, 0, 0 },
		{ "untagged", "untagged", 0, 0, 0, 0 },
		{ "tagged", "tagged", 0, 0, 0, 0 },
		{ "none%", "none_share", 1, 0, 0, 0 },
		{ "cut-reasoning%", "cut_reasoning_share", 1, 0, 0, 0 },
		{ "truncated%", "truncated_share", 1, 0, 0, 0 },
		{ "refused%", "refused_share", 1, 0, 0, 0 },
		{ "format%", "format_share", 1, 0, 0, 0 },
		{ "stopped%", "stopped_share", 1, 0, 0, 0 },
		{ "skipped%", "skipped_share", 1, 0, 0, 0 },
		{ "repeated%", "repeated_share", 1, 0, 0, 0 },
		{ "looping%", "looping_share", 1, 0, 0, 0 },
		{ "distinct_n", "distinct_n", 3, 0, 0, 0 },
		{ NULL, NULL, 0, 0, 0, 0 } };
	static const struct aggspec tags = { "tags", NULL, NULL, NULL, cols,
	    0 };

	agg_default(o, t, &t->tags, bench, &tags, NULL, 0);
}

/* 1 when a row of bench in rows r has a number at key. */
static int
has_value(const struct jrows *r, const char *bench, const char *key)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(jstr(r->v[i], "bench"), bench) == 0 &&
		    cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(r->v[i],
		    key)))
			return 1;
	return 0;
}

/* lg-agg --time: per group the mean seconds of a request (its 95%
 * interval), the failed and untimed records apart; a bench without a
 * timed record (an oracle's answers) in a line. */
void
tabs_time(struct buf *o, const tabs *t, const char *bench)
{
	static const struct aggcol cols[] = {
		{ "records", "records", 0, 0, 0, 0 },
		{ "time-s", "time_s", 2, 1, 0, 0 },
		{ "failed", "failed", 0, 0, 0, 0 },
		{ "untimed", "untimed", 0, 0, 0, 0 },
		{ NULL, NULL, 0, 0, 0, 0 } };
	static const struct aggspec tm = { NULL, NULL, NULL, NULL, cols, 1 };

	if (t->time.n > 0 && !has_value(&t->time, bench, "time_s")) {
		buf_puts(o, "<p class=\"note\">No record has a time "
		    "(<code>gen.latency_s</code>; an oracle's answers have "
		    "none).</p>\n");
		return;
	}
	agg_default(o, t, &t->time, bench, &tm, NULL, 1);
}

/* lg-agg --lengths: per group the mean output tokens against the tier. */
void
tabs_lengths(struct buf *o, const tabs *t, const char *bench)
{
	static const struct aggcol cols[] = {
		{ "records", "records", 0, 0, 0, 0 },
		{ "target", "target", 0, 0, 0, 0 },
		{ "out-tok", "out_tokens", 1, 1, 0, 0 },
		{ "out%", "out_pct", 1, 1, 0, 0 },
		{ "counted", "counted", 0, 0, 0, 0 },
		{ "cut", "cut", 0, 0, 0, 0 },
		{ "failed", "failed", 0, 0, 0, 0 },
		{ "no-length", "no_length", 0, 0, 0, 0 },
		{ NULL, NULL, 0, 0, 0, 0 } };
	static const struct aggspec ln = { NULL, NULL, NULL, NULL, cols, 1 };

	agg_default(o, t, &t->lengths, bench, &ln, NULL, 0);
}

/* lg-agg --sample-size: per group the interval width at n cases. */
void
tabs_sample(struct buf *o, const tabs *t, const char *bench)
{
	static const struct aggcol cols[] = {
		{ "metric", "metric", AGG_TEXT, 0, 0, 0 },
		{ "cases", "cases", 0, 0, 0, 0 },
		{ "n", "n", 0, 0, 0, 0 },
		{ "width", "width", 1, 0, 0, 0 },
		{ NULL, NULL, 0, 0, 0, 0 } };
	static const struct aggspec ss = { "sample_size", NULL, NULL, NULL,
	    cols, 0 };

	agg_default(o, t, &t->sample, bench, &ss, NULL, 0);
}

static long
jlong(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) ? (long)v->valuedouble : 0;
}

/* lg-compare's summary row in words. */
static void
summary(struct buf *o, const cJSON *j)
{
	buf_printf(o, "<p>%ld cases paired, %ld run by A only, %ld by B only, "
	    "%ld undecided for A or B, %ld never scored for A or B.%s</p>\n",
	    jlong(j, "paired"), jlong(j, "only_a"), jlong(j, "only_b"),
	    jlong(j, "undecided"), jlong(j, "unscored"),
	    jlong(j, "paired") == 0 ? " No case in common: nothing to "
	    "compare." : "");
}

/* The comparison of model a and b (names without NUL, comma or '='):
 * lg-compare per bench, then per bench, task and length. */
void
tabs_compare(struct buf *o, tabs *t, const char *a, const char *b,
    char *const *benches, size_t nb)
{
	static const char *const skip[] = { "row", "bench", "pass_a_only",
	    "pass_b_only", "hi", NULL };
	static const char *const by[2] = { "bench", "bench,task,length" };
	const struct jtab jt = { skip, 2, b, 0, NULL };
	char *arg = xasprintf("gen.model=%s,%s", a, b);
	const char *args[2][7] = {
		{ "-f", "json", "-g", by[0], "--by", arg, NULL },
		{ "-f", "json", "-g", by[1], "--by", arg, NULL } };
	cJSON **r[2] = { NULL, NULL }, **sel;
	size_t n[2] = { 0, 0 }, i, k, m, s;
	char *av[2][24], num[2][32];
	runjob jobs[2];
	struct buf out[2] = { { 0 }, { 0 } };
	char *what[2];
	struct runfor fo[2];

	memset(jobs, 0, sizeof jobs);
	for (k = 0; k < 2; k++) {
		tool_args(t->ctx, av[k], num[k], sizeof num[k], args[k], 0);
		jobs[k].name = "lg-compare";
		jobs[k].argv = av[k];
		what[k] = xasprintf("the comparison of %s and %s %s "
		    "(lg-compare -g %s)", a, b, k == 0 ? "pooled" :
		    "per task and length", by[k]);
		fo[k].out = &out[k];
		fo[k].what = what[k];
		fo[k].warn = NULL;
		fo[k].quiet = 1;	/* no case in common: a page note */
	}
	if (tools_run(t->ctx, o, jobs, 2, fo) == -2)
		t->ok = 0;
	free(what[0]);
	free(what[1]);
	for (k = 0; k < 2; k++) {
		n[k] = jlines(buf_str(&out[k]), &r[k]);
		buf_free(&out[k]);
	}
	for (i = 0; i < n[0]; i++)
		if (strcmp(jstr(r[0][i], "row"), "summary") == 0)
			summary(o, r[0][i]);
	sel = xcalloc(n[0] + n[1] + 1, sizeof *sel);
	for (s = 0; s < nb; s++) {
		for (k = 0; k < 2; k++) {
			for (i = m = 0; i < n[k]; i++)
				if (strcmp(jstr(r[k][i], "row"), "metric") == 0 &&
				    strcmp(jstr(r[k][i], "bench"), benches[s]) == 0)
					sel[m++] = r[k][i];
			if (m == 0)
				continue;
			buf_puts(o, k == 0 ? "<h4>" : "<details><summary>");
			html_esc(o, benches[s]);
			buf_puts(o, k == 0 ? ": pooled over its tasks and lengths"
			    "</h4>\n" : ": per task and length</summary>\n");
			json_table(o, sel, m, &jt);
			if (k == 1)
				buf_puts(o, "</details>\n");
		}
	}
	free(sel);
	jfree(r[0], n[0]);
	jfree(r[1], n[1]);
	free(arg);
}
