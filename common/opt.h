/*
 * opt.h: option arguments, checked in one place, in the spirit of OpenBSD's
 * strtonum(3).  Every tool parses its numbers, sizes, seconds, fractions
 * and lists with these, so that every tool takes and refuses the same
 * things and says so in one form.
 *
 * The opt_* functions return the value of arg, or exit with status 2 after
 * one message of the form
 *
 *	PROG: OPT: "ARG": not WHAT
 *
 * where OPT is the option as the user spells it ("-n", "--rate"), ARG the
 * argument given (control characters shown as '?'), and WHAT what is
 * wanted, its range included, e.g.
 *
 *	lg-gen: -n: "ten": not a count from 0 to 100000000
 *	lg-oracle: --drop: "2": not a fraction from 0 to 1
 *	lg-gen: -t: "kv": not one of kvg, sms, pr, cf, biog, sr, nw
 *
 * The opt_parse_* functions under them check without a message: 0 and
 * *out set, or -1.  Nothing here keeps state; lists are owned by the caller
 * (free with split_free() of util.h).
 */
#ifndef LG_OPT_H
#define LG_OPT_H

#include <stddef.h>
#include <stdint.h>

/* Whole decimal numbers: an optional '-', digits, nothing else. */
int opt_parse_num(const char *arg, long long min, long long max, long long *out);
long long opt_num(const char *opt, const char *arg, long long min, long long max);
/* A seed: any whole number from 0 to 2^64-1. */
uint64_t opt_seed(const char *opt, const char *arg);

/*
 * Sizes in bytes: digits, then K, M or G (powers of 1024, either case) or
 * nothing.
 */
int opt_parse_size(const char *arg, size_t min, size_t max, size_t *out);
size_t opt_size(const char *opt, const char *arg, size_t min, size_t max);

/* Finite decimal numbers ("0.5", "1e-3"), min <= x <= max. */
int opt_parse_real(const char *arg, double min, double max, double *out);
double opt_real(const char *opt, const char *arg, double min, double max);
/* A fraction or a probability: 0 to 1. */
double opt_frac(const char *opt, const char *arg);
/* A share that cannot be nothing: above 0, up to 1 (a nucleus mass). */
int opt_parse_share(const char *arg, double *out);
double opt_share(const char *opt, const char *arg);

/*
 * Seconds, a finite decimal up to max; OPT_ZERO_OK allows 0 (often "no
 * limit"), OPT_ABOVE_ZERO wants more than 0.  Each option says which.
 */
enum { OPT_ABOVE_ZERO = 0, OPT_ZERO_OK = 1 };
int opt_parse_secs(const char *arg, int zero, double max, double *out);
double opt_secs(const char *opt, const char *arg, int zero, double max);

/* One of names[0..n): its index. */
size_t opt_choice(const char *opt, const char *arg,
    const char *const *names, size_t n);

/*
 * A comma list ("a,b,c"), empty items dropped, at least one item; when
 * names is not NULL each item must be one of names[0..nnames).  The items,
 * owned by the caller, and their count in *n.
 */
char **opt_list(const char *opt, const char *arg,
    const char *const *names, size_t nnames, size_t *n);

#endif
