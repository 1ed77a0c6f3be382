/*
 * apikey.h: the API key for model servers.  It comes from a file
 * (--api-key-file: its first line, blanks trimmed) or from the environment
 * (LG_API_KEY, then OPENAI_API_KEY), never from the command line.  A key
 * with blanks or control characters is refused (exit 2) without being
 * shown.  Of the file, only the first line is read, and it must end within
 * APIKEY_LINE bytes: a longer one (/dev/zero, a FIFO that never ends, a
 * huge file) is refused (exit 2) with a message naming the file.  The
 * string returned belongs to the caller; NULL: no key.
 */
#ifndef LG_APIKEY_H
#define LG_APIKEY_H

#include <getopt.h>
#include <stddef.h>

#define APIKEY_LINE 8192	/* the longest first line of a key file */

char *apikey_get(const char *file);

/*
 * getopt_long() for a tool with a secret-bearing option (secret: its long
 * name, such as "api-key-file"): that option must be spelled out in full,
 * since an abbreviation (--api-key KEY) is a key typed on the command
 * line, and is refused (exit 2) without echoing its value.  Other mistakes
 * end the program as lg_getopt() ends it (cmdline.h): the option name,
 * never what follows '='.  Returns what getopt_long() returns.
 */
int apikey_getopt(int argc, char **argv, const char *shortopts,
    const struct option *longopts, const char *secret);

/*
 * Blot the key out of s[0..len), in place: every run of 8 or more
 * characters that stands in the key (the whole key, the first characters
 * servers quote as "sk-proj-AbCd...", its last ones), the whole key when
 * it is shorter than 8 (and at least 4) characters, and its last 4 to 7
 * characters where a mask comes before them ("...wxyz", "****wxyz", the
 * ellipsis character), each become "***".  Returns the new length (s is
 * NUL-terminated there); *hits (may be NULL) gets the number of blots.
 * Bytes after a NUL are scanned too.  A NULL or empty key changes nothing.
 */
size_t apikey_scrub(const char *key, char *s, size_t len, int *hits);

/* The same for a NUL-terminated string; returns s. */
char *apikey_scrub_str(const char *key, char *s);

#endif
