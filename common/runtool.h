/*
 * runtool.h: run another lg tool as a child and keep what it prints, so
 * that a tool shows what the other computes instead of a second copy of
 * its code (lg-report shows lg-agg's tables).
 */
#ifndef LG_RUNTOOL_H
#define LG_RUNTOOL_H

#include <stddef.h>

#include "buf.h"

/*
 * Run the tool name: the file of that name beside self (this program's
 * argv[0]) when self names a folder and it is there, else the one on
 * PATH.  argv[0..]
 * are its arguments after its name, NULL-terminated.  Its standard input
 * is fd read from its start; what it writes on its standard output is
 * appended to out, on its standard error to err (the caller's), each up
 * to max bytes.  Returns its exit status, or -1 after a message (it could
 * not start or was not found, died of a signal, or wrote more than max
 * bytes).
 */
int runtool(const char *self, const char *name, char *const *argv, int fd,
    size_t max, buf *out, buf *err);

#endif
