/*
 * Unit test: the scanner's reading of flat objects in arrays gives what
 * its general loop gives (result, offset, members) on texts made of such
 * arrays and then damaged at random, and at the nesting limit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonscan.h"
#include "rng.h"
#include "check.h"

struct scan {
	int rc, isobj;
	size_t at, n;
	jsonscan_member m[64];
};

static void
scan(const char *s, size_t len, int noflat, struct scan *r)
{
	jsonscan_member *m = NULL;
	size_t cap = 0;

	jsonscan_noflat = noflat;
	memset(r, 0, sizeof *r);
	r->rc = jsonscan(s, len, &r->isobj, &m, &r->n, &cap, &r->at);
	if (r->n > 64)
		r->n = 64;
	if (r->n > 0)
		memcpy(r->m, m, r->n * sizeof *m);
	free(m);
	jsonscan_noflat = 0;
}

static int
same(const struct scan *a, const struct scan *b)
{
	return a->rc == b->rc && a->isobj == b->isobj && a->at == b->at &&
	    a->n == b->n && memcmp(a->m, b->m, a->n * sizeof a->m[0]) == 0;
}

/* Pieces the texts are made of: flat objects and what is near them. */
static const char *const piece[] = {
	"{\"at\":1,\"off\":0,\"len\":296,\"word\":0,\"words\":56}",
	"{\"kind\":\"periodic\",\"at\":6,\"want\":\"bingo at the parish\"}",
	"{\"a\":true,\"b\":false,\"c\":null,\"d\":-1.5e3}",
	"{\"k\\\"ey\":\"v\\u00e9\\n\"}", "{\"x\":{\"y\":1}}", "{\"x\":[1,2]}",
	"{ \"sp\": 1 }", "{}", "[]", "1", "\"s\"", "{\"caf\xc3\xa9\":\"\xe2\x80\x99\"}",
};
/* Bytes a damage puts in. */
static const char damage[] = "{}[]\":,\\ 0-.eEtfnu\x01\x80";

static size_t
make(rng *g, char *t, size_t cap)
{
	size_t len = 0, k, nel = rng_below(g, 8) + 1;

	len += (size_t)snprintf(t + len, cap - len, "{\"id\":\"r%u\",\"parts\":[",
	    (unsigned)rng_below(g, 100));
	for (k = 0; k < nel && len + 80 < cap; k++) {
		const char *p = piece[rng_below(g, sizeof piece / sizeof piece[0])];

		len += (size_t)snprintf(t + len, cap - len, "%s%s", k ? "," : "", p);
	}
	len += (size_t)snprintf(t + len, cap - len, "],\"n\":%u}",
	    (unsigned)rng_below(g, 1000));
	return len;
}

static void
damaged(void)
{
	char t[1024];
	rng g;
	long i, bad = 0, flats = 0;

	rng_seed(&g, 20261126);
	for (i = 0; i < 300000; i++) {
		size_t len = make(&g, t, sizeof t - 8), d, at;
		struct scan a, b;

		for (d = rng_below(&g, 3); d > 0; d--) {	/* 0 to 2 damages */
			at = rng_below(&g, (unsigned)len);
			switch (rng_below(&g, 3)) {
			case 0:	/* a byte changed */
				t[at] = damage[rng_below(&g, sizeof damage - 1)];
				break;
			case 1:	/* a byte taken out */
				memmove(t + at, t + at + 1, len - at - 1);
				len--;
				break;
			default:	/* a byte put in */
				memmove(t + at + 1, t + at, len - at);
				t[at] = damage[rng_below(&g, sizeof damage - 1)];
				len++;
				break;
			}
		}
		len = rng_below(&g, 8) == 0 ? rng_below(&g, (unsigned)len + 1) : len;
		scan(t, len, 0, &a);
		scan(t, len, 1, &b);
		flats += a.rc == JSONSCAN_OK;
		if (!same(&a, &b) && bad++ < 5)
			printf("# %.*s\n# flat: rc %d at %zu n %zu; general: rc %d at %zu n %zu\n",
			    (int)len, t, a.rc, a.at, a.n, b.rc, b.at, b.n);
	}
	CHECK(bad == 0, "%ld of 300000 texts read otherwise by the flat path", bad);
	CHECK(flats > 10000, "only %ld texts were whole", flats);
}

/* A flat object at the nesting limit, in an array, is too deep. */
static void
deep(void)
{
	char t[2 * JSONSCAN_MAX_DEPTH + 64];
	size_t len = 0, k;
	struct scan a, b;

	for (k = 0; k < JSONSCAN_MAX_DEPTH; k++)
		t[len++] = '[';
	len += (size_t)sprintf(t + len, "{\"a\":1}");
	for (k = 0; k < JSONSCAN_MAX_DEPTH; k++)
		t[len++] = ']';
	scan(t, len, 0, &a);
	scan(t, len, 1, &b);
	CHECK(a.rc == JSONSCAN_DEEP && same(&a, &b), "at the limit: rc %d at %zu", a.rc, a.at);
	/* one less: read */
	scan(t + 1, len - 2, 0, &a);
	CHECK(a.rc == JSONSCAN_OK, "below the limit: rc %d at %zu", a.rc, a.at);
}

int
main(void)
{
	damaged();
	deep();
	return CHECK_DONE();
}
