/* report.h: the parts of lg-report's page (owned by lg-report). */
#ifndef LG_REPORT_H
#define LG_REPORT_H

#include <stdio.h>

#include "buf.h"

/* The style sheet and the script of the page, constant text. */
extern const char report_css[];
extern const char report_js[];

/* Append s escaped for HTML text and attribute values. */
void html_esc(buf *b, const char *s);

/* Append the record-derived JSON text j for a <script> block: every '<'
 * written \u003c, so no "</script>" or "<!--" can end or change the block. */
void html_json(buf *b, const char *j);

#endif
