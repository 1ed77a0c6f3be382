/*
 * buf.h: struct buf, a growable byte string, always NUL-terminated.  It
 * owns its storage; buf_free() releases it, buf_take() hands it to the
 * caller.  A struct tag, not a typedef: a local named buf (char buf[32])
 * does not shadow it.
 */
#ifndef LG_BUF_H
#define LG_BUF_H

#include <stddef.h>

struct buf {
	char *s;
	size_t len;
	size_t cap;
};

void buf_grow(struct buf *b, size_t more);
void buf_add(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_putc(struct buf *b, int c);
void buf_printf(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void buf_reset(struct buf *b);
char *buf_take(struct buf *b);
void buf_free(struct buf *b);
const char *buf_str(struct buf *b);

#endif
