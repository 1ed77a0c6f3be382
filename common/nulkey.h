/*
 * nulkey.h: string fields whole, NUL bytes included, as keys without
 * NULs, for tools that group, pair or sort records by a string (ids, case
 * ids, model names): "case\u0000A" and "case\u0000B" are two keys, not
 * one "case".
 *
 * A key is the string's bytes with each NUL written as 0x01 '0' and each
 * 0x01 as 0x01 '1' (the encoding of jsonnul.h), so that two strings are
 * equal exactly when their keys are, and a key is a C string that strcmp,
 * hashes and printf take as they are.  Keys returned belong to the
 * caller.
 */
#ifndef LG_NULKEY_H
#define LG_NULKEY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"

/* The key of s[0..len). */
char *nulkey_of(const char *s, size_t len);
/* The key of the string at the dotted path parts[0..n) of record rec
 * (read by jsonl_next), whole; NULL when no string is there. */
char *nulkey_at(const cJSON *rec, char *const *parts, size_t n);
/* The key's bytes, NULs included, appended to b. */
void nulkey_bytes(struct buf *b, const char *key);
/* The key for a text table or a message: each NUL shown as U+2400. */
char *nulkey_show(const char *key);
/* A JSON string item of the key's bytes (NULs printed as \u0000). */
cJSON *nulkey_json(const char *key);

#endif
