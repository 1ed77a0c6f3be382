/*
 * Unit test: lg-judge's table of LongWeave tasks (cmd/lg-judge/longweave.h).
 * Every entry of judged[] provides rules, and biog, sr and nw (each there)
 * our model judge and the published one too; an entry that lacks what a
 * mode needs is refused by name with exit status 2; and a task that is not
 * one of the three, with three booleans per item, goes through the model
 * judge's generic parts (its prompt, the correction, the reading of a
 * reply, the verdicts and the tally) within the sizes of its own entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../cmd/lg-judge/longweave.h"
#include "check.h"
#include "diag.h"
#include "record.h"

static int
toy_rules(cJSON *rec, const judge_at *in, const judge_opts *o)
{
	(void)rec;
	(void)in;
	(void)o;
	return REC_OK;
}

static void
toy_item(cJSON *o, const cJSON *it)
{
	lw_copy_str(o, "claim", it, "claim", NULL);
}

static void
toy_apply(cJSON *v, const int *b)
{
	lw_set_bool(v, "pass", b[0] && b[1] && b[2]);
	lw_set_bool(v, "answered", b[0]);
}

static void
toy_tally(const cJSON *rec, cJSON *sc, long pass, long ans, long dec,
    int compat)
{
	(void)rec;
	(void)ans;
	(void)compat;
	rec_set_num(sc, "score", (double)pass / (double)dec);
}

static const char *const toy_scored[] = { "score", NULL };

static const lw_judge toy_own = {
	"rubrics/toy.tmpl", JUDGED_UPTO, toy_item, NULL, "claim", NULL
};

/* rules only: no model judge, no published one */
static const lw_task toy_rules_only = {
	"toy", toy_rules, NULL, "claims", 2, { "seen", "right", "whole" }, 3,
	NULL, toy_apply, "claims", toy_scored, toy_tally, NULL, NULL
};

/* rules and our model judge */
static const lw_task toy = {
	"toy", toy_rules, NULL, "claims", 2, { "seen", "right", "whole" }, 3,
	NULL, toy_apply, "claims", toy_scored, toy_tally, &toy_own, NULL
};

/* lw_need(t, mode) in a child: its exit status (-1: it returned) and
 * what it wrote to stderr, in msg. */
static int
need_in_child(const lw_task *t, int mode, char *msg, size_t n)
{
	judge_at at = { "in.jsonl", 3 };
	int fd[2], st;
	ssize_t got, len = 0;
	pid_t pid;

	if (pipe(fd) != 0 || (pid = fork()) < 0)
		return -2;
	if (pid == 0) {
		dup2(fd[1], 2);
		close(fd[0]);
		lw_need(t, mode, &at);
		_exit(99);
	}
	close(fd[1]);
	while (len < (ssize_t)n - 1 && (got = read(fd[0], msg + len,
	    n - 1 - (size_t)len)) > 0)
		len += got;
	msg[len] = '\0';
	close(fd[0]);
	waitpid(pid, &st, 0);
	return WIFEXITED(st) && WEXITSTATUS(st) != 99 ? WEXITSTATUS(st) : -1;
}

static void
check_table(void)
{
	static const char *const published[] = { "biog", "sr", "nw" };
	size_t i, k;
	int f;

	/* the published tasks have our model judge and the published one */
	for (k = 0; k < 3; k++) {
		const lw_task *t = NULL;

		for (i = 0; i < lw_ntasks(); i++)
			if (strcmp(lw_task_at(i)->task, published[k]) == 0)
				t = lw_task_at(i);
		CHECK(t != NULL, "judged[] has no %s", published[k]);
		if (t != NULL)
			CHECK(lw_provides(t) == (LW_RULES | LW_MODEL | LW_COMPAT),
			    "%s provides %d", t->task, lw_provides(t));
	}
	CHECK(lw_task_at(lw_ntasks()) == NULL, "past the table: an entry");
	/* a task added to the table needs only its rules */
	for (i = 0; i < lw_ntasks(); i++) {
		const lw_task *t = lw_task_at(i);

		CHECK(lw_provides(t) & LW_RULES, "%s provides %d", t->task,
		    lw_provides(t));
		for (f = 0; f < t->nfields; f++)
			CHECK(t->fields[f] != NULL, "%s: field %d", t->task, f);
	}
	CHECK(lw_provides(&toy_rules_only) == LW_RULES, "rules only: %d",
	    lw_provides(&toy_rules_only));
	CHECK(lw_provides(&toy) == (LW_RULES | LW_MODEL), "toy: %d",
	    lw_provides(&toy));
}

static void
check_refusal(void)
{
	char msg[512];
	int st;

	st = need_in_child(&toy_rules_only, LW_RULES | LW_MODEL, msg, sizeof msg);
	CHECK(st == LG_USAGE, "model judge of a rules-only task: status %d", st);
	CHECK(strcmp(msg, "lg-judge: in.jsonl:3: longweave task toy has no "
	    "model judge: judge it with --rules\n") == 0, "said: %s", msg);
	st = need_in_child(&toy, LW_RULES | LW_COMPAT, msg, sizeof msg);
	CHECK(st == LG_USAGE, "--compat without a published judge: status %d", st);
	CHECK(strcmp(msg, "lg-judge: in.jsonl:3: longweave task toy has no "
	    "published judge: it cannot be judged with --compat\n") == 0,
	    "said: %s", msg);
	st = need_in_child(&toy, LW_RULES | LW_MODEL, msg, sizeof msg);
	CHECK(st == -1 && *msg == '\0', "a mode the entry provides: %d %s", st,
	    msg);
	st = need_in_child(&toy_rules_only, LW_RULES, msg, sizeof msg);
	CHECK(st == -1 && *msg == '\0', "rules of a rules-only task: %d %s", st,
	    msg);
}

/* The toy's three booleans a reply, through prompt, correction, reading,
 * verdicts and tally. */
static void
check_toy(const char *share)
{
	static const char reply[] = "{\"verdicts\": ["
	    "{\"item\": 1, \"seen\": true, \"right\": true, \"whole\": true}, "
	    "{\"item\": 2, \"seen\": true, \"right\": false, \"whole\": true}]}";
	cJSON *rec = cJSON_Parse("{\"bench\":\"longweave\",\"task\":\"toy\","
	    "\"verdicts\":[{\"at\":0},{\"at\":1}],"
	    "\"gold\":{\"claims\":[{\"claim\":\"a\"},{\"claim\":\"b\"}]}}");
	const cJSON *items = rec_get(rec_get(rec, "gold"), "claims");
	char *path = NULL, *s, *err = NULL;
	judge_at at = { "in.jsonl", 1 };
	int idx[2] = { 0, 1 }, val[2 * 3], k;
	const char *why;
	lw_asker *a;
	FILE *f;

	path = malloc(strlen(share) + 32);
	sprintf(path, "%s/rubrics", share);
	if (mkdir(path, 0700) != 0) {
		CHECK(0, "mkdir %s", path);
		goto out;
	}
	sprintf(path, "%s/rubrics/toy.tmpl", share);
	if ((f = fopen(path, "w")) == NULL) {
		CHECK(0, "cannot write %s", path);
		goto out;
	}
	fputs("{{fence}} {{text}}{{#items}} [{{n}}] {{claim}}{{/items}}", f);
	fclose(f);
	a = lw_asker_new();
	s = lw_prompt(a, &toy, "the text", items, idx, 2, NULL, 0, &err);
	CHECK(s != NULL && strstr(s, " the text [1] a [2] b") != NULL,
	    "prompt: %s", s ? s : err);
	free(s);
	lw_asker_free(a);
	s = lw_correction(&toy);
	CHECK(strstr(s, "per numbered claim,") != NULL && strstr(s,
	    "{\"item\": 2, \"seen\": true, \"right\": true, \"whole\": false}]}")
	    != NULL, "correction: %s", s);
	free(s);
	CHECK(lw_parse(&toy, reply, strlen(reply), 2, val, &why) == 1,
	    "reply not read: %s", why);
	CHECK(val[0] && val[1] && val[2] && val[3] && !val[4] && val[5],
	    "booleans read");
	for (k = 0; k < 2; k++)
		lw_apply(&toy, cJSON_GetArrayItem(rec_get(rec, "verdicts"), k),
		    val + k * 3);
	lw_tally(&toy, rec, 0, &at);
	CHECK(rec_long(rec_get(rec, "scores"), "claims", 0) == 2, "count");
	CHECK(cJSON_GetNumberValue(rec_get(rec_get(rec, "scores"), "score"))
	    == 0.5, "score");
out:
	cJSON_Delete(rec);
	free(path);
}

int
main(void)
{
	char share[] = "/tmp/lwtable.XXXXXX";
	char *cmd;

	lg_init("lg-judge");
	check_table();
	check_refusal();
	if (mkdtemp(share) == NULL) {
		CHECK(0, "mkdtemp");
		return CHECK_DONE();
	}
	setenv("LG_SHARE", share, 1);
	check_toy(share);
	cmd = malloc(strlen(share) + 16);
	sprintf(cmd, "rm -rf %s", share);
	if (system(cmd) != 0)
		CHECK(0, "%s", cmd);
	free(cmd);
	return CHECK_DONE();
}
