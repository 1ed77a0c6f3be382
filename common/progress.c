/* The status line of a long stage and its summary (see progress.h). */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "progress.h"
#include "util.h"

/* the line a signal prints, and whether a status line is on screen */
static char sigline[1024];
static volatile int sigdrawn;
static volatile sig_atomic_t stop_sig;

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
progress_start(progress *p, int quiet)
{
	memset(p, 0, sizeof *p);
	p->start = mono_now();
	p->total = -1;
	p->tty = !quiet && isatty(STDERR_FILENO);
}

double
progress_rate(const progress *p)
{
	double el = mono_now() - p->start;

	return el > 0 ? (double)p->done / el : 0;
}

void
progress_line(progress *p, const char *mid, const char *tail, int force)
{
	double t = mono_now();
	char line[1024], total[32], eta[48] = "";
	double rate;

	if (!p->tty || (!force && t - p->last_draw < 0.5))
		return;
	p->last_draw = t;
	rate = progress_rate(p);
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
	snprintf(line, sizeof line, "\r%s: %lu/%s done, %.1f %s%s%s, %lu errors"
	    "%s%s%s\033[K", lg_prog, p->done, total, rate,
	    p->unit ? p->unit : "rec/s", mid ? ", " : "", mid ? mid : "",
	    p->failed, tail ? ", " : "", tail ? tail : "", eta);
	put(line);
	p->drawn = sigdrawn = 1;
}

void
progress_clear(progress *p)
{
	if (p->drawn)
		put("\r\033[K");
	p->drawn = sigdrawn = 0;
}

void
progress_end(progress *p, const char *fmt, ...)
{
	char line[2048];
	va_list ap;

	progress_clear(p);
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	lg_warn("%s", line);
}

void
progress_on_signal(const progress *p, const char *fmt, ...)
{
	char line[sizeof sigline], tmp[sizeof sigline];
	va_list ap;

	(void)p;
	va_start(ap, fmt);
	if (vsnprintf(line, sizeof line, fmt, ap) < 0)
		line[0] = '\0';
	va_end(ap);
	lg_sanitize(line);
	snprintf(tmp, sizeof tmp, "%s: %s\n", lg_prog, line);
	/* whole or nothing for a handler: the first byte goes in last */
	sigline[0] = '\0';
	memcpy(sigline + 1, tmp + 1, strlen(tmp + 1) + 1);
	sigline[0] = tmp[0];
}

void
progress_signal_write(void)
{
	if (sigdrawn)
		put("\r\033[K");
	if (sigline[0] != '\0')
		put(sigline);
}

static void
on_stop(int sig)
{
	stop_sig = sig;
}

void
progress_catch_stop(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int
progress_stopped(void)
{
	return stop_sig;
}

void
progress_die(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);
	exit(128 + sig);
}
