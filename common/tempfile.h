/*
 * tempfile.h: an anonymous temporary file, in TMPDIR (else /tmp), removed
 * from its folder at once, so that it goes when it is closed or the
 * process ends.  The FILE returned belongs to the caller (fclose it).
 */
#ifndef LG_TEMPFILE_H
#define LG_TEMPFILE_H

#include <stdio.h>

/* A file open for reading and writing, its name starting with prefix;
 * NULL after a message naming the path and the error. */
FILE *tempfile_open(const char *prefix);

#endif
