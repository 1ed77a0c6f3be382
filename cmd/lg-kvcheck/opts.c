/* opts.c: lg-kvcheck's command line. */
#include <getopt.h>
#include <stdio.h>

#include "cmdline.h"
#include "diag.h"
#include "opt.h"
#include "record.h"
#include "score.h"

static const char usage[] =
"usage: lg-kvcheck [--definition DEF | --compat] [--max-record SIZE]\n"
"                  [file ...]\n"
"\n"
"  --definition DEF  code (default): the score of the published code,\n"
"                    harmonic mean of position, count and length, 0 when\n"
"                    the pair is missing; paper: the paper's metrics,\n"
"                    harmonic mean of existence, length and position\n"
"  --compat          score as the published scorer: the value may stand\n"
"                    anywhere, the dictionary is read by Python's json\n"
"                    rules and measured by Python's str(), published\n"
"                    rounding; answers it never scored get evaluated 0\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  --list-tasks      print the tasks it scores and exit\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

/* --definition, in the order of KV_DEF_CODE, KV_DEF_PAPER */
static const char *const defs[] = { "code", "paper" };

enum { OPT_COMPAT = 256, OPT_DEF, OPT_MAXREC, OPT_LIST, OPT_VERSION };

int
kv_opts_parse(int argc, char **argv, const lg_task *t, size_t n, kv_opts *o)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "definition", required_argument, NULL, OPT_DEF },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "list-tasks", no_argument, NULL, OPT_LIST },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c, defset = 0;

	o->compat = 0;
	o->def = KV_DEF_CODE;
	while ((c = lg_getopt(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_COMPAT:
			o->compat = 1;
			break;
		case OPT_DEF:
			o->def = (int)opt_choice("--definition", optarg, defs,
			    sizeof defs / sizeof defs[0]);
			defset = 1;
			break;
		case OPT_MAXREC:
			opt_max_record(optarg);
			break;
		case OPT_LIST:
			task_list(t, n);
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	if (o->compat && defset && o->def != KV_DEF_CODE)
		lg_die(LG_USAGE, "--definition paper: not with --compat, which "
		    "scores as the published code");
	return optind;
}
