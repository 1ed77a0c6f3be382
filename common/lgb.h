/*
 * lgb.h: LongGenBench entries, shared by lg-gen, lg-oracle and lg-split.
 *
 * An entry type is the word the published data uses in headers: "Week",
 * "Day", "Menu Week", "Menu Day", "Floor", "Block".  Header text is written
 * into a caller's buffer.
 */
#ifndef LG_LGB_H
#define LG_LGB_H

#include <stddef.h>

#include "buf.h"

/* Limits past which a document is refused rather than written or cut. */
#define LGB_MAX_ENTRIES 100000
#define LGB_MAX_WORDS 100000

typedef struct {
	const char *type;	/* Week, Day, Menu Week, Menu Day, Floor, Block */
	int number;		/* entries 1..number */
	int year;		/* diary and menu: the year written about */
	int cols;		/* city: blocks per row */
} lgb_doc;

/* Append "#*# Week 5 (January 29th - February 4th):" and the like. */
void lgb_header(struct buf *b, const lgb_doc *d, int k);
/* Append the span of entry k alone: "January 29th - February 4th". */
void lgb_span(struct buf *b, const lgb_doc *d, int k);
/* Append a date as "September 19th". */
void lgb_date(struct buf *b, int year, int yday);
/* The scenario (task name) of a type: diary, menu, skyscraper, city. */
const char *lgb_task_of(const char *type);
/* The k-th scenario, from 0 in the order of lgb.c's table; NULL past the last. */
const char *lgb_task(size_t k);
/* Print each scenario as a line of --list-tasks (tasks.h). */
void lgb_list_tasks(void);
/* Nonzero for types numbered by the calendar. */
int lgb_weekly(const char *type);
int lgb_daily(const char *type);

#endif
