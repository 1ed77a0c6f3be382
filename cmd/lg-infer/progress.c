/* The status line on a terminal, and the summary at the end. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "infer.h"
#include "util.h"

static void
put(const char *s)
{
	size_t n = strlen(s);

	while (n > 0) {
		ssize_t w = write(STDERR_FILENO, s, n);

		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static void
hms(char *out, size_t n, double s)
{
	long t = (long)(s + 0.5);

	if (t >= 3600)
		snprintf(out, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(out, n, "%ld:%02ld", t / 60, t % 60);
}

void
progress_draw(progress *p, const http_stats *st, int force)
{
	double t = mono_now(), el = t - p->start;
	char line[512], total[32], eta[48] = "";
	double rate, trate;

	if (!p->tty || (!force && t - p->last_draw < 0.5))
		return;
	p->last_draw = t;
	rate = el > 0 ? (double)p->done / el : 0;
	trate = el > 0 ? (double)st->output_tokens / el : 0;
	if (p->total >= 0) {
		long left = p->total - (long)p->done;

		snprintf(total, sizeof total, "%ld", p->total);
		if (left > 0 && rate > 0) {
			char h[32];

			hms(h, sizeof h, (double)left / rate);
			snprintf(eta, sizeof eta, ", ETA %s", h);
		}
	} else {
		snprintf(total, sizeof total, "?");
	}
	snprintf(line, sizeof line,
	    "\r%s: %lu/%s done, %.1f req/s, %.0f tok/s, %lu errors, %lu retries, "
	    "%lu in flight%s\033[K", lg_prog, p->done, total, rate, trate,
	    p->failed, st->retries, st->active, eta);
	put(line);
	p->drawn = 1;
}

void
progress_clear(progress *p)
{
	if (p->drawn)
		put("\r\033[K");
	p->drawn = 0;
}

void
progress_summary(progress *p, const http_stats *st)
{
	double el = mono_now() - p->start;
	char skip[128] = "";
	size_t k = 0;

	progress_clear(p);
	if (p->cut > 0)
		k = (size_t)snprintf(skip, sizeof skip, ", %lu cut by the token "
		    "limit", p->cut);
	if (p->skipped > 0)
		snprintf(skip + k, sizeof skip - k, ", %lu skipped as answered",
		    p->skipped);
	lg_warn("%lu records: %lu answered (%lu from cache), %lu failed, "
	    "%lu passed on%s; %lu requests, %lu retries; %.1f s, %.1f req/s, "
	    "%.0f tok/s; %s", p->done, p->ok, st->cache_hits, p->failed,
	    p->passed, skip, st->attempts, st->retries, el,
	    el > 0 ? (double)(p->ok + p->failed) / el : 0,
	    el > 0 ? (double)st->output_tokens / el : 0, p->made ? p->made : "");
}
