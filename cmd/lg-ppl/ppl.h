/*
 * ppl.h: the parts of lg-ppl, perplexity TSort.
 *
 * opts.c reads the options into a ppl_opts (owned by main), main.c runs
 * the filter; fetch.c sends one completions request with retries and gives
 * the whole reply body; score.c reads a case and builds the request body
 * of each of its 24 candidates;
 * reply.c reads the prompt log-probabilities of each reply;
 * pool.c scores the candidates of a case in parallel; resumed.c reads
 * what --resume skips.  main.c also owns the status line (progress.h).
 */
#ifndef LG_PPL_H
#define LG_PPL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "http.h"
#include "resume.h"
#include "rng.h"
#include "tasklist.h"

/* opts.c: the tasks it answers (--list-tasks), ppl_ntasks of them. */
extern const lg_task ppl_tasks[];
extern const size_t ppl_ntasks;

typedef struct {
	const char *base;	/* --base-url, or the first of $LG_BASE_URL */
	const char *model;
	const char *keyfile;	/* --api-key-file */
	char *key;		/* from --api-key-file or the environment */
	http_opts net;		/* connect_timeout, idle_timeout,
				 * total_timeout, retries, backoff, max_reply
				 * (bytes of a reply body at most), insecure */
	int quiet;
	int parallel;		/* -P: candidates in flight */
	const char *resume;	/* --resume FILE */
	int retry_errors;	/* --retry-errors */
} ppl_opts;

/*
 * opts.c: the options into *o (defaults first); the index of the first
 * file.  Exits on a usage error, --help and --version.
 */
int ppl_parse(int argc, char **argv, ppl_opts *o);

/* resumed.c: the ids of o->resume done (resume.h). */
idset *ppl_resume(const ppl_opts *o);

/* fetch.c */
typedef struct {
	long status;		/* HTTP status of the last attempt; 0: none */
	int attempts;
	int setup;		/* the failure says the setup is wrong */
	double latency_s;	/* the answering attempt */
	char *error;		/* on failure (caller frees), key scrubbed */
} fetch_result;

typedef struct fetcher fetcher;
typedef struct ppl_body ppl_body;	/* score.c */

/* NULL with *err (static) when the URL or libcurl cannot be used. */
fetcher *fetch_new(const ppl_opts *o, const char **err);
void fetch_free(fetcher *f);
const char *fetch_endpoint(const fetcher *f);
/*
 * POST body to the completions endpoint, read out of it as it is sent;
 * the reply body into out (reset first; sized to the Content-Length the
 * server gives, when within --max-reply).  0 on an answer (HTTP 2xx), -1
 * on failure with r->error.
 */
int fetch_post(fetcher *f, ppl_body *body, struct buf *out, fetch_result *r);
/* Sleep the backoff before attempt + 1. */
void fetch_wait(fetcher *f, int attempt);

/* score.c */
#define PPL_NPARTS 4
#define PPL_NORDERS 24

/* The order of candidate i (lexicographic), labels 1..4. */
void ppl_order(int i, int order[PPL_NPARTS]);

/* The texts of a TSort case (borrowed from its vars). */
typedef struct {
	const char *before, *after;
	const char *part[PPL_NPARTS];	/* by label - 1 */
	size_t elen[PPL_NPARTS + 2];	/* before, parts, after: escaped */
	double chars[PPL_NPARTS + 2];	/* and their characters */
} ppl_case;

/* Read vars into *c: 0, or -1 with *why when it is not a TSort case's. */
int ppl_case_read(const cJSON *vars, ppl_case *c, const char **why);

/*
 * The request body of a candidate, read out in pieces as the transfer
 * sends it (ppl_body_read): the case's texts are escaped as they go, a
 * chunk at a time, so that no copy of the text is made.  The text is the
 * parts in the candidate's order between the before and after texts,
 * joined by newlines; an empty before or after text is left out with its
 * newline.  One per worker: ppl_body_init for each candidate (the case
 * must outlive it), ppl_body_rewind before each attempt, ppl_body_free at
 * the end; zeroed before the first use.
 */
struct ppl_body {
	size_t len;		/* bytes of the whole body */
	double chars;		/* characters of its text */
	struct buf head;		/* {"model":MODEL,"prompt":" */
	struct {
		const char *s;
		size_t len;
		int esc;	/* escaped as it goes */
	} seg[2 * PPL_NPARTS + 6];
	int nseg, at;		/* segments, the one being read */
	size_t off;		/* bytes of it taken */
	struct buf stage;		/* an escaped chunk */
	size_t soff;		/* bytes of it given */
};

void ppl_body_init(ppl_body *b, const ppl_opts *o, const ppl_case *c,
    const int order[PPL_NPARTS]);
void ppl_body_rewind(ppl_body *b);
/*
 * Piece i (from 0) of the candidate's text as sent, unescaped: its bytes
 * (*len of them, not NUL-ended), or NULL past the last piece.  The pieces
 * in turn are the whole text.
 */
const char *ppl_body_piece(const ppl_body *b, int i, size_t *len);
/* Up to n bytes of the body into dst: how many (0 at its end). */
size_t ppl_body_read(ppl_body *b, char *dst, size_t n);
void ppl_body_free(ppl_body *b);

/* The characters (code points) of UTF-8 text. */
double ppl_chars(const char *s);

/*
 * reply.c: read a reply, in time linear in len: the mean negative
 * log-likelihood of the prompt tokens of a text of chars characters and
 * their count.  When sent is not NULL, the echoed prompt must be its text
 * (ppl_echo_check).  0, or with *why (the caller frees it) -2 when the
 * reply is not JSON (worth another attempt), -1 otherwise.
 */
int ppl_read(const char *reply, size_t len, double chars,
    const ppl_body *sent, double *nll, long *tokens, char **why);

/*
 * echo.c: is the prompt the checked reply s echoed the text of sent?
 * choices[0].text is s[ta..tb), logprobs.tokens s[ka..kb) (empty ranges
 * when absent), np the prompt's tokens.  0, or -1 with *why (the caller
 * frees it) saying it is not.
 */
int ppl_echo_check(const char *s, size_t ta, size_t tb, size_t ka,
    size_t kb, long np, const ppl_body *sent, char **why);

/* pool.c */
typedef struct {
	int order[PPL_NPARTS];	/* the candidate */
	double nll;		/* results */
	long tokens;
	char *error;		/* on failure (the caller frees) */
	int setup;		/* the failure says the setup is wrong */
	double latency;
	int attempts;
} ppl_cand;

/*
 * Score the candidates c[0..n) of case pc with the fetchers f[0..nf), one
 * thread each, each building its bodies as it goes (no candidate's text
 * is kept).  tick(arg),
 * when not NULL, is called after each candidate, one thread at a time.
 * After SIGINT or SIGTERM (progress_stopped()) no candidate is begun:
 * the caller checks progress_stopped() before it reads the results.
 */
void pool_score(fetcher **f, int nf, const ppl_opts *o, const ppl_case *pc,
    ppl_cand *c, int n, void (*tick)(void *), void *arg);

#endif
