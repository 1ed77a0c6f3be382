/*
 * curlev.h: libcurl multi handles driven by epoll through the socket
 * interface (curl_multi_socket_action).
 *
 * Two costs grow with the number of transfers in flight when one multi
 * handle carries them all: curl_multi_perform() and curl_multi_poll()
 * walk every transfer and every socket at each wake-up, and a new
 * transfer looks for a connection to reuse among all the connections to
 * its host.  Here each wake-up touches only the sockets that are ready,
 * and the transfers are spread over several multi handles (at most
 * CURLEV_PER_MULTI each), every one with its own, smaller, pool of
 * connections.
 *
 * A transfer is added with curlev_add() (to the multi with the fewest),
 * removed with curlev_remove() with the index curlev_add() gave; finished
 * ones are read with curlev_info_read().
 */
#ifndef LG_CURLEV_H
#define LG_CURLEV_H

#include <curl/curl.h>

#define CURLEV_PER_MULTI 64

typedef struct curlev curlev;

/*
 * Multi handles for up to parallel transfers at once, each keeping at most
 * its share of connections plus spare ones; NULL when libcurl, epoll or the
 * wake-up descriptor cannot be had.
 */
curlev *curlev_new(int parallel, long spare_connections);
/* Remove nothing: the caller removes its transfers first. */
void curlev_free(curlev *ev);
/* Set up a new easy handle: its sockets are opened and closed here. */
void curlev_easy(curlev *ev, CURL *easy);
CURLMcode curlev_add(curlev *ev, CURL *easy, int *mi);
void curlev_remove(curlev *ev, int mi, CURL *easy);
/* The next message of any multi handle, or NULL. */
CURLMsg *curlev_info_read(curlev *ev);
/* Run libcurl's timers that are due (transfers just added among them). */
void curlev_timers(curlev *ev);
/* Milliseconds until the first timer is due, -1 when none is set. */
long curlev_timeout(const curlev *ev);
/* Wait up to wait_ms for sockets, a due timer or a wake-up; act on them. */
void curlev_wait(curlev *ev, int wait_ms);
/* Make a waiting curlev_wait() return; safe from any thread. */
void curlev_wakeup(curlev *ev);

#endif
