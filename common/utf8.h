/* utf8.h: UTF-8 validation and small text helpers.  Nothing here allocates. */
#ifndef LG_UTF8_H
#define LG_UTF8_H

#include <stddef.h>

/* Offset of the first invalid byte, or len when s[0..len) is valid UTF-8. */
size_t utf8_invalid(const char *s, size_t len);

/* The length of the character at s[0..n) when it is Unicode white space
 * to Python (str.split(), str.strip()), else 0. */
size_t utf8_pyspace(const char *s, size_t n);

/* Python's str.strip(): the start of s[0..*n) without the Unicode white
 * space at either end; *n is set to the length left. */
const char *utf8_pystrip(const char *s, size_t *n);

#endif
