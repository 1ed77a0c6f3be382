/*
 * lg-gen longweave: the cf task (CODE_FIXING), code fixing.  The model gets
 * a runnable Python program, polluted with flake8 violations, and must
 * return it fixed and still runnable.
 *
 * A case is a pipeline over a small table of records: load_PLURAL() turns
 * the rows into dicts, then stages (records in, records out) and reports
 * (records in, a value out) drawn from share/templates/longweave/cf/
 * functions.txt, and main() runs them in order under a main guard.
 * Functions are added until the clean program is about 3.5 bytes per token
 * of the tier (or of --code-tokens; the library runs out near 10,000
 * tokens).  The table has 6 to 9 rows at 1k, 4 more each tier up, or
 * --rows (then nothing is drawn for its size, and the table comes on top
 * of the functions' size).  Each function is rendered twice with the same draws: clean
 * (gold.clean, what the oracle answers) and polluted (vars.code, what the
 * model sees).  Pollution, each with probability --rate (default 0.85):
 * the marked places of the library (bugbear B, simplify SIM,
 * comprehensions C4, naming N, some pycodestyle E and pyflakes F); local
 * names spelt against pep8-naming (rate x 0.3) and function names
 * (rate x 0.2); line edits for pycodestyle E and W, one on a line with
 * probability rate x 0.12; unused and duplicated imports, imports on one
 * line or below the constants.  The program still runs.  gold.planted
 * counts what was planted by family; the violations themselves are
 * counted by lg-flake8 with the flake8 plugins at hand.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

const char *const cf_kinds[3] = { "helper", "stage", "report" };
const char *const cf_fams[NFAM] = { "E", "W", "F", "B", "N", "SIM", "C4" };

/* --rate; --code-tokens, --rows (lw_cf.h), 0: the tier's */
static double rate = 0.85;
static long code_tokens;
long lw_cf_rows;
static const lw_option options[] = {
	{ .name = "rate", .frac = &rate },
	{ .name = "code-tokens", .min = 256, .max = LW_MAX_CODE_TOKENS,
	    .num = &code_tokens },
	{ .name = "rows", .min = 1, .max = LW_MAX_ROWS, .num = &lw_cf_rows },
	{ .name = NULL }
};

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	program p;
	size_t *order, nf = cf_lib.nfrag, i, k, stale, rows;
	double target = BYTES_PER_TOKEN * (double)(code_tokens ? code_tokens :
	    tier_tokens(c->tier));
	struct buf rowtext = { 0 };
	char *clean, *dirty;
	cJSON *vars, *checks, *o, *gold, *planted;
	int ret = 0;

	memset(&p, 0, sizeof p);
	p.c = c;
	p.r = r;
	p.rate = rate;
	p.d = &cf_lib.dom[rng_choice(r, cf_lib.ndom)];
	cf_rows(&p, &rowtext);
	/* a table of --rows comes on top of the program's functions */
	rows = lw_cf_rows ? 0 : rowtext.len;
	cf_strs_add(&p.names, xasprintf("load_%s", p.d->plural));
	cf_strs_add(&p.names, xstrdup("main"));
	p.defs = 2;
	order = xcalloc(nf, sizeof *order);
	for (i = 0; i < nf; i++)
		order[i] = i;
	/* rounds over the shuffled library until the program is long
	 * enough, or a whole round adds nothing */
	for (stale = 0; stale < 2; ) {
		int added = 0;

		rng_shuffle(r, order, nf, sizeof *order);
		for (k = 0; k < nf; k++) {
			const frag *f = &cf_lib.frag[order[k]];
			int got;

			if (f->kind == K_HELPER)
				continue;
			if (rows + p.clean.len + p.mclean.len + 400 >= target)
				break;
			if ((got = cf_add_frag(&p, f, 0)) < 0) {
				ret = -1;
				goto out;
			}
			added += got;
		}
		if (rows + p.clean.len + p.mclean.len + 400 >= target)
			break;
		stale = added ? 0 : stale + 1;
	}
	clean = cf_assemble(&p, rowtext.s, 0);
	dirty = cf_pollute(&p, cf_assemble(&p, rowtext.s, 1));

	vars = cJSON_CreateObject();
	cJSON_AddStringToObject(vars, "code", dirty);
	rec_set(rec, "vars", vars);

	checks = cJSON_CreateArray();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kind", "runnable");
	cJSON_AddItemToArray(checks, o);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kind", "flake8");
	cJSON_AddStringToObject(o, "select", "E,W,F,B,N,SIM,C4");
	cJSON_AddNumberToObject(o, "max", 0);
	cJSON_AddItemToArray(checks, o);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "kind", "functions");
	cJSON_AddNumberToObject(o, "want", (double)p.defs);
	cJSON_AddItemToArray(checks, o);
	rec_set(rec, "checks", checks);

	gold = cJSON_CreateObject();
	cJSON_AddStringToObject(gold, "clean", clean);
	cJSON_AddNumberToObject(gold, "functions", (double)p.defs);
	cJSON_AddNumberToObject(gold, "lines", (double)cf_count_lines(clean));
	cJSON_AddStringToObject(gold, "domain", p.d->plural);
	cJSON_AddNumberToObject(gold, "rate", p.rate);
	planted = cJSON_CreateObject();
	for (i = 0; i < NFAM; i++)
		cJSON_AddNumberToObject(planted, cf_fams[i], (double)p.planted[i]);
	cJSON_AddItemToObject(gold, "planted", planted);
	rec_set(rec, "gold", gold);
	free(clean);
	free(dirty);
out:
	free(order);
	buf_free(&rowtext);
	cf_program_free(&p);
	return ret;
}

const lw_task lw_cf = {
	.name = "cf", .published = "CODE_FIXING",
	.init = cf_init, .gen = gen, .fini = cf_fini, .options = options,
};
