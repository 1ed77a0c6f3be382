#include <string.h>

#include "sse.h"

void
sse_init(sse *s, size_t max)
{
	memset(s, 0, sizeof *s);
	s->max = max;
}

void
sse_free(sse *s)
{
	buf_free(&s->line);
}

void
sse_reset(sse *s)
{
	buf_reset(&s->line);
}

/* One whole line, without its end. */
static int
line(const char *p, size_t n, sse_fn fn, void *arg)
{
	if (n > 0 && p[n - 1] == '\r')
		n--;
	if (n < 5 || memcmp(p, "data:", 5) != 0)
		return 0;
	p += 5;
	n -= 5;
	if (n > 0 && *p == ' ') {
		p++;
		n--;
	}
	return fn(arg, p, n);
}

int
sse_feed(sse *s, const char *p, size_t n, sse_fn fn, void *arg)
{
	while (n > 0) {
		const char *nl = memchr(p, '\n', n);
		size_t k = nl ? (size_t)(nl - p) : n;
		int r;

		if (s->max && s->line.len + k > s->max)
			return -1;
		if (nl == NULL) {
			buf_add(&s->line, p, k);
			return 0;
		}
		if (s->line.len == 0) {
			r = line(p, k, fn, arg);
		} else {
			buf_add(&s->line, p, k);
			r = line(s->line.s, s->line.len, fn, arg);
			buf_reset(&s->line);
		}
		if (r != 0)
			return r;
		p += k + 1;
		n -= k + 1;
	}
	return 0;
}
