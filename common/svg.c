/*
 * svg.c: the line and grouped bar charts of lg-plot and lg-report (owned
 * by them).  Fixed geometry, coordinates printed with one decimal, so the
 * same chart gives the same bytes everywhere.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "svg.h"
#include "utf8.h"

#define W 800.0
#define BASE_H 440.0		/* the height without the legend */
#define LEFT 64.0
#define TOP 44.0
#define RIGHT (W - 24.0)
#define BOTTOM (BASE_H - 72.0)
#define LEGEND_Y (BASE_H + 30.0)	/* the first legend row */
#define LEGEND_ROW 20.0
#define LEGEND_MAX 60		/* characters of a legend entry */
#define CHAR_W 7.0		/* a character at font-size 12, at most */

/* Okabe-Ito, yellow last: it is faint on white. */
static const char *const palette[] = {
	"#0072B2", "#D55E00", "#009E73", "#E69F00",
	"#CC79A7", "#56B4E9", "#000000", "#F0E442"
};
#define NPAL (sizeof palette / sizeof palette[0])
static const char *const dashes[] = { "", "7,3", "2,3", "9,3,2,3" };
#define NDASH (sizeof dashes / sizeof dashes[0])
#define NMARK 6
#define NHATCH 6

/*
 * The length of the character at s (1 to 4), and in *ok whether XML 1.0
 * may hold it as it is: valid UTF-8, and not a C1 control, a surrogate or
 * a non-character (U+FDD0..U+FDEF, U+nFFFE, U+nFFFF; U+FFFE and U+FFFF
 * make the document ill-formed).  Bytes that are not UTF-8 go one at a
 * time, not ok.
 */
static size_t
xml_char(const unsigned char *s, int *ok)
{
	size_t n = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4, i;
	unsigned long cp;

	*ok = 0;
	for (i = 1; i < n; i++)
		if (s[i] == '\0')
			return 1;
	if (s[0] < 0xc2 || s[0] > 0xf4 || utf8_invalid((const char *)s, n) != n)
		return 1;
	cp = s[0] & (0x7f >> n);
	for (i = 1; i < n; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	*ok = cp >= 0xa0 && !(cp >= 0xfdd0 && cp <= 0xfdef) &&
	    (cp & 0xfffe) != 0xfffe;
	return n;
}

void
svg_esc(struct buf *out, const char *s)
{
	size_t n;
	int ok;

	for (; *s; s += n) {
		unsigned char c = (unsigned char)*s;

		n = 1;
		switch (c) {
		case '&': buf_puts(out, "&amp;"); break;
		case '<': buf_puts(out, "&lt;"); break;
		case '>': buf_puts(out, "&gt;"); break;
		case '"': buf_puts(out, "&quot;"); break;
		case '\'': buf_puts(out, "&#39;"); break;
		default:
			if (c >= 0x80) {
				n = xml_char((const unsigned char *)s, &ok);
				if (ok)
					buf_add(out, s, n);
				else
					buf_puts(out, "\xef\xbf\xbd");	/* U+FFFD */
			} else if (c >= 0x20 && c != 0x7f)
				buf_putc(out, c);
		}
	}
}

/* At most max characters of s (UTF-8), escaped, "..." when cut. */
static void
esc_cut(struct buf *out, const char *s, int max)
{
	size_t i = 0, n = 0;
	struct buf t = { 0 };

	while (s[i] && (int)n < max) {
		i++;
		while ((s[i] & 0xc0) == 0x80)
			i++;
		n++;
	}
	buf_add(&t, s, i);
	if (s[i])
		buf_puts(&t, "...");
	svg_esc(out, buf_str(&t));
	buf_free(&t);
}

/* A step of 1, 2 or 5 times a power of ten giving about n ticks. */
static double
nice_step(double range, int n)
{
	double raw = range / n, p = pow(10, floor(log10(raw))), f = raw / p;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

struct geo {
	const struct svg_chart *c;
	double xmin, xmax;
};

static double
px(const struct geo *g, double x)
{
	double a = g->xmin, b = g->xmax;

	if (g->c->kind == SVG_BARS)
		return LEFT + (x + 0.5) * (RIGHT - LEFT) / g->c->ncats;
	if (g->c->xlog2) {
		x = log2(x);
		a = log2(a);
		b = log2(b);
	}
	return LEFT + 12 + (x - a) / (b - a) * (RIGHT - LEFT - 24);
}

static double
py(const struct svg_chart *c, double y)
{
	if (y < c->ymin)
		y = c->ymin;
	if (y > c->ymax)
		y = c->ymax;
	return BOTTOM - (y - c->ymin) / (c->ymax - c->ymin) * (BOTTOM - TOP);
}

static void
marker(struct buf *o, int j, double x, double y, const char *col)
{
	const double r = 3.5;

	switch (j % NMARK) {
	case 0:
		buf_printf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>",
		    x, y, r, col);
		break;
	case 1:
		buf_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>",
		    x - r, y - r, 2 * r, 2 * r, col);
		break;
	case 2:
		buf_printf(o, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"%s\"/>",
		    x, y - r - 1, x + r + 1, y + r, x - r - 1, y + r, col);
		break;
	case 3:
		buf_printf(o, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"%s\"/>",
		    x, y - r - 1, x + r + 1, y, x, y + r + 1, x - r - 1, y, col);
		break;
	case 4:
		buf_printf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"1.5\"/>",
		    x, y, r, col);
		break;
	default:
		buf_printf(o, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"%s\" stroke-width=\"2\"/>",
		    x - r, y - r, x + r, y + r, x - r, y + r, x + r, y - r, col);
	}
}

static void
defs(struct buf *o, const struct svg_chart *c)
{
	static const char *const hatch[NHATCH] = {
		"",
		"<path d=\"M-1 1L1 -1M0 6L6 0M5 7L7 5\" stroke=\"#000\" stroke-opacity=\".45\" stroke-width=\"1.2\"/>",
		"<path d=\"M0 0L6 6M-1 5L1 7M5 -1L7 1\" stroke=\"#000\" stroke-opacity=\".45\" stroke-width=\"1.2\"/>",
		"<path d=\"M0 3H6\" stroke=\"#fff\" stroke-opacity=\".7\" stroke-width=\"1.5\"/>",
		"<circle cx=\"3\" cy=\"3\" r=\"1.2\" fill=\"#fff\" fill-opacity=\".8\"/>",
		"<path d=\"M3 0V6M0 3H6\" stroke=\"#000\" stroke-opacity=\".4\" stroke-width=\"1\"/>",
	};
	int j;

	if (c->kind != SVG_BARS)
		return;
	buf_puts(o, "<defs>");
	for (j = 1; j < NHATCH && j < c->ns; j++) {
		buf_printf(o, "<pattern id=\"");
		svg_esc(o, c->id);
		buf_printf(o, "-h%d\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">%s</pattern>",
		    j, hatch[j]);
	}
	buf_puts(o, "</defs>\n");
}

static void
text(struct buf *o, double x, double y, const char *anchor, const char *extra,
    const char *s)
{
	buf_printf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y,
	    anchor, extra);
	svg_esc(o, s);
	buf_puts(o, "</text>");
}

static void
yaxis(struct buf *o, const struct svg_chart *c)
{
	double step = nice_step(c->ymax - c->ymin, 5), v;
	char t[32];

	for (v = ceil(c->ymin / step) * step; v <= c->ymax + step * 1e-9; v += step) {
		double y = py(c, v);

		buf_printf(o, "<path d=\"M%.1f %.1fH%.1f\" stroke=\"#ddd\"/>",
		    LEFT, y, RIGHT);
		snprintf(t, sizeof t, "%g", fabs(v) < step * 1e-9 ? 0 : v);
		text(o, LEFT - 6, y + 4, "end", "", t);
	}
	buf_puts(o, "\n");
	buf_printf(o, "<text transform=\"translate(%.1f %.1f) rotate(-90)\" text-anchor=\"middle\">",
	    18.0, (TOP + BOTTOM) / 2);
	svg_esc(o, c->ylabel ? c->ylabel : "");
	buf_puts(o, "</text>\n");
}

static void
xaxis_line(struct buf *o, const struct geo *g)
{
	const struct svg_chart *c = g->c;
	char t[32];
	int i;

	if (c->nxticks > 0) {
		for (i = 0; i < c->nxticks; i++) {
			double x = px(g, c->xtickv[i]);

			buf_printf(o, "<path d=\"M%.1f %.1fv5\" stroke=\"#333\"/>",
			    x, BOTTOM);
			text(o, x, BOTTOM + 18, "middle", "", c->xticks[i]);
		}
	} else if (c->xlog2) {
		double v;

		for (v = exp2(ceil(log2(g->xmin))); v <= g->xmax * (1 + 1e-9); v *= 2) {
			double x = px(g, v);

			buf_printf(o, "<path d=\"M%.1f %.1fv5\" stroke=\"#333\"/>",
			    x, BOTTOM);
			snprintf(t, sizeof t, "%g", v);
			text(o, x, BOTTOM + 18, "middle", "", t);
		}
	} else {
		double step = nice_step(g->xmax - g->xmin, 8), v;

		for (v = ceil(g->xmin / step) * step; v <= g->xmax + step * 1e-9; v += step) {
			double x = px(g, v);

			buf_printf(o, "<path d=\"M%.1f %.1fv5\" stroke=\"#333\"/>",
			    x, BOTTOM);
			snprintf(t, sizeof t, "%g", fabs(v) < step * 1e-9 ? 0 : v);
			text(o, x, BOTTOM + 18, "middle", "", t);
		}
	}
	buf_puts(o, "\n");
}

static void
xaxis_bars(struct buf *o, const struct geo *g)
{
	const struct svg_chart *c = g->c;
	int i, k;

	for (i = 0; i < c->ncats; i = k) {
		const char *nl = strchr(c->cats[i], '\n');
		size_t ln = nl ? (size_t)(nl - c->cats[i]) : strlen(c->cats[i]);
		struct buf up = { 0 };

		buf_add(&up, c->cats[i], ln);
		text(o, px(g, i), BOTTOM + 16, "middle", "", buf_str(&up));
		buf_free(&up);
		/* the lower label spans the categories that share it */
		for (k = i + 1; k < c->ncats && nl != NULL; k++) {
			const char *nk = strchr(c->cats[k], '\n');

			if (nk == NULL || strcmp(nk, nl) != 0)
				break;
			up = (struct buf){ 0 };
			buf_add(&up, c->cats[k], (size_t)(nk - c->cats[k]));
			text(o, px(g, k), BOTTOM + 16, "middle", "", buf_str(&up));
			buf_free(&up);
		}
		if (nl == NULL)
			continue;
		text(o, (px(g, i) + px(g, k - 1)) / 2, BOTTOM + 34, "middle",
		    " font-weight=\"bold\"", nl + 1);
		if (k < c->ncats)
			buf_printf(o, "<path d=\"M%.1f %.1fV%.1f\" stroke=\"#999\"/>",
			    (px(g, k - 1) + px(g, k)) / 2, TOP, BOTTOM + 36);
	}
	buf_puts(o, "\n");
}

/* A series' band: a faint fill, and its edges in the series' colour and
 * dash, so that overlapping bands stay told apart. */
static void
band(struct buf *o, const struct geo *g, const struct svg_series *s, int j)
{
	const char *col = palette[j % NPAL], *dash = dashes[j % NDASH];
	int i = 0, a, b, k;

	while (i < s->n) {
		if (s->lo == NULL || isnan(s->lo[i]) || isnan(s->hi[i])) {
			i++;
			continue;
		}
		for (a = i; i < s->n && !isnan(s->lo[i]) && !isnan(s->hi[i]); i++)
			;
		b = i;
		buf_printf(o, "<g class=\"band\"><path fill=\"%s\" "
		    "fill-opacity=\".10\" d=\"", col);
		for (k = a; k < b; k++)
			buf_printf(o, "%s%.1f %.1f", k == a ? "M" : "L",
			    px(g, s->x[k]), py(g->c, s->hi[k]));
		for (k = b - 1; k >= a; k--)
			buf_printf(o, "L%.1f %.1f", px(g, s->x[k]), py(g->c, s->lo[k]));
		buf_printf(o, "Z\"/><path fill=\"none\" stroke=\"%s\" "
		    "stroke-opacity=\".5\" stroke-width=\".8\"%s%s%s d=\"", col,
		    *dash ? " stroke-dasharray=\"" : "", dash, *dash ? "\"" : "");
		for (k = a; k < b; k++)
			buf_printf(o, "%s%.1f %.1f", k == a ? "M" : "L",
			    px(g, s->x[k]), py(g->c, s->hi[k]));
		for (k = a; k < b; k++)
			buf_printf(o, "%s%.1f %.1f", k == a ? "M" : "L",
			    px(g, s->x[k]), py(g->c, s->lo[k]));
		buf_puts(o, "\"/></g>\n");
	}
}

static void
line(struct buf *o, const struct geo *g, const struct svg_series *s, int j)
{
	const char *col = s->baseline ? "#666" : palette[j % NPAL];
	const char *dash = s->baseline ? "2,3" : dashes[j % NDASH];
	int i, pen = 0;

	buf_printf(o, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"",
	    col, s->baseline ? "1.5" : "2");
	if (*dash)
		buf_printf(o, " stroke-dasharray=\"%s\"", dash);
	buf_puts(o, " d=\"");
	for (i = 0; i < s->n; i++) {
		if (isnan(s->y[i])) {
			pen = 0;
			continue;
		}
		buf_printf(o, "%s%.1f %.1f", pen ? "L" : "M", px(g, s->x[i]),
		    py(g->c, s->y[i]));
		pen = 1;
	}
	buf_puts(o, "\"/>");
	if (!s->baseline)
		for (i = 0; i < s->n; i++)
			if (!isnan(s->y[i]))
				marker(o, j, px(g, s->x[i]), py(g->c, s->y[i]), col);
	buf_puts(o, "\n");
}

static void
bars(struct buf *o, const struct geo *g, const struct svg_series *s, int j,
    int nbar)
{
	const struct svg_chart *c = g->c;
	double gw = (RIGHT - LEFT) / c->ncats, bw = gw * 0.8 / nbar;
	int i;

	for (i = 0; i < s->n; i++) {
		double x, y0, y1;

		if (isnan(s->y[i]))
			continue;
		x = LEFT + s->x[i] * gw + gw * 0.1 + j * bw;
		y0 = py(c, c->ymin > 0 ? c->ymin : 0);
		y1 = py(c, s->y[i]);
		buf_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#333\" stroke-width=\".6\"/>",
		    x, y1 < y0 ? y1 : y0, bw, fabs(y0 - y1), palette[j % NPAL]);
		if (j % NHATCH) {
			buf_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"url(#",
			    x, y1 < y0 ? y1 : y0, bw, fabs(y0 - y1));
			svg_esc(o, c->id);
			buf_printf(o, "-h%d)\"/>", j % NHATCH);
		}
		if (s->lo != NULL && !isnan(s->lo[i]) && !isnan(s->hi[i])) {
			double m = x + bw / 2, a = py(c, s->lo[i]), b = py(c, s->hi[i]);
			double w = bw / 4 < 4 ? bw / 4 : 4;

			buf_printf(o, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" stroke=\"#222\" stroke-width=\"1.2\"/>",
			    m, a, b, m - w, a, m + w, m - w, b, m + w);
		}
	}
	buf_puts(o, "\n");
}

/* The characters of s (UTF-8), at most LEGEND_MAX and "...". */
static int
name_chars(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += (*s & 0xc0) != 0x80;
	return n > LEGEND_MAX ? LEGEND_MAX + 3 : n;
}

/* The legend's columns and rows: as many columns as the widest name lets
 * fit across the chart. */
static void
legend_grid(const struct svg_chart *c, int *cols, int *rows, double *colw)
{
	int j, m = 0;

	for (j = 0; j < c->ns; j++)
		if (name_chars(c->s[j].name) > m)
			m = name_chars(c->s[j].name);
	*colw = 40 + CHAR_W * m;
	*cols = (int)((W - 32) / *colw);
	if (*cols < 1)
		*cols = 1;
	if (*cols > c->ns)
		*cols = c->ns > 0 ? c->ns : 1;
	*rows = (c->ns + *cols - 1) / *cols;
}

static void
legend(struct buf *o, const struct svg_chart *c)
{
	int j, cols, rows;
	double colw;

	legend_grid(c, &cols, &rows, &colw);
	for (j = 0; j < c->ns; j++) {
		const struct svg_series *s = &c->s[j];
		double x = 16 + (j % cols) * colw;
		double y = LEGEND_Y + LEGEND_ROW * (j / cols);
		const char *col = s->baseline ? "#666" : palette[j % NPAL];

		if (c->kind == SVG_BARS) {
			buf_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"12\" fill=\"%s\" stroke=\"#333\" stroke-width=\".6\"/>",
			    x + 2, y - 6, col);
			if (j % NHATCH) {
				buf_printf(o, "<rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"12\" fill=\"url(#",
				    x + 2, y - 6);
				svg_esc(o, c->id);
				buf_printf(o, "-h%d)\"/>", j % NHATCH);
			}
		} else {
			const char *dash = s->baseline ? "2,3" : dashes[j % NDASH];

			buf_printf(o, "<path d=\"M%.1f %.1fh26\" stroke=\"%s\" stroke-width=\"2\"%s%s%s/>",
			    x, y, col, *dash ? " stroke-dasharray=\"" : "",
			    dash, *dash ? "\"" : "");
			if (!s->baseline)
				marker(o, j, x + 13, y, col);
		}
		buf_printf(o, "<text x=\"%.1f\" y=\"%.1f\">", x + 32, y + 4);
		esc_cut(o, s->name, LEGEND_MAX);
		buf_puts(o, "</text>\n");
	}
}

/* The height: the plot, its caption, and the legend's rows. */
static double
height(const struct svg_chart *c)
{
	int cols, rows;
	double colw;

	if (c->ns == 0)
		return BASE_H + 20;
	legend_grid(c, &cols, &rows, &colw);
	return LEGEND_Y + LEGEND_ROW * rows;
}

void
svg_write(struct buf *o, const struct svg_chart *c)
{
	struct geo g = { c, c->xmin, c->xmax };
	double h = height(c);
	int i, j, nbar = 0, any = 0;

	if (c->kind == SVG_LINE && !(c->xmin < c->xmax)) {
		g.xmin = INFINITY;
		g.xmax = -INFINITY;
		for (j = 0; j < c->ns; j++)
			for (i = 0; i < c->s[j].n; i++) {
				if (c->s[j].x[i] < g.xmin)
					g.xmin = c->s[j].x[i];
				if (c->s[j].x[i] > g.xmax)
					g.xmax = c->s[j].x[i];
			}
		if (!(g.xmin < g.xmax)) {
			double m = isfinite(g.xmin) ? g.xmin : 1;

			g.xmin = c->xlog2 ? m / 2 : m - 1;
			g.xmax = c->xlog2 ? m * 2 : m + 1;
		}
	}
	for (j = 0; j < c->ns; j++) {
		nbar += !c->s[j].baseline;
		any |= c->s[j].n > 0;
	}
	buf_printf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%%\" viewBox=\"0 0 %g %g\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\" role=\"img\">\n",
	    W, h);
	buf_puts(o, "<title>");
	svg_esc(o, c->title ? c->title : "");
	buf_puts(o, "</title>\n");
	defs(o, c);
	buf_printf(o, "<rect width=\"%g\" height=\"%g\" fill=\"#fff\"/>\n", W, h);
	buf_printf(o, "<text x=\"%.1f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">",
	    W / 2);
	svg_esc(o, c->title ? c->title : "");
	buf_puts(o, "</text>\n");
	if (c->note != NULL) {
		text(o, W / 2, 39, "middle", " font-size=\"11\" fill=\"#a3200b\"",
		    c->note);
		buf_puts(o, "\n");
	}
	yaxis(o, c);
	if (c->kind == SVG_BARS)
		xaxis_bars(o, &g);
	else
		xaxis_line(o, &g);
	text(o, (LEFT + RIGHT) / 2, BASE_H - 12, "middle", "", c->xlabel ? c->xlabel : "");
	buf_puts(o, "\n");
	if (c->caption != NULL) {
		text(o, 16, BASE_H + 8, "start", " font-size=\"11\" fill=\"#555\"",
		    c->caption);
		buf_puts(o, "\n");
	}
	if (!any)
		text(o, (LEFT + RIGHT) / 2, (TOP + BOTTOM) / 2, "middle",
		    " fill=\"#666\"", "no data");
	for (j = 0; j < c->ns; j++)
		if (c->kind == SVG_LINE && !c->s[j].baseline)
			band(o, &g, &c->s[j], j);
	for (j = 0; j < c->ns; j++)
		if (c->kind == SVG_LINE)
			line(o, &g, &c->s[j], j);
		else
			bars(o, &g, &c->s[j], j, nbar ? nbar : 1);
	buf_printf(o, "<path d=\"M%.1f %.1fV%.1fH%.1f\" fill=\"none\" stroke=\"#333\"/>\n",
	    LEFT, TOP, BOTTOM, RIGHT);
	legend(o, c);
	buf_puts(o, "</svg>\n");
}
