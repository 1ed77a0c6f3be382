/*
 * corpus.h: plain-text documents for the generators.  A corpus is one file
 * or a directory of them: a directory's regular files whose names do not
 * start with a dot, read in byte order of their names, subdirectories not
 * entered.  Each document must be UTF-8 without NUL bytes; a leading
 * byte-order mark is dropped.  Paragraphs are separated by blank lines;
 * inside one, line breaks and runs of white space become single spaces.
 */
#ifndef LG_CORPUS_H
#define LG_CORPUS_H

#include <stddef.h>

#include "buf.h"

/*
 * Call fn(name, text, len, arg) for each document of path (name is the
 * file's name without the directory).  0, or -1 after a message when a
 * file cannot be read or is not text, or fn returned -1.
 */
int corpus_each(const char *path,
    int (*fn)(const char *name, const char *text, size_t len, void *arg),
    void *arg);

/* Call fn(p, arg) for each paragraph of text; fn may take p's storage. */
void corpus_paragraphs(const char *s, size_t len,
    void (*fn)(struct buf *p, void *arg), void *arg);

#endif
