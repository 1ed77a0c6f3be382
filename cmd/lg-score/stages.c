/*
 * stages.c: lg-score's stages (the scoring tools, in the pipeline's order,
 * with their arguments) and the task map made from each stage's own
 * --list-tasks (score.h).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "diag.h"
#include "runtool.h"
#include "score.h"
#include "xalloc.h"

enum { S_JUDGE = 1, S_FLAKE8 = 2, S_DEF = 4 };

/*
 * The scorers, in the order the records go through them: lg-judge after
 * lg-flake8, whose scores --cf-relevance reads.  Every one passes the
 * records of the tasks it does not score through untouched, and takes
 * --compat and --max-record; S_DEF: --definition too (lg-judge's by rules
 * only, as score_parse() refuses paper with a judge model).  A task
 * lg-judge lists without "rules" is the question of --cf-relevance: it is
 * judged only when that is given.
 */
static const struct stage_def {
	const char *name;
	int flags;
} defs[] = {
	{ "lg-split", 0 },
	{ "lg-kvcheck", S_DEF },
	{ "lg-fsmcheck", 0 },
	{ "lg-tau", 0 },
	{ "lg-flake8", S_FLAKE8 | S_DEF },
	{ "lg-judge", S_JUDGE | S_DEF },
	{ "lg-choice", 0 },
};
#define NDEFS (sizeof defs / sizeof defs[0])
#define STAGE_MAX_RECORD "1024G"	/* the most opt_max_record() takes */
#define MAX_ARGS (16 + 2 * SCORE_MAX_URLS)

static void
add(const char **av, size_t *n, const char *a)
{
	av[(*n)++] = a;
}

/* lg-judge's arguments for the judging o asks. */
static void
judge_args(const score_opts *o, const char **av, size_t *n)
{
	size_t i;

	if (o->judge == JUDGE_RULES) {
		add(av, n, "--rules");
		return;
	}
	if (o->judge == JUDGE_HYBRID)
		add(av, n, "--hybrid");
	if (o->cf_relevance)
		add(av, n, "--cf-relevance");
	for (i = 0; i < o->nurls; i++) {
		add(av, n, "--judge-base-url");
		add(av, n, o->urls[i]);
	}
	if (o->model != NULL) {
		add(av, n, "--judge-model");
		add(av, n, o->model);
	}
	if (o->keyfile != NULL) {
		add(av, n, "--api-key-file");
		add(av, n, o->keyfile);
	}
	if (o->prompt != NULL) {
		add(av, n, "--compat-prompt");
		add(av, n, o->prompt);
	}
}

score_stage *
stages_make(const score_opts *o, size_t *n)
{
	score_stage *s = xcalloc(NDEFS, sizeof *s);
	size_t i;

	for (i = 0; i < NDEFS; i++) {
		const char **av = xcalloc(MAX_ARGS, sizeof *av);
		size_t k = 0;

		if (defs[i].flags & S_JUDGE)
			judge_args(o, av, &k);
		if (o->compat)
			add(av, &k, "--compat");
		if ((defs[i].flags & S_DEF) && o->definition != NULL &&
		    (!(defs[i].flags & S_JUDGE) || o->judge == JUDGE_RULES)) {
			add(av, &k, "--definition");
			add(av, &k, o->definition);
		}
		if ((defs[i].flags & S_FLAKE8) && o->python != NULL) {
			add(av, &k, "--python");
			add(av, &k, o->python);
		}
		/* the limit is the input's (the feeder's): a record that
		 * grows in a stage is never dropped by the next one */
		add(av, &k, "--max-record");
		add(av, &k, STAGE_MAX_RECORD);
		s[i].name = defs[i].name;
		s[i].argv = (char **)av;
	}
	*n = NDEFS;
	return s;
}

void
stages_free(score_stage *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(s[i].argv);
	free(s);
}

/* Is word one of the comma-separated list's items? */
static int
has(const char *list, const char *word)
{
	size_t w = strlen(word);

	while (list != NULL && *list != '\0') {
		size_t k = strcspn(list, ",");

		if (k == w && strncmp(list, word, w) == 0)
			return 1;
		list += k + (list[k] == ',');
	}
	return 0;
}

/*
 * The word of lg-judge's facts (rules, model, compat) that says whether
 * an entry serves the judging o asks.
 */
static const char *
mode_word(const score_opts *o)
{
	if (o->judge == JUDGE_RULES)
		return "rules";
	return o->compat ? "compat" : "model";
}

/*
 * Does a line of a stage's --list-tasks, its facts being facts, name a task
 * the stage scores under o?  A stage that marks some entries "default"
 * scores only those unless asked (lg-tau); one whose entries name the
 * judgings they provide scores an entry only under one of them (lg-judge).
 */
static int
optin(const struct stage_def *d, const char *facts)
{
	return (d->flags & S_JUDGE) && !has(facts, "rules");
}

static int
serves(const score_opts *o, const struct stage_def *d, const char *facts,
    int defaults)
{
	if (defaults && !has(facts, "default"))
		return 0;
	if ((has(facts, "rules") || has(facts, "model") ||
	    has(facts, "compat")) && !has(facts, mode_word(o)))
		return 0;
	return !optin(d, facts) || o->cf_relevance;
}

/* Add stage name to the chain of bench/task, a new entry when it has none;
 * the entry, NULL when there is none. */
static score_task *
map_add(score_task **t, size_t *n, const char *bench, const char *task,
    const char *name)
{
	score_task *e = (score_task *)tasks_find(*t, *n, bench, task);
	char *c;

	if (e == NULL) {
		*t = xreallocarray(*t, *n + 1, sizeof **t);
		e = &(*t)[(*n)++];
		e->bench = xstrdup(bench);
		e->task = xstrdup(task);
		e->chain = xstrdup(name);
		e->optin = 0;
		return e;
	}
	c = xasprintf("%s,%s", e->chain, name);
	free(e->chain);
	e->chain = c;
	return e;
}

/* Does a line of out (a --list-tasks) mark its entry "default"? */
static int
marks_default(const char *out)
{
	const char *line, *end;

	for (line = out; *line != '\0'; line = end + (*end == '\n')) {
		const char *f = line;
		char facts[256];
		int tabs = 0;
		size_t k;

		end = line + strcspn(line, "\n");
		while (f < end && tabs < 2)
			if (*f++ == '\t')
				tabs++;
		k = (size_t)(end - f);
		if (tabs < 2 || k >= sizeof facts)
			continue;
		memcpy(facts, f, k);
		facts[k] = '\0';
		if (has(facts, "default"))
			return 1;
	}
	return 0;
}

/* The lines of one stage's --list-tasks into the map. */
static void
map_stage(const score_opts *o, const struct stage_def *d, char *out,
    score_task **t, size_t *n)
{
	int defaults = marks_default(out);
	char *line, *next;

	for (line = out; *line != '\0'; line = next) {
		char *tab, *facts;
		score_task *e;

		next = line + strcspn(line, "\n");
		if (*next == '\n')
			*next++ = '\0';
		if ((tab = strchr(line, '\t')) == NULL)
			continue;
		*tab = '\0';
		facts = strchr(tab + 1, '\t');
		if (facts != NULL)
			*facts++ = '\0';
		e = serves(o, d, facts, defaults) ? map_add(t, n, line, tab + 1,
		    d->name) : (score_task *)tasks_find(*t, *n, line, tab + 1);
		if (e != NULL && optin(d, facts))
			e->optin = 1;
	}
}

score_task *
tasks_make(const score_opts *o, size_t *n)
{
	static char opt[] = "--list-tasks";
	static char *const list[] = { opt, NULL };
	runjob jobs[NDEFS];
	score_task *t = NULL;
	size_t i;
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		lg_die(LG_SYS, "/dev/null: cannot open");
	memset(jobs, 0, sizeof jobs);
	for (i = 0; i < NDEFS; i++) {
		jobs[i].name = defs[i].name;
		jobs[i].argv = list;
	}
	runtools(o->self, jobs, NDEFS, fd, (size_t)1 << 20, 2);
	close(fd);
	*n = 0;
	for (i = 0; i < NDEFS; i++) {
		while (jobs[i].err.len > 0 &&
		    jobs[i].err.s[jobs[i].err.len - 1] == '\n')
			jobs[i].err.s[--jobs[i].err.len] = '\0';
		if (jobs[i].status != 0)
			lg_die(LG_SYS, "%s --list-tasks: %s%s%s", defs[i].name,
			    jobs[i].why != NULL ? jobs[i].why : "failed",
			    jobs[i].err.len > 0 ? ": " : "",
			    jobs[i].err.len > 0 ? jobs[i].err.s : "");
		map_stage(o, &defs[i], jobs[i].out.s != NULL ?
		    jobs[i].out.s : (char *)"", &t, n);
		buf_free(&jobs[i].out);
		buf_free(&jobs[i].err);
	}
	return t;
}

void
tasks_free(score_task *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(t[i].bench);
		free(t[i].task);
		free(t[i].chain);
	}
	free(t);
}

const score_task *
tasks_find(const score_task *t, size_t n, const char *bench, const char *task)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(t[i].bench, bench) == 0 &&
		    strcmp(t[i].task, task) == 0)
			return &t[i];
	return NULL;
}
