/* lg-plot: standalone SVG charts of scored records. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmdline.h"
#include "charts.h"
#include "diag.h"
#include "record.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-plot [-k KIND] [-o DIR] [--compat] [--bins N] [--max-record SIZE]\n"
"               [file ...]\n"
"       lg-plot -h | --help | --version\n"
"\n"
"  -k KIND            the chart written to stdout: position, lgb-tiers,\n"
"                     longweave, adaleval or bias (default position)\n"
"  -o DIR             write every chart that has data to DIR/KIND.svg and\n"
"                     print their names\n"
"  --compat           position: the published curve (absolute position, 16k\n"
"                     Floor and Block positions past 52 dropped)\n"
"  --bins N           position: relative position in N bins (default 10)\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

enum { OPT_COMPAT = 256, OPT_BINS, OPT_MAXREC, OPT_VERSION };

static int
write_file(const char *path, const buf *b)
{
	FILE *f = fopen(path, "w");

	if (f == NULL) {
		lg_warn("%s: %s", path, strerror(errno));
		return -1;
	}
	if (fwrite(b->s, 1, b->len, f) != b->len || fclose(f) != 0) {
		lg_warn("%s: write failed", path);
		return -1;
	}
	return 0;
}

static int
run(char **files, int n, int kind, const char *dir, int compat, int bins)
{
	struct charts *t = charts_new(compat, bins);
	jsonl *in = jsonl_open(files, n);
	cJSON *rec;
	int status, bad = 0, k;

	while ((rec = jsonl_next(in)) != NULL) {
		if (charts_add(t, rec, in) < 0)
			bad = 1;
		rec_free(rec);
	}
	status = jsonl_status(in);
	jsonl_free(in);
	if (status == LG_SYS) {
		charts_free(t);
		return LG_SYS;
	}
	if (bad && status == LG_OK)
		status = LG_BAD;
	if (dir != NULL && mkdir(dir, 0777) < 0 && errno != EEXIST) {
		lg_warn("%s: %s", dir, strerror(errno));
		charts_free(t);
		return LG_SYS;
	}
	for (k = 0; k < CH_NKINDS; k++) {
		struct svg_chart c;
		buf b = { 0 };

		if (dir == NULL ? k != kind : charts_points(t, k) == 0)
			continue;
		charts_build(t, k, charts_kind[k], &c);
		svg_write(&b, &c);
		charts_done(&c);
		if (dir == NULL) {
			fwrite(b.s, 1, b.len, stdout);
		} else {
			char *path = xasprintf("%s/%s.svg", dir, charts_kind[k]);

			if (write_file(path, &b) < 0)
				status = LG_SYS;
			else
				printf("%s\n", path);
			free(path);
		}
		buf_free(&b);
	}
	charts_free(t);
	return lg_finish(status);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "bins", required_argument, NULL, OPT_BINS },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	const char *dir = NULL;
	int c, kind = CH_POSITION, compat = 0, bins = 10;
	char *end;
	long v;

	lg_init(argv[0]);
	while ((c = lg_getopt(argc, argv, "k:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'k':
			if ((kind = charts_kind_of(optarg)) < 0) {
				lg_warn("-k: unknown chart: %s (position, lgb-tiers, "
				    "longweave, adaleval, bias)", optarg);
				lg_usage(usage, LG_USAGE);
			}
			break;
		case 'o':
			dir = optarg;
			break;
		case OPT_COMPAT:
			compat = 1;
			break;
		case OPT_BINS:
			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || v < 1 || v > 1000) {
				lg_warn("--bins: not a number from 1 to 1000: %s", optarg);
				lg_usage(usage, LG_USAGE);
			}
			bins = (int)v;
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
	return run(argv + optind, argc - optind, kind, dir, compat, bins);
}
