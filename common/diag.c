#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "stdfds.h"

#ifndef LG_VERSION
#define LG_VERSION "0.0"
#endif

const char *lg_prog = "lg";
static char outbuf[1 << 16];
static void (*warn_fn)(const char *, size_t, void *);
static void *warn_arg;

void
lg_warn_to(void (*fn)(const char *msg, size_t len, void *arg), void *arg)
{
	warn_fn = fn;
	warn_arg = arg;
}

void
lg_init(const char *argv0)
{
	const char *p;

	stdfds_open();	/* before anything opens a file */
	if (argv0 != NULL && *argv0 != '\0') {
		p = strrchr(argv0, '/');
		lg_prog = p ? p + 1 : argv0;
	}
	signal(SIGPIPE, SIG_DFL);
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
}

size_t
lg_sanitize(char *s)
{
	unsigned char *p = (unsigned char *)s;
	size_t n = 0;

	/*
	 * Ids, file names and server replies reach diagnostics: a newline would
	 * forge a line, an escape would drive the terminal.  Like git's error
	 * routines, replace C0 controls (tab too), DEL and the C1 controls
	 * (UTF-8 C2 80..C2 9F, which some terminals obey) with '?'.
	 */
	for (; p[n] != '\0'; n++) {
		if (p[n] < 0x20 || p[n] == 0x7f)
			p[n] = '?';
		else if (p[n] == 0xc2 && p[n + 1] >= 0x80 && p[n + 1] <= 0x9f) {
			p[n] = '?';
			p[n + 1] = '?';
			n++;
		}
	}
	return n;
}

void
lg_vwarnat(const char *file, long line, const char *fmt, va_list ap)
{
	char msg[4096];
	int n;

	if (file != NULL && line > 0)
		n = snprintf(msg, sizeof msg, "%s: %s:%ld: ", lg_prog, file, line);
	else if (file != NULL)
		n = snprintf(msg, sizeof msg, "%s: %s: ", lg_prog, file);
	else
		n = snprintf(msg, sizeof msg, "%s: ", lg_prog);
	if (n < 0 || (size_t)n >= sizeof msg)
		n = 0;
	vsnprintf(msg + n, sizeof msg - n - 1, fmt, ap);
	n = (int)lg_sanitize(msg);
	msg[n++] = '\n';
	if (warn_fn != NULL) {
		warn_fn(msg, (size_t)n, warn_arg);
		return;
	}
	/* one write, so stages sharing stderr do not interleave mid-line */
	if (write(STDERR_FILENO, msg, n) < 0)
		return;
}

void
lg_warnat(const char *file, long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lg_vwarnat(file, line, fmt, ap);
	va_end(ap);
}

void
lg_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lg_vwarnat(NULL, 0, fmt, ap);
	va_end(ap);
}

void
lg_die(int status, const char *fmt, ...)
{
	va_list ap;

	warn_fn = NULL;
	va_start(ap, fmt);
	lg_vwarnat(NULL, 0, fmt, ap);
	va_end(ap);
	exit(status);
}

void
lg_write_failed(int e)
{
	if (e == EPIPE) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
	}
	lg_die(LG_SYS, "write error: %s", strerror(e));
}

int
lg_finish(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		lg_write_failed(errno ? errno : EIO);
	return status;
}

void
lg_usage(const char *text, int status)
{
	FILE *f = status == 0 ? stdout : stderr;

	fputs(text, f);
	if (status == 0)
		exit(lg_finish(0));
	exit(status);
}

void
lg_version(void)
{
	printf("%s %s\n", lg_prog, LG_VERSION);
	exit(lg_finish(0));
}
