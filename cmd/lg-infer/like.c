/*
 * like.c: --like FILE, the output of an earlier run: per group (bench,
 * task, length), the mean output tokens of its answered records (no
 * error, an output): gen.output_tokens, else the output counted with the
 * dry run's tokenizer (outtok.h), as lg-agg --lengths counts them.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "infer.h"
#include "jsonl.h"
#include "outtok.h"
#include "record.h"
#include "xalloc.h"

struct like_group {
	char *key[3];		/* bench, task, length ("-" when absent) */
	double sum;
	long n;
};

struct like {
	struct like_group *g;
	size_t n;
};

static const char *
key_of(const cJSON *rec, const char *k)
{
	const char *s = rec_str(rec, k);

	return s != NULL && *s != '\0' ? s : "-";
}

static struct like_group *
find(const like *l, const char *const k[3])
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->g[i].key[0], k[0]) == 0 &&
		    strcmp(l->g[i].key[1], k[1]) == 0 &&
		    strcmp(l->g[i].key[2], k[2]) == 0)
			return &l->g[i];
	return NULL;
}

static void
take(like *l, const cJSON *rec, double t)
{
	const char *k[3] = { key_of(rec, "bench"), key_of(rec, "task"),
	    key_of(rec, "length") };
	struct like_group *g = find(l, k);
	int j;

	if (g == NULL) {
		l->g = xreallocarray(l->g, l->n + 1, sizeof *l->g);
		g = &l->g[l->n++];
		memset(g, 0, sizeof *g);
		for (j = 0; j < 3; j++)
			g->key[j] = xstrdup(k[j]);
	}
	g->sum += t;
	g->n++;
}

like *
like_read(const char *path, infer_opts *o, int *status)
{
	char *files[1] = { (char *)path };
	like *l = xcalloc(1, sizeof *l);
	jsonl *in = jsonl_open(files, 1);
	cJSON *rec;
	double t;
	int counted;

	while ((rec = jsonl_next(in)) != NULL) {
		if (rec_get(rec, "error") == NULL && (t = output_tokens(rec,
		    &o->tok, o->tokenizer, in, &counted)) >= 0)
			take(l, rec, t);
		cJSON_Delete(rec);
	}
	*status = jsonl_status(in);
	jsonl_free(in);
	return l;
}

double
like_mean(const like *l, const char *const key[3])
{
	const struct like_group *g = l != NULL ? find(l, key) : NULL;

	return g != NULL && g->n > 0 ? g->sum / (double)g->n : -1;
}

void
like_free(like *l)
{
	size_t i;
	int j;

	if (l == NULL)
		return;
	for (i = 0; i < l->n; i++)
		for (j = 0; j < 3; j++)
			free(l->g[i].key[j]);
	free(l->g);
	free(l);
}
