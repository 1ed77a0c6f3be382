/*
 * svg.h: standalone SVG charts (owned by lg-plot and lg-report): a line
 * chart over a numeric (optionally log2) axis with 95% bands, and a
 * grouped bar chart over categories with 95% whiskers, the legend under
 * the plot in as many columns as fit, the chart as wide as its container
 * (width 100%, the viewBox giving its proportions).  Colours are the
 * Okabe-Ito palette, each series also told apart by a dash pattern and a
 * marker (lines) or a hatching (bars), so charts survive greyscale
 * printing and colour-blindness.  The same text is a standalone file and
 * an inline <svg> element of an HTML page.
 */
#ifndef LG_SVG_H
#define LG_SVG_H

#include "buf.h"

enum { SVG_LINE, SVG_BARS };

struct svg_series {
	char *name;
	int n;			/* points */
	double *x;		/* line: the abscissa; bars: the category index */
	double *y;		/* NaN: no value */
	double *lo, *hi;	/* the 95% interval, NaN when none */
	double *units;		/* behind each point (cases, checks), or NULL */
	int baseline;		/* a reference line: grey, dotted, no markers */
};

struct svg_chart {
	int kind;
	const char *id;		/* prefix of the ids inside (unique per page) */
	const char *title, *xlabel, *ylabel;
	int xlog2;		/* line: a log2 axis */
	double xmin, xmax;	/* line: the x range; xmin == xmax: from data */
	double ymin, ymax;	/* the y range */
	char **cats;		/* bars: categories, "upper\nlower" labels */
	int ncats;
	char **xticks;		/* line: labels of the ticks at xtickv */
	double *xtickv;
	int nxticks;
	struct svg_series *s;
	int ns;
	char *note;		/* a line under the title, or NULL */
	char *caption;		/* what the bands are, or NULL */
};

/* Append the chart as one <svg> element. */
void svg_write(struct buf *out, const struct svg_chart *c);

/* Append s with &, <, >, " and ' escaped, control characters dropped, and
 * what XML 1.0 cannot hold (bytes that are not UTF-8, C1 controls,
 * surrogates, non-characters such as U+FFFE and U+FFFF) as U+FFFD. */
void svg_esc(struct buf *out, const char *s);

#endif
