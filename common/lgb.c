#include <string.h>

#include "calendar.h"
#include "lgb.h"
#include "tasklist.h"

int
lgb_weekly(const char *t)
{
	return strcmp(t, "Week") == 0 || strcmp(t, "Menu Week") == 0;
}

int
lgb_daily(const char *t)
{
	return strcmp(t, "Day") == 0 || strcmp(t, "Menu Day") == 0;
}

void
lgb_date(struct buf *b, int year, int yday)
{
	int m, d;

	cal_date(year, yday, &m, &d);
	buf_printf(b, "%s %d%s", cal_month_name(m), d, cal_ordinal(d));
}

void
lgb_span(struct buf *b, const lgb_doc *d, int k)
{
	if (lgb_weekly(d->type)) {
		int first, last;

		cal_week_span(d->year, k, &first, &last);
		lgb_date(b, d->year, first);
		buf_puts(b, " - ");
		lgb_date(b, d->year, last);
	} else if (lgb_daily(d->type))
		lgb_date(b, d->year, k);
	else if (strcmp(d->type, "Block") == 0 && d->cols > 0)
		buf_printf(b, "%d, %d", (k - 1) / d->cols, (k - 1) % d->cols);
}

void
lgb_header(struct buf *b, const lgb_doc *d, int k)
{
	buf_printf(b, "#*# %s %d", d->type, k);
	if (strcmp(d->type, "Floor") != 0) {
		buf_puts(b, " (");
		lgb_span(b, d, k);
		buf_puts(b, ")");
	}
	buf_puts(b, ":");
}

/* The entry types and their scenarios, a scenario's types together. */
static const struct {
	const char *type, *task;
} types[] = {
	{ "Week", "diary" },
	{ "Day", "diary" },
	{ "Menu Week", "menu" },
	{ "Menu Day", "menu" },
	{ "Floor", "skyscraper" },
	{ "Block", "city" },
};
#define NTYPES (sizeof types / sizeof types[0])

const char *
lgb_task_of(const char *t)
{
	size_t i;

	for (i = 0; i < NTYPES; i++)
		if (strcmp(t, types[i].type) == 0)
			return types[i].task;
	return NULL;
}

const char *
lgb_task(size_t k)
{
	size_t i;

	for (i = 0; i < NTYPES; i++)
		if ((i == 0 || strcmp(types[i].task, types[i - 1].task) != 0) &&
		    k-- == 0)
			return types[i].task;
	return NULL;
}

void
lgb_list_tasks(void)
{
	const char *t;
	size_t k;

	for (k = 0; (t = lgb_task(k)) != NULL; k++)
		task_line("longgenbench", t, NULL);
}
