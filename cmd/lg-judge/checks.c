/*
 * checks.c: a record's checks read from their text when it has the exact
 * shape lg-gen writes ([{"kind":"single","at":34,"want":"aerial gym"}]),
 * without building a tree.
 */
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "judge.h"
#include "splice.h"
#include "xalloc.h"

/*
 * A string's bytes up to its closing quote, copied to b with a NUL, when
 * it holds no escape: 1, *off where it starts in b and *pp after the quote.
 */
static int
plain(const char **pp, const char *e, struct buf *b, size_t *off)
{
	const char *q = memchr(*pp, '"', (size_t)(e - *pp));

	if (q == NULL || memchr(*pp, '\\', (size_t)(q - *pp)) != NULL)
		return 0;
	*off = b->len;
	buf_add(b, *pp, (size_t)(q - *pp));
	buf_putc(b, '\0');
	*pp = q + 1;
	return 1;
}

/* The list, or 0 at the first difference from what lg-gen writes. */
static int
exact(const char *p, const char *e, checks_list *cl)
{
	if (!LIT(&p, e, "["))
		return 0;
	if (LIT(&p, e, "]"))
		return p == e;
	for (;;) {
		check_at c;

		if (!LIT(&p, e, "{\"kind\":\"") || !plain(&p, e, &cl->text, &c.kind) ||
		    !LIT(&p, e, ",\"at\":") || (c.at = digits_at(&p, e)) < 0 ||
		    !LIT(&p, e, ",\"want\":\"") || !plain(&p, e, &cl->text, &c.want) ||
		    !LIT(&p, e, "}"))
			return 0;
		if (cl->n == cl->cap) {
			cl->cap = cl->cap ? 2 * cl->cap : 64;
			cl->v = xreallocarray(cl->v, cl->cap, sizeof *cl->v);
		}
		cl->v[cl->n++] = c;
		if (LIT(&p, e, "]"))
			return p == e;
		if (!LIT(&p, e, ","))
			return 0;
	}
}

int
checks_exact(const cJSON *rec, checks_list *cl)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(rec, "checks");
	const char *s;
	size_t len;

	cl->n = 0;
	buf_reset(&cl->text);
	if (it == NULL || (s = splice_text(rec, it, &len)) == NULL)
		return 0;
	if (!exact(s, s + len, cl)) {
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
