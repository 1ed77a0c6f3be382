/*
 * aggjson.c: lg-agg's -f json rows as the page's tables, with the
 * columns, labels and number formats of lg-agg's text tables: a table's
 * spec names each column, its JSON key and its decimals, and whether a
 * "±" column follows (half the 95% interval, from KEY_lo and KEY_hi,
 * written as lg-agg's fmt_hw writes it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "report.h"
#include "xalloc.h"

#define MAX_COLS 256

static int
dashed(const char *s)
{
	return strcmp(s, "-") == 0;
}

/*
 * One table (a header, rows) as HTML.  The "±" column after a value
 * joins it: "v ± hw", the half width of the 95% interval.  keep: the
 * columns shown (NULL: all but "bench", the first); prune: columns whose
 * every row is "-" are left out, and named under the table.
 */
void
agg_block(struct buf *o, char **hdr, size_t nh, char ***rows, size_t nrows,
    const char *const *keep, int prune)
{
	unsigned char show[MAX_COLS];
	size_t i, j, k;
	int dropped = 0;

	for (j = 0; j < nh; j++) {
		show[j] = strcmp(hdr[j], "\xc2\xb1") != 0 && j != 0;
		if (keep != NULL && show[j]) {
			for (k = 0; keep[k] != NULL && strcmp(keep[k], hdr[j]); k++)
				;
			show[j] = keep[k] != NULL;
		}
		if (prune && show[j]) {
			for (i = 0; i < nrows && dashed(rows[i][j]); i++)
				;
			if (i == nrows && nrows > 0) {
				show[j] = 2;	/* no data */
				dropped = 1;
			}
		}
	}
	buf_puts(o, "<table class=\"sortable\"><thead><tr>");
	for (j = 0; j < nh; j++)
		if (show[j] == 1) {
			buf_puts(o, "<th>");
			html_esc(o, hdr[j]);
			buf_puts(o, "</th>");
		}
	buf_puts(o, "</tr></thead><tbody>\n");
	for (i = 0; i < nrows; i++) {
		int total = strcmp(rows[i][0], "total") == 0, first = 1;

		buf_puts(o, total ? "<tr class=\"total\">" : "<tr>");
		for (j = 0; j < nh; j++) {
			const char *v = rows[i][j];
			int pm = j + 1 < nh && strcmp(hdr[j + 1], "\xc2\xb1") == 0;
			char *end;

			if (show[j] == 1 && first && total && *v == '\0')
				v = "total";	/* its label was in the bench column */
			first &= show[j] != 1;
			if (show[j] != 1)
				continue;
			strtod(v, &end);
			buf_puts(o, *v != '\0' && (*end == '\0' || dashed(v)) ?
			    "<td class=\"num\">" : "<td>");
			html_esc(o, v);
			if (pm && !dashed(rows[i][j + 1])) {
				buf_puts(o, "<span class=\"pm\"> \xc2\xb1 ");
				html_esc(o, rows[i][j + 1]);
				buf_puts(o, "</span>");
			}
			buf_puts(o, "</td>");
		}
		buf_puts(o, "</tr>\n");
	}
	buf_puts(o, "</tbody></table>\n");
	if (!dropped)
		return;
	buf_puts(o, "<p class=\"note\">No record reports ");
	for (j = 0, k = 0; j < nh; j++)
		if (show[j] == 2) {
			buf_puts(o, k++ ? ", " : "");
			html_esc(o, hdr[j]);
		}
	buf_puts(o, ": those columns are left out.</p>\n");
}

static const char *
row_kind(const cJSON *r)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(r, "row");

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* 1 when word w is one of the space-separated words of list. */
static int
listed(const char *list, const char *w)
{
	size_t n = strlen(w);

	while (*list != '\0') {
		const char *sp = strchr(list, ' ');
		size_t len = sp != NULL ? (size_t)(sp - list) : strlen(list);

		if (len == n && strncmp(list, w, n) == 0)
			return 1;
		list += len + (sp != NULL);
	}
	return 0;
}

/* 1 when row r is of table s: its "row" one of s's (or none when s
 * names none), with s->has (without s->lacks). */
static int
of_spec(const cJSON *r, const struct aggspec *s)
{
	const char *k = row_kind(r);

	if (s->has != NULL && !cJSON_HasObjectItem(r, s->has))
		return 0;
	if (s->lacks != NULL && cJSON_HasObjectItem(r, s->lacks))
		return 0;
	if (s->row == NULL)
		return k == NULL;
	return k != NULL && listed(s->row, k);
}

/* 1 when row r is the total row of table s, which follows its rows (its
 * bench may be cut at a NUL). */
static int
of_total(const cJSON *r, const struct aggspec *s)
{
	const char *k = row_kind(r);

	return s->total != NULL && k != NULL && strcmp(k, s->total) == 0;
}

/* The string at dotted path p of r ("gen.model": r.gen.model), or NULL. */
static const char *
at_path(const cJSON *r, const char *p)
{
	char name[256];

	while (r != NULL) {
		const char *dot = strchr(p, '.');
		size_t n = dot != NULL ? (size_t)(dot - p) : strlen(p);

		if (n >= sizeof name)
			return NULL;
		memcpy(name, p, n);
		name[n] = '\0';
		r = cJSON_GetObjectItemCaseSensitive(r, name);
		if (dot == NULL)
			return cJSON_IsString(r) ? r->valuestring : NULL;
		p = dot + 1;
	}
	return NULL;
}

static const cJSON *
num_at(const cJSON *r, const char *k, const char *suffix)
{
	char key[256];
	const cJSON *v;

	snprintf(key, sizeof key, "%s%s", k, suffix);
	v = cJSON_GetObjectItemCaseSensitive(r, key);
	return cJSON_IsNumber(v) ? v : NULL;
}

/* A string as lg-agg's text tables write it: tabs and line ends spaces. */
static char *
text_cell(const char *v)
{
	char *c = xstrdup(v != NULL ? v : "-"), *p;

	for (p = c; *p != '\0'; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	return c;
}

/* A number as lg-agg's text tables write it ("-" for null). */
static char *
num_text(const cJSON *v, int dec)
{
	if (v == NULL)
		return xstrdup("-");
	return xasprintf("%.*f", dec < 0 ? 0 : dec, v->valuedouble);
}

/* 1 when some row of the table has repeated samples of a case (lg-agg's
 * K, sd-samples and sd-cases columns). */
static int
any_samples(cJSON *const *r, size_t n, const struct aggspec *s)
{
	size_t i;

	for (i = 0; s->samples && i < n; i++) {
		const cJSON *k = num_at(r[i], "samples_per_case", "");

		if (s->samples == 2 ? cJSON_HasObjectItem(r[i],
		    "samples_per_case") : k != NULL && k->valuedouble > 1)
			return 1;
	}
	return 0;
}

/* The header: bench, the group fields, the columns (and "±" after those
 * with an interval, with draws). */
static size_t
agg_header(char **hdr, const char *const *group, const struct aggspec *s,
    const cJSON *first, int draws, int samples)
{
	static const char *const extra[] = { "K", "sd-samples", "sd-cases" };
	const struct aggcol *c;
	size_t n = 0, i;

	hdr[n++] = (char *)"bench";
	for (i = 0; group[i] != NULL; i++)
		hdr[n++] = (char *)group[i];
	for (c = s->cols; c->head != NULL; c++) {
		if ((c->boot && !draws) || (c->opt &&
		    !cJSON_HasObjectItem(first, c->key)))
			continue;
		hdr[n++] = (char *)c->head;
		if (c->ci && draws)
			hdr[n++] = (char *)"\xc2\xb1";
	}
	for (i = 0; samples && i < 3; i++)
		hdr[n++] = (char *)extra[i];
	return n;
}

/* Row r's cells, in agg_header's order (the caller frees them). */
static char **
agg_cells(const cJSON *r, const char *const *group, const struct aggspec *s,
    const cJSON *first, int draws, int samples)
{
	static const char *const extra[] = { "samples_per_case", "sd_samples",
	    "sd_cases" };
	char **c = xcalloc(MAX_COLS, sizeof *c);
	int total = s->total != NULL && strcmp(row_kind(r), s->total) == 0;
	const struct aggcol *k;
	size_t n = 0, i;

	c[n++] = xstrdup(total ? "total" : at_path(r, "bench"));
	for (i = 0; group[i] != NULL; i++) {
		const char *v = at_path(r, group[i]);

		c[n++] = total ? xstrdup("") : text_cell(v);
	}
	for (k = s->cols; k->head != NULL; k++) {
		if ((k->boot && !draws) || (k->opt &&
		    !cJSON_HasObjectItem(first, k->key)))
			continue;
		if (k->dec == AGG_TEXT) {
			c[n++] = text_cell(at_path(r, k->key));
		} else {
			c[n++] = num_text(num_at(r, k->key, ""), k->dec);
		}
		if (k->ci && draws) {
			const cJSON *lo = num_at(r, k->key, "_lo"),
			    *hi = num_at(r, k->key, "_hi");

			c[n++] = lo == NULL || hi == NULL ? xstrdup("-") :
			    xasprintf("%.*f", k->dec, (hi->valuedouble -
			    lo->valuedouble) / 2);
		}
	}
	for (i = 0; samples && i < 3; i++)
		c[n++] = num_text(num_at(r, extra[i], ""), 1);
	return c;
}

void
agg_html(struct buf *o, cJSON *const *rows, size_t n, const char *bench,
    const struct aggtab *t, const char *const *keep, int prune)
{
	char *hdr[MAX_COLS], ***cells;
	cJSON **sel = xcalloc(n + 1, sizeof *sel);
	size_t m = 0, i, j, nh;
	int samples;

	for (i = 0; i < n; i++)
		if (of_total(rows[i], t->spec) ? m > 0 && i > 0 &&
		    sel[m - 1] == rows[i - 1] : of_spec(rows[i], t->spec) &&
		    strcmp(at_path(rows[i], "bench") ? at_path(rows[i],
		    "bench") : "", bench) == 0)
			sel[m++] = rows[i];
	if (m == 0) {
		free(sel);
		return;
	}
	samples = any_samples(sel, m, t->spec);
	nh = agg_header(hdr, t->group, t->spec, sel[0], t->draws, samples);
	cells = xcalloc(m, sizeof *cells);
	for (i = 0; i < m; i++)
		cells[i] = agg_cells(sel[i], t->group, t->spec, sel[0],
		    t->draws, samples);
	agg_block(o, hdr, nh, cells, m, keep, prune);
	for (i = 0; i < m; i++) {
		for (j = 0; j < nh; j++)
			free(cells[i][j]);
		free(cells[i]);
	}
	free(cells);
	free(sel);
}
