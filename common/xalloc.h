/*
 * xalloc.h: allocation that cannot fail.  On exhaustion the program exits
 * with status 3.  The caller owns every pointer returned and frees it.
 */
#ifndef LG_XALLOC_H
#define LG_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
