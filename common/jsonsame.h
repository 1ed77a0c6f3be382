/*
 * jsonsame.h: whether two cJSON values print the same, without printing
 * them: cJSON_PrintUnformatted() of a equals that of b.  Tools that note
 * a value once (as text) and check every later record against it compare
 * the record's tree with the noted text parsed once.  Keys and members in
 * order; numbers equal as doubles (the shortest text that reads back is a
 * function of the double); strings equal as C strings.  A type other than
 * null, false, true, number, string, array and object is never the same
 * (the caller prints to decide).
 */
#ifndef LG_JSONSAME_H
#define LG_JSONSAME_H

#include <cjson/cJSON.h>

/* skip: a member of a (an object) left out, as if deleted by
 * cJSON_DeleteItemFromObjectCaseSensitive(): the first one of that name,
 * or NULL: none. */
int json_same(const cJSON *a, const cJSON *b, const char *skip);

#endif
