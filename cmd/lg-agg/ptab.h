/*
 * ptab.h: the rows of lg-agg's --table tables (ptab.c), for
 * lw_tables.c and ada_tables.c.
 */
#ifndef LG_AGG_PTAB_H
#define LG_AGG_PTAB_H

#include "agg.h"

/* The group fields of the paper layout (Table 6 adds the judge). */
enum { PF_TASK, PF_LEN, PF_MODEL, PF_JUDGE };
enum { PT_NAMES, PT_TIERS, PT_TASKS };	/* pt_values' orders */

/* The distinct values of field f among g[0..n) (borrowed), by name, as
 * tiers (cmp_tier) or as the bench's tasks (tasks.h); the array is the
 * caller's. */
const char **pt_values(struct group **g, size_t n, int f, int order,
    size_t *nv);

/* A table whose first column is first, then cols[0..n), those from
 * cols[left] on right-aligned. */
table *pt_table(const char *first, const char *const *cols, size_t n,
    size_t left);

/* A row: text cells (c, k), or a JSON object (j). */
struct ptrow {
	char **c;
	size_t k;
	cJSON *j;
};

/* A row labelled item of model's table (model NULL: none) of ncols
 * columns after its label. */
void pt_start(struct ptrow *r, const struct group *g, const char *tab,
    const char *model, const char *item, size_t ncols, const struct opts *o);
void pt_num(struct ptrow *r, const char *key, double v, int decimals);
void pt_text(struct ptrow *r, const char *key, const char *text);
void pt_sd(struct ptrow *r, const char *key, double mean, double sd);
void pt_end(struct ptrow *r, table *tb);
/* Print and free tb under the title "BENCH: what, MODEL" (a blank line
 * before unless first); nothing for JSON (tb NULL). */
void pt_print(table *tb, const struct group *g, const char *what,
    const char *model, const struct opts *o, int first);

#endif
