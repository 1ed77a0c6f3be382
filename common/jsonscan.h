/*
 * jsonscan.h: a strict RFC 8259 scanner that checks one JSON text without
 * building a tree and, when it is an object, gives the byte ranges of its
 * top-level members (the key with its quotes, and the value).
 *
 * A \\u escape of a UTF-16 surrogate must be half of a pair (what the
 * grammar allows but no UTF-8 text can hold, and cJSON refuses).
 * Nesting deeper than JSONSCAN_MAX_DEPTH arrays and objects is refused as
 * such ("nested too deep"), not as a syntax error.  The member array
 * belongs to the caller, who may hand it back to be reused (*m, *cap).
 */
#ifndef LG_JSONSCAN_H
#define LG_JSONSCAN_H

#include <stddef.h>

#define JSONSCAN_MAX_DEPTH 512

typedef struct {
	size_t kstart, kend;	/* the key, quotes included: s[kstart..kend) */
	size_t vstart, vend;	/* the value: s[vstart..vend) */
} jsonscan_member;

enum { JSONSCAN_OK, JSONSCAN_SYNTAX, JSONSCAN_END, JSONSCAN_DEEP };

/*
 * Check s[0..len) as one JSON text (white space around it allowed).
 * Returns JSONSCAN_OK, or JSONSCAN_SYNTAX (*at: offset of the first bad
 * byte), JSONSCAN_END (the text ends too soon) or JSONSCAN_DEEP (*at: the
 * bracket that goes too deep).  *isobj is set when the text is an object;
 * its members are then in (*m)[0..*n), growing *m and *cap as needed.
 */
int jsonscan(const char *s, size_t len, int *isobj, jsonscan_member **m,
    size_t *n, size_t *cap, size_t *at);

/*
 * jsonscan() that also tells whether a byte of the text's strings may be
 * outside ASCII (*nonascii: 0 only when none is).  A text it accepts with
 * *nonascii 0 is all ASCII and holds no NUL: no need to check it as UTF-8.
 */
int jsonscan_text(const char *s, size_t len, int *isobj, jsonscan_member **m,
    size_t *n, size_t *cap, size_t *at, int *nonascii);

/*
 * For tests: nonzero reads the flat objects of arrays ({"a":1,"b":"x"})
 * by the general loop too, which must give the same results.
 */
extern int jsonscan_noflat;

/* Nonzero when s[0..len) is exactly one JSON string token. */
int jsonscan_is_string(const char *s, size_t len);

#endif
