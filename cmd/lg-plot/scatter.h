/*
 * scatter.h: lg-plot -k correlate, the scatter chart of lg-agg --correlate
 * (LongGenBench's Figure 3b): the JSON rows of `lg-agg --correlate FILE
 * -f json` in, one tier and one metric out as standalone SVG (or the
 * points as text), lg's value (y, in %) against the outside score (x), one
 * point per model named beside it, Pearson's and Spearman's coefficients
 * with their intervals under the title.
 */
#ifndef LG_PLOT_SCATTER_H
#define LG_PLOT_SCATTER_H

struct scatter_opts {
	const char *length;	/* --length: the tier */
	const char *metric;	/* --metric: CR, STIC-1, STIC-2, wAvg */
	int data;		/* --data: the points as text */
};

/* Read the rows of files[0..n) (stdin when n is 0), write the chart to
 * stdout; the exit status. */
int scatter_run(char **files, int n, const struct scatter_opts *o);

#endif
