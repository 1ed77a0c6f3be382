/*
 * judgecost.c: --judge OPTS with --dry-run: what judging the answers will
 * cost, as lg-judge counts it.  The records read are copied to a memory
 * file (memfd_create()); lg-judge --dry-run OPTS runs as a child on it
 * (runtool.h) and its table (bench, task, length, records,
 * failed_before, judge_requests, judge_output_tokens_max,
 * judge_prompt_tokens) is kept by
 * group: lg-judge owns how many calls a record costs, not lg-infer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "infer.h"
#include "jsonl.h"
#include "runtool.h"
#include "xalloc.h"

#define MAX_OUT ((size_t)64 << 20)	/* what lg-judge may print */
#define MAX_ARGS 64			/* words of --judge */

struct jrow {
	char *key;		/* "bench\ttask\tlength" */
	double requests, out_max, prompt;
};

struct judgecost {
	FILE *copy;
	char *words;		/* --judge, split in place */
	struct jrow *r;
	size_t n;
	int ok;			/* lg-judge ran and gave its table */
};

judgecost *
judgecost_new(const infer_opts *o)
{
	judgecost *j;
	int fd;

	if (o->judge == NULL)
		return NULL;
	if ((fd = memfd_create("lg-infer-judge", MFD_CLOEXEC)) < 0)
		lg_die(LG_SYS, "memfd_create: %s", strerror(errno));
	j = xcalloc(1, sizeof *j);
	if ((j->copy = fdopen(fd, "w+")) == NULL)
		lg_die(LG_SYS, "fdopen: %s", strerror(errno));
	return j;
}

void
judgecost_add(judgecost *j, const cJSON *rec)
{
	char *s;

	if (j == NULL)
		return;
	if ((s = cJSON_PrintUnformatted(rec)) == NULL)
		lg_die(LG_SYS, "out of memory");
	if (fputs(s, j->copy) == EOF || putc('\n', j->copy) == EOF)
		lg_die(LG_SYS, "the copy for lg-judge: %s", strerror(errno));
	cJSON_free(s);
}

/* Keep the rows of lg-judge's table (not its header nor total). */
static void
take_rows(judgecost *j, char *s)
{
	char *line, *save = NULL, *f[8], *p;
	int k;

	for (line = strtok_r(s, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		for (k = 0, p = line; k < 8 && p != NULL; k++) {
			f[k] = p;
			if ((p = strchr(p, '\t')) != NULL)
				*p++ = '\0';
		}
		if (k < 7 || strcmp(f[0], "bench") == 0 ||
		    strcmp(f[0], "total") == 0)
			continue;
		j->r = xreallocarray(j->r, j->n + 1, sizeof *j->r);
		j->r[j->n].key = xasprintf("%s\t%s\t%s", f[0], f[1], f[2]);
		j->r[j->n].requests = strtod(f[5], NULL);
		j->r[j->n].out_max = strtod(f[6], NULL);
		j->r[j->n].prompt = k > 7 ? strtod(f[7], NULL) : 0;
		j->n++;
	}
}

int
judgecost_run(judgecost *j, const infer_opts *o)
{
	char *av[MAX_ARGS + 4], *w, *save = NULL, maxrec[32];
	runjob job = { 0 };
	size_t n = 0;

	if (j == NULL)
		return LG_OK;
	if (fflush(j->copy) == EOF)
		lg_die(LG_SYS, "the copy for lg-judge: %s", strerror(errno));
	av[n++] = (char *)"--dry-run";
	j->words = xstrdup(o->judge);
	for (w = strtok_r(j->words, " \t\n", &save); w != NULL;
	    w = strtok_r(NULL, " \t\n", &save)) {
		if (n >= MAX_ARGS)
			lg_die(LG_USAGE, "--judge: more than %d words", MAX_ARGS);
		av[n++] = w;
	}
	snprintf(maxrec, sizeof maxrec, "%zu", jsonl_max);
	av[n++] = (char *)"--max-record";
	av[n++] = maxrec;
	av[n] = NULL;
	job.name = "lg-judge";
	job.argv = av;
	runtools(o->self, &job, 1, fileno(j->copy), MAX_OUT, 1);
	if (job.err.len > 0 && (job.status != 0 || !o->quiet))
		fputs(buf_str(&job.err), stderr);
	if ((j->ok = job.status == 0))
		take_rows(j, (char *)buf_str(&job.out));
	else if (job.status < 0)
		lg_warn("lg-judge: %s", job.why);
	else
		lg_warn("--judge: lg-judge exited with status %d: no judge "
		    "columns", job.status);
	free(job.why);
	buf_free(&job.out);
	buf_free(&job.err);
	return job.status == 0 ? LG_OK : job.status < 0 ? LG_SYS : job.status;
}

int
judgecost_get(const judgecost *j, const char *const key[3], double *requests,
    double *out_max, double *prompt)
{
	char *k;
	size_t i;

	if (j == NULL || !j->ok)
		return 0;
	k = xasprintf("%s\t%s\t%s", key[0], key[1], key[2]);
	for (i = 0; i < j->n && strcmp(j->r[i].key, k) != 0; i++)
		;
	free(k);
	*requests = i < j->n ? j->r[i].requests : 0;
	*out_max = i < j->n ? j->r[i].out_max : 0;
	*prompt = i < j->n ? j->r[i].prompt : 0;
	return 1;
}

void
judgecost_free(judgecost *j)
{
	size_t i;

	if (j == NULL)
		return;
	fclose(j->copy);
	for (i = 0; i < j->n; i++)
		free(j->r[i].key);
	free(j->r);
	free(j->words);
	free(j);
}
