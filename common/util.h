/*
 * util.h: small helpers shared by the tools.  Returned arrays from
 * split_list() are owned by the caller (free with split_free()).
 */
#ifndef LG_UTIL_H
#define LG_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Split "a,b,c" at commas, dropping empty items. */
char **split_list(const char *s, size_t *n);
void split_free(char **v, size_t n);
/* The parts of a dotted path ("gen.model"); NULL when one is empty. */
char **split_path(const char *s, size_t *n);

/* Strict number parsing for options: 0 on success, -1 on junk. */
int parse_long(const char *s, long *out);
int parse_double(const char *s, double *out);

/* Tier label to tokens: "16k" -> 16384, "1k" -> 1024; 0 when not a tier. */
long tier_tokens(const char *tier);

/* Seconds on the monotonic clock, for measuring time spans. */
double mono_now(void);

/* Count whitespace-separated words in s[0..len). */
size_t count_words(const char *s, size_t len);

/* FNV-1a of a string, 32 bits: the seeds of lg-agg's resampling and of the
 * charts' (so that their intervals agree), and hash tables of groups. */
uint32_t text_hash(const char *s);
/* The same hash over pieces: text_hash(s) is text_hash_add(TEXT_HASH_INIT,
 * s, strlen(s)), and hashing s then t equals hashing their concatenation. */
#define TEXT_HASH_INIT 2166136261u
uint32_t text_hash_add(uint32_t h, const char *s, size_t n);

#endif
