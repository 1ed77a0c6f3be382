/*
 * gen.h: lg-gen's benchmarks.  Each takes the arguments after the benchmark
 * name (argv[0] is the benchmark name), writes cases to stdout and returns
 * the exit status.
 */
#ifndef LG_GEN_H
#define LG_GEN_H

#include <cjson/cJSON.h>

extern const char gen_usage[];

int gen_longgenbench(int argc, char **argv);
int gen_longweave(int argc, char **argv);
int gen_adaleval(int argc, char **argv);

/*
 * Read path, a JSON array of cases (an official file to import) into *all,
 * owned by the caller: LG_OK, or LG_SYS / LG_BAD after a message, *all NULL.
 */
int gen_read_array(const char *path, cJSON **all);

#endif
