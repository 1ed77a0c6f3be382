/* opt.c: option arguments checked one way (opt.h). */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "opt.h"
#include "util.h"

static void LG_NORETURN
refuse(const char *opt, const char *arg, const char *what)
{
	lg_die(LG_USAGE, "%s: \"%s\": not %s", opt, arg, what);
}

int
opt_parse_num(const char *arg, long long min, long long max, long long *out)
{
	const char *p = arg;
	char *end;
	long long v;

	if (*p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	v = strtoll(arg, &end, 10);
	if (errno || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

long long
opt_num(const char *opt, const char *arg, long long min, long long max)
{
	long long v;
	char what[96];

	if (opt_parse_num(arg, min, max, &v) == 0)
		return v;
	snprintf(what, sizeof what, "a whole number from %lld to %lld", min, max);
	refuse(opt, arg, what);
}

uint64_t
opt_seed(const char *opt, const char *arg)
{
	char *end;
	unsigned long long v;

	if (isdigit((unsigned char)*arg)) {
		errno = 0;
		v = strtoull(arg, &end, 10);
		if (errno == 0 && *end == '\0')
			return v;
	}
	refuse(opt, arg, "a seed from 0 to 18446744073709551615");
}

int
opt_parse_size(const char *arg, size_t min, size_t max, size_t *out)
{
	char *end;
	unsigned long long v;
	int shift = 0;

	if (!isdigit((unsigned char)*arg))
		return -1;
	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno)
		return -1;
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	}
	if (*end != '\0' || v > (unsigned long long)SIZE_MAX >> shift)
		return -1;
	v <<= shift;
	if (v < min || v > max)
		return -1;
	*out = (size_t)v;
	return 0;
}

/* A size as people write it: 64M rather than 67108864. */
static void
size_text(char *s, size_t n, size_t v)
{
	if (v != 0 && v % (1u << 30) == 0)
		snprintf(s, n, "%zuG", v >> 30);
	else if (v != 0 && v % (1u << 20) == 0)
		snprintf(s, n, "%zuM", v >> 20);
	else if (v != 0 && v % (1u << 10) == 0)
		snprintf(s, n, "%zuK", v >> 10);
	else
		snprintf(s, n, "%zu", v);
}

size_t
opt_size(const char *opt, const char *arg, size_t min, size_t max)
{
	size_t v;
	char lo[32], hi[32], what[160];

	if (opt_parse_size(arg, min, max, &v) == 0)
		return v;
	size_text(lo, sizeof lo, min);
	size_text(hi, sizeof hi, max);
	snprintf(what, sizeof what, "a size from %s to %s (bytes, or K, M, G)",
	    lo, hi);
	refuse(opt, arg, what);
}

int
opt_parse_real(const char *arg, double min, double max, double *out)
{
	char *end;
	double v;

	/* digits or a point first: no "inf", "nan", hex or blanks */
	if (!isdigit((unsigned char)arg[*arg == '-' || *arg == '+']) &&
	    arg[*arg == '-' || *arg == '+'] != '.')
		return -1;
	if (strpbrk(arg, "xX") != NULL)
		return -1;
	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end != '\0' || !isfinite(v) ||
	    v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

double
opt_real(const char *opt, const char *arg, double min, double max)
{
	double v;
	char what[96];

	if (opt_parse_real(arg, min, max, &v) == 0)
		return v;
	snprintf(what, sizeof what, "a number from %g to %g", min, max);
	refuse(opt, arg, what);
}

double
opt_frac(const char *opt, const char *arg)
{
	double v;

	if (opt_parse_real(arg, 0, 1, &v) == 0)
		return v;
	refuse(opt, arg, "a fraction from 0 to 1");
}

int
opt_parse_share(const char *arg, double *out)
{
	/* a share is what seconds above 0 up to 1 are */
	return opt_parse_secs(arg, OPT_ABOVE_ZERO, 1, out);
}

double
opt_share(const char *opt, const char *arg)
{
	double v;

	if (opt_parse_share(arg, &v) == 0)
		return v;
	refuse(opt, arg, "a share above 0 up to 1");
}

int
opt_parse_secs(const char *arg, int zero, double max, double *out)
{
	double v;

	if (opt_parse_real(arg, 0, max, &v) < 0 || (v == 0 && !zero))
		return -1;
	*out = v;
	return 0;
}

double
opt_secs(const char *opt, const char *arg, int zero, double max)
{
	double v;
	char what[96];

	if (opt_parse_secs(arg, zero, max, &v) == 0)
		return v;
	snprintf(what, sizeof what, "seconds %s 0 up to %g",
	    zero ? "from" : "above", max);
	refuse(opt, arg, what);
}

/* "one of a, b, c" */
static char *
names_text(const char *const *names, size_t n)
{
	struct buf b = { 0 };
	size_t i;

	buf_puts(&b, "one of ");
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s%s", i ? ", " : "", names[i]);
	return buf_take(&b);
}

static size_t
find(const char *s, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return n;
}

size_t
opt_choice(const char *opt, const char *arg,
    const char *const *names, size_t n)
{
	size_t i = find(arg, names, n);

	if (i < n)
		return i;
	refuse(opt, arg, names_text(names, n));
}

char **
opt_list(const char *opt, const char *arg,
    const char *const *names, size_t nnames, size_t *n)
{
	char **v = split_list(arg, n);
	size_t i;

	if (*n == 0)
		refuse(opt, arg, names ? names_text(names, nnames) :
		    "one or more names, comma separated");
	for (i = 0; names != NULL && i < *n; i++)
		if (find(v[i], names, nnames) == nnames)
			refuse(opt, v[i], names_text(names, nnames));
	return v;
}
