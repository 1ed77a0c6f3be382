/*
 * loadgen: the least a client can do per request, to tell what a bench
 * server costs apart from what lg-infer costs.  P keep-alive HTTP/1.1
 * connections to 127.0.0.1:PORT, each sending the same POST again as
 * soon as the last reply (Content-Length bodies only) is read, N requests
 * in all, driven by one epoll set in one thread.  A connection's state is a
 * few integers and a small header buffer, so the client's own cost per
 * request hardly grows with P: what grows in a run of it is the server's
 * and the kernel's.
 *
 *   loadgen PORT P N BODYFILE
 *
 * It prints "requests seconds cpu_seconds" and exits 1 on any error (a
 * refused connection, a reply that is not 200, a closed connection).
 */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define HDRMAX 1024

struct conn {
	int fd;
	int sent;		/* bytes of the request written */
	long left;		/* body bytes still to read; -1: in the headers */
	int hlen;
	char hdr[HDRMAX];
};

static char *req;
static int reqlen;
static long started, done, total;

static void
die(const char *m)
{
	fprintf(stderr, "loadgen: %s: %s\n", m, strerror(errno));
	exit(1);
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* Write what is left of the request; 0 when it is all out. */
static int
send_rest(struct conn *c)
{
	while (c->sent < reqlen) {
		ssize_t n = send(c->fd, req + c->sent, reqlen - c->sent, MSG_NOSIGNAL);

		if (n < 0 && errno == EAGAIN)
			return 1;
		if (n <= 0)
			die("send");
		c->sent += (int)n;
	}
	return 0;
}

static void
begin(struct conn *c)
{
	c->sent = 0;
	c->left = -1;
	c->hlen = 0;
	started++;
	send_rest(c);
}

/* Take n bytes of reply; 1 when a reply ended. */
static int
take(struct conn *c, const char *p, size_t n)
{
	if (c->left < 0) {
		size_t k = n < (size_t)(HDRMAX - 1 - c->hlen) ? n :
		    (size_t)(HDRMAX - 1 - c->hlen);
		char *end, *cl;
		size_t used;

		memcpy(c->hdr + c->hlen, p, k);
		c->hlen += (int)k;
		c->hdr[c->hlen] = '\0';
		if ((end = strstr(c->hdr, "\r\n\r\n")) == NULL) {
			if (c->hlen >= HDRMAX - 1) {
				errno = EPROTO;
				die("headers too long");
			}
			return 0;
		}
		if (strncmp(c->hdr, "HTTP/1.1 200", 12) != 0 ||
		    (cl = strcasestr(c->hdr, "\r\ncontent-length:")) == NULL ||
		    cl > end) {
			errno = EPROTO;
			die("not a 200 reply with a Content-Length");
		}
		c->left = strtol(cl + 17, NULL, 10);
		used = (size_t)(end + 4 - c->hdr) - (size_t)(c->hlen - (int)k);
		p += used;
		n -= used;
	}
	if ((long)n > c->left) {
		errno = EPROTO;
		die("more bytes than the reply");
	}
	c->left -= (long)n;
	return c->left == 0;
}

int
main(int argc, char **argv)
{
	static char rbuf[65536];
	struct epoll_event evs[256];
	struct sockaddr_in sa = { 0 };
	struct conn *cs;
	struct rusage ru;
	char body[65536];
	FILE *f;
	size_t blen;
	int port, par, ep, i, one = 1;
	double t0, t1;

	if (argc != 5)
		return fprintf(stderr, "usage: loadgen PORT P N BODYFILE\n"), 2;
	port = atoi(argv[1]);
	par = atoi(argv[2]);
	total = atol(argv[3]);
	if (port <= 0 || port > 65535 || par <= 0 || par > 65536 || total <= 0)
		return fprintf(stderr, "loadgen: bad arguments\n"), 2;
	if ((f = fopen(argv[4], "rb")) == NULL)
		die(argv[4]);
	blen = fread(body, 1, sizeof body, f);
	fclose(f);
	while (blen > 0 && body[blen - 1] == '\n')
		blen--;
	req = malloc(blen + 256);
	reqlen = snprintf(req, blen + 256, "POST /v1/chat/completions HTTP/1.1\r\n"
	    "Host: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
	    "Content-Length: %zu\r\n\r\n%.*s", port, blen, (int)blen, body);
	if (par > total)
		par = (int)total;
	cs = calloc((size_t)par, sizeof *cs);
	if ((ep = epoll_create1(0)) < 0)
		die("epoll");
	sa.sin_family = AF_INET;
	sa.sin_port = htons((unsigned short)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	t0 = now();
	for (i = 0; i < par; i++) {
		struct epoll_event e = { .events = EPOLLIN, .data.u32 = (unsigned)i };

		if ((cs[i].fd = socket(AF_INET, SOCK_STREAM, 0)) < 0)
			die("socket");
		setsockopt(cs[i].fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
		if (connect(cs[i].fd, (struct sockaddr *)&sa, sizeof sa) != 0)
			die("connect");
		fcntl(cs[i].fd, F_SETFL, O_NONBLOCK);
		if (epoll_ctl(ep, EPOLL_CTL_ADD, cs[i].fd, &e) != 0)
			die("epoll_ctl");
		begin(&cs[i]);
	}
	while (done < total) {
		int n = epoll_wait(ep, evs, 256, 10000);

		if (n <= 0) {
			errno = n == 0 ? ETIMEDOUT : errno;
			die("epoll_wait");
		}
		for (i = 0; i < n; i++) {
			struct conn *c = &cs[evs[i].data.u32];
			ssize_t r;

			if (send_rest(c))
				continue;
			while ((r = recv(c->fd, rbuf, sizeof rbuf, 0)) > 0) {
				if (!take(c, rbuf, (size_t)r))
					continue;
				done++;
				if (started < total)
					begin(c);
				break;
			}
			if (r == 0 || (r < 0 && errno != EAGAIN))
				die("recv");
		}
	}
	t1 = now();
	getrusage(RUSAGE_SELF, &ru);
	printf("%ld %.4f %.4f\n", done, t1 - t0,
	    ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
	for (i = 0; i < par; i++)
		close(cs[i].fd);
	free(cs);
	free(req);
	return 0;
}
