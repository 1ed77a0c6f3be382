/*
 * table.c: output formats.  A table holds text cells and prints them
 * aligned, as TSV, CSV (RFC 4180 quoting) or a Markdown table; JSON rows
 * are printed one object per line as they come.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "buf.h"
#include "diag.h"
#include "nulkey.h"
#include "record.h"
#include "xalloc.h"

struct table {
	char **cols;
	int *right;
	size_t ncols;
	char ***rows;
	size_t nrows, cap;
};

table *
table_new(const char *const *cols, const int *right, size_t ncols)
{
	table *t = xcalloc(1, sizeof *t);
	size_t i;

	t->cols = xcalloc(ncols, sizeof *t->cols);
	t->right = xcalloc(ncols, sizeof *t->right);
	t->ncols = ncols;
	for (i = 0; i < ncols; i++) {
		t->cols[i] = xstrdup(cols[i]);
		t->right[i] = right[i];
	}
	return t;
}

table *
table_for(const struct opts *o, const char *const *cols, const int *right,
    size_t ncols)
{
	size_t n = o->nfields + ncols, i;
	const char **c = xcalloc(n, sizeof *c);
	int *r = xcalloc(n, sizeof *r);
	table *t;

	for (i = 0; i < o->nfields; i++)
		c[i] = o->fields[i].path;
	for (i = 0; i < ncols; i++) {
		c[o->nfields + i] = cols[i];
		r[o->nfields + i] = right[i];
	}
	t = table_new(c, r, n);
	free(c);
	free(r);
	return t;
}

char **
cells_for(const struct group *g, const struct opts *o, size_t n)
{
	char **c = xcalloc(o->nfields + n, sizeof *c);
	size_t i;

	for (i = 0; i < o->nfields; i++)
		c[i] = nulkey_show(g->val[i]);
	return c;
}

void
table_add(table *t, char **cells)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->rows = xreallocarray(t->rows, t->cap, sizeof *t->rows);
	}
	t->rows[t->nrows++] = cells;
}

void
table_free(table *t)
{
	size_t i, j;

	for (i = 0; i < t->nrows; i++) {
		for (j = 0; j < t->ncols; j++)
			free(t->rows[i][j]);
		free(t->rows[i]);
	}
	for (j = 0; j < t->ncols; j++)
		free(t->cols[j]);
	free(t->rows);
	free(t->cols);
	free(t->right);
	free(t);
}

/* Display width: code points (input is valid UTF-8). */
static size_t
width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* A LaTeX cell: the special characters escaped, "±" in math mode. */
static void
cell_latex(struct buf *b, const char *s)
{
	for (; *s; s++) {
		if (strncmp(s, "\xc2\xb1", 2) == 0) {
			buf_puts(b, "$\\pm$");
			s++;
		} else if (*s == '\\')
			buf_puts(b, "\\textbackslash{}");
		else if (*s == '~')
			buf_puts(b, "\\textasciitilde{}");
		else if (*s == '^')
			buf_puts(b, "\\textasciicircum{}");
		else if (strchr("&%$#_{}", *s) != NULL) {
			buf_putc(b, '\\');
			buf_putc(b, *s);
		} else if (*s == '\t' || *s == '\n' || *s == '\r')
			buf_putc(b, ' ');
		else
			buf_putc(b, *s);
	}
}

/* The cell as it may appear in the format. */
static void
cell(struct buf *b, const char *s, int fmt)
{
	int quote = fmt == FMT_CSV && strpbrk(s, ",\"\r\n") != NULL;

	if (fmt == FMT_LATEX) {
		cell_latex(b, s);
		return;
	}
	if (quote)
		buf_putc(b, '"');
	for (; *s; s++) {
		if (fmt == FMT_CSV) {
			if (*s == '"')
				buf_putc(b, '"');
			buf_putc(b, *s);
		} else if (*s == '\t' || *s == '\n' || *s == '\r')
			buf_putc(b, ' ');
		else {
			if (fmt == FMT_MD && (*s == '|' || *s == '\\'))
				buf_putc(b, '\\');
			buf_putc(b, *s);
		}
	}
	if (quote)
		buf_putc(b, '"');
}

static void
pad(struct buf *b, size_t n)
{
	while (n-- > 0)
		buf_putc(b, ' ');
}

static void
put_line(struct buf *b)
{
	buf_putc(b, '\n');
	if (fwrite(b->s, 1, b->len, stdout) != b->len)
		lg_write_failed(errno);
	buf_reset(b);
}

static void
print_row(const table *t, char **row, const size_t *w, int fmt, struct buf *b)
{
	struct buf c = { 0 };
	size_t j;

	if (fmt == FMT_MD)
		buf_puts(b, "| ");
	for (j = 0; j < t->ncols; j++) {
		buf_reset(&c);
		cell(&c, row[j], fmt);
		if (j > 0)
			buf_puts(b, fmt == FMT_TABLE ? "  " : fmt == FMT_TSV ?
			    "\t" : fmt == FMT_CSV ? "," : fmt == FMT_LATEX ?
			    " & " : " | ");
		if (fmt == FMT_TABLE && t->right[j])
			pad(b, w[j] - width(buf_str(&c)));
		buf_add(b, buf_str(&c), c.len);
		if (fmt == FMT_TABLE && !t->right[j] && j + 1 < t->ncols)
			pad(b, w[j] - width(buf_str(&c)));
	}
	if (fmt == FMT_MD)
		buf_puts(b, " |");
	if (fmt == FMT_LATEX)
		buf_puts(b, " \\\\");
	put_line(b);
	buf_free(&c);
}

void
table_print(const table *t, int fmt)
{
	size_t *w = xcalloc(t->ncols, sizeof *w);
	struct buf b = { 0 }, c = { 0 };
	size_t i, j;

	for (j = 0; j < t->ncols; j++) {
		for (i = 0; i <= t->nrows; i++) {
			buf_reset(&c);
			cell(&c, i == 0 ? t->cols[j] : t->rows[i - 1][j], fmt);
			if (width(buf_str(&c)) > w[j])
				w[j] = width(buf_str(&c));
		}
	}
	if (fmt == FMT_LATEX) {
		buf_puts(&b, "\\begin{tabular}{");
		for (j = 0; j < t->ncols; j++)
			buf_putc(&b, t->right[j] ? 'r' : 'l');
		buf_puts(&b, "}\n\\hline");
		put_line(&b);
	}
	print_row(t, t->cols, w, fmt, &b);
	if (fmt == FMT_LATEX) {
		buf_puts(&b, "\\hline");
		put_line(&b);
	}
	if (fmt == FMT_MD) {
		buf_puts(&b, "|");
		for (j = 0; j < t->ncols; j++)
			buf_puts(&b, t->right[j] ? " ---: |" : " --- |");
		put_line(&b);
	}
	for (i = 0; i < t->nrows; i++)
		print_row(t, t->rows[i], w, fmt, &b);
	if (fmt == FMT_LATEX) {
		buf_puts(&b, "\\hline\n\\end{tabular}");
		put_line(&b);
	}
	buf_free(&b);
	buf_free(&c);
	free(w);
}

char *
fmt_num(double v, int decimals)
{
	return xasprintf("%.*f", decimals, v);
}

char *
fmt_pct(double num, double den)
{
	return den > 0 ? fmt_num(100.0 * num / den, 1) : xstrdup("-");
}

char *
fmt_long(long v)
{
	return xasprintf("%ld", v);
}

table *
table_ci(const struct opts *o, const char *const *cols, const int *right,
    size_t ncols, const unsigned char *ci, int samples)
{
	static const char *const extra[] = { "K", "sd-samples", "sd-cases" };
	const char **c = xcalloc(2 * ncols + 4, sizeof *c);
	int *r = xcalloc(2 * ncols + 4, sizeof *r);
	size_t i, n = 0;
	table *t;

	for (i = 0; i < ncols; i++) {
		c[n] = cols[i];
		r[n++] = right[i];
		if (o->bootstrap > 0 && ci[i]) {
			c[n] = "\xc2\xb1";
			r[n++] = 1;
		}
	}
	for (i = 0; samples && i < 3; i++) {
		c[n] = extra[i];
		r[n++] = 1;
	}
	t = table_for(o, c, r, n);
	free(c);
	free(r);
	return t;
}

char *
fmt_hw(double lo, double hi, int decimals)
{
	if (isnan(lo) || isnan(hi))
		return xstrdup("-");
	return fmt_num((hi - lo) / 2, decimals);
}

char *
fmt_maybe(double v, int decimals)
{
	return isnan(v) ? xstrdup("-") : fmt_num(v, decimals);
}

void
cell_ci(char **c, size_t *k, const struct group *g, int met,
    const struct opts *o)
{
	cell_ci_dec(c, k, g, met, o, 1);
}

void
cell_ci_dec(char **c, size_t *k, const struct group *g, int met,
    const struct opts *o, int decimals)
{
	if (o->bootstrap > 0)
		c[(*k)++] = fmt_hw(g->ci.lo[met], g->ci.hi[met], decimals);
}

void
cells_samples(char **c, size_t *k, const struct group *g)
{
	c[(*k)++] = fmt_maybe(g->ci.per_case, 1);
	c[(*k)++] = fmt_maybe(g->ci.sd_samples, 1);
	c[(*k)++] = fmt_maybe(g->ci.sd_cases, 1);
}

void
json_maybe(cJSON *j, const char *key, double v)
{
	if (isnan(v))
		cJSON_AddNullToObject(j, key);
	else
		cJSON_AddNumberToObject(j, key, v);
}

void
json_ci(cJSON *j, const char *key, const struct group *g, int met,
    const struct opts *o)
{
	char k[64];

	if (o->bootstrap <= 0)
		return;
	snprintf(k, sizeof k, "%s_lo", key);
	json_maybe(j, k, g->ci.lo[met]);
	snprintf(k, sizeof k, "%s_hi", key);
	json_maybe(j, k, g->ci.hi[met]);
}

void
json_se(cJSON *j, const char *key, const struct group *g,
    const struct opts *o)
{
	if (o->bootstrap > 0)
		json_maybe(j, key, g->ci.se);
}

void
json_samples(cJSON *j, const struct group *g)
{
	json_maybe(j, "samples_per_case", g->ci.per_case);
	json_maybe(j, "sd_samples", g->ci.sd_samples);
	json_maybe(j, "sd_cases", g->ci.sd_cases);
}

int
any_samples(struct group **g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (g[i]->units.multi)
			return 1;
	return 0;
}

/* Set the dotted path to a string, making the objects on the way. */
static void
json_set(cJSON *o, const struct field *f, const char *val)
{
	size_t i;

	for (i = 0; i + 1 < f->nparts; i++) {
		cJSON *c = cJSON_GetObjectItemCaseSensitive(o, f->parts[i]);

		if (c == NULL)
			c = cJSON_AddObjectToObject(o, f->parts[i]);
		if (!cJSON_IsObject(c)) {
			/* a value already sits there: keep the whole path as key */
			cJSON_AddItemToObject(o, f->path, nulkey_json(val));
			return;
		}
		o = c;
	}
	if (cJSON_GetObjectItemCaseSensitive(o, f->parts[i]) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(o, f->parts[i],
		    nulkey_json(val));
	else
		cJSON_AddItemToObject(o, f->parts[i], nulkey_json(val));
}

cJSON *
json_row(const struct group *g, const struct opts *o)
{
	cJSON *j = cJSON_CreateObject();
	size_t i;

	cJSON_AddStringToObject(j, "bench", g->bench);
	for (i = 0; i < o->nfields; i++)
		json_set(j, &o->fields[i], g->val[i]);
	json_run(j, g);
	return j;
}

void
json_run(cJSON *j, const struct group *g)
{
	cJSON *p;

	/* what made the numbers: this lg, and the decoding when it agrees */
	cJSON_AddStringToObject(j, "lg_version", LG_VERSION);
	p = g->params != NULL ? cJSON_Parse(g->params) : NULL;
	if (p != NULL)
		cJSON_AddItemToObject(j, "gen_params", p);
	else
		cJSON_AddNullToObject(j, "gen_params");
}

void
json_num(cJSON *o, const char *key, double v)
{
	cJSON_AddNumberToObject(o, key, v);
}

void
json_ratio(cJSON *o, const char *key, double num, double den)
{
	if (den > 0)
		cJSON_AddNumberToObject(o, key, num / den);
	else
		cJSON_AddNullToObject(o, key);
}

void
json_emit(cJSON *o)
{
	size_t len;
	char *s = rec_print(o, &len);	/* numbers as their shortest text */

	if (fwrite(s, 1, len, stdout) != len || putchar('\n') == EOF)
		lg_write_failed(errno);
	free(s);
	cJSON_Delete(o);
}

void
table_title(const char *bench, const char *what, int fmt)
{
	if (fmt == FMT_LATEX)
		printf("%% %s: %s\n", bench, what);
	else if (fmt == FMT_MD)
		printf("**%s: %s**\n\n", bench, what);
	else if (fmt != FMT_JSON)
		printf("%s: %s\n", bench, what);
}
