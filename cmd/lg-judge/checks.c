/*
 * checks.c: a record's checks read from their text when it has the exact
 * shape lg-gen writes ([{"kind":"single","at":34,"want":"aerial gym"}]),
 * without building a tree.
 */
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "splice.h"
#include "xalloc.h"

/* The literal lit at s[*i]: 1 and *i after it. */
static int
lit(const char *s, size_t len, size_t *i, const char *l)
{
	size_t n = strlen(l);

	if (len - *i < n || memcmp(s + *i, l, n) != 0)
		return 0;
	*i += n;
	return 1;
}

/*
 * A string's bytes up to its closing quote, copied to b with a NUL, when
 * it holds no escape: 1, *off where it starts in b and *i after the quote.
 */
static int
plain(const char *s, size_t len, size_t *i, buf *b, size_t *off)
{
	const char *q = memchr(s + *i, '"', len - *i);
	size_t n;

	if (q == NULL || memchr(s + *i, '\\', (size_t)(q - s) - *i) != NULL)
		return 0;
	n = (size_t)(q - s) - *i;
	*off = b->len;
	buf_add(b, s + *i, n);
	buf_putc(b, '\0');
	*i += n + 1;
	return 1;
}

/* A whole number of 1 to 15 digits (what rec_long() reads as it is). */
static int
digits(const char *s, size_t len, size_t *i, long *v)
{
	size_t k = *i;

	*v = 0;
	while (k < len && k - *i < 16 && s[k] >= '0' && s[k] <= '9')
		*v = *v * 10 + (s[k++] - '0');
	if (k == *i || k - *i > 15)	/* a fraction or exponent: no comma next */
		return 0;
	*i = k;
	return 1;
}

int
checks_exact(const cJSON *rec, checks_list *cl)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(rec, "checks");
	const char *s;
	size_t len, i = 0;

	cl->n = 0;
	buf_reset(&cl->text);
	if (it == NULL || (s = splice_text(rec, it, &len)) == NULL ||
	    !lit(s, len, &i, "["))
		return 0;
	if (lit(s, len, &i, "]"))
		return i == len;
	for (;;) {
		check_at c;

		if (!lit(s, len, &i, "{\"kind\":\"") ||
		    !plain(s, len, &i, &cl->text, &c.kind) ||
		    !lit(s, len, &i, ",\"at\":") || !digits(s, len, &i, &c.at) ||
		    !lit(s, len, &i, ",\"want\":\"") ||
		    !plain(s, len, &i, &cl->text, &c.want) || !lit(s, len, &i, "}")) {
			cl->n = 0;
			return 0;
		}
		if (cl->n == cl->cap) {
			cl->cap = cl->cap ? 2 * cl->cap : 64;
			cl->v = xreallocarray(cl->v, cl->cap, sizeof *cl->v);
		}
		cl->v[cl->n++] = c;
		if (lit(s, len, &i, "]"))
			break;
		if (!lit(s, len, &i, ",")) {
			cl->n = 0;
			return 0;
		}
	}
	if (i != len) {
		cl->n = 0;
		return 0;
	}
	return 1;
}

void
checks_free(checks_list *cl)
{
	free(cl->v);
	buf_free(&cl->text);
	memset(cl, 0, sizeof *cl);
}
