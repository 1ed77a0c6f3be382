/*
 * chartci.h: the 95% intervals of chart points (owned by charts.c), as
 * lg-agg computes them (cmd/lg-agg/boot.c): the units of a group are its
 * cases (a record, or the records of one "case": repeated samples, drawn
 * together), put in a canonical order (by id); each of B resamples draws
 * as many units with replacement, from a generator seeded with the seed
 * and the FNV-1a hash of the group's key (lg-agg's key text), so that an
 * interval depends neither on the order of the records nor on the other
 * groups; a point is recomputed from the drawn units' sums, and its
 * interval is the 2.5 and 97.5 percentiles of the resampled values,
 * interpolated between order statistics.
 *
 * A unit adds, per point ("cell", an index the caller chooses), a count
 * n and a sum; a point's value is a function of the sums of a window of
 * cells (the mean of their rates, mul sum / n): one cell, or a moving
 * average.  Memory: per group its key; per unit (a case, whose records
 * are folded together as they come, or a record without a case) its id
 * once and its sums, one per cell it touches; kept until chartci_free().
 */
#ifndef LG_CHARTCI_H
#define LG_CHARTCI_H

#include <stddef.h>
#include <stdint.h>

typedef struct chartci chartci;

chartci *chartci_new(long draws, uint64_t seed);
void chartci_free(chartci *ci);

/* Start a unit of the group keyed gkey: its id ("c" and the case, "r"
 * and the record's id), or NULL when it has none.  Both are copied.  A
 * case already started is taken up again: its records are one unit. */
void chartci_unit(chartci *ci, const char *gkey, const char *id);
/* The group keyed gkey (copied), as an index for chartci_unit_in(): the
 * same as chartci_unit() without looking the key up again. */
size_t chartci_group(chartci *ci, const char *gkey);
void chartci_unit_in(chartci *ci, size_t grp, const char *id);
/* Add n and sum to cell of the unit last started (or taken up). */
void chartci_add(chartci *ci, size_t cell, double n, double sum);

/*
 * The window of each cell: the cells win[start[c]..start[c + 1]) whose
 * rates a cell's value averages (the cells without a count left out;
 * none: no value).  Returns the value of every cell in val, and, when
 * draws > 0, its interval in lo and hi (NAN when none), for ncell cells.
 */
struct chartci_win {
	size_t ncell;
	const size_t *start, *win;	/* the windows, as above */
	const double *mul;		/* a cell's rate is mul sum / n */
};

void chartci_run(chartci *ci, const struct chartci_win *w, const double *n,
    const double *sum, double *val, double *lo, double *hi);

/* The mean of the rates of the window of cell c with n > 0; NAN: none. */
double chartci_value(const struct chartci_win *w, size_t c, const double *n,
    const double *sum);

#endif
