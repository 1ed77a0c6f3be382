/*
 * jsonnul.h: JSON strings that hold NUL bytes ("\u0000"), which cJSON's
 * C strings cannot carry.
 *
 * Reading: jsonnul_parse() parses text with cJSON; when the text holds a
 * \u0000 escape it first rewrites, inside strings, every \u0000 as the pair
 * U+0001 '0' and every U+0001 as U+0001 '1', so no string in the tree holds
 * a NUL, and says so in *nul; jsonnul_text() then appends a string of that
 * tree to a buf with its NULs back.  Writing: jsonnul_string() makes an item
 * that cJSON prints as the exact bytes given, NULs as \u0000.
 * Items and text returned belong to the caller.
 */
#ifndef LG_JSONNUL_H
#define LG_JSONNUL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"

cJSON *jsonnul_parse(const char *s, size_t len, int *nul);
/* Append string v (from a tree jsonnul_parse() gave with *nul) to b. */
void jsonnul_text(struct buf *b, const char *v, int nul);
/* A string item holding s[0..len), NULs included (s need not end in NUL). */
cJSON *jsonnul_string(const char *s, size_t len);

#endif
