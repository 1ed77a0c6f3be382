/*
 * lg-ppl: perplexity TSort.  For each Ada-LEval TSort case, the 24 orders
 * of its parts are scored by the prompt log-probabilities a completions
 * endpoint returns (echo with logprobs); the order of the lowest mean
 * negative log-likelihood is written as the record's answer.
 */
#include <sys/stat.h>

#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
#include "diag.h"
#include "jsonl.h"
#include "ppl.h"
#include "progress.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

typedef struct {
	ppl_opts *o;
	fetcher **f;		/* one per -P */
	idset *done;		/* --resume */
	idset *seen;		/* the ids read (resume_next) */
	unsigned long skipped;
	unsigned long cases, passed, failed, requests;
	int answered;		/* some request was answered */
	unsigned long written;	/* records out (scored, failed, passed on) */
	long lines;		/* lines of the input files, -1 unknown */
	int orders;		/* candidates of this case scored */
	const char *id;		/* of the case being scored */
	progress pg;		/* the status line, on a terminal */
} run;

/* Lines of the files named (stdin or a non-regular file: -1). */
static long
count_lines(char **files, int n)
{
	char b[65536];
	long lines = 0;
	int i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct stat st;
		FILE *fp;
		size_t k;
		int last = '\n';

		if (strcmp(files[i], "-") == 0 || stat(files[i], &st) < 0 ||
		    !S_ISREG(st.st_mode))
			return -1;
		if ((fp = fopen(files[i], "rb")) == NULL)
			return -1;	/* said again when it is read */
		while ((k = fread(b, 1, sizeof b, fp)) > 0) {
			const char *q = b, *e = b + k;

			while ((q = memchr(q, '\n', (size_t)(e - q))) != NULL) {
				lines++;
				q++;
			}
			last = b[k - 1];
		}
		fclose(fp);
		lines += last != '\n';
	}
	return lines;
}

/* The status line (progress.h), at most twice a second unless forced. */
static void
status_draw(run *r, int force)
{
	char mid[96];

	if (!r->pg.tty)
		return;
	r->pg.total = r->lines < 0 ? -1 : r->lines - (long)r->skipped;
	r->pg.done = r->written;
	r->pg.failed = r->failed;
	snprintf(mid, sizeof mid, "%lu requests, %d/%d orders of this case",
	    r->requests, r->orders, PPL_NORDERS);
	progress_line(&r->pg, mid, NULL, force);
}

/* After each candidate (pool.c): one more request. */
static void
tick(void *arg)
{
	run *r = arg;

	r->orders++;
	r->requests++;
	status_draw(r, 0);
}

/* The closing line, with what made the numbers. */
static void
summary(run *r)
{
	if (r->o->quiet)
		return;
	progress_end(&r->pg, "%lu case%s scored by %lu requests, %lu failed, "
	    "%lu other record%s passed on, %lu skipped as done; lg %s, model "
	    "%s, %s, perplexity of %d orders a case (echo, logprobs 1, "
	    "max_tokens 1), -P %d", r->cases, r->cases == 1 ? "" : "s",
	    r->requests, r->failed, r->passed, r->passed == 1 ? "" : "s",
	    r->skipped, LG_VERSION, r->o->model, fetch_endpoint(r->f[0]),
	    PPL_NORDERS, r->o->parallel);
}

/*
 * After SIGINT or SIGTERM: what is written is out, the summary, what was
 * lost and how to go on; then die of the signal.
 */
static void
stopped(run *r)
{
	int sig = progress_stopped();

	fflush(stdout);
	if (!r->o->quiet) {
		summary(r);
		lg_warn("interrupted: %lu record%s written, %s%s%s; %s",
		    r->written, r->written == 1 ? "" : "s", r->id ? "case " : "",
		    r->id ? r->id : "none", r->id ? " begun not written" :
		    " begun", r->o->resume != NULL ? "the same command finishes "
		    "the run" : "to finish, run again with --resume OUT >> OUT, "
		    "OUT being this run's output");
	}
	progress_die(sig);
}


static cJSON *
order_json(const int order[PPL_NPARTS])
{
	return cJSON_CreateIntArray(order, PPL_NPARTS);
}

static cJSON *
make_gen(run *r, double latency, long attempts, long tokens)
{
	cJSON *g = cJSON_CreateObject();

	cJSON_AddStringToObject(g, "model", r->o->model);
	cJSON_AddStringToObject(g, "endpoint", fetch_endpoint(r->f[0]));
	cJSON_AddStringToObject(g, "api", "completions");
	cJSON_AddStringToObject(g, "method", "perplexity");
	cJSON_AddNumberToObject(g, "requests", PPL_NORDERS);
	cJSON_AddNumberToObject(g, "prompt_tokens", (double)tokens);
	cJSON_AddNumberToObject(g, "output_tokens", 0);
	cJSON_AddNumberToObject(g, "latency_s", latency);
	cJSON_AddNumberToObject(g, "attempts", (double)attempts);
	return g;
}

static void
free_cands(ppl_cand *c)
{
	int i;

	for (i = 0; i < PPL_NORDERS; i++)
		free(c[i].error);
}

static int
one(cJSON *rec, jsonl *in, void *arg)
{
	run *r = arg;
	const cJSON *vars = rec_get(rec, "vars");
	ppl_cand c[PPL_NORDERS] = { 0 };
	ppl_case pc;
	cJSON *cands, *ppl;
	double best = INFINITY, latency = 0;
	long attempts = 0, tokens = 0;
	int order[PPL_NPARTS], bestord[PPL_NPARTS] = { 0 }, i;
	const char *why, *stage;
	char answer[64];

	fflush(stdout);		/* what is done is out before more is asked */
	r->id = NULL;
	if (progress_stopped())
		stopped(r);
	status_draw(r, 0);
	switch (resume_next(r->done, r->seen, rec, in)) {
	case RESUME_DONE:
		r->skipped++;
		return REC_DROP;
	case RESUME_DUP:
		progress_clear(&r->pg);
		resume_dup_warn(r->seen, rec, in);
		return REC_DROP_BAD;
	case RESUME_NOID:	/* refused when resuming */
		if (r->done == NULL)
			break;
		progress_clear(&r->pg);
		jsonl_warn(in, "%s, skipped", RESUME_NOID_MSG);
		return REC_DROP_BAD;
	}
	r->written++;		/* once this returns */
	if (task_find(ppl_tasks, ppl_ntasks, rec) == NULL ||
	    (vars == NULL && rec_get(rec, "error") != NULL)) {
		r->passed++;	/* not ours, or failed earlier: on it goes */
		return REC_OK;
	}
	r->cases++;
	r->id = rec_id(rec);
	r->orders = 0;
	rec_del(rec, "output");
	rec_del(rec, "reasoning");
	if (ppl_case_read(vars, &pc, &why) < 0) {
		progress_clear(&r->pg);
		jsonl_warn(in, "%s: %s", rec_id(rec), why);
		rec_error(rec, "ppl", "%s", why);
		r->failed++;
		return REC_BAD;
	}
	for (i = 0; i < PPL_NORDERS; i++)
		ppl_order(i, c[i].order);
	pool_score(r->f, r->o->parallel, r->o, &pc, c, PPL_NORDERS, tick, r);
	if (progress_stopped()) {
		free_cands(c);
		r->written--;	/* this one is not */
		r->cases--;
		stopped(r);
	}
	for (i = 0; i < PPL_NORDERS; i++) {
		latency += c[i].latency;
		attempts += c[i].attempts;
		tokens += c[i].error == NULL ? c[i].tokens : 0;
		if (c[i].error == NULL)
			r->answered = 1;
	}
	for (i = 0; i < PPL_NORDERS; i++) {
		if (c[i].error == NULL)
			continue;
		ppl_order(i, order);
		progress_clear(&r->pg);
		if (c[i].setup && !r->answered)
			lg_die(LG_SYS, "%s: %s (is the server up, and the base URL, "
			    "model and key right?)", fetch_endpoint(r->f[0]),
			    c[i].error);
		jsonl_warn(in, "%s: order %d %d %d %d: %s", rec_id(rec),
		    order[0], order[1], order[2], order[3], c[i].error);
		rec_error(rec, "ppl", "order [%d, %d, %d, %d]: %s", order[0],
		    order[1], order[2], order[3], c[i].error);
		rec_set(rec, "gen", make_gen(r, latency, attempts, tokens));
		free_cands(c);
		r->failed++;
		return REC_BAD;
	}
	cands = cJSON_CreateArray();
	for (i = 0; i < PPL_NORDERS; i++) {
		cJSON *o = cJSON_CreateObject();

		ppl_order(i, order);
		cJSON_AddItemToObject(o, "order", order_json(order));
		cJSON_AddNumberToObject(o, "nll", c[i].nll);
		cJSON_AddNumberToObject(o, "tokens", (double)c[i].tokens);
		cJSON_AddItemToArray(cands, o);
		if (c[i].nll < best) {	/* ties: the first order in the list */
			best = c[i].nll;
			memcpy(bestord, order, sizeof order);
		}
	}
	free_cands(c);
	snprintf(answer, sizeof answer, "Answer: [%d, %d, %d, %d]", bestord[0],
	    bestord[1], bestord[2], bestord[3]);
	rec_set_str(rec, "output", answer);
	ppl = cJSON_CreateObject();
	cJSON_AddItemToObject(ppl, "order", order_json(bestord));
	cJSON_AddNumberToObject(ppl, "nll", best);
	cJSON_AddItemToObject(ppl, "candidates", cands);
	rec_set(rec, "ppl", ppl);
	rec_set(rec, "gen", make_gen(r, latency, attempts, tokens));
	stage = rec_str(rec_get(rec, "error"), "stage");
	if (stage != NULL && strcmp(stage, "ppl") == 0)
		rec_del(rec, "error");
	return REC_OK;
}

/*
 * The server when --base-url is not given: the first of $LG_BASE_URL,
 * kept in *envbase (the caller frees it).
 */
static void
ppl_env(ppl_opts *o, char **envbase)
{
	const char *e = getenv("LG_BASE_URL");

	*envbase = NULL;
	if (o->base == NULL && e != NULL) {
		e += strspn(e, ", \t\n");
		*envbase = xstrndup(e, strcspn(e, ", \t\n"));
		if (**envbase != '\0')
			o->base = *envbase;
	}
	if (o->base == NULL)
		lg_die(LG_USAGE, "no server: give --base-url URL or set LG_BASE_URL");
	o->key = apikey_get(o->keyfile);
}

/* Score files[0..n) to stdout: the exit status. */
static int
ppl_run(ppl_opts *o, char **files, int n)
{
	run r = { 0 };
	const char *err = NULL;
	int status, i;

	r.o = o;
	r.f = xcalloc((size_t)o->parallel, sizeof *r.f);
	for (i = 0; i < o->parallel; i++)
		if ((r.f[i] = fetch_new(o, &err)) == NULL)
			lg_die(LG_USAGE, "%s", err);
	if (o->resume != NULL)
		r.done = ppl_resume(o);
	r.seen = idset_new();
	progress_start(&r.pg, o->quiet);
	r.lines = count_lines(files, n);
	status_draw(&r, 1);
	progress_catch_stop();
	status = rec_filter(files, n, one, &r);
	r.id = NULL;
	if (progress_stopped())
		stopped(&r);
	summary(&r);
	idset_free(r.done);
	idset_free(r.seen);
	for (i = 0; i < o->parallel; i++)
		fetch_free(r.f[i]);
	free(r.f);
	return status;
}

int
main(int argc, char **argv)
{
	ppl_opts o = { 0 };
	char *envbase;
	int first, status;

	lg_init(argv[0]);
#ifdef M_ARENA_MAX
	/*
	 * One heap for all workers: each reply is megabytes, freed as soon as
	 * it is read, and glibc's per-thread heaps kept about one reply each
	 * beyond what was live (128k tokens at -P 8: 96 MB of RSS, 60 MB with
	 * one heap, at the same CPU per case; bench/ppl.sh).
	 */
	mallopt(M_ARENA_MAX, 1);
#endif
	first = ppl_parse(argc, argv, &o);
	ppl_env(&o, &envbase);
	status = ppl_run(&o, argv + first, argc - first);
	free(envbase);
	if (o.key != NULL) {
		explicit_bzero(o.key, strlen(o.key));
		free(o.key);
	}
	return status;
}
