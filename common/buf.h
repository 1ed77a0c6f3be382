/*
 * buf.h: a growable byte string, always NUL-terminated.  The buf owns its
 * storage; buf_free() releases it, buf_take() hands it to the caller.
 */
#ifndef LG_BUF_H
#define LG_BUF_H

#include <stddef.h>

typedef struct {
	char *s;
	size_t len;
	size_t cap;
} buf;

void buf_grow(buf *b, size_t more);
void buf_add(buf *b, const char *s, size_t n);
void buf_puts(buf *b, const char *s);
void buf_putc(buf *b, int c);
void buf_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_reset(buf *b);
char *buf_take(buf *b);
void buf_free(buf *b);
const char *buf_str(buf *b);

#endif
