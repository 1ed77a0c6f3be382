/*
 * Unit test of lg-tau's parts: Kendall's tau-b against hand-computed values
 * and a brute-force pair count, the TF-IDF alignment, the answer parsers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cmd/lg-tau/tau.h"
#include "rng.h"
#include "check.h"

static int
near(double a, double b)
{
	return fabs(a - b) < 1e-12;
}

/* tau-b of x, y given as strings of digits */
static double
tau_of(const char *xs, const char *ys, kt_counts *k)
{
	long x[64], y[64];
	size_t i, n = strlen(xs);

	for (i = 0; i < n; i++) {
		x[i] = xs[i] - '0';
		y[i] = ys[i] - '0';
	}
	return kendall_tau_b(x, y, n, k);
}

static void
hand(void)
{
	kt_counts k;
	double t;

	t = tau_of("01234", "01234", &k);
	CHECK(t == 1 && k.c == 10 && k.d == 0, "perfect: %g c=%llu", t,
	    (unsigned long long)k.c);
	t = tau_of("01234", "43210", &k);
	CHECK(t == -1 && k.c == 0 && k.d == 10, "reversed: %g", t);
	/* pairs: 01 D, 02 C, 03 C, 12 C, 13 C, 23 D: (4 - 2) / 6 */
	t = tau_of("0123", "1032", &k);
	CHECK(near(t, 1.0 / 3) && k.c == 4 && k.d == 2, "1032: %g", t);
	/* y 3 1 2 5 4: D D C C C C C C C D: (7 - 3) / 10 */
	t = tau_of("12345", "31254", &k);
	CHECK(near(t, 0.4) && k.c == 7 && k.d == 3, "31254: %g", t);
	/* ties in y: 2 tied pairs, 4 concordant: 4 / sqrt(6 * 4) */
	t = tau_of("1234", "1122", &k);
	CHECK(near(t, 4 / sqrt(24)) && k.n2 == 2 && k.n1 == 0, "1122: %g", t);
	/* ties in both: n1 = 1, n2 = 3, n3 = 1, c = 3: 3 / sqrt(5 * 3) */
	t = tau_of("1123", "1112", &k);
	CHECK(near(t, 3 / sqrt(15)) && k.n1 == 1 && k.n2 == 3 && k.n3 == 1 &&
	    k.c == 3 && k.d == 0, "1123/1112: %g", t);
	/* discordant with a tie: d = 5, one tied pair: -5 / sqrt(6 * 5) */
	t = tau_of("0123", "2210", &k);
	CHECK(near(t, -5 / sqrt(30)) && k.d == 5 && k.c == 0, "2210: %g", t);
	CHECK(isnan(tau_of("0123", "2222", NULL)), "constant y is NaN");
	CHECK(isnan(tau_of("3", "3", NULL)), "one point is NaN");
	CHECK(isnan(tau_of("", "", NULL)), "no point is NaN");
}

static void
brute(const long *x, const long *y, size_t n, kt_counts *k)
{
	size_t i, j;

	memset(k, 0, sizeof *k);
	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			long dx = x[i] - x[j], dy = y[i] - y[j];

			k->n0++;
			k->n1 += dx == 0;
			k->n2 += dy == 0;
			k->n3 += dx == 0 && dy == 0;
			if (dx != 0 && dy != 0) {
				if ((dx > 0) == (dy > 0))
					k->c++;
				else
					k->d++;
			}
		}
	}
}

static void
random_cases(void)
{
	rng r;
	long x[40], y[40];
	size_t n, i, round;
	kt_counts a, b;
	double t, want, den;

	rng_seed(&r, 2025);
	for (round = 0; round < 500; round++) {
		int span = 1 + (int)rng_below(&r, 12);

		n = rng_below(&r, 40);
		for (i = 0; i < n; i++) {
			x[i] = (long)rng_below(&r, (uint64_t)span) - 3;
			y[i] = (long)rng_below(&r, (uint64_t)span);
		}
		t = kendall_tau_b(x, y, n, &a);
		brute(x, y, n, &b);
		den = sqrt((double)(b.n0 - b.n1) * (double)(b.n0 - b.n2));
		want = den > 0 ? ((double)b.c - (double)b.d) / den : NAN;
		CHECK(memcmp(&a, &b, sizeof a) == 0 &&
		    (isnan(want) ? isnan(t) : near(t, want)),
		    "round %zu n=%zu: tau %g want %g, c %llu/%llu d %llu/%llu",
		    round, n, t, want, (unsigned long long)a.c,
		    (unsigned long long)b.c, (unsigned long long)a.d,
		    (unsigned long long)b.d);
	}
}

static void
tfidf(void)
{
	const char *orig[] = { "apple banana", "cherry date", "apple cherry" };
	/* "apple" alone: cherry is in 4 of the 8 texts, banana in 2, so
	 * cherry weighs less and apple more in text 2 than in text 0 */
	const char *ret[] = { "Cherry, date!", "banana apple", "a b c",
	    "APPLE cherry", "apple" };
	size_t ol[3], rl[5], out[5], i;
	int empty[5];
	const size_t want[] = { 1, 0, 0, 2, 2 };
	const int want_e[] = { 0, 0, 1, 0, 0 };

	for (i = 0; i < 3; i++)
		ol[i] = strlen(orig[i]);
	for (i = 0; i < 5; i++)
		rl[i] = strlen(ret[i]);
	tfidf_align(orig, ol, 3, ret, rl, 5, out, empty, NULL);
	for (i = 0; i < 5; i++)
		CHECK(out[i] == want[i] && empty[i] == want_e[i],
		    "align %zu: %zu (empty %d), want %zu", i, out[i], empty[i], want[i]);
}

static void
blocks(void)
{
	const char *s =
	    "Here is the order.\n"
	    "**[[Segment 2]]**\n"
	    "two\n"
	    "[[segment 0]]: zero on the same line\n"
	    "more zero\n"
	    "\n"
	    "a remark\n"
	    "### [Segment 1]\n"
	    "\n"
	    "one\n"
	    "see [[Segment 9]] inside a line\n"
	    "- [[Segment 3]] three\n"
	    "\n"
	    "I hope this helps.\n";
	const long want_l[] = { 2, 0, 1, 3 };
	const char *want_t[] = { "two", "zero on the same line\nmore zero",
	    "one\nsee [[Segment 9]] inside a line", "three" };
	block *b;
	long *lv;
	size_t n, i;

	n = parse_blocks(s, strlen(s), &b);
	CHECK(n == 4, "blocks: %zu", n);
	for (i = 0; i < n && i < 4; i++)
		CHECK(b[i].label == want_l[i] && b[i].len == strlen(want_t[i]) &&
		    memcmp(b[i].text, want_t[i], b[i].len) == 0,
		    "block %zu: %ld [%.*s]", i, b[i].label, (int)b[i].len, b[i].text);
	free(b);

	/* the published pattern: the label must end its line, and a block
	 * runs to any line that starts with [[Segment, a label or not */
	s = "[[Segment 1]]\none\n**[[Segment 0]]**\nzero\n[[Segment 2]] two\n"
	    "[[Segment 3]]\n three \n";
	n = parse_blocks_compat(s, strlen(s), &b);
	CHECK(n == 2 && b[0].label == 1 && b[1].label == 3, "compat: %zu", n);
	if (n == 2) {
		CHECK(b[0].len == strlen("one\n**[[Segment 0]]**\nzero") &&
		    memcmp(b[1].text, "three", 5) == 0 && b[1].len == 5,
		    "compat text [%.*s] [%.*s]", (int)b[0].len, b[0].text,
		    (int)b[1].len, b[1].text);
	}
	free(b);

	s = "Answer: [1, 2]\nOn reflection, **Answer:** [4, 1,3 , 2]";
	n = parse_list(s, strlen(s), &lv);
	CHECK(n == 4 && lv[0] == 4 && lv[1] == 1 && lv[2] == 3 && lv[3] == 2,
	    "list: %zu", n);
	free(lv);
	s = "The order is [3, 1, 2] I think.";
	n = parse_list(s, strlen(s), &lv);
	CHECK(n == 3 && lv[0] == 3 && lv[2] == 2, "bare list: %zu", n);
	free(lv);
	s = "See [1] and [2].";
	n = parse_list(s, strlen(s), &lv);
	CHECK(n == 0 && lv == NULL, "no list: %zu", n);
	n = parse_blocks("", 0, &b);
	CHECK(n == 0 && b == NULL, "empty: %zu", n);
}

int
main(void)
{
	hand();
	random_cases();
	tfidf();
	blocks();
	return CHECK_DONE();
}
