/*
 * gen.h: lg-gen's benchmarks.  Each takes the arguments after the benchmark
 * name (argv[0] is the benchmark name), writes cases to stdout and returns
 * the exit status.
 */
#ifndef LG_GEN_H
#define LG_GEN_H

#include <getopt.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "diag.h"

/* Print the help (to stdout when status is 0, else stderr) and exit with
 * status; its -t line lists the tasks of the tables. */
void gen_usage(int status) LG_NORETURN;

#define GEN_DEFAULT_N 10	/* -n: cases per task and tier */
/* --corpus when not given, for the tasks that need plain text (under
 * share/, share_path()): three of Jane Austen's novels, shipped with lg */
#define GEN_DEFAULT_CORPUS "corpora/austen"
#define GEN_MAX_N 1000000

/* The options every generator takes. */
typedef struct {
	long n;			/* -n, GEN_DEFAULT_N when not given */
	uint64_t seed;		/* -s, 0 when not given */
	int set_n, set_s;	/* given on the command line */
	const char *tiers;	/* -l as given, or NULL */
	const char *tasks;	/* -t as given, or NULL */
} gen_opts;

/*
 * Parse argv (argv[0] is the benchmark name) into g: -n -s -l -t, -h and
 * --version here, the benchmark's own long options (own, ended by a zero
 * entry; NULL for none) through take(c, optarg, ctx), which returns 0, or
 * -1 for the usage.  Usage errors exit 2; no arguments may follow.
 */
void gen_parse(int argc, char **argv, const struct option *own,
    int (*take)(int c, const char *arg, void *ctx), void *ctx, gen_opts *g);

int gen_longgenbench(int argc, char **argv);
int gen_longweave(int argc, char **argv);
int gen_adaleval(int argc, char **argv);

/* The benchmark's i-th task in its table's order (--list-tasks and the
 * help's -t line), NULL past the last. */
const char *gen_longgenbench_task(size_t i);
const char *gen_longweave_task(size_t i);
const char *gen_adaleval_task(size_t i);
/* --list-tasks after a benchmark: print its tasks and exit 0. */
void gen_list_tasks(const char *bench) LG_NORETURN;

/*
 * Read path, a JSON array of cases (an official file to import) into *all,
 * owned by the caller: LG_OK, or LG_SYS / LG_BAD after a message, *all NULL.
 * Elements holding a NUL are refused as gen_import_nul() says; whole and
 * *nul as there.
 */
int gen_read_array(const char *path, cJSON **all, const char *whole, int *nul);
/*
 * The elements of *all (parsed from text[0..len)) holding a NUL byte
 * anywhere but in the strings of their member whole (NULL: none), refused
 * with a message naming the element and the field, and left in place as
 * cJSON_Invalid items (skip them, counting them as bad).  To find them
 * *all is parsed again with jsonnul_parse(), and *nul set: the strings of
 * whole then hold jsonnul.h's encoding (read them with jsonnul_text()),
 * the others are as cJSON reads them.
 */
void gen_import_nul(const char *path, const char *text, size_t len,
    cJSON **all, const char *whole, int *nul);

#endif
