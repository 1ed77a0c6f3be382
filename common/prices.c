/* prices.c: read a price file (see prices.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "prices.h"
#include "util.h"
#include "xalloc.h"

#define PRICE_LINE_MAX 4096
#define PRICE_LINES_MAX 100000L
#define PRICE_MAX 1e6		/* per million tokens */

static int
price_num(const char *s, double *v)
{
	return parse_double(s, v) == 0 && *v >= 0 && *v <= PRICE_MAX ? 0 : -1;
}

int
prices_read(struct prices *ps, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long no = 0;

	if (f == NULL) {
		lg_warn("%s: %s", path, strerror(errno));
		return LG_SYS;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		char *w[4], *save = NULL, *p;
		double in, out;
		size_t n = 0;

		if (++no > PRICE_LINES_MAX) {
			lg_warnat(path, no, "more than %ld lines", PRICE_LINES_MAX);
			goto bad;
		}
		if (len > PRICE_LINE_MAX) {
			lg_warnat(path, no, "line longer than %d bytes",
			    PRICE_LINE_MAX);
			goto bad;
		}
		if (memchr(line, '\0', (size_t)len) != NULL) {
			lg_warnat(path, no, "a NUL byte");
			goto bad;
		}
		for (p = strtok_r(line, " \t\r\n", &save); p != NULL && n < 4;
		    p = strtok_r(NULL, " \t\r\n", &save))
			w[n++] = p;
		if (n == 0 || w[0][0] == '#')
			continue;
		if (n != 3) {
			lg_warnat(path, no, "want MODEL INPUT OUTPUT (prices in "
			    "USD per million tokens), got %zu field%s", n,
			    n == 1 ? "" : n == 4 ? "s or more" : "s");
			goto bad;
		}
		if (price_num(w[1], &in) < 0 || price_num(w[2], &out) < 0) {
			lg_warnat(path, no, "%s price: not a number from 0 to %g",
			    price_num(w[1], &in) < 0 ? "input" : "output",
			    PRICE_MAX);
			goto bad;
		}
		if (prices_find(ps, w[0]) != NULL) {
			lg_warnat(path, no, "%s: priced twice", w[0]);
			goto bad;
		}
		ps->p = xreallocarray(ps->p, ps->n + 1, sizeof *ps->p);
		ps->p[ps->n].model = xstrdup(w[0]);
		ps->p[ps->n].in = in;
		ps->p[ps->n++].out = out;
	}
	if (ferror(f)) {
		lg_warn("%s: %s", path, strerror(errno));
		free(line);
		fclose(f);
		return LG_SYS;
	}
	free(line);
	fclose(f);
	return 0;
bad:
	free(line);
	fclose(f);
	return LG_USAGE;
}

const struct price *
prices_find(const struct prices *ps, const char *model)
{
	size_t i;

	for (i = 0; model != NULL && i < ps->n; i++)
		if (strcmp(ps->p[i].model, model) == 0)
			return &ps->p[i];
	return NULL;
}

double
price_in(const struct price *p, double tokens)
{
	return tokens * p->in / 1e6;
}

double
price_out(const struct price *p, double tokens)
{
	return tokens * p->out / 1e6;
}

void
prices_clear(struct prices *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		free(ps->p[i].model);
	free(ps->p);
	ps->p = NULL;
	ps->n = 0;
}
