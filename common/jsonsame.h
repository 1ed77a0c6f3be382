/*
 * jsonsame.h: whether two cJSON values print the same, without printing
 * them.  1: cJSON_PrintUnformatted() of a equals that of b; 0: it does
 * not, or may not (the caller prints to decide).  Tools that note a value
 * once (as text) and check every later record against it compare the
 * record's tree with the noted text parsed once, and print only on a 0.
 * Keys and members in order; numbers equal as doubles, sign of 0 included
 * (doubles that differ in their last bits may print alike: 0); strings
 * equal as C strings.  A type other than null, false, true, number,
 * string, array and object gives 0.
 */
#ifndef LG_JSONSAME_H
#define LG_JSONSAME_H

#include <cjson/cJSON.h>

/* skip: a member of a (an object) left out, as if deleted by
 * cJSON_DeleteItemFromObjectCaseSensitive(): the first one of that name,
 * or NULL: none. */
int json_same(const cJSON *a, const cJSON *b, const char *skip);

#endif
