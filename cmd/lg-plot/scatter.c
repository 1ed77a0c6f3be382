/* scatter.c: lg-plot -k correlate (scatter.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cmdline.h"
#include "jsonl.h"
#include "record.h"
#include "scatter.h"
#include "svg.h"
#include "xalloc.h"

#define SW 640.0		/* the viewBox */
#define SH 480.0
#define PL 70.0			/* the plot's edges */
#define PR 600.0
#define PT 70.0
#define PB 410.0
#define MAXPTS 100000		/* points taken, at most */

struct pt {
	char *model;
	double x, y;
};

struct scat {
	struct pt *p;
	size_t n, cap;
	long novalue;		/* models of the tier without a value */
	char *bench;
	char *note;		/* the coefficients, or NULL */
};

static const cJSON *
member(const cJSON *r, const char *k)
{
	return cJSON_GetObjectItemCaseSensitive(r, k);
}

static int
is_str(const cJSON *r, const char *k, const char *want)
{
	const cJSON *v = member(r, k);

	return cJSON_IsString(v) && strcmp(v->valuestring, want) == 0;
}

/* "0.95 (0.92 to 1.00)", or without an interval when lo or hi is null. */
static void
coef(struct buf *b, const cJSON *r, const char *k)
{
	char lo[32], hi[32];
	const cJSON *v = member(r, k), *l, *h;

	snprintf(lo, sizeof lo, "%s_lo", k);
	snprintf(hi, sizeof hi, "%s_hi", k);
	l = member(r, lo);
	h = member(r, hi);
	if (!cJSON_IsNumber(v)) {
		buf_puts(b, "none");
		return;
	}
	buf_printf(b, "%.2f", v->valuedouble);
	if (cJSON_IsNumber(l) && cJSON_IsNumber(h))
		buf_printf(b, " (95%%: %.2f to %.2f)", l->valuedouble,
		    h->valuedouble);
	else
		buf_puts(b, " (no interval)");
}

static void
take_corr(struct scat *s, const cJSON *r)
{
	const cJSON *m = member(r, "models");
	struct buf b = { 0 };

	buf_puts(&b, "Pearson r ");
	coef(&b, r, "pearson");
	buf_puts(&b, ", Spearman rho ");
	coef(&b, r, "spearman");
	if (cJSON_IsNumber(m))
		buf_printf(&b, "; %.0f models", m->valuedouble);
	free(s->note);
	s->note = xstrdup(buf_str(&b));
	buf_free(&b);
}

/* One point row of the tier: 0, or -1 when bad (warned). */
static int
take_point(struct scat *s, const cJSON *r, const struct scatter_opts *o,
    jsonl *in)
{
	const cJSON *model = member(r, "model"), *x = member(r, "outside");
	const cJSON *y = member(r, o->metric);

	if (!cJSON_IsString(model) || !cJSON_IsNumber(x) ||
	    !isfinite(x->valuedouble)) {
		jsonl_warn(in, "%s: missing or not %s", cJSON_IsString(model) ?
		    "outside" : "model", cJSON_IsString(model) ? "a number" :
		    "a string");
		return -1;
	}
	if (!cJSON_IsNumber(y) || !isfinite(y->valuedouble)) {
		if (y != NULL && !cJSON_IsNull(y)) {
			jsonl_warn(in, "%s: not a number", o->metric);
			return -1;
		}
		s->novalue++;
		return 0;
	}
	if (s->n >= MAXPTS) {
		jsonl_warn(in, "more than %d points", MAXPTS);
		return -1;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->p = xreallocarray(s->p, s->cap, sizeof *s->p);
	}
	s->p[s->n].model = xstrdup(model->valuestring);
	s->p[s->n].x = x->valuedouble;
	s->p[s->n].y = y->valuedouble;
	s->n++;
	return 0;
}

/* A row: 0, or -1 when bad (warned). */
static int
take(struct scat *s, const cJSON *r, const struct scatter_opts *o, jsonl *in)
{
	const cJSON *b = member(r, "bench");

	if (!is_str(r, "length", o->length))
		return 0;
	if (s->bench == NULL && cJSON_IsString(b))
		s->bench = xstrdup(b->valuestring);
	if (is_str(r, "row", "correlation")) {
		if (is_str(r, "metric", o->metric))
			take_corr(s, r);
		return 0;
	}
	if (!is_str(r, "row", "point"))
		return 0;
	return take_point(s, r, o, in);
}

/* A step of about a fifth of the range: 1, 2 or 5 times a power of 10. */
static double
nice_step(double range)
{
	double p = pow(10, floor(log10(range / 5))), f = range / 5 / p;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

static void
axes(struct buf *b, double x0, double x1, double step)
{
	double v;

	buf_printf(b, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" "
	    "fill=\"none\" stroke=\"#333\"/>\n", PL, PT, PR - PL, PB - PT);
	for (v = 0; v <= 100; v += 20) {
		double y = PB - v / 100 * (PB - PT);

		buf_printf(b, "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" "
		    "stroke=\"#ddd\"/>\n<text x=\"%g\" y=\"%.1f\" "
		    "text-anchor=\"end\">%g</text>\n", PL, y, PR, y, PL - 6,
		    y + 4, v);
	}
	for (v = x0; v <= x1 + step / 2; v += step) {
		double x = PL + (v - x0) / (x1 - x0) * (PR - PL);

		buf_printf(b, "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" "
		    "stroke=\"#ddd\"/>\n<text x=\"%.1f\" y=\"%g\" "
		    "text-anchor=\"middle\">%g</text>\n", x, PT, x, PB, x,
		    PB + 16, v);
	}
}

static void
text_at(struct buf *b, double x, double y, const char *attrs, const char *s)
{
	buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\"%s>", x, y, attrs);
	svg_esc(b, s);
	buf_puts(b, "</text>\n");
}

static void
draw(struct buf *b, const struct scat *s, const struct scatter_opts *o)
{
	double lo = INFINITY, hi = -INFINITY, step;
	char *title, *ylab;
	size_t i;

	for (i = 0; i < s->n; i++) {
		lo = fmin(lo, s->p[i].x);
		hi = fmax(hi, s->p[i].x);
	}
	if (!(lo < hi)) {
		lo = s->n ? lo - 1 : 0;
		hi = s->n ? hi + 1 : 100;
	}
	step = nice_step(hi - lo);
	lo = floor(lo / step) * step;
	hi = ceil(hi / step) * step;
	title = xasprintf("%s %s: %s against the outside score",
	    s->bench ? s->bench : "no data", o->length, o->metric);
	ylab = xasprintf("lg's %s (%%)", o->metric);
	buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"100%%\" viewBox=\"0 0 %g %g\" font-family=\"DejaVu Sans, "
	    "Verdana, sans-serif\" font-size=\"12\" role=\"img\">\n<title>",
	    SW, SH);
	svg_esc(b, title);
	buf_printf(b, "</title>\n<rect width=\"%g\" height=\"%g\" "
	    "fill=\"#fff\"/>\n", SW, SH);
	text_at(b, SW / 2, 24, " text-anchor=\"middle\" font-size=\"15\" "
	    "font-weight=\"bold\"", title);
	text_at(b, SW / 2, 42, " text-anchor=\"middle\" font-size=\"11\"",
	    s->note ? s->note : "no coefficients for this tier and metric");
	if (s->novalue > 0 || s->n == 0) {
		char *w = s->n == 0 ? xstrdup("no data") : xasprintf("%ld models "
		    "without a %s value: not drawn", s->novalue, o->metric);

		text_at(b, SW / 2, 57, " text-anchor=\"middle\" font-size=\"11\" "
		    "fill=\"#a3200b\"", w);
		free(w);
	}
	axes(b, lo, hi, step);
	for (i = 0; i < s->n; i++) {
		double x = PL + (s->p[i].x - lo) / (hi - lo) * (PR - PL);
		double y = PB - fmin(fmax(s->p[i].y, 0), 100) / 100 * (PB - PT);

		buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
		    "fill=\"#0072B2\"/>\n", x, y);
		text_at(b, x + 6, y - 6, " font-size=\"11\"", s->p[i].model);
	}
	text_at(b, (PL + PR) / 2, PB + 36, " text-anchor=\"middle\"",
	    "outside score (the --correlate file's)");
	buf_printf(b, "<text x=\"18\" y=\"%g\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 18 %g)\">", (PT + PB) / 2, (PT + PB) / 2);
	svg_esc(b, ylab);
	buf_puts(b, "</text>\n</svg>\n");
	free(title);
	free(ylab);
}

static void
data(struct buf *b, const struct scat *s)
{
	size_t i;

	buf_puts(b, "model\toutside\tvalue\n");
	for (i = 0; i < s->n; i++) {
		char *m = xstrdup(s->p[i].model), *c;

		for (c = m; *c; c++)
			if (*c == '\t' || *c == '\n')
				*c = ' ';
		buf_printf(b, "%s\t%.6g\t%.6g\n", m, s->p[i].x, s->p[i].y);
		free(m);
	}
}

int
scatter_run(char **files, int n, const struct scatter_opts *o)
{
	struct scat s = { 0 };
	jsonl *in = jsonl_open(files, n);
	cJSON *rec;
	struct buf b = { 0 };
	size_t i;
	int status, bad = 0;

	while ((rec = jsonl_next(in)) != NULL) {
		if (take(&s, rec, o, in) < 0)
			bad = 1;
		rec_free(rec);
	}
	status = jsonl_status(in);
	jsonl_free(in);
	if (status != LG_SYS) {
		if (o->data)
			data(&b, &s);
		else
			draw(&b, &s, o);
		fwrite(b.s, 1, b.len, stdout);
		if (bad && status == LG_OK)
			status = LG_BAD;
	}
	buf_free(&b);
	for (i = 0; i < s.n; i++)
		free(s.p[i].model);
	free(s.p);
	free(s.bench);
	free(s.note);
	return lg_finish(status);
}
