/*
 * lg-choice: score Ada-LEval answers (bestanswer: the designation given;
 * tsort: the order given).  Records of other benchmarks and tasks pass
 * through untouched.
 */
#include <getopt.h>
#include <stdlib.h>

#include "choice.h"
#include "diag.h"
#include "record.h"
#include "util.h"

static const char usage[] =
"usage: lg-choice [--compat] [--max-record SIZE] [file ...]\n"
"\n"
"  --compat           the published answer parsers, rule for rule\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

static int
each(cJSON *rec, jsonl *in, void *arg)
{
	const int *compat = arg;

	if (!rec_is(rec, "adaleval", "tsort") && !rec_is(rec, "adaleval", "bestanswer"))
		return REC_OK;
	return score_record(rec, in, *compat);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, 'C' },
		{ "max-record", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c, compat = 0, status;

	lg_init(argv[0]);
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'C':
			compat = 1;
			break;
		case 'M':
			opt_max_record(optarg);
			break;
		case 'h':
			lg_usage(usage, 0);
		case 'V':
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	parse_init();
	status = rec_filter(argv + optind, argc - optind, each, &compat);
	parse_fini();
	return status;
}
