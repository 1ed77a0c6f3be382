/* report.h: the parts of lg-report's page (owned by lg-report). */
#ifndef LG_REPORT_H
#define LG_REPORT_H

#include <stdint.h>
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

/* ci.c: the 95% interval of each group's mean score, from draws resamples
 * of its cases (0: none), seeded; one entry per counted record. */
typedef struct scores scores;
scores *scores_new(long draws, uint64_t seed);
/* A counted record of group grp (score in [0, 1], 0 when failed; NAN,
 * undecided, is not counted); kase its case member (a key) or NULL, id
 * its id (a key). */
void scores_add(scores *s, size_t grp, const char *kase, const char *id,
    double score);
/* Once every record is in, before scores_ci. */
void scores_sort(scores *s);
/* The interval of group grp, in percent, the group seeded by its key
 * (bench, task, length, model); NAN when none. */
void scores_ci(scores *s, size_t grp, const char *const *key, size_t nkey,
    double *lo, double *hi);
void scores_free(scores *s);

#endif
