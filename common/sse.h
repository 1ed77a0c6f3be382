/*
 * sse.h: splitting a server-sent event stream into its data payloads.
 *
 * Bytes go in as they arrive, in pieces of any size; every complete "data:"
 * line comes out through the callback, without the field name, the one
 * optional space after it, or the line end.  Other fields (event:, id:,
 * retry:) and comments are skipped.  The splitter owns its line buffer
 * (sse_free); the payload handed to the callback is valid during the call.
 */
#ifndef LG_SSE_H
#define LG_SSE_H

#include <stddef.h>

#include "buf.h"

/* Return 0 to go on, nonzero to stop feeding (sse_feed returns it). */
typedef int (*sse_fn)(void *arg, const char *data, size_t len);

typedef struct {
	struct buf line; /* the incomplete line carried over between feeds */
	size_t max;	/* longest line accepted (0: no limit) */
} sse;

void sse_init(sse *s, size_t max);
void sse_free(sse *s);
void sse_reset(sse *s);

/*
 * Feed bytes.  Returns 0, the callback's nonzero value, or -1 when a line
 * grew past the limit.
 */
int sse_feed(sse *s, const char *p, size_t n, sse_fn fn, void *arg);

#endif
