/*
 * opts.c: the options every generator of lg-gen shares (-n -s -l -t, -h,
 * --version, --list-tasks), parsed once for all of them, and the loop that hands each
 * benchmark its own options.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "diag.h"
#include "gen.h"
#include "opt.h"
#include "tasklist.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_VERSION = 0x2000	/* above the benchmarks' own codes */
};

void
gen_parse(int argc, char **argv, const struct option *own,
    int (*take)(int c, const char *arg, void *ctx), void *ctx, gen_opts *g)
{
	static const struct option shared[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
	};
	const char *bench = argv[0];
	struct option *lo;
	size_t n = 0, i;
	int c;

	while (own != NULL && own[n].name != NULL)
		n++;
	lo = xcalloc(n + 4, sizeof *lo);
	memcpy(lo, shared, sizeof shared);
	for (i = 0; i < n; i++)
		lo[3 + i] = own[i];
	memset(g, 0, sizeof *g);
	g->n = GEN_DEFAULT_N;
	/* getopt's own messages name the program, not the benchmark */
	argv[0] = (char *)lg_prog;
	optind = 1;
	while ((c = lg_getopt(argc, argv, "n:s:l:t:h", lo, NULL)) != -1) {
		switch (c) {
		case 'n':
			g->n = (long)opt_num("-n", optarg, 0, GEN_MAX_N);
			g->set_n = 1;
			break;
		case 's':
			g->seed = opt_seed("-s", optarg);
			g->set_s = 1;
			break;
		case 'l': g->tiers = optarg; break;
		case 't': g->tasks = optarg; break;
		case 'h': gen_usage(0);
		case OPT_VERSION: lg_version();
		case OPT_LIST_TASKS: gen_list_tasks(bench);
		case '?': gen_usage(LG_USAGE);
		default:
			if (take == NULL || take(c, optarg, ctx) < 0)
				gen_usage(LG_USAGE);
		}
	}
	free(lo);
	if (optind != argc)
		lg_die(LG_USAGE, "unexpected argument: %s", argv[optind]);
}
