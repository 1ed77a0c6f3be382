/*
 * progress.h: the status line of a long stage and its closing summary.
 *
 * On a terminal (stderr), progress_line() redraws one line, at most twice
 * a second unless forced:
 *   PROG: DONE/TOTAL done, RATE UNIT[, MID], N errors[, TAIL][, ETA H:MM:SS]
 * (TOTAL "?" while unknown, ETA only when it is known).  When stderr is not
 * a terminal, or tty is 0, nothing is drawn.  progress_clear() wipes the
 * line before anything else goes to stderr; progress_end() wipes it and
 * prints the summary through lg_warn().
 *
 * A stage that can be interrupted keeps, with progress_on_signal(), the
 * line to print if a signal ends it (what was written, how to go on);
 * progress_signal_write() prints it from a signal handler (only write(2)).
 * The caller owns the structure and made.
 */
#ifndef LG_PROGRESS_H
#define LG_PROGRESS_H

typedef struct {
	unsigned long done;	/* records handled */
	unsigned long ok, failed, passed, skipped;
	unsigned long cut;	/* answers cut by the token limit */
	char *made;		/* the lg version and the parameters */
	long total;		/* records expected, -1 unknown */
	double start;
	double last_draw;
	int drawn;
	int tty;		/* draw: stderr is a terminal and not quiet */
	const char *unit;	/* of the rate, "rec/s" when NULL */
} progress;

/* start now, total unknown, tty when stderr is a terminal and !quiet */
void progress_start(progress *p, int quiet);
/* mid and tail may be NULL */
void progress_line(progress *p, const char *mid, const char *tail, int force);
void progress_clear(progress *p);
void progress_end(progress *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* the rate of done per second since the start */
double progress_rate(const progress *p);

/*
 * SIGINT (unless ignored, as in a background job) and SIGTERM set a flag
 * that progress_stopped() returns (0 while none came), so that a stage
 * that can end between records checks it at each turn, says what it
 * wrote and how to go on, and dies of the signal with progress_die().
 */
void progress_catch_stop(void);
int progress_stopped(void);
void progress_die(int sig) __attribute__((noreturn));

void progress_on_signal(const progress *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void progress_signal_write(void);

#endif
