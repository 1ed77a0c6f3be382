/*
 * table.c: output formats.  A table holds text cells and prints them
 * aligned, as TSV, CSV (RFC 4180 quoting) or a Markdown table; JSON rows
 * are printed one object per line as they come.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "buf.h"
#include "diag.h"
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
		c[i] = xstrdup(g->val[i]);
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

/* The cell as it may appear in the format. */
static void
cell(buf *b, const char *s, int fmt)
{
	int quote = fmt == FMT_CSV && strpbrk(s, ",\"\r\n") != NULL;

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
pad(buf *b, size_t n)
{
	while (n-- > 0)
		buf_putc(b, ' ');
}

static void
put_line(buf *b)
{
	buf_putc(b, '\n');
	if (fwrite(b->s, 1, b->len, stdout) != b->len)
		lg_write_failed(errno);
	buf_reset(b);
}

static void
print_row(const table *t, char **row, const size_t *w, int fmt, buf *b)
{
	buf c = { 0 };
	size_t j;

	if (fmt == FMT_MD)
		buf_puts(b, "| ");
	for (j = 0; j < t->ncols; j++) {
		buf_reset(&c);
		cell(&c, row[j], fmt);
		if (j > 0)
			buf_puts(b, fmt == FMT_TABLE ? "  " : fmt == FMT_TSV ?
			    "\t" : fmt == FMT_CSV ? "," : " | ");
		if (fmt == FMT_TABLE && t->right[j])
			pad(b, w[j] - width(buf_str(&c)));
		buf_add(b, buf_str(&c), c.len);
		if (fmt == FMT_TABLE && !t->right[j] && j + 1 < t->ncols)
			pad(b, w[j] - width(buf_str(&c)));
	}
	if (fmt == FMT_MD)
		buf_puts(b, " |");
	put_line(b);
	buf_free(&c);
}

void
table_print(const table *t, int fmt)
{
	size_t *w = xcalloc(t->ncols, sizeof *w);
	buf b = { 0 }, c = { 0 };
	size_t i, j;

	for (j = 0; j < t->ncols; j++) {
		for (i = 0; i <= t->nrows; i++) {
			buf_reset(&c);
			cell(&c, i == 0 ? t->cols[j] : t->rows[i - 1][j], fmt);
			if (width(buf_str(&c)) > w[j])
				w[j] = width(buf_str(&c));
		}
	}
	print_row(t, t->cols, w, fmt, &b);
	if (fmt == FMT_MD) {
		buf_puts(&b, "|");
		for (j = 0; j < t->ncols; j++)
			buf_puts(&b, t->right[j] ? " ---: |" : " --- |");
		put_line(&b);
	}
	for (i = 0; i < t->nrows; i++)
		print_row(t, t->rows[i], w, fmt, &b);
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
			cJSON_AddStringToObject(o, f->path, val);
			return;
		}
		o = c;
	}
	if (cJSON_GetObjectItemCaseSensitive(o, f->parts[i]) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(o, f->parts[i],
		    cJSON_CreateString(val));
	else
		cJSON_AddStringToObject(o, f->parts[i], val);
}

cJSON *
json_row(const struct group *g, const struct opts *o)
{
	cJSON *j = cJSON_CreateObject(), *p;
	size_t i;

	cJSON_AddStringToObject(j, "bench", g->bench);
	for (i = 0; i < o->nfields; i++)
		json_set(j, &o->fields[i], g->val[i]);
	/* what made the numbers: this lg, and the decoding when it agrees */
	cJSON_AddStringToObject(j, "lg_version", LG_VERSION);
	p = g->params != NULL ? cJSON_Parse(g->params) : NULL;
	if (p != NULL)
		cJSON_AddItemToObject(j, "gen_params", p);
	else
		cJSON_AddNullToObject(j, "gen_params");
	return j;
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
