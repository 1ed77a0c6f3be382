/* Unit test: calendar arithmetic behind LongGenBench positions. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "calendar.h"
#include "lgb.h"
#include "check.h"

int
main(void)
{
	int m, d, f, l, y;
	struct buf b = { 0 };
	lgb_doc wk = { "Week", 52, 2018, 0 }, day = { "Day", 365, 2018, 0 };
	lgb_doc blk = { "Block", 100, 0, 10 }, fl = { "Floor", 100, 0, 0 };

	CHECK(cal_weekday(2018, 1, 1) == 0, "2018-01-01 is a Monday");
	CHECK(cal_weekday(2026, 11, 22) == 6, "2026-11-22 is a Sunday");
	CHECK(cal_weekday(2000, 2, 29) == 1, "2000-02-29 is a Tuesday");
	CHECK(cal_leap(2000) && !cal_leap(1900) && cal_leap(2024) && !cal_leap(2018), "leap years");
	cal_date(2018, 365, &m, &d);
	CHECK(m == 12 && d == 31, "day 365 of 2018 is Dec 31 (%d-%d)", m, d);
	cal_date(2024, 60, &m, &d);
	CHECK(m == 2 && d == 29, "day 60 of 2024 is Feb 29");
	CHECK(cal_yday(2018, 9, 19) == 262, "Sep 19 is day 262");
	/* the published defect: Dec 31 landed in week 1; here it is week 52 */
	CHECK(cal_week_of(2018, 365) == 52, "Dec 31 in week 52, got %d", cal_week_of(2018, 365));
	CHECK(cal_week_of(2024, 366) == 52, "leap Dec 31 in week 52");
	CHECK(cal_week_of(2018, 1) == 1 && cal_week_of(2018, 7) == 1 && cal_week_of(2018, 8) == 2,
	    "week boundaries");
	for (y = 2015; y <= 2030; y++) {
		int yd, ok = 1;

		for (yd = 1; yd <= cal_days(y); yd++) {
			int w = cal_week_of(y, yd);

			cal_week_span(y, w, &f, &l);
			ok &= w >= 1 && w <= 52 && f <= yd && yd <= l;
		}
		CHECK(ok, "every day of %d lies in its week's span", y);
	}
	cal_week_span(2018, 52, &f, &l);
	CHECK(f == 358 && l == 365, "week 52 spans days 358..365");
	lgb_header(&b, &wk, 1);
	CHECK(strcmp(buf_str(&b), "#*# Week 1 (January 1st - January 7th):") == 0, "%s", buf_str(&b));
	buf_reset(&b);
	lgb_header(&b, &wk, 52);
	CHECK(strcmp(buf_str(&b), "#*# Week 52 (December 24th - December 31st):") == 0, "%s", buf_str(&b));
	buf_reset(&b);
	lgb_header(&b, &day, 61);
	CHECK(strcmp(buf_str(&b), "#*# Day 61 (March 2nd):") == 0, "%s", buf_str(&b));
	buf_reset(&b);
	lgb_header(&b, &blk, 95);
	CHECK(strcmp(buf_str(&b), "#*# Block 95 (9, 4):") == 0, "%s", buf_str(&b));
	buf_reset(&b);
	lgb_header(&b, &fl, 12);
	CHECK(strcmp(buf_str(&b), "#*# Floor 12:") == 0, "%s", buf_str(&b));
	buf_reset(&b);
	lgb_date(&b, 2018, 23);
	CHECK(strcmp(buf_str(&b), "January 23rd") == 0, "%s", buf_str(&b));
	buf_reset(&b);
	lgb_date(&b, 2018, 11);
	CHECK(strcmp(buf_str(&b), "January 11th") == 0, "%s", buf_str(&b));
	buf_free(&b);
	return CHECK_DONE();
}
