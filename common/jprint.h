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
int jprint(struct buf *b, const cJSON *item);
/* Append a key or string value, quoted and escaped. */
void jprint_string(struct buf *b, const char *s);
/* The n bytes of s escaped, without quotes: a piece of a string value. */
void jprint_chars(struct buf *b, const char *s, size_t n);
/* Append a number. */
void jprint_number(struct buf *b, double d);

/*
 * As cJSON_PrintUnformatted() prints, byte for byte: item with each
 * string, at any depth, cut to max bytes at a UTF-8 boundary (*cut set
 * to 1 when one was; keys whole), numbers as jprint_number_cjson(); 0
 * when the tree holds something unprintable.
 */
int jprint_cut(struct buf *b, const cJSON *item, size_t max, int *cut);
/* A number as cJSON prints it: 15 digits when they read back within
 * cJSON's margin, else 17 (-0 as -0, 1e+22); NaN and the infinities as
 * null. */
void jprint_number_cjson(struct buf *b, double d);
/* At most max bytes of s[0..len), cut back to a UTF-8 boundary. */
size_t jprint_cut_len(const char *s, size_t len, size_t max);

#endif
