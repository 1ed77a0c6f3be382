#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "curlev.h"
#include "util.h"
#include "xalloc.h"

struct one {
	curlev *ev;
	CURLM *multi;
	int index, transfers;
	double due;		/* its timer, monotonic seconds; < 0: none */
};

/*
 * A socket libcurl opened through on_open() (its connections): in the
 * epoll set (with the events reg for multi mi) or not.  A socket
 * libcurl stops watching stays in the set while it is open (an idle
 * connection in the pool is silent), so that a transfer that takes the
 * connection up again watching the same events costs no epoll_ctl; on_close()
 * forgets it.  Other sockets (a resolver's) are added and removed as told.
 */
struct sock {
	unsigned char ours;	/* opened by on_open(): closed by on_close() */
	unsigned char want;	/* libcurl watches it */
	unsigned char in;	/* in the epoll set, with events reg for multi mi */
	uint32_t reg;
	int mi;
};

struct curlev {
	struct one *m;
	int n;
	int ep;			/* the epoll descriptor */
	int wake;		/* an eventfd, in the epoll set */
	int next_read;		/* the multi curlev_info_read() looks at */
	struct sock *socks;	/* by descriptor */
	size_t nsocks;
};

#define WAKE UINT64_MAX

/* The state of descriptor s, the table grown to hold it; NULL: s < 0. */
static struct sock *
sock_of(curlev *ev, curl_socket_t s)
{
	size_t n;

	if (s < 0)
		return NULL;
	if ((size_t)s >= ev->nsocks) {
		n = ev->nsocks ? ev->nsocks : 64;
		while (n <= (size_t)s)
			n *= 2;
		ev->socks = xreallocarray(ev->socks, n, sizeof *ev->socks);
		memset(ev->socks + ev->nsocks, 0,
		    (n - ev->nsocks) * sizeof *ev->socks);
		ev->nsocks = n;
	}
	return &ev->socks[s];
}

static curl_socket_t
on_open(void *arg, curlsocktype purpose, struct curl_sockaddr *a)
{
	curlev *ev = arg;
	curl_socket_t s = socket(a->family, a->socktype, a->protocol);
	struct sock *k = sock_of(ev, s);

	(void)purpose;
	if (k != NULL) {
		k->ours = 1;
		k->want = k->in = 0;
	}
	return s;
}

static int
on_close(void *arg, curl_socket_t s)
{
	struct sock *k = sock_of(arg, s);

	if (k != NULL)
		k->ours = k->want = k->in = 0;	/* closing leaves the set */
	return close(s);
}

static int
on_socket(CURL *easy, curl_socket_t s, int what, void *arg, void *sockp)
{
	struct one *o = arg;
	struct sock *k = sock_of(o->ev, s);
	struct epoll_event e = { 0 };

	(void)easy;
	(void)sockp;
	if (what == CURL_POLL_REMOVE) {
		if (k != NULL && k->ours) {
			k->want = 0;	/* left in the set; see struct sock */
			return 0;
		}
		(void)epoll_ctl(o->ev->ep, EPOLL_CTL_DEL, s, NULL);	/* may be closed */
		return 0;
	}
	e.events = (what & CURL_POLL_IN ? EPOLLIN : 0) |
	    (what & CURL_POLL_OUT ? EPOLLOUT : 0);
	e.data.u64 = (uint64_t)o->index << 32 | (uint32_t)s;
	if (k != NULL && k->ours) {
		k->want = 1;
		if (k->in && k->reg == e.events && k->mi == o->index)
			return 0;
		if (epoll_ctl(o->ev->ep, k->in ? EPOLL_CTL_MOD : EPOLL_CTL_ADD,
		    s, &e) != 0 && epoll_ctl(o->ev->ep, k->in ? EPOLL_CTL_ADD :
		    EPOLL_CTL_MOD, s, &e) != 0)
			return -1;
		k->in = 1;
		k->reg = e.events;
		k->mi = o->index;
		return 0;
	}
	if (epoll_ctl(o->ev->ep, EPOLL_CTL_MOD, s, &e) != 0 &&
	    (errno != ENOENT || epoll_ctl(o->ev->ep, EPOLL_CTL_ADD, s, &e) != 0))
		return -1;
	return 0;
}

static int
on_timer(CURLM *multi, long ms, void *arg)
{
	struct one *o = arg;

	(void)multi;
	o->due = ms < 0 ? -1 : mono_now() + (double)ms / 1000;
	return 0;
}

curlev *
curlev_new(int parallel, long spare)
{
	curlev *ev = xcalloc(1, sizeof *ev);
	struct epoll_event e = { 0 };
	int i;

	ev->n = parallel <= CURLEV_PER_MULTI ? 1 :
	    (parallel + CURLEV_PER_MULTI - 1) / CURLEV_PER_MULTI;
	ev->m = xcalloc((size_t)ev->n, sizeof *ev->m);
	ev->ep = epoll_create1(EPOLL_CLOEXEC);
	ev->wake = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	e.events = EPOLLIN;
	e.data.u64 = WAKE;
	if (ev->ep < 0 || ev->wake < 0 ||
	    epoll_ctl(ev->ep, EPOLL_CTL_ADD, ev->wake, &e) != 0) {
		curlev_free(ev);
		return NULL;
	}
	for (i = 0; i < ev->n; i++) {
		struct one *o = &ev->m[i];
		long share = (parallel + ev->n - 1) / ev->n;

		o->ev = ev;
		o->index = i;
		o->due = -1;
		if ((o->multi = curl_multi_init()) == NULL) {
			curlev_free(ev);
			return NULL;
		}
		curl_multi_setopt(o->multi, CURLMOPT_MAXCONNECTS, 2 * share + spare);
		curl_multi_setopt(o->multi, CURLMOPT_SOCKETFUNCTION, on_socket);
		curl_multi_setopt(o->multi, CURLMOPT_SOCKETDATA, o);
		curl_multi_setopt(o->multi, CURLMOPT_TIMERFUNCTION, on_timer);
		curl_multi_setopt(o->multi, CURLMOPT_TIMERDATA, o);
	}
	return ev;
}

void
curlev_free(curlev *ev)
{
	int i;

	if (ev == NULL)
		return;
	/* the multis first: their clean-up calls back into the epoll set */
	for (i = 0; i < ev->n; i++)
		if (ev->m[i].multi != NULL)
			curl_multi_cleanup(ev->m[i].multi);
	if (ev->ep >= 0)
		close(ev->ep);
	if (ev->wake >= 0)
		close(ev->wake);
	free(ev->m);
	free(ev->socks);
	free(ev);
}

CURLMcode
curlev_add(curlev *ev, CURL *easy, int *mi)
{
	int i, best = 0;
	CURLMcode rc;

	for (i = 1; i < ev->n; i++)
		if (ev->m[i].transfers < ev->m[best].transfers)
			best = i;
	rc = curl_multi_add_handle(ev->m[best].multi, easy);
	if (rc == CURLM_OK)
		ev->m[best].transfers++;
	*mi = best;
	return rc;
}

void
curlev_easy(curlev *ev, CURL *easy)
{
	curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, on_open);
	curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, ev);
	curl_easy_setopt(easy, CURLOPT_CLOSESOCKETFUNCTION, on_close);
	curl_easy_setopt(easy, CURLOPT_CLOSESOCKETDATA, ev);
}

void
curlev_remove(curlev *ev, int mi, CURL *easy)
{
	if (mi < 0 || mi >= ev->n)
		return;
	if (curl_multi_remove_handle(ev->m[mi].multi, easy) == CURLM_OK)
		ev->m[mi].transfers--;
}

CURLMsg *
curlev_info_read(curlev *ev)
{
	int k, left;

	for (k = 0; k < ev->n; k++) {
		CURLMsg *m = curl_multi_info_read(ev->m[ev->next_read].multi, &left);

		if (m != NULL)
			return m;
		ev->next_read = (ev->next_read + 1) % ev->n;
	}
	return NULL;
}

void
curlev_timers(curlev *ev)
{
	double t = mono_now();
	int i, running;

	for (i = 0; i < ev->n; i++) {
		struct one *o = &ev->m[i];

		if (o->due >= 0 && t >= o->due) {
			o->due = -1;
			curl_multi_socket_action(o->multi, CURL_SOCKET_TIMEOUT, 0,
			    &running);
		}
	}
}

long
curlev_timeout(const curlev *ev)
{
	double t = mono_now(), first = -1;
	int i;

	for (i = 0; i < ev->n; i++)
		if (ev->m[i].due >= 0 && (first < 0 || ev->m[i].due < first))
			first = ev->m[i].due;
	if (first < 0)
		return -1;
	first = (first - t) * 1000;
	return first <= 0 ? 0 : (long)first + 1;
}

void
curlev_wait(curlev *ev, int wait_ms)
{
	struct epoll_event evs[256];
	long t = curlev_timeout(ev);
	int n, i, running;

	if (t >= 0 && t < wait_ms)
		wait_ms = (int)t;
	n = epoll_wait(ev->ep, evs, (int)(sizeof evs / sizeof *evs), wait_ms);
	for (i = 0; i < n; i++) {
		uint64_t d = evs[i].data.u64;
		int mask = 0, mi = (int)(d >> 32);
		struct sock *k;

		if (d == WAKE) {
			uint64_t v;

			while (read(ev->wake, &v, sizeof v) > 0)
				;
			continue;
		}
		if (mi >= ev->n)
			continue;
		k = sock_of(ev, (curl_socket_t)(uint32_t)d);
		if (k != NULL && k->ours && !k->want) {
			/* an idle connection spoke (the server closed it) */
			(void)epoll_ctl(ev->ep, EPOLL_CTL_DEL, (int)(uint32_t)d, NULL);
			k->in = 0;
			continue;
		}
		if (evs[i].events & EPOLLIN)
			mask |= CURL_CSELECT_IN;
		if (evs[i].events & EPOLLOUT)
			mask |= CURL_CSELECT_OUT;
		if (evs[i].events & (EPOLLERR | EPOLLHUP))
			mask |= CURL_CSELECT_ERR;
		curl_multi_socket_action(ev->m[mi].multi, (curl_socket_t)(uint32_t)d,
		    mask, &running);
	}
	curlev_timers(ev);
}

void
curlev_wakeup(curlev *ev)
{
	uint64_t one = 1;

	while (write(ev->wake, &one, sizeof one) < 0 && errno == EINTR)
		;
}
