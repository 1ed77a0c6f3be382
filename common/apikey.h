/*
 * apikey.h: the API key for model servers.  It comes from a file
 * (--api-key-file: its first line, blanks trimmed) or from the environment
 * (LG_API_KEY, then OPENAI_API_KEY), never from the command line.  A key
 * with blanks or control characters is refused (exit 2) without being
 * shown.  The string returned belongs to the caller; NULL: no key.
 */
#ifndef LG_APIKEY_H
#define LG_APIKEY_H

char *apikey_get(const char *file);

#endif
