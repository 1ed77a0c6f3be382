/* Unit test: lg-plot's charts: bootstrap intervals, tiers, position bins,
 * the published curve's 16k cut, the moving average and the minimum
 * count, failed records counted as failures. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "charts.h"
#include "check.h"

static int
near(double a, double b)
{
	return fabs(a - b) < 5e-4;
}

/* The y of series name at x (NAN when absent). */
static double
y_at(const struct svg_chart *c, const char *name, double x)
{
	int i, j;

	for (j = 0; j < c->ns; j++)
		if (strcmp(c->s[j].name, name) == 0)
			for (i = 0; i < c->s[j].n; i++)
				if (c->s[j].x[i] == x)
					return c->s[j].y[i];
	return NAN;
}

static void
fold(struct charts *t, const char *const *recs)
{
	for (; *recs; recs++) {
		cJSON *r = cJSON_Parse(*recs);

		CHECK(r != NULL && charts_add(t, r, NULL) == 0, "record folds: %s", *recs);
		cJSON_Delete(r);
	}
}

int
main(void)
{
	static const char *const recs[] = {
		"{\"bench\":\"longgenbench\",\"task\":\"skyscraper\",\"length\":\"16k\","
		"\"gold\":{\"type\":\"Floor\",\"number\":60},\"gen\":{\"model\":\"m\"},"
		"\"scores\":{\"entries_found\":60,\"entries_expected\":60,\"stic_pass\":1,"
		"\"stic_judged\":2,\"stic_total\":2},\"verdicts\":[{\"at\":5,\"pass\":true},"
		"{\"at\":58,\"pass\":false}]}",
		"{\"bench\":\"longgenbench\",\"task\":\"diary\",\"length\":\"16k\","
		"\"gold\":{\"type\":\"Week\",\"number\":52},\"gen\":{\"model\":\"m\"},"
		"\"error\":{\"stage\":\"lg-infer\",\"message\":\"x\"},"
		"\"checks\":[{\"kind\":\"single\",\"at\":5}]}",
		NULL
	};
	struct charts_opts o;
	struct svg_chart c;
	struct charts *t;
	double lo1;

	charts_defaults(&o);
	CHECK(charts_tier("16k") == 16384 && charts_tier("2K") == 2048 &&
	    charts_tier("500") == 500 && charts_tier("1M") == 1048576, "tiers");
	CHECK(charts_tier("long") < 0 && charts_tier("") < 0 && charts_tier("2kb") < 0 &&
	    charts_tier(NULL) < 0, "not tiers");
	CHECK(charts_kind_of("bias") == CH_BIAS && charts_kind_of("pie") < 0, "kinds");

	/* relative: entry 5 of 60 and of 52 fall in the first tenth, entry
	 * 58 of 60 in the last; the failed record's check fails */
	t = charts_new(&o);
	fold(t, recs);
	charts_build(t, CH_POSITION, "p", &c);
	CHECK(c.ns == 1 && near(y_at(&c, "m 16k", 5), 50), "first tenth: 1 of 2, %f",
	    y_at(&c, "m 16k", 5));
	CHECK(near(y_at(&c, "m 16k", 95), 0), "last tenth: 0 of 1");
	CHECK(isnan(y_at(&c, "m 16k", 55)), "no point where no check");
	charts_done(&c);
	charts_build(t, CH_LGB_TIERS, "t", &c);
	CHECK(c.ncats == 3 && strcmp(c.cats[0], "CR\n16k") == 0 &&
	    strcmp(c.cats[2], "STIC-2\n16k") == 0, "tier categories");
	/* CR: 100% and the failed case 0%; STIC-2: 1 of 3 checks */
	CHECK(near(c.s[0].y[0], 50) && near(c.s[0].y[2], 100.0 / 3),
	    "CR %f STIC-2 %f", c.s[0].y[0], c.s[0].y[2]);
	/* two cases, CR 100 and 0: a resample holds both (50), one twice
	 * (0 or 100): the interval is 0..100 */
	CHECK(c.s[0].lo[0] == 0 && c.s[0].hi[0] == 100, "CR interval %f %f",
	    c.s[0].lo[0], c.s[0].hi[0]);
	charts_done(&c);
	charts_free(t);

	/* samples drawn with their case: c (1, 0) and d (1, 1) give 50
	 * (c twice), 75 or 100 (d twice): the interval is 50..100, the same
	 * in any order of the records */
	{
		static const char *const lw[] = {
			"{\"id\":\"1\",\"case\":\"c\",\"bench\":\"longweave\",\"task\":\"kvg\","
			"\"length\":\"1k\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":1}}",
			"{\"id\":\"2\",\"case\":\"c\",\"bench\":\"longweave\",\"task\":\"kvg\","
			"\"length\":\"1k\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":0}}",
			"{\"id\":\"3\",\"case\":\"d\",\"bench\":\"longweave\",\"task\":\"kvg\","
			"\"length\":\"1k\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":1}}",
			"{\"id\":\"4\",\"case\":\"d\",\"bench\":\"longweave\",\"task\":\"kvg\","
			"\"length\":\"1k\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":1}}",
			NULL
		};
		const char *r2[5];
		int i;

		t = charts_new(&o);
		fold(t, lw);
		charts_build(t, CH_LONGWEAVE, "w", &c);
		CHECK(near(c.s[0].y[0], 75) && c.s[0].lo[0] == 50 &&
		    c.s[0].hi[0] == 100, "cases drawn whole: %f %f %f",
		    c.s[0].y[0], c.s[0].lo[0], c.s[0].hi[0]);
		lo1 = c.s[0].lo[0];
		charts_done(&c);
		charts_free(t);
		for (i = 0; i < 4; i++)
			r2[i] = lw[3 - i];
		r2[4] = NULL;
		t = charts_new(&o);
		fold(t, r2);
		charts_build(t, CH_LONGWEAVE, "w", &c);
		CHECK(c.s[0].lo[0] == lo1 && c.s[0].hi[0] == 100,
		    "order changes nothing");
		charts_done(&c);
		charts_free(t);
	}

	/* no resamples, no intervals */
	o.draws = 0;
	t = charts_new(&o);
	fold(t, recs);
	charts_build(t, CH_LGB_TIERS, "t", &c);
	CHECK(isnan(c.s[0].lo[0]) && isnan(c.s[0].hi[0]), "no interval");
	charts_done(&c);
	charts_free(t);

	/* a moving average of 3 over the tenths 5 (50%) and 95 (0%), which
	 * are neighbours once the empty tenths are left out; with at least 2
	 * checks a position, only the first tenth is left */
	o.smooth = 3;
	t = charts_new(&o);
	fold(t, recs);
	charts_build(t, CH_POSITION, "p", &c);
	CHECK(near(y_at(&c, "m 16k", 5), 25) && near(y_at(&c, "m 16k", 95), 25),
	    "smoothed: %f %f", y_at(&c, "m 16k", 5), y_at(&c, "m 16k", 95));
	charts_done(&c);
	charts_free(t);
	o.smooth = 1;
	o.min_count = 2;
	t = charts_new(&o);
	fold(t, recs);
	charts_build(t, CH_POSITION, "p", &c);
	CHECK(near(y_at(&c, "m 16k", 5), 50) && isnan(y_at(&c, "m 16k", 95)),
	    "min count: %f %f", y_at(&c, "m 16k", 5), y_at(&c, "m 16k", 95));
	charts_done(&c);
	charts_free(t);
	o.min_count = 1;
	o.draws = 1000;

	/* the published curve: absolute positions, 16k Floor past 52 dropped */
	o.compat = 1;
	t = charts_new(&o);
	fold(t, recs);
	charts_build(t, CH_POSITION, "p", &c);
	CHECK(near(y_at(&c, "m 16k", 5), 50), "entry 5: 1 of 2");
	CHECK(isnan(y_at(&c, "m 16k", 58)), "16k Floor entry 58 dropped");
	charts_done(&c);
	charts_free(t);
	return CHECK_DONE();
}
