/*
 * cmdline.h: the command line's options, read with getopt_long(3), and one
 * line for each mistake in them.
 *
 * lg_getopt() is getopt_long() with getopt's own messages off: an unknown
 * option, an ambiguous abbreviation, a missing value or a value given to an
 * option that takes none ends the program with status 2 after one line,
 *
 *	lg-agg: unknown option --bootsrap: did you mean --bootstrap?
 *	lg-infer: option --max-re is ambiguous: --max-record, --max-reply
 *	lg-gen: option -n needs a value (lg-gen --help lists the options)
 *
 * never with the whole usage.  A value is never echoed (it may be a secret).
 * It keeps no state but getopt's own.
 */
#ifndef LG_CMDLINE_H
#define LG_CMDLINE_H

#include <getopt.h>

int lg_getopt(int argc, char **argv, const char *shortopts,
    const struct option *longopts, int *longindex);

/*
 * The long option closest to name (without "--"), by edit distance, when
 * it is close enough to be a likely typo; NULL when none is.
 */
const char *cmdline_near(const char *name, const struct option *longopts);

#endif
