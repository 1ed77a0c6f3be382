/* lg-agree: two judgings of the same answers, item by item; a sheet of
 * judged items for a person to label, and the labels read back. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agree.h"
#include "cmdline.h"
#include "diag.h"
#include "opt.h"
#include "record.h"

static const char usage[] =
"usage: lg-agree [-f FORMAT] [-b N] [-s SEED] [-n N] [--max-record SIZE]\n"
"                A.jsonl B.jsonl\n"
"       lg-agree --sheet N [-s SEED] [--cut SIZE] [file ...]\n"
"       lg-agree --labels [--by NAME] [sheet ...]\n"
"       lg-agree -h | --help | --version\n"
"\n"
"  -f FORMAT          table (default), tsv or json\n"
"  -b, --bootstrap N  resamples of the records for kappa's interval\n"
"                     (default 1000)\n"
"  -s, --seed SEED    seed of the resampling and of the sheet (default 0)\n"
"  -n, --top N        disagreements listed per group in the table (10)\n"
"  --sheet N          write a sheet of N judged items, drawn at random,\n"
"                     for a person to label (TSV)\n"
"  --cut SIZE         bytes of text per cell of the sheet (default 2k)\n"
"  --labels           read labelled sheets, write them as a judging\n"
"  --by NAME          the judge the labels name (default person)\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

enum { OPT_SHEET = 256, OPT_CUT, OPT_LABELS, OPT_BY, OPT_MAXREC,
    OPT_VERSION };

static int
run_agree(char **files, const struct opts *o)
{
	struct judging j[2];
	struct names names;
	int s, st, status = LG_OK;

	memset(j, 0, sizeof j);
	memset(&names, 0, sizeof names);
	for (s = 0; s < 2; s++) {
		j[s].file = strcmp(files[s], "-") ? files[s] : "(stdin)";
		j[s].names = &names;
		if ((st = judging_read(&j[s], files[s])) > status)
			status = st;
	}
	if ((st = agree(&j[0], &j[1], o)) > status)
		status = st;
	judging_free(&j[0]);
	judging_free(&j[1]);
	names_free(&names);
	return status;
}

/* The options into o and *labels (--labels); the index of the first
 * operand. */
static int
parse(int argc, char **argv, struct opts *o, int *labels)
{
	static const struct option longopts[] = {
		{ "bootstrap", required_argument, NULL, 'b' },
		{ "seed", required_argument, NULL, 's' },
		{ "top", required_argument, NULL, 'n' },
		{ "sheet", required_argument, NULL, OPT_SHEET },
		{ "cut", required_argument, NULL, OPT_CUT },
		{ "labels", no_argument, NULL, OPT_LABELS },
		{ "by", required_argument, NULL, OPT_BY },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const formats[] = { "table", "tsv", "json" };
	int c;

	memset(o, 0, sizeof *o);
	o->resamples = 1000;
	o->top = 10;
	o->cut = 2048;
	o->by = "person";
	*labels = 0;
	while ((c = lg_getopt(argc, argv, "f:b:s:n:h", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'f':
			o->fmt = (int)opt_choice("-f", optarg, formats, 3);
			break;
		case 'b':
			o->resamples = (long)opt_num("--bootstrap", optarg, 1,
			    1000000);
			break;
		case 's':
			o->seed = opt_seed("--seed", optarg);
			break;
		case 'n':
			o->top = (long)opt_num("--top", optarg, 0, 1000000);
			break;
		case OPT_SHEET:
			o->sheet = (long)opt_num("--sheet", optarg, 1, 100000);
			break;
		case OPT_CUT:
			o->cut = opt_size("--cut", optarg, 16, 1 << 20);
			break;
		case OPT_LABELS:
			*labels = 1;
			break;
		case OPT_BY:
			if (*optarg == '\0' || strlen(optarg) > 256) {
				lg_warn("--by: \"%s\": not a name of 1 to 256 "
				    "bytes", optarg);
				exit(LG_USAGE);
			}
			o->by = optarg;
			break;
		case OPT_MAXREC:
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
	return optind;
}

/* The mode the options ask for, on the operands. */
static int
run(char **argv, int argc, const struct opts *o, int labels)
{
	int status;

	if (labels && o->sheet) {
		lg_warn("--sheet and --labels: one or the other");
		exit(LG_USAGE);
	}
	if (labels)
		status = sheet_import(argv, argc, o);
	else if (o->sheet)
		status = sheet_export(argv, argc, o);
	else {
		if (argc != 2) {
			lg_warn("two judgings to compare, A and B");
			exit(LG_USAGE);
		}
		if (strcmp(argv[0], "-") == 0 && strcmp(argv[1], "-") == 0) {
			lg_warn("A and B cannot both be the standard input");
			exit(LG_USAGE);
		}
		status = run_agree(argv, o);
	}
	return status;
}

int
main(int argc, char **argv)
{
	struct opts o;
	int labels, n;

	lg_init(argv[0]);
	n = parse(argc, argv, &o, &labels);
	return lg_finish(run(argv + n, argc - n, &o, labels));
}
