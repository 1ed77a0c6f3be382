/*
 * splice.h: records that remember the text they were read from, so that
 * writing one back copies every top-level member the stage did not touch
 * byte for byte from that text and prints only the members it changed or
 * added.  What passes through a stage is then exactly what came in: NUL
 * escapes, 20-digit integers, odd escapes and spacing inside values, and
 * records of other benchmarks.
 *
 * splice_parse() builds a cJSON object whose top-level items are parsed
 * from the member ranges jsonscan() found, and attaches the text to it
 * (a copy, owned by the record and freed with it: cJSON_Delete() and
 * splice_free() are the same; do not cJSON_Duplicate() such a root).
 * A member counts as touched once
 * splice_touch() names its key; a member that was replaced or removed is
 * never copied.  Records without attached text print whole.
 */
#ifndef LG_SPLICE_H
#define LG_SPLICE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "jsonscan.h"

/*
 * An object from line[0..len) and its members m[0..n) as jsonscan() gave
 * them; NULL when cJSON refuses a member (*at: the offset it stopped at).
 * With SPLICE_LAZY, long values are parsed only when splice_get() asks for them
 * (until then their items are cJSON_Raw without text): only for stages
 * that read members through splice_get() (rec_get() and the rec_*
 * getters).
 */
cJSON *splice_parse(const char *line, size_t len, const jsonscan_member *m,
    size_t n, int flags, size_t *at);
/*
 * Flags: SPLICE_LAZY as above; SPLICE_LAZY_ALL: with it, every value is
 * left unparsed until asked for, short ones too (stages that touch a
 * record's members only through splice_get()); SPLICE_BORROW: the record points at
 * line[0..len) instead of copying it, so the line must stay as it is until
 * the record is freed.
 */
enum { SPLICE_LAZY = 1, SPLICE_BORROW = 2, SPLICE_LAZY_ALL = 4 };
/* Top-level member key of rec, parsed now if it was left unparsed. */
cJSON *splice_get(const cJSON *rec, const char *key);
void splice_free(cJSON *rec);
/* Mark the member key as changed: it is printed, not copied. */
void splice_touch(cJSON *rec, const char *key);
/*
 * Top-level string item it of rec, whole, NUL bytes included, when its
 * text holds \\u0000 (decoded once, then kept in the item): its length
 * in *len.  NULL otherwise: the item's valuestring is then the string.
 */
const char *splice_strn(const cJSON *rec, cJSON *it, size_t *len);
/*
 * The text of top-level item it of rec as it was read, when it is an
 * untouched member: its value's bytes, length in *len; else NULL.
 */
const char *splice_text(const cJSON *rec, const cJSON *it, size_t *len);
/* Append the record as one compact line (no newline); 0 if unprintable. */
int splice_print(const cJSON *rec, struct buf *out);

/*
 * The same line in pieces, to be written with writev() without copying
 * long untouched values: pieces with p set are bytes of the record's
 * text, the others bytes of out from offset off.  Returns the number of
 * pieces in (*pp)[0..) (grown as needed), 0 when the record has no text
 * or cannot be printed.
 */
#define SPLICE_PIECE_MIN 4096	/* values at least this long are not copied */
typedef struct {
	const char *p;
	size_t off, len;
} splice_piece;
size_t splice_pieces(const cJSON *rec, struct buf *out, splice_piece **pp,
    size_t *cap);

#endif
