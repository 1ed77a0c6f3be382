/*
 * settings.c: what made a record (its run's manifest, lg(7)) as one
 * settings object, and the check that a group's records share it: a
 * group whose records were made by different settings is refused by
 * name, or with --split-settings split into rows by a settings id.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "buf.h"
#include "diag.h"
#include "jsonsame.h"
#include "sha256.h"
#include "util.h"
#include "xalloc.h"

/* gen's members that say how an answer was made, not what it cost or how
 * it ended: lg-infer's, then lg-oracle's degradations.  gen.model is not
 * one (-g gen.model groups by it), nor gen.endpoint, gen.seed (a sample's
 * own) or gen.system_fingerprint (a server's build, which changes within
 * a run). */
static const char *const gen_keys[] = {
	"lg", "template", "api", "system", "params", "server_model",
	"stop_at", "forget_after", "drop", "repeat", "words"
};

static char *
print_or_die(const cJSON *s)
{
	char *t = cJSON_PrintUnformatted(s), *r;

	if (t == NULL)
		lg_die(LG_SYS, "out of memory");
	r = xstrdup(t);
	cJSON_free(t);
	return r;
}

/* gen's settings as text (the members above, by path; the template only
 * when with_template), into *out: 1;
 * *out NULL when gen has no lg (made before lg wrote its manifest, or
 * imported: "unknown").  0 when the record has no gen and an error: it
 * failed before any answer was asked for, and no settings made it. */
int
settings_gen(const cJSON *rec, int with_template, char **out)
{
	const cJSON *gen = rec_get(rec, "gen"), *v;
	cJSON *s, *d;
	char key[32];
	size_t i;

	*out = NULL;
	if (gen == NULL && rec_get(rec, "error") != NULL)
		return 0;
	if (!cJSON_IsObject(gen) || !cJSON_IsString(rec_get(gen, "lg")))
		return 1;
	s = cJSON_CreateObject();
	for (i = 0; i < sizeof gen_keys / sizeof gen_keys[0]; i++) {
		if ((v = rec_get(gen, gen_keys[i])) == NULL ||
		    (!with_template && strcmp(gen_keys[i], "template") == 0))
			continue;
		d = cJSON_Duplicate(v, 1);
		/* a repeated sample's seed is its own (lg-infer --samples) */
		if (strcmp(gen_keys[i], "params") == 0 && cJSON_IsObject(d) &&
		    rec_get(rec, "sample") != NULL)
			cJSON_DeleteItemFromObjectCaseSensitive(d, "seed");
		snprintf(key, sizeof key, "gen.%s", gen_keys[i]);
		cJSON_AddItemToObject(s, key, d);
	}
	*out = print_or_die(s);
	cJSON_Delete(s);
	return 1;
}

/* The judge's part as text ({"scores.judge":...}, {} when none), into
 * *out: 1; 0 when the record has no scores (it was not scored: nothing to
 * compare). */
static int
settings_judge(const cJSON *rec, char **out)
{
	const cJSON *sc = rec_get(rec, "scores"), *v;
	cJSON *s;

	*out = NULL;
	if (sc == NULL)
		return 0;
	s = cJSON_CreateObject();
	if ((v = rec_get(sc, "judge")) != NULL)
		cJSON_AddItemToObject(s, "scores.judge", cJSON_Duplicate(v, 1));
	*out = print_or_die(s);
	cJSON_Delete(s);
	return 1;
}

char *
settings_id(const char *settings)
{
	char hex[65];

	if (settings == NULL)
		return xstrdup("unknown");
	sha256_hex(settings, strlen(settings), hex);
	hex[8] = '\0';
	return xstrdup(hex);
}

/* v as text of at most 80 bytes ("-" when absent); the caller frees it. */
static char *
shown(const cJSON *v)
{
	char *s, *t;

	if (v == NULL)
		return xstrdup("-");
	s = cJSON_PrintUnformatted(v);
	if (s == NULL)
		lg_die(LG_SYS, "out of memory");
	if (strlen(s) > 80)
		memcpy(s + 77, "...", 4);
	t = xstrdup(s);
	cJSON_free(s);
	return t;
}

/* The first setting a and b (parts' texts; NULL: unknown) differ in, in words. */
static char *
difference(const char *a, const char *b)
{
	cJSON *x, *y, *e;
	const cJSON *w;
	char *r = NULL, *sa, *sb;

	if (a == NULL || b == NULL)
		return xstrdup("records without a manifest (no gen.lg: made by an "
		    "older lg, or imported) beside records with one");
	x = cJSON_Parse(a);
	y = cJSON_Parse(b);
	for (e = x ? x->child : NULL; r == NULL && e != NULL; e = e->next) {
		w = cJSON_GetObjectItemCaseSensitive(y, e->string);
		if (w == NULL || !cJSON_Compare(e, w, 1)) {
			sa = shown(e);
			sb = shown(w);
			r = xasprintf("%s %s and %s", e->string, sa, sb);
			free(sa);
			free(sb);
		}
	}
	for (e = y ? y->child : NULL; r == NULL && e != NULL; e = e->next)
		if (cJSON_GetObjectItemCaseSensitive(x, e->string) == NULL) {
			sb = shown(e);
			r = xasprintf("%s - and %s", e->string, sb);
			free(sb);
		}
	cJSON_Delete(x);
	cJSON_Delete(y);
	return r != NULL ? r : xstrdup("settings that differ");
}

/* Note text (a part's settings; NULL: unknown) in *have, or what
 * differs from the part noted there in *diff. */
static void
note(int *seen, char **have, char *text, char **diff)
{
	if (!*seen) {
		*have = text;
		*seen = 1;
		return;
	}
	if ((text == NULL) != (*have == NULL) || (text != NULL &&
	    strcmp(text, *have) != 0))
		*diff = difference(*have, text);
	free(text);
}

/* Whether task is the text "B/T" of bench b and task t. */
static int
task_is(const char *task, const char *b, const char *t)
{
	size_t lb = strlen(b);

	return strncmp(task, b, lb) == 0 && task[lb] == '/' &&
	    strcmp(task + lb + 1, t) == 0;
}

/* The settings noted for rec's task (bench/task) in g, added if new. */
struct task_set *
settings_task(struct group *g, const cJSON *rec)
{
	const char *b = rec_str(rec, "bench"), *t = rec_str(rec, "task");
	struct task_set *ts;
	size_t i;

	if (b == NULL)
		b = "-";
	if (t == NULL)
		t = "-";
	for (i = 0; i < g->ntsets; i++)
		if (task_is(g->tsets[i].task, b, t))
			return &g->tsets[i];
	g->tsets = xreallocarray(g->tsets, g->ntsets + 1, sizeof *g->tsets);
	ts = &g->tsets[g->ntsets++];
	memset(ts, 0, sizeof *ts);
	ts->task = xasprintf("%s/%s", b, t);
	return ts;
}

/* Whether rec's gen settings print as those noted in ts (settings_gen()
 * with the template, member by member, without printing): then noting
 * them changes nothing.  A record settings_gen() gives none of is the
 * same. */
static int
gen_same(const cJSON *rec, struct task_set *ts)
{
	const cJSON *gen = rec_get(rec, "gen"), *v, *n;
	const char *skip;
	size_t i;

	if (gen == NULL && rec_get(rec, "error") != NULL)
		return 1;
	if (!ts->gseen)
		return 0;
	if (!cJSON_IsObject(gen) || !cJSON_IsString(rec_get(gen, "lg")))
		return ts->gen == NULL;
	if (ts->gen == NULL || (ts->gtree == NULL &&
	    (ts->gtree = cJSON_Parse(ts->gen)) == NULL))
		return 0;
	n = ts->gtree->child;
	for (i = 0; i < sizeof gen_keys / sizeof gen_keys[0]; i++) {
		if ((v = rec_get(gen, gen_keys[i])) == NULL)
			continue;
		if (n == NULL || n->string == NULL ||
		    strncmp(n->string, "gen.", 4) != 0 ||
		    strcmp(n->string + 4, gen_keys[i]) != 0)
			return 0;
		skip = strcmp(gen_keys[i], "params") == 0 &&
		    cJSON_IsObject(v) && rec_get(rec, "sample") != NULL ?
		    "seed" : NULL;
		if (!json_same(v, n, skip))
			return 0;
		n = n->next;
	}
	return n == NULL;
}

/* The same of the judge's settings (settings_judge()). */
static int
judge_same(const cJSON *rec, struct task_set *ts)
{
	const cJSON *sc = rec_get(rec, "scores"), *v, *n;

	if (sc == NULL)
		return 1;
	if (!ts->jseen || ts->judge == NULL || (ts->jtree == NULL &&
	    (ts->jtree = cJSON_Parse(ts->judge)) == NULL))
		return 0;
	v = rec_get(sc, "judge");
	n = ts->jtree->child;
	if (v == NULL)
		return n == NULL;
	return n != NULL && n->next == NULL && n->string != NULL &&
	    strcmp(n->string, "scores.judge") == 0 && json_same(v, n, NULL);
}

/*
 * A group may pool tasks, each with its template and scorer, and maybe
 * answered by runs of their own: the records of each task in it must
 * agree, gen's settings and the judge's.
 */
void
group_settings(struct group *g, const cJSON *rec)
{
	struct task_set *ts;
	char *s;

	if (g->sdiff != NULL)
		return;		/* one difference is enough to refuse */
	ts = settings_task(g, rec);
	if (!gen_same(rec, ts) && settings_gen(rec, 1, &s))
		note(&ts->gseen, &ts->gen, s, &g->sdiff);
	if (g->sdiff == NULL && !judge_same(rec, ts) &&
	    settings_judge(rec, &s)) {
		note(&ts->jseen, &ts->judge, s, &g->sdiff);
		g->sjudge = g->sdiff != NULL;
	}
	if (g->sdiff != NULL)
		g->stask = ts->task;
}

/*
 * Each cell group whose records were made by different settings, by name
 * and the first setting that differs: 1 when there is one (the tables are
 * refused), else 0.  Under --split-settings gen's settings are a group
 * field and differ in no group; the judge's never split.
 */
int
settings_refused(struct group **g, size_t n, const struct opts *o)
{
	struct buf b = { 0 };
	size_t i;
	int any = 0;

	for (i = 0; i < n; i++) {
		if (g[i]->sdiff == NULL)
			continue;
		buf_reset(&b);
		group_label(&b, g[i], o);
		lg_warn("%s: records of %s made by different settings, %s: "
		    "select the records of one run%s", buf_str(&b),
		    g[i]->stask, g[i]->sdiff,
		    g[i]->sjudge ? ", or group by the judge (-g with "
		    "scores.judge.model or scores.judge.sha256)" :
		    o->itask < 0 && strncmp(g[i]->sdiff,
		    "gen.template", 12) == 0 ? ", or split them into rows "
		    "with --split-settings and -g with task" : ", or split "
		    "them into rows with --split-settings");
		any = 1;
	}
	buf_free(&b);
	return any;
}

