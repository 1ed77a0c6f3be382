/*
 * cfcode.h: the code of a LongWeave cf answer, which lg-flake8 scores and
 * lg-judge --cf-relevance shows its judge.  The first fenced block; one
 * fence alone (the prompt opened the block, or the answer was cut off
 * before closing it); else the bare answer.  --compat follows the
 * published scorer: its pattern, the stripped answer, no final newline.
 * The caller frees the returned string.
 */
#ifndef LG_CFCODE_H
#define LG_CFCODE_H

#include <stddef.h>

enum { EX_FENCED, EX_OPENED, EX_CLOSED, EX_BARE, EX_EMPTY };

/* The code, NULs included, and its length in *n. */
char *cf_extract(const char *s, size_t len, int compat, int *how, size_t *n);
const char *cf_extract_name(int how);
void cf_extract_fini(void);

#endif
