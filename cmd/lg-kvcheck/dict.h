/*
 * dict.h: finding the dictionary in a model's answer to a kvg case.
 *
 * A kv_dict holds the entries in the order written; it owns its strings
 * (kv_free).  kv_dedup() then applies Python's dict(): a repeated key keeps
 * its first position and takes its last value.
 */
#ifndef LG_KV_DICT_H
#define LG_KV_DICT_H

#include <stddef.h>

typedef struct {
	char *key, *val;
} kv_pair;

typedef struct {
	kv_pair *v;
	size_t n, cap;
} kv_dict;

/* Compile the patterns; kv_fini() releases them. */
void kv_init(void);
void kv_fini(void);

/*
 * Our reading: every "{" starts a candidate parsed as a JSON or Python
 * dictionary literal of scalar values (strings in either quote, numbers,
 * true/false/null, True/False/None), trailing comma allowed; a candidate cut
 * off by the end of the text keeps its complete entries.  The candidate with
 * most entries wins, the first on a tie.  Returns 1 when one was found.
 */
int kv_parse(const char *s, size_t len, kv_dict *d);

/*
 * The published reading: the text from the first "{" to the last "}", every
 * ' replaced by ", ",\s*}" by "}" (Python's \s), parsed by Python's
 * json.loads() and each value printed by str() (pyjson.h).  Returns 1 when
 * it parsed, 0 when it did not (the published scorer scores 0), -1 when
 * Python would have raised an exception the scorer does not catch.
 */
int kv_parse_compat(const char *s, size_t len, kv_dict *d);

void kv_dedup(kv_dict *d);
void kv_free(kv_dict *d);

/* Characters (code points) of a UTF-8 string. */
size_t kv_chars(const char *s);

#endif
