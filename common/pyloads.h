/*
 * pyloads.h: JSON read as Python's json.loads() reads it (CPython 3, its
 * C scanner, the default strict=True), given as a cJSON tree: what the
 * published code decides when it parses a model's reply.
 *
 * Taken: RFC 8259, and NaN, Infinity and -Infinity (numbers NAN and
 * INFINITY in the tree, as Python's floats), lone surrogate escapes (kept
 * as their three-byte form, which equals no valid UTF-8 text).
 * Refused, where cJSON takes them: a raw control character (U+0000 to
 * U+001F) in a string, a number with a leading zero (01, -00), white
 * space other than space, tab, LF and CR around a token, anything after
 * the value but that white space ("Extra data"), a leading byte order
 * mark.  An object keeps every member, duplicates in order: the last of a
 * name is the one a dict holds (py_member() of lg-judge takes it).  A
 * \u0000 is written C0 80, so that no string is cut short.  Nesting deeper
 * than PY_LOADS_DEPTH is refused, where Python raises RecursionError.
 */
#ifndef LG_PYLOADS_H
#define LG_PYLOADS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define PY_LOADS_DEPTH 990

/* json.loads(s[0..n)) as a tree (the caller deletes it); NULL where
 * Python raises.  s is UTF-8 (not checked here). */
cJSON *py_loads(const char *s, size_t n);

#endif
