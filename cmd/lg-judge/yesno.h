/*
 * yesno.h: the verdict of a judge's reply, read strictly: its first word,
 * after leading blanks and punctuation (so "**Yes**." counts), must be
 * "yes" or "no" in any case.  "yesterday", "Yeah", "Nope" or an empty
 * reply are neither.
 */
#ifndef LG_YESNO_H
#define LG_YESNO_H

#include <stddef.h>

/* 1 for yes, 0 for no, -1 for anything else. */
int yesno(const char *reply);

/*
 * The published LongGenBench reading: 1 when the reply, lower-cased,
 * contains "yes" anywhere ("I'd say yes", "YES", "yesterday"), else 0.
 * It reads all len bytes, NULs included.  Only ASCII letters lower-case
 * to y, e or s, so folding ASCII case is what Python's lower() does here.
 */
int yesno_published(const char *reply, size_t len);
/*
 * The reading of the Appendix C prompt (--compat-prompt c): the reply is an
 * analysis, then "#*# Yes" or "#*# No".  The last line holding a marker
 * "#*#" decides, so the analysis may quote the markers: 1 when each
 * marker of that line is followed by "yes" (any case; blanks, Markdown
 * bold, quotes or a colon between), 0 when each is followed by "no", -1
 * (undecided) when they disagree ("#*# Yes or #*# No"), when one is
 * followed by another word, or when the reply has no marker at all.
 */
int yesno_marker(const char *reply, size_t len);
void yesno_fini(void);

#endif
