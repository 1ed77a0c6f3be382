/*
 * nul.h: the answer with its NUL bytes, for lg-flake8.
 *
 * cJSON ends a string at a NUL, so an answer holding "\u0000" would be
 * scored (and written out) cut there.  cf_nul_read() reads the record's
 * text again when it holds such an escape and puts the answer back in the
 * record whole, as a raw JSON string (jsonnul.h), so that it goes out as
 * it came; cf_strn() gives the bytes of a string field of either kind.
 */
#ifndef LG_FLAKE8_NUL_H
#define LG_FLAKE8_NUL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "jsonl.h"

/* rec is the record in has just read: make its "output" whole. */
void cf_nul_read(cJSON *rec, const jsonl *in);
/* 1 when v is a string, plain or put back whole. */
int cf_is_str(const cJSON *v);
/* The bytes of string v, NULs included, and their number in *len; the
 * caller frees them. */
char *cf_strn(const cJSON *v, size_t *len);

#endif
