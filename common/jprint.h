/*
 * jprint.h: printing a cJSON tree as compact JSON text into a buf.
 *
 * Strings and keys are escaped as cJSON escapes them.  Numbers: an
 * integral value below 2^53 in magnitude prints as an integer; any other
 * as the shortest of %.15g, %.16g and %.17g that reads back to the same
 * double (what Python's repr gives, up to the choice of exponent form);
 * NaN and the infinities as null.  A cJSON_Raw item is copied as it is
 * (jsonnul_string() keeps strings holding NUL bytes that way).
 */
#ifndef LG_JPRINT_H
#define LG_JPRINT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"

/* Append item to b; 0 when the tree holds something unprintable. */
int jprint(buf *b, const cJSON *item);
/* Append a key or string value, quoted and escaped. */
void jprint_string(buf *b, const char *s);
/* The n bytes of s escaped, without quotes: a piece of a string value. */
void jprint_chars(buf *b, const char *s, size_t n);
/* Append a number. */
void jprint_number(buf *b, double d);

#endif
