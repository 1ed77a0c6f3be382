#include "calendar.h"

static const int mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

int
cal_leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int
cal_days(int y)
{
	return cal_leap(y) ? 366 : 365;
}

static int
month_days(int y, int m)
{
	return m == 2 && cal_leap(y) ? 29 : mdays[m - 1];
}

int
cal_weekday(int y, int m, int d)
{
	/* Sakamoto's method, shifted so that 0 is Monday */
	static const int t[] = { 0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4 };
	int w;

	if (m < 3)
		y--;
	w = (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 7;	/* 0 = Sunday */
	return (w + 6) % 7;
}

void
cal_date(int y, int yday, int *month, int *mday)
{
	int m = 1;

	while (m < 12 && yday > month_days(y, m)) {
		yday -= month_days(y, m);
		m++;
	}
	*month = m;
	*mday = yday;
}

int
cal_yday(int y, int m, int d)
{
	int i, n = d;

	for (i = 1; i < m; i++)
		n += month_days(y, i);
	return n;
}

int
cal_week_of(int y, int yday)
{
	int w = (yday - 1) / 7 + 1;

	(void)y;
	return w > 52 ? 52 : w;
}

void
cal_week_span(int y, int w, int *first, int *last)
{
	*first = 7 * (w - 1) + 1;
	*last = w == 52 ? cal_days(y) : 7 * w;
}

const char *
cal_month_name(int m)
{
	static const char *names[] = { "January", "February", "March", "April",
	    "May", "June", "July", "August", "September", "October", "November",
	    "December" };

	return m >= 1 && m <= 12 ? names[m - 1] : "?";
}

const char *
cal_weekday_name(int wd)
{
	static const char *names[] = { "Monday", "Tuesday", "Wednesday",
	    "Thursday", "Friday", "Saturday", "Sunday" };

	return wd >= 0 && wd <= 6 ? names[wd] : "?";
}

const char *
cal_ordinal(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	switch (n % 10) {
	case 1: return "st";
	case 2: return "nd";
	case 3: return "rd";
	default: return "th";
	}
}
