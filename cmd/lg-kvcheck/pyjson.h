/*
 * pyjson.h: a JSON object read as Python's json.loads(text,
 * object_pairs_hook=list) reads it, each value then printed as Python's
 * str() prints it: what the published LongWeave kvg scorer measures.
 *
 * The reading is Python's strict one: only space, tab, newline and carriage
 * return between tokens; no raw control character (U+0000 to U+001F) inside
 * a string; no leading zero; no trailing comma; NaN, Infinity and -Infinity
 * accepted; lone surrogate escapes kept.  The printing: a string as itself,
 * an integer with all its digits, a float as repr() (1e5 is 100000.0),
 * true/false/null as True/False/None, an array as a Python list, an object
 * as a list of (key, value) tuples (the hook), strings inside them in
 * repr() with its quote choice and escapes.
 *
 * Strings handed out are UTF-8, except that U+0000 is written C0 80 and a
 * lone surrogate as its three-byte form, so a C string keeps every
 * character and each counts as one (as Python's len() counts it) and
 * neither compares equal to any valid UTF-8 text.  They belong to the
 * callback.
 */
#ifndef LG_KV_PYJSON_H
#define LG_KV_PYJSON_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

enum {
	PYJ_OK,		/* parsed: the pairs were handed out */
	PYJ_DECODE,	/* json.JSONDecodeError (the scorer catches it) */
	PYJ_RAISE	/* another exception: ValueError, RecursionError */
};

/* Nesting beyond which Python raises RecursionError (about; see the man page). */
#define PYJ_MAX_DEPTH 990

/* Compile what the printing needs; pyjson_fini() releases it. */
void pyjson_init(void);
void pyjson_fini(void);

/*
 * Called once per top-level pair, in order, duplicates included; value is
 * NULL when it nests too deep for Python to print it (RecursionError, raised
 * only if that value is printed, that is, kept by dict()).
 */
typedef void pyj_pair_fn(void *arg, char *key, char *value);

/*
 * Parse s[0..len) (valid UTF-8) as one JSON object and nothing else.  On
 * PYJ_OK fn has seen every pair; on failure it may have seen some.
 */
int pyjson_pairs(const char *s, size_t len, pyj_pair_fn *fn, void *arg);

/* Python's repr() of a float, appended to b. */
void py_float_repr(struct buf *b, double x);

/* The characters Python's re matches with \s in a str pattern. */
int py_isspace(uint32_t c);

/*
 * The code point of the UTF-8 sequence at s[0..n) in *c and its length
 * (the input is valid UTF-8, n > 0).
 */
size_t py_utf8(const char *s, size_t n, uint32_t *c);

#endif
