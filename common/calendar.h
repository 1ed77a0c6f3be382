/*
 * calendar.h: dates of a (proleptic Gregorian) year, as LongGenBench's diary
 * and menu scenarios number them.  Entries start on January 1st whatever
 * its weekday; week k holds days 7k-6 .. 7k, and the last week of the year
 * also holds the one or two days left over (so December 31st is in week 52,
 * never in week 1 or a week 53).  Nothing here allocates.
 */
#ifndef LG_CALENDAR_H
#define LG_CALENDAR_H

int cal_leap(int year);
int cal_days(int year);				/* 365 or 366 */
int cal_weekday(int year, int month, int day);	/* 0 = Monday */
/* Day of the year (1-based) to month (1-12) and day of month. */
void cal_date(int year, int yday, int *month, int *mday);
int cal_yday(int year, int month, int mday);
/* The week (1..52) that holds a day of the year. */
int cal_week_of(int year, int yday);
/* First and last day of the year in week w (1..52). */
void cal_week_span(int year, int w, int *first, int *last);

const char *cal_month_name(int month);		/* "January" */
const char *cal_weekday_name(int wd);		/* "Monday" */
const char *cal_ordinal(int n);			/* "st", "nd", "rd", "th" */

#endif
