/*
 * oaiscan.h: reading one stream chunk of an OpenAI-compatible server
 * without building a tree.
 *
 * The chunk is checked by the strict scanner (jsonscan.h), then the first
 * choice's delta content and reasoning (reasoning_content, else
 * reasoning), or its text for raw completions, its finish_reason, its
 * index and kind (oai_not_answer()) and the usage counts are read from
 * their byte ranges, as oai_chunk()'s cJSON reading would read them.
 * When the chunk is anything the scanner is not sure to read the same
 * (not strict JSON, an error sent in the stream, keys written with
 * escapes, counts or an index that are not plain integers, a second
 * choice, an escaped finish_reason), it changes nothing and says so: the caller then
 * reads it with cJSON.
 */
#ifndef LG_OAISCAN_H
#define LG_OAISCAN_H

#include <stddef.h>

#include "oai.h"

/* 1 when the chunk data[0..len) was read into r, 0 when r is untouched. */
int oaiscan_chunk(oai_reply *r, const char *data, size_t len);

#endif
