/*
 * tsvfile.h: a small tab-separated file with a header line, read line by
 * line (the model file of models.h, the outside scores of extscores.h).
 * Blank lines and lines starting with '#' are skipped; a line over 4096
 * bytes, a NUL byte or over 100000 lines is refused with its FILE:LINE,
 * as is a file without a header line.
 */
#ifndef LG_TSVFILE_H
#define LG_TSVFILE_H

#define TSV_FIELDS_MAX 8

/* Called with the fields w[0..n) of the header (header 1) and of each
 * line after it; n is maxfields + 1 when the line has more.  Returns 0,
 * or -1 after a message, which ends the reading. */
typedef int (*tsv_line_fn)(void *ctx, char **w, int n, int header,
    const char *path, long no);

/* Read path: 0; LG_USAGE after a FILE:LINE message; LG_SYS when it cannot
 * be read.  maxfields at most TSV_FIELDS_MAX. */
int tsv_read(const char *path, int maxfields, tsv_line_fn fn, void *ctx);

#endif
