/*
 * yesno.h: the verdict of a judge's reply, read strictly: its first word,
 * after leading blanks and punctuation (so "**Yes**." counts), must be
 * "yes" or "no" in any case.  "yesterday", "Yeah", "Nope" or an empty
 * reply are neither.
 */
#ifndef LG_YESNO_H
#define LG_YESNO_H

/* 1 for yes, 0 for no, -1 for anything else. */
int yesno(const char *reply);
void yesno_fini(void);

#endif
