/*
 * score.h: lg-score, every record scored by its task's scorers, which it
 * runs as one pipeline of the scoring tools (each passes the records of
 * other tasks through untouched).  opts.c reads the command line,
 * stages.c owns the stages and the task map made from their --list-tasks,
 * pipeline.c runs them and feeds them the records.
 */
#ifndef LG_SCORE_H
#define LG_SCORE_H

#include <stddef.h>

/* How lg-judge decides: by rules (the default), a model, or both. */
enum { JUDGE_RULES, JUDGE_MODEL, JUDGE_HYBRID };

#define SCORE_MAX_URLS 16	/* --judge-base-url, repeatable */

typedef struct {
	const char *self;	/* argv[0]: the stages are found beside it */
	int judge;		/* JUDGE_* */
	int compat;		/* --compat: the published setups */
	int cf_relevance;	/* --cf-relevance, or --compat with a model */
	const char *prompt;	/* --compat-prompt: a, b or c, or NULL */
	const char *definition;	/* --definition: code or paper, or NULL */
	const char *urls[SCORE_MAX_URLS];
	size_t nurls;
	const char *model;	/* --judge-model, --model */
	const char *keyfile;	/* --api-key-file */
	const char *python;	/* --python, for lg-flake8 */
	int list_tasks;
	char **files;
	int nfiles;
} score_opts;

/* Read the command line into o; exits on --help, --version or a mistake. */
void score_parse(int argc, char **argv, score_opts *o);

/* One stage of the pipeline: a tool and its arguments for these options. */
typedef struct {
	const char *name;	/* lg-split ... */
	char **argv;		/* its arguments, NULL-terminated */
} score_stage;

/* The stages for o, in the pipeline's order; free with stages_free(). */
score_stage *stages_make(const score_opts *o, size_t *n);
void stages_free(score_stage *s, size_t n);

/*
 * The task map: each task some stage scores under o, in the order the
 * stages list them, with the stages that score it.
 */
typedef struct {
	char *bench, *task;
	char *chain;		/* "lg-split,lg-judge" */
	int optin;		/* the judge lists it without "rules": its
				 * question is asked only by --cf-relevance */
} score_task;

/* From the stages' own --list-tasks; exits 3 when one cannot say. */
score_task *tasks_make(const score_opts *o, size_t *n);
void tasks_free(score_task *t, size_t n);
/* The entry of bench/task, or NULL. */
const score_task *tasks_find(const score_task *t, size_t n, const char *bench,
    const char *task);

/* Score the input: the exit status. */
int score_run(const score_opts *o);

#endif
