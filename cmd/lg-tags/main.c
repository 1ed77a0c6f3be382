/*
 * lg-tags: failure tags of scored records, from what the record already
 * carries: its output and gold, the scorers' parts, verdicts and scores,
 * gen.finish_reason and the reasoning.  Records of other tasks, and
 * records with an error, pass through untouched.
 */
#include <getopt.h>
#include <stdlib.h>

#include "cmdline.h"
#include "diag.h"
#include "record.h"
#include "tags.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_MAX_RECORD = 0x100, OPT_VERSION
};

static const char usage[] =
"usage: lg-tags [--list-tasks] [--max-record SIZE] [file ...]\n"
"\n"
"  adds to each scored record \"tags\", a list of what went wrong:\n"
"  cut-reasoning, truncated, refused, format, stopped, skipped, repeated,\n"
"  looping (lg-tags(1) gives each one's rule), and \"units\", what was\n"
"  counted (want, written, missing, distinct_n)\n"
"\n"
"  --list-tasks      print the tasks it tags, one BENCH<TAB>TASK a line\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	lg_init(argv[0]);
	while ((c = lg_getopt(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_LIST_TASKS:
			tag_list_tasks();
			return lg_finish(0);
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	return rec_filter(argv + optind, argc - optind, tag_record, NULL);
}
