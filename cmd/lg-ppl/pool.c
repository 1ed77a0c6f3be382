/*
 * The candidates of a case scored in parallel: -P threads, each with a
 * fetcher of its own, take candidates in turn until none is left.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "ppl.h"
#include "progress.h"
#include "xalloc.h"

typedef struct {
	fetcher *f;
	const ppl_opts *o;
	const ppl_case *pc;
	ppl_cand *c;
	int n;
	int *next;
	pthread_mutex_t *mu;
	void (*tick)(void *);
	void *arg;
} worker;

/* One candidate: its request, tried again on a reply that is not JSON. */
static void
score_one(fetcher *f, const ppl_opts *o, const ppl_case *pc, ppl_cand *c,
    ppl_body *body, struct buf *reply)
{
	char *err = NULL;
	fetch_result fr;
	int k, rc;

	ppl_body_init(body, o, pc, c->order);
	c->attempts = 0;
	for (k = 0;; k++) {
		if (fetch_post(f, body, reply, &fr) < 0)
			break;
		rc = ppl_read(buf_str(reply), reply->len, body->chars, body, &c->nll,
		    &c->tokens, &err);
		if (rc == 0)
			break;
		if (rc == -1 || k >= o->net.retries) {
			fr.error = err;
			break;
		}
		free(err);	/* a broken reply: tried again */
		c->attempts += fr.attempts;
		fetch_wait(f, k + 1);
	}
	c->latency = fr.latency_s;
	c->attempts += fr.attempts;
	c->error = fr.error;
	c->setup = fr.error != NULL && fr.setup;
}

static void *
work(void *arg)
{
	worker *w = arg;
	ppl_body body;
	struct buf reply = { 0 };
	int i;

	memset(&body, 0, sizeof body);

	for (;;) {
		pthread_mutex_lock(w->mu);
		i = progress_stopped() ? w->n : (*w->next)++;
		pthread_mutex_unlock(w->mu);
		if (i >= w->n)
			break;
		score_one(w->f, w->o, w->pc, &w->c[i], &body, &reply);
		if (w->tick != NULL) {
			pthread_mutex_lock(w->mu);
			w->tick(w->arg);
			pthread_mutex_unlock(w->mu);
		}
	}
	ppl_body_free(&body);
	buf_free(&reply);
	return NULL;
}

void
pool_score(fetcher **f, int nf, const ppl_opts *o, const ppl_case *pc,
    ppl_cand *c, int n, void (*tick)(void *), void *arg)
{
	pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
	pthread_t *t = xcalloc((size_t)nf, sizeof *t);
	worker *w = xcalloc((size_t)nf, sizeof *w);
	int next = 0, i;

	for (i = 0; i < nf; i++) {
		w[i] = (worker){ f[i], o, pc, c, n, &next, &mu, tick, arg };
		if (nf == 1) {
			work(&w[i]);
		} else if (pthread_create(&t[i], NULL, work, &w[i]) != 0) {
			lg_die(LG_SYS, "cannot start a thread");
		}
	}
	if (nf > 1)
		for (i = 0; i < nf; i++)
			pthread_join(t[i], NULL);
	free(t);
	free(w);
}
