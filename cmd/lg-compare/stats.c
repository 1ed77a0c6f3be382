/*
 * stats.c: the paired statistics of a group (common/paired.c): which
 * cases count for a metric, and the generator.  The draws come from a
 * generator seeded by --seed, the group's values and the set of cases
 * (those of the checks may be fewer), so a group's numbers do not depend
 * on the other groups.
 */
#include <stdlib.h>

#include "compare.h"
#include "xalloc.h"

/* The cases a metric counts: paired; for the score, with a score on both
 * sides (case_scored(): a LongGenBench case whose checks were decided
 * none of counts for CR, not for the score); for checks, paired check
 * lists (case_checks_paired(): a list longer on one side is never read
 * past the other's end). */
static size_t
pick(const struct group *g, int m, const struct kase **out)
{
	size_t i, n = 0;

	for (i = 0; i < g->ncases; i++) {
		const struct kase *k = g->cases[i];

		if (k->s[0].nrec == 0 || k->s[1].nrec == 0)
			continue;
		if (m == M_CHECKS && !case_checks_paired(k))
			continue;
		if (m == M_SCORE && !case_scored(k))
			continue;
		out[n++] = k;
	}
	return n;
}

/* LongGenBench metrics apply when every paired record carried its counts. */
static int
all_lgb(const struct kase **k, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (k[i]->s[0].lgb != k[i]->s[0].nrec ||
		    k[i]->s[1].lgb != k[i]->s[1].nrec)
			return 0;
	return n > 0;
}

/*
 * The rows of metrics ms[0..nm) over the cases k[0..n): one generator per
 * group and case set (tag), shared by the metrics.
 */
static size_t
rows_of(struct paired_row *w, const int *ms, size_t nm, const struct kase **k,
    size_t n, const struct group *g, const struct opts *o, int tag)
{
	const struct paired_side **a = xcalloc(2 * n + 1, sizeof *a);
	const struct paired_side **b = a + n;
	size_t j;
	rng r;

	for (j = 0; j < n; j++) {
		a[j] = &k[j]->s[0];
		b[j] = &k[j]->s[1];
	}
	paired_seed(&r, o->seed, (const char *const *)g->val, o->nfields,
	    tag);
	nm = paired_rows(w, ms, nm, a, b, n, &r, o->resamples);
	free(a);
	return nm;
}

/*
 * The score row, LongGenBench's rows when every paired record carried its
 * counts, and the checks row.  The score and LongGenBench's rows share
 * their draws when they are over the same cases; else LongGenBench's are
 * over all paired cases, with draws of their own.
 */
size_t
compare_group(const struct group *g, const struct opts *o, struct paired_row *rows)
{
	static const int case_metrics[] = { M_SCORE, M_CR, M_STIC1, M_STIC2,
	    M_WAVG };
	static const int check_metrics[] = { M_CHECKS };
	const struct kase **k = xcalloc(g->ncases + 1, sizeof *k);
	size_t n, np, nr;
	int lgb;

	np = pick(g, M_CR, k);
	lgb = all_lgb(k, np);
	n = pick(g, M_SCORE, k);
	nr = rows_of(rows, case_metrics, lgb && n == np ? 5 : 1, k, n, g, o,
	    0);
	if (lgb && n != np) {
		np = pick(g, M_CR, k);
		nr += rows_of(rows + nr, case_metrics + 1, 4, k, np, g, o, 2);
	}
	if ((n = pick(g, M_CHECKS, k)) > 0)
		nr += rows_of(rows + nr, check_metrics, 1, k, n, g, o, 1);
	free(k);
	return nr;
}
