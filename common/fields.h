/*
 * fields.h: dotted field paths ("gen.model") as the options of lg-agg and
 * lg-compare name them (-g, --by), and a record's value at one as a group
 * key.  A field owns its path and parts, a list its fields: free them
 * with field_free() and fields_free().
 */
#ifndef LG_FIELDS_H
#define LG_FIELDS_H

#include <stddef.h>

#include <cjson/cJSON.h>

struct field {
	char *path;
	char **parts;
	size_t nparts;
};

/* "gen.model" into its parts: 0, or -1 on an empty part (f is set either
 * way, for field_free). */
int field_parse(const char *path, struct field *f);
void field_free(struct field *f);
/*
 * A comma-separated list of fields into *v and *n, replacing the list
 * they held (NULL and 0, or an earlier fields_parse): 0, or -1 when it
 * is empty, has an empty part or names a field twice (*v and *n are set
 * either way, for fields_free).
 */
int fields_parse(const char *list, struct field **v, size_t *n);
void fields_free(struct field **v, size_t *n);
/* The index of the field named path in v[0..n), -1 when none is. */
int fields_find(const struct field *v, size_t n, const char *path);
/*
 * The keys of keys[0..nkeys) that no field of v[0..n) starts at (its
 * first part), in order, into out (room for nkeys): their count.  For a
 * reader's jsonl_skip(): members it reads only when a field names them.
 */
size_t fields_unnamed(const struct field *v, size_t n,
    const char *const *keys, size_t nkeys, const char **out);
/*
 * The record's value at f, in *out (the caller's): "-" when absent or
 * null, a number as its shortest text that reads back ("3", not "3.0"),
 * true or false; -1 for an object or an array.  A string is its key
 * (nulkey.h): whole, NUL bytes included, so that values differing after
 * a NUL stay apart.
 */
int field_value(const cJSON *rec, const struct field *f, char **out);

#endif
