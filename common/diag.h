/*
 * diag.h: diagnostics, exit codes and the start-up every tool shares.
 *
 * Messages go to stderr in one write each, as "prog: FILE:LINE: message" or
 * "prog: message".  The program name is set once by lg_init() and owned here.
 */
#ifndef LG_DIAG_H
#define LG_DIAG_H

#include <stdarg.h>
#include <stddef.h>

enum {
	LG_OK = 0,	/* success */
	LG_BAD = 1,	/* some records were bad or failed; processing went on */
	LG_USAGE = 2,	/* usage error */
	LG_SYS = 3	/* system, I/O or network failure */
};

#if defined(__GNUC__)
#define LG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define LG_NORETURN __attribute__((noreturn))
#else
#define LG_PRINTF(a, b)
#define LG_NORETURN
#endif

extern const char *lg_prog;

/*
 * Open descriptors 0-2 where closed (stdfds.h), set the program name,
 * restore default SIGPIPE, give stdout a large buffer.  Every main() calls
 * it first.
 */
void lg_init(const char *argv0);

/*
 * Replace control characters in s, in place, by '?' (C0, DEL, UTF-8 C1):
 * every diagnostic goes through it.  Returns strlen(s).
 */
size_t lg_sanitize(char *s);

/*
 * Messages to fn(msg, len, arg) instead of stderr while fn is set (NULL:
 * stderr again): msg is one whole line, its newline included, and stays
 * the caller's for the call only.  For a tool that keeps the messages of
 * its parts apart (lg-agg --view).  lg_die() always writes stderr.
 */
void lg_warn_to(void (*fn)(const char *msg, size_t len, void *arg),
    void *arg);

void lg_warn(const char *fmt, ...) LG_PRINTF(1, 2);
void lg_warnat(const char *file, long line, const char *fmt, ...) LG_PRINTF(3, 4);
void lg_vwarnat(const char *file, long line, const char *fmt, va_list ap);
void lg_die(int status, const char *fmt, ...) LG_PRINTF(2, 3) LG_NORETURN;

/* A write failed with errno e: die of SIGPIPE on EPIPE (as git does), else exit 3. */
void lg_write_failed(int e) LG_NORETURN;

/* Flush and check stdout; returns status unchanged or LG_SYS on failure. */
int lg_finish(int status);

/* Print usage text to stdout (status 0) or stderr, then exit. */
void lg_usage(const char *text, int status) LG_NORETURN;
void lg_version(void) LG_NORETURN;

#endif
