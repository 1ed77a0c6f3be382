#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jprint.h"

void
jprint_chars(struct buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const char *run, *end = s + n;

	for (run = s; s < end; s++) {
		unsigned char c = (unsigned char)*s;
		const char *esc;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		buf_add(b, run, (size_t)(s - run));
		run = s + 1;
		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		default: esc = NULL;
		}
		if (esc != NULL) {
			buf_puts(b, esc);
		} else {
			buf_puts(b, "\\u00");
			buf_putc(b, hex[c >> 4]);
			buf_putc(b, hex[c & 15]);
		}
	}
	buf_add(b, run, (size_t)(s - run));
}

void
jprint_string(struct buf *b, const char *s)
{
	buf_putc(b, '"');
	jprint_chars(b, s, strlen(s));
	buf_putc(b, '"');
}

/* NaN and the infinities as null: 1 when d was one. */
static int
nonfinite(struct buf *b, double d)
{
	if (!isnan(d) && !isinf(d))
		return 0;
	buf_puts(b, "null");
	return 1;
}

void
jprint_number(struct buf *b, double d)
{
	char tmp[40];
	int prec;

	if (nonfinite(b, d))
		return;
	if (d == floor(d) && fabs(d) < 9007199254740992.0) {
		snprintf(tmp, sizeof tmp, "%lld", (long long)d);
		buf_puts(b, tmp);
		return;
	}
	for (prec = 15; prec < 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, d);
		if (strtod(tmp, NULL) == d)
			break;
	}
	if (prec == 17)
		snprintf(tmp, sizeof tmp, "%.17g", d);
	buf_puts(b, tmp);
}

/* cJSON's own test that a number printed with 15 digits reads back. */
static int
close_enough(double a, double b)
{
	double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);

	return fabs(a - b) <= m * DBL_EPSILON;
}

void
jprint_number_cjson(struct buf *b, double d)
{
	double back;
	char tmp[40];

	if (!nonfinite(b, d)) {
		snprintf(tmp, sizeof tmp, "%1.15g", d);
		if (sscanf(tmp, "%lg", &back) != 1 || !close_enough(back, d))
			snprintf(tmp, sizeof tmp, "%1.17g", d);
		buf_puts(b, tmp);
	}
}

size_t
jprint_cut_len(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}

struct how {
	size_t max;		/* bytes of a string kept */
	int cjson;		/* numbers as cJSON prints them */
	int *cut;		/* set to 1 when a string was cut, or NULL */
};

static int
walk(struct buf *b, const cJSON *item, const struct how *h)
{
	const cJSON *c;
	const char *s;
	size_t len, n;

	switch (item->type & 0xFF) {
	case cJSON_NULL:
		buf_puts(b, "null");
		return 1;
	case cJSON_False:
		buf_puts(b, "false");
		return 1;
	case cJSON_True:
		buf_puts(b, "true");
		return 1;
	case cJSON_Number:
		(h->cjson ? jprint_number_cjson : jprint_number)(b,
		    item->valuedouble);
		return 1;
	case cJSON_String:
		s = item->valuestring != NULL ? item->valuestring : "";
		len = strlen(s);
		if ((n = jprint_cut_len(s, len, h->max)) < len && h->cut != NULL)
			*h->cut = 1;
		buf_putc(b, '"');
		jprint_chars(b, s, n);
		buf_putc(b, '"');
		return 1;
	case cJSON_Raw:
		if (item->valuestring == NULL)
			return 0;
		buf_puts(b, item->valuestring);
		return 1;
	case cJSON_Array:
	case cJSON_Object:
		buf_putc(b, cJSON_IsArray(item) ? '[' : '{');
		for (c = item->child; c != NULL; c = c->next) {
			if (c != item->child)
				buf_putc(b, ',');
			if (cJSON_IsObject(item)) {
				if (c->string == NULL)
					return 0;
				jprint_string(b, c->string);
				buf_putc(b, ':');
			}
			if (!walk(b, c, h))
				return 0;
		}
		buf_putc(b, cJSON_IsArray(item) ? ']' : '}');
		return 1;
	default:
		return 0;
	}
}

int
jprint(struct buf *b, const cJSON *item)
{
	struct how h = { SIZE_MAX, 0, NULL };

	return walk(b, item, &h);
}

int
jprint_cut(struct buf *b, const cJSON *item, size_t max, int *cut)
{
	struct how h = { max, 1, cut };

	return walk(b, item, &h);
}
