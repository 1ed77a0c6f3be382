#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util.h"
#include "xalloc.h"

char **
split_list(const char *s, size_t *np)
{
	char **v = NULL;
	size_t n = 0;

	while (*s) {
		const char *c = strchr(s, ',');
		size_t len = c ? (size_t)(c - s) : strlen(s);

		if (len > 0) {
			v = xreallocarray(v, n + 1, sizeof *v);
			v[n++] = xstrndup(s, len);
		}
		s += len;
		if (*s == ',')
			s++;
	}
	*np = n;
	return v;
}

void
split_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int
parse_long(const char *s, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end != '\0')
		return -1;
	*out = v;
	return 0;
}

int
parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (*s == '-')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end != '\0')
		return -1;
	*out = v;
	return 0;
}

int
parse_double(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

long
tier_tokens(const char *t)
{
	char *end;
	long v = strtol(t, &end, 10);

	if (end == t || v <= 0)
		return 0;
	if ((*end == 'k' || *end == 'K') && end[1] == '\0')
		return v * 1024;
	return 0;
}

size_t
count_words(const char *s, size_t len)
{
	/* a word starts at a non-space byte after a space (or at the start);
	 * the spaces are those of isspace() in the C locale */
	static const unsigned char sp[256] = {
		['\t'] = 1, ['\n'] = 1, ['\v'] = 1, ['\f'] = 1, ['\r'] = 1, [' '] = 1
	};
	const unsigned char *p = (const unsigned char *)s, *e = p + len;
	size_t n = 0;
	unsigned prev = 1;

	for (; p < e; p++) {
		unsigned cur = sp[*p];

		n += prev & !cur;
		prev = cur;
	}
	return n;
}

double
mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}
