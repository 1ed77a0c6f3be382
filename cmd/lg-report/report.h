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

/* compare.c: the paired comparison of the models, from one entry per
 * record (the pairs own copies of the strings). */
typedef struct pairs pairs;
pairs *pairs_new(void);
/* Names and ids are keys (nulkey.h); score: in [0, 1], 0 for a failed
 * record, NAN when not counted
 * (undecided: no score and no error, counted apart); a record of no model
 * (NULL) is left out. */
void pairs_add(pairs *p, const char *bench, const char *task,
    const char *length, const char *model, const char *id, double score,
    int undecided);
/* The section, when there are two models or more (sorts the entries). */
void pairs_html(buf *o, pairs *p);
/* How many models the records hold. */
size_t pairs_models(const pairs *p);
void pairs_free(pairs *p);

#endif
