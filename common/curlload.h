/*
 * curlload.h: libcurl loaded when it is first called, not when a tool
 * starts.  common/curlload.c defines the libcurl functions the tools call
 * and hands each call to the library it opens then (dlopen), so a tool
 * that never speaks HTTP (lg-judge --rules) does not load libcurl and the
 * thirty libraries it needs.  Callers include <curl/curl.h> as usual.  A
 * library that cannot be loaded ends the program with a message (LG_SYS).
 */
#ifndef LG_CURLLOAD_H
#define LG_CURLLOAD_H

/* Nonzero once libcurl is loaded (for tests). */
int curl_loaded(void);

#endif
