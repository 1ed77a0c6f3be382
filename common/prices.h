/*
 * prices.h: a price file, one model a line: MODEL INPUT OUTPUT, the prices
 * in USD per million input and output tokens; blank lines and lines
 * starting with '#' are skipped.  The caller owns the struct prices and
 * frees it with prices_clear(); the strings in it belong to it.
 */
#ifndef LG_PRICES_H
#define LG_PRICES_H

#include <stddef.h>

struct price {
	char *model;
	double in, out;		/* USD per million tokens */
};

struct prices {
	struct price *p;
	size_t n;
};

/* Read path into ps (empty before): 0; LG_USAGE after a FILE:LINE message
 * for a bad line; LG_SYS when the file cannot be read.  On an error ps
 * keeps what was read before it: free it with prices_clear(). */
int prices_read(struct prices *ps, const char *path);

/* The price of model, or NULL when the file does not name it. */
const struct price *prices_find(const struct prices *ps, const char *model);

/* The USD that prompt and output tokens cost at price p. */
double price_in(const struct price *p, double tokens);
double price_out(const struct price *p, double tokens);

void prices_clear(struct prices *ps);

#endif
