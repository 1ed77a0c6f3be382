/*
 * stale.h: a request lost on a kept-alive connection that the server
 * closed as the request went out.
 *
 * Servers close idle keep-alive connections (uvicorn after 5 s); a
 * request sent on one in that instant meets a reset, an empty reply or a
 * send failure, before any byte of a reply.  The request is then sent
 * again on a new connection, once, not counted as an attempt (browsers
 * and Go's HTTP client do the same): the server never saw it, and with
 * --retries 0 it would be lost.
 */
#ifndef LG_STALE_H
#define LG_STALE_H

#include <curl/curl.h>

/*
 * Did the transfer of c fail so (rc a send or receive failure or an
 * empty reply, on a connection it reused, nothing of a reply received)?
 */
int stale_conn(CURL *c, CURLcode rc);

#endif
