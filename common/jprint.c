#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jprint.h"

void
jprint_chars(buf *b, const char *s, size_t n)
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
jprint_string(buf *b, const char *s)
{
	buf_putc(b, '"');
	jprint_chars(b, s, strlen(s));
	buf_putc(b, '"');
}

void
jprint_number(buf *b, double d)
{
	char tmp[40];
	int prec;

	if (isnan(d) || isinf(d)) {
		buf_puts(b, "null");
		return;
	}
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

int
jprint(buf *b, const cJSON *item)
{
	const cJSON *c;

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
		jprint_number(b, item->valuedouble);
		return 1;
	case cJSON_String:
		jprint_string(b, item->valuestring != NULL ? item->valuestring : "");
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
			if (!jprint(b, c))
				return 0;
		}
		buf_putc(b, cJSON_IsArray(item) ? ']' : '}');
		return 1;
	default:
		return 0;
	}
}
