/*
 * share.h: finding and reading the data files under share/.
 *
 * The directory is, in order: $LG_SHARE; ../share/lg or ../share beside
 * the running executable;
 * the compiled-in LG_SHAREDIR.  Returned strings and arrays belong to the
 * caller: free with free() and lines_free().
 */
#ifndef LG_SHARE_H
#define LG_SHARE_H

#include <stddef.h>

const char *share_dir(void);

/* Whole file as a NUL-terminated string, or NULL (errno set). */
char *file_read(const char *path, size_t *len);
/* Path under the share directory; caller frees. */
char *share_path(const char *rel);

/* Non-empty lines of a file, trailing blanks removed; NULL on error. */
char **lines_read(const char *path, size_t *n);
void lines_free(char **lines, size_t n);

#endif
