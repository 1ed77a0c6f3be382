/* longweave.c: the LongWeave tasks lg-judge judges, each one entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "lgb.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "tasks.h"

/* The entries of the tasks of the list (tasks.def) that lg-judge scores
 * (SCORER judge), each defined in its task's file (lw_TASK.c). */
#undef TASK_BY_judge
#define TASK_BY_judge(...) __VA_ARGS__
#define TASK_ENTRY(b, t) extern const lw_task judged_##t;
#include "taskscored.h"

static const lw_task *const judged[] = {
#define TASK_ENTRY(b, t) &judged_##t,
#include "taskscored.h"
};

#define NJUDGED (sizeof judged / sizeof judged[0])

size_t
lw_ntasks(void)
{
	return NJUDGED;
}

const lw_task *
lw_task_at(size_t i)
{
	return i < NJUDGED ? judged[i] : NULL;
}

/* Does j judge: a rubric, the items' variables, a reading of the reply? */
static int
judge_whole(const lw_judge *j, int published)
{
	return j != NULL && j->rubric != NULL && j->item != NULL &&
	    (published ? j->read != NULL : j->noun != NULL);
}

int
lw_provides(const lw_task *t)
{
	int model = t->rules != NULL && t->items != NULL && t->nfields > 0 &&
	    t->nfields <= LW_MAXFIELDS && t->apply != NULL && t->count != NULL &&
	    t->scored != NULL && t->tally != NULL && t->batch >= 0;
	int f = 0;

	if (t->rules != NULL)
		f |= LW_RULES;
	if (model && judge_whole(t->own, 0))
		f |= LW_MODEL;
	/* the published judge, and the rules' published truncation */
	if (model && judge_whole(t->published, 1))
		f |= LW_COMPAT;
	return f;
}

void
lw_need(const lw_task *t, int mode, const judge_at *in)
{
	int lacks = mode & ~lw_provides(t);

	if (lacks == 0)
		return;
	lg_warnat(in->file, in->line, "longweave task %s has %s", t->task,
	    lacks & LW_RULES ? "no rules: lg-judge cannot judge it" :
	    lacks & LW_MODEL ? "no model judge: judge it with --rules" :
	    "no published judge: it cannot be judged with --compat");
	exit(LG_USAGE);
}

void
lw_list_tasks(void)
{
	static const char *const facts[] = { "rules", "model", "compat" };
	const char *lgb;
	size_t i, f;

	/* LongGenBench: one judge for every scenario, by rules, by a model
	 * or as published */
	for (i = 0; (lgb = lgb_task(i)) != NULL; i++)
		printf("longgenbench\t%s\trules,model,compat\n", lgb);
	for (i = 0; i < NJUDGED; i++) {
		int has = lw_provides(judged[i]);
		const char *sep = "\t";

		printf("longweave\t%s", judged[i]->task);
		for (f = 0; f < 3; f++)
			if (has & 1 << f) {
				printf("%s%s", sep, facts[f]);
				sep = ",";
			}
		putchar('\n');
	}
	/* not a table entry: the question of --cf-relevance */
	cf_list_task();
}

const lw_task *
lw_find(const cJSON *rec)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	size_t i;

	if (bench == NULL || task == NULL || strcmp(bench, "longweave") != 0)
		return NULL;
	for (i = 0; i < NJUDGED; i++)
		if (strcmp(judged[i]->task, task) == 0)
			return judged[i];
	return NULL;
}

int
lw_rules(cJSON *rec, const judge_at *in, const judge_opts *o, int *ret)
{
	const lw_task *t = lw_find(rec);

	if (t == NULL)
		return 0;
	lw_need(t, LW_RULES | (o->compat ? LW_COMPAT : 0), in);
	*ret = t->rules(rec, in, o);
	return 1;
}

void
lw_rules_fini(void)
{
	size_t i;

	for (i = 0; i < NJUDGED; i++)
		if (judged[i]->fini != NULL)
			judged[i]->fini();
}
