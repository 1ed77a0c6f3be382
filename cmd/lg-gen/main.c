/* lg-gen: write benchmark cases as JSON Lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "gen.h"
#include "tasklist.h"

/* The help, but for the -t line that usage() makes from the tables. */
static const char usage_head[] =
"usage: lg-gen longgenbench [-n N] [-s SEED] [-l TIER[,TIER]] [-t TASK[,TASK]]\n"
"              [--max-record SIZE] [--import FILE [--model NAME]]\n"
"       lg-gen longweave [-n N] [-s SEED] [-l TIER[,TIER]] [-t TASK[,TASK]]\n"
"              [--corpus FILE|DIR] [--states N] [--inputs N] [--rate R]\n"
"              [--entries N] [--key-length N] [--value-length N] [--steps N]\n"
"              [--segments N] [--segment-words N] [--code-tokens N]\n"
"              [--rows N] [--facts N] [--records N] [--categories N]\n"
"              [--statements N] [--words N]\n"
"       lg-gen adaleval [-t tsort|bestanswer] [-n N] [-s SEED] [-l TIER[,TIER]]\n"
"              [--corpus PATH] [--import FILE] [--stride N]\n"
"              [--gold-at front|middle|rear] [--truncate TIER]\n"
"              [--tokenizer FILE] [--max-record SIZE]\n"
"       lg-gen [longgenbench | longweave | adaleval] --list-tasks\n"
"       lg-gen -h | --help | --version\n"
"\n"
"  -n N            cases per task and tier (default 10)\n"
"  -s SEED         seed of the suite (default 0)\n"
"  -l TIER         length tiers (longgenbench: 8k 16k 32k 64k 128k;\n"
"                  longweave: 1k 2k 4k 8k; adaleval tsort: 2k 4k 8k 16k\n"
"                  32k 64k 128k; bestanswer: 1k 2k 4k 6k 8k 12k 16k 32k\n"
"                  64k 128k)\n";
static const char usage_tail[] =
"  --import FILE   read official LongGenBench dataset or result files\n"
"                  (-n, -l and -t choose among their cases), or\n"
"                  Ada-LEval textsort_*.json and stackselect_*.json\n"
"                  files (-n takes their first N cases)\n"
"  --model NAME    the model of imported results (gen.model)\n"
"  --max-record SIZE  record size limit when importing (default 64M)\n"
"  --corpus PATH   plain-text documents for the pr and tsort tasks; for\n"
"                  bestanswer, questions and answers as JSON Lines\n"
"  --states N      states of the sms machines (default 3)\n"
"  --inputs N      input symbols of the sms machines (default 3)\n"
"  --rate R        probability of each planted lint violation in cf (default 0.85)\n"
"  longweave difficulty knobs (default the tier's published size):\n"
"  --entries N     kvg: dictionary entries (20 40 80 160)\n"
"  --key-length N, --value-length N  kvg: key and value characters (32)\n"
"  --steps N       sms: input steps (55 110 220 440)\n"
"  --segments N    pr: segments (5 8 12 16)\n"
"  --segment-words N  pr: words per segment at most (120 150 200 300)\n"
"  --code-tokens N cf: program tokens (the tier's)\n"
"  --rows N        cf: table rows (6-9 at 1k, 4 more each tier)\n"
"  --facts N       biog: facts (15 30 60 120)\n"
"  --records N     sr: orders (50 100 200 400)\n"
"  --categories N  nw: categories (2 5 8 10)\n"
"  --statements N  nw: statements per category (4 4 5 6)\n"
"  --words N       biog, sr, nw: word target of the text (1024 to 8192)\n"
"  --stride N      adaleval tsort: paragraphs between case starts in a book\n"
"  --gold-at POS   adaleval bestanswer: put the accepted answer first, in\n"
"                  the middle or last\n"
"  --truncate TIER adaleval bestanswer: cut each prompt to TIER's tokens\n"
"  --tokenizer FILE  cl100k_base rank table for token counts (default\n"
"                  $LG_TOKENIZER, else the shipped one; '' for estimates)\n"
"  --list-tasks    print the tasks of the benchmark, or of every one,\n"
"                  and exit\n"
"  -h, --help      print this help\n"
"  --version       print the version\n";

/* The benchmarks: one entry each. */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *(*task)(size_t i);
} benches[] = {
	{ "longgenbench", gen_longgenbench, gen_longgenbench_task },
	{ "longweave", gen_longweave, gen_longweave_task },
	{ "adaleval", gen_adaleval, gen_adaleval_task },
};
#define NBENCHES (sizeof benches / sizeof benches[0])

#define USAGE_WIDTH 72	/* the -t line's words wrap before this column */

/* The words of the -t line, "tasks (BENCH: TASK ...; BENCH: ...)", wrapped
 * under its text. */
static void
task_words(struct buf *b)
{
	size_t i, k, col, start = b->len;
	const char *t;
	int fresh = 1;	/* nothing yet after the line's indent */

	buf_puts(b, "  -t TASK         tasks (");
	col = b->len - start;
	for (i = 0; i < NBENCHES; i++)
		for (k = 0; (t = benches[i].task(k)) != NULL; k++) {
			int last = benches[i].task(k + 1) == NULL;
			char w[64];
			int n = k == 0 ?
			    snprintf(w, sizeof w, "%s: %s", benches[i].name, t) :
			    snprintf(w, sizeof w, "%s", t);

			if (last)
				n += snprintf(w + n, sizeof w - (size_t)n, "%s",
				    i + 1 < NBENCHES ? ";" : ")");
			if (!fresh && col + 1 + (size_t)n > USAGE_WIDTH) {
				buf_puts(b, "\n                  ");
				col = 18;
			} else if (!fresh) {
				buf_putc(b, ' ');
				col++;
			}
			buf_puts(b, w);
			col += (size_t)n;
			fresh = 0;
		}
	buf_putc(b, '\n');
}

void
gen_usage(int status)
{
	struct buf b = { 0 };

	buf_puts(&b, usage_head);
	task_words(&b);
	buf_puts(&b, usage_tail);
	lg_usage(buf_str(&b), status);
}

void
gen_list_tasks(const char *bench)
{
	size_t i, k;
	const char *t;

	for (i = 0; i < NBENCHES; i++)
		if (bench == NULL || strcmp(bench, benches[i].name) == 0)
			for (k = 0; (t = benches[i].task(k)) != NULL; k++)
				task_line(benches[i].name, t, NULL);
	exit(lg_finish(0));
}

int
main(int argc, char **argv)
{
	size_t i;

	lg_init(argv[0]);
	if (argc < 2)
		gen_usage(LG_USAGE);
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
		gen_usage(0);
	if (strcmp(argv[1], "--version") == 0)
		lg_version();
	if (strcmp(argv[1], "--list-tasks") == 0)
		gen_list_tasks(NULL);
	for (i = 0; i < NBENCHES; i++)
		if (strcmp(argv[1], benches[i].name) == 0)
			return benches[i].run(argc - 1, argv + 1);
	lg_warn("unknown benchmark: %s (longgenbench, longweave, adaleval)", argv[1]);
	gen_usage(LG_USAGE);
}
