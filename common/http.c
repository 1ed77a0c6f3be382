#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>
#include <cjson/cJSON.h>

#include "apikey.h"
#include "backoff.h"
#include "buf.h"
#include "cache.h"
#include "curlev.h"
#include "diag.h"
#include "http.h"
#include "jsonl.h"
#include "jsonnul.h"
#include "oai.h"
#include "rng.h"
#include "sse.h"
#include "stale.h"
#include "xalloc.h"
#include "util.h"

#define MAX_ERRBODY 65536		/* kept of an error reply */
#define ERRMSG 300			/* bytes of a server's message kept */

#ifndef LG_VERSION
#define LG_VERSION "0"
#endif

typedef struct req req;

/*
 * An easy handle and what stays set on it from one request to the next:
 * the callbacks' data and the error buffer point here, not at the
 * request, so that starting a request sets only what changes.
 */
typedef struct {
	CURL *easy;
	req *q;			/* the request it carries; NULL when idle */
	char errbuf[CURL_ERROR_SIZE];
} handle;

typedef struct {
	char *display;		/* base URL as given, trailing slashes dropped */
	char *url[2];		/* chat and completions URLs */
	unsigned long active;
	double rest_until;	/* do not pick before this time */
	double rest;		/* the last rest, doubled on each failure */
} replica;

struct req {
	req *next;		/* in the queue, backoff or ready list */
	http_engine *e;
	int api, stream;
	char *model, *body;
	size_t bodylen;
	http_done_fn fn;
	void *user;
	int attempts;
	size_t rep;		/* replica of the current or last attempt */
	int tried_rep;		/* rep is valid */
	size_t slot;		/* index in e->active */
	double t_begin;		/* the first attempt started: --timeout counts */
	double t_start, t_first, t_last, t_due;
	long status;
	double retry_after;	/* -1: none */
	int got_body, event_stream, bad_stream, idle_killed;
	int too_large;		/* the reply passed a size limit: not retried */
	int stale;		/* lost on a kept connection closed (stale.h) */
	int replayed;		/* sent again so once: the next is no attempt */
	int fresh;		/* the next attempt opens a new connection */
	int out_of_time;	/* a retry would pass the total timeout */
	struct buf in;			/* a whole reply, or an error reply */
	sse sse;
	oai_reply reply;
	char *error;		/* the last attempt's error */
	int retryable;
	long err_status;	/* HTTP status of the last error, 0: none */
	int setup;		/* the last error says the setup is wrong */
	handle *h;		/* its easy handle while it is in flight */
	int mi;			/* its multi handle (curlev_add) */
	char errbuf[CURL_ERROR_SIZE];
	cJSON *cached;		/* a cache hit waiting to be reported */
	int cached_nul;		/* its strings have NULs marked (jsonnul.h) */
};

struct http_engine {
	curlev *ev;		/* multi handles driven by epoll (curlev.h) */
	struct curl_slist *headers;
	replica *reps;
	size_t nrep, rr;
	char *key;
	int parallel;
	double connect_timeout, idle_timeout, total_timeout;
	int retries;
	double backoff_base, backoff_max;
	int insecure;
	size_t max_reply;	/* bytes of answer text */
	int hints;		/* http_opts' */
	size_t max_body;	/* bytes of a whole reply body or a stream line */
	int use_cache;
	cache cache;
	rng rng;
	req **active;
	size_t nactive;
	req *qhead, *qtail;	/* not started */
	req *waiting;		/* in backoff, by due time */
	req *ready, *ready_tail;	/* cache hits to report */
	handle **pool;		/* idle easy handles */
	size_t npool;
	size_t outstanding;
	double last_scan;
	http_stats st;
};

static const char *api_path[2] = { "chat/completions", "completions" };

/* Blot the key out of text that came from a server (apikey.h). */
static char *
scrub(const http_engine *e, char *s)
{
	return apikey_scrub_str(e->key, s);
}

static void
scrub_buf(const http_engine *e, struct buf *b, int *hits)
{
	int n = 0;

	if (b->s != NULL)
		b->len = apikey_scrub(e->key, b->s, b->len, &n);
	*hits += n;
}

/*
 * "scheme://user:pass@host/x" -> "scheme://host/x"; trailing slashes go.
 * *cred is set when there were credentials.
 */
static char *
strip_credentials(const char *url, int *cred)
{
	const char *h = strstr(url, "://"), *at;
	char *s;
	size_t n;

	*cred = 0;
	if (h == NULL)
		return xstrdup(url);
	h += 3;
	at = memchr(h, '@', strcspn(h, "/?#"));
	if (at != NULL) {
		s = xasprintf("%.*s%s", (int)(h - url), url, at + 1);
		*cred = 1;
	} else {
		s = xstrdup(url);
	}
	n = strlen(s);
	while (n > 0 && s[n - 1] == '/')
		s[--n] = '\0';
	return s;
}

static char *
api_url(const char *base, int api)
{
	size_t n = strlen(base);

	while (n > 0 && base[n - 1] == '/')
		n--;
	if (n >= 3 && memcmp(base + n - 3, "/v1", 3) == 0)
		return xasprintf("%.*s/%s", (int)n, base, api_path[api]);
	return xasprintf("%.*s/v1/%s", (int)n, base, api_path[api]);
}

static int
setup_replicas(http_engine *e, const http_opts *o, char **err)
{
	size_t i;

	e->reps = xcalloc(o->nbase, sizeof *e->reps);
	e->nrep = o->nbase;
	for (i = 0; i < o->nbase; i++) {
		const char *b = o->base_urls[i];
		replica *r = &e->reps[i];
		int a, cred;

		r->display = strip_credentials(b, &cred);
		if (strncasecmp(b, "http://", 7) != 0 &&
		    strncasecmp(b, "https://", 8) != 0) {
			*err = xasprintf("base URL is not http:// or https://: %s",
			    r->display);
			return -1;
		}
		if (cred) {
			/* they would go out as Basic auth, and come back in messages */
			*err = xasprintf("credentials in a base URL are refused: %s: "
			    "give the key in a file with --api-key-file (or in "
			    "LG_API_KEY)", r->display);
			return -1;
		}
		if (strchr(b, ' ') != NULL || strlen(r->display) <=
		    (size_t)(strchr(r->display, ':') - r->display) + 3) {
			*err = xasprintf("bad base URL: %s", r->display);
			return -1;
		}
		for (a = 0; a < 2; a++)
			r->url[a] = api_url(r->display, a);
	}
	return 0;
}

http_engine *
http_new(const http_opts *o, char **err)
{
	http_engine *e;
	char *h;

	*err = NULL;
	if (o->nbase == 0) {
		*err = xstrdup("no base URL");
		return NULL;
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		*err = xstrdup("cannot set up libcurl");
		return NULL;
	}
	e = xcalloc(1, sizeof *e);
	e->parallel = o->parallel > 0 ? o->parallel : 1;
	e->connect_timeout = o->connect_timeout;
	e->idle_timeout = o->idle_timeout;
	e->total_timeout = o->total_timeout;
	e->retries = o->retries < 0 ? 0 : o->retries;
	e->backoff_base = o->backoff_base;
	e->backoff_max = o->backoff_max;
	e->insecure = o->insecure;
	e->max_reply = o->max_reply;
	e->hints = o->hints;
	if (e->max_reply == 0)
		e->max_reply = HTTP_MAX_REPLY < jsonl_max ? HTTP_MAX_REPLY : jsonl_max;
	e->max_body = 4 * e->max_reply + ((size_t)1 << 20);
	rng_seed(&e->rng, (uint64_t)getpid() ^ (uint64_t)time(NULL) ^
	    (uint64_t)(mono_now() * 1e6));
	if (setup_replicas(e, o, err) < 0) {
		http_free(e);
		return NULL;
	}
	if (o->cache_dir != NULL) {
		if (cache_open(&e->cache, o->cache_dir) < 0) {
			*err = xasprintf("%s: %s", o->cache_dir, strerror(errno));
			http_free(e);
			return NULL;
		}
		e->use_cache = 1;
	}
	e->headers = curl_slist_append(NULL, "Content-Type: application/json");
	e->headers = curl_slist_append(e->headers, "Expect:");
	if (o->api_key != NULL && *o->api_key != '\0') {
		e->key = xstrdup(o->api_key);
		h = xasprintf("Authorization: Bearer %s", e->key);
		e->headers = curl_slist_append(e->headers, h);
		explicit_bzero(h, strlen(h));
		free(h);
	}
	e->ev = curlev_new(e->parallel, (long)(4 * e->nrep));
	if (e->ev == NULL || e->headers == NULL) {
		*err = xstrdup("cannot set up libcurl");
		http_free(e);
		return NULL;
	}
	e->active = xcalloc((size_t)e->parallel, sizeof *e->active);
	e->pool = xcalloc((size_t)e->parallel, sizeof *e->pool);
	return e;
}

static void
req_free(req *q)
{
	free(q->model);
	free(q->body);
	buf_free(&q->in);
	sse_free(&q->sse);
	oai_free(&q->reply);
	free(q->error);
	cJSON_Delete(q->cached);
	free(q);
}

static void
free_list(req *q)
{
	while (q != NULL) {
		req *n = q->next;

		req_free(q);
		q = n;
	}
}

void
http_free(http_engine *e)
{
	size_t i;

	if (e == NULL)
		return;
	for (i = 0; i < e->nactive; i++) {
		curlev_remove(e->ev, e->active[i]->mi, e->active[i]->h->easy);
		curl_easy_cleanup(e->active[i]->h->easy);
		free(e->active[i]->h);
		req_free(e->active[i]);
	}
	free_list(e->qhead);
	free_list(e->waiting);
	free_list(e->ready);
	for (i = 0; i < e->npool; i++) {
		curl_easy_cleanup(e->pool[i]->easy);
		free(e->pool[i]);
	}
	curlev_free(e->ev);
	curl_slist_free_all(e->headers);
	for (i = 0; i < e->nrep; i++) {
		free(e->reps[i].display);
		free(e->reps[i].url[0]);
		free(e->reps[i].url[1]);
	}
	free(e->reps);
	if (e->key != NULL) {
		explicit_bzero(e->key, strlen(e->key));
		free(e->key);
	}
	if (e->use_cache)
		cache_close(&e->cache);
	free(e->active);
	free(e->pool);
	free(e);
	curl_global_cleanup();
}

const char *
http_endpoint(const http_engine *e, size_t i)
{
	return i < e->nrep ? e->reps[i].display : NULL;
}

size_t
http_outstanding(const http_engine *e)
{
	return e->outstanding;
}

void
http_wakeup(http_engine *e)
{
	curlev_wakeup(e->ev);
}

void
http_get_stats(const http_engine *e, http_stats *st)
{
	*st = e->st;
	st->active = e->nactive;
}

static void
enqueue(http_engine *e, req *q)
{
	q->next = NULL;
	if (e->qtail != NULL)
		e->qtail->next = q;
	else
		e->qhead = q;
	e->qtail = q;
	e->st.queued++;
}

/* The length of string field k of a cache entry (a marked NUL counts 2). */
static size_t
cached_len(const cJSON *j, const char *k)
{
	const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j, k));

	return s != NULL ? strlen(s) : 0;
}

/* A cache hit: the entry is turned into a result when it is reported. */
static int
cache_lookup(http_engine *e, req *q)
{
	size_t i;
	char hex[65];

	for (i = 0; i < e->nrep; i++) {
		cJSON *j;
		int nul;

		cache_key(e->reps[i].url[q->api], q->model, q->body, q->bodylen, hex);
		if ((j = cache_get(&e->cache, hex, e->max_body, &nul)) == NULL)
			continue;
		/* an entry is as untrusted as a reply: one too large is no hit */
		if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(j, "content")) ||
		    cached_len(j, "content") + cached_len(j, "reasoning") >
		    e->max_reply) {
			cJSON_Delete(j);
			continue;
		}
		q->cached = j;
		q->cached_nul = nul;
		q->rep = i;
		q->next = NULL;
		if (e->ready_tail != NULL)
			e->ready_tail->next = q;
		else
			e->ready = q;
		e->ready_tail = q;
		return 1;
	}
	return 0;
}

void
http_submit(http_engine *e, int api, const char *model, int stream,
    char *body, http_done_fn fn, void *user)
{
	req *q = xcalloc(1, sizeof *q);

	q->e = e;
	q->api = api == HTTP_COMPLETIONS ? HTTP_COMPLETIONS : HTTP_CHAT;
	q->stream = stream;
	q->model = xstrdup(model);
	q->body = body;
	q->bodylen = strlen(body);
	q->fn = fn;
	q->user = user;
	q->retry_after = -1;
	sse_init(&q->sse, e->max_body);
	oai_init(&q->reply, q->api == HTTP_CHAT);
	e->outstanding++;
	e->st.submitted++;
	if (e->use_cache && cache_lookup(e, q))
		return;
	enqueue(e, q);
}

/* The replica for a new attempt: not resting, fewest in flight, in turn. */
static size_t
pick_replica(http_engine *e, req *q, double t)
{
	size_t i, best = 0;
	int found = 0, pass;

	for (pass = 0; pass < 3 && !found; pass++) {
		for (i = 0; i < e->nrep; i++) {
			size_t k = (e->rr + i) % e->nrep;
			replica *r = &e->reps[k];

			if (pass < 2 && r->rest_until > t)
				continue;
			if (pass == 0 && e->nrep > 1 && q->tried_rep && k == q->rep)
				continue;
			if (!found || r->active < e->reps[best].active)
				best = k;
			found = 1;
		}
	}
	e->rr = (best + 1) % e->nrep;
	return best;
}

/* A reply past a size limit: the transfer stops, and is not tried again. */
static void
too_large(req *q, const char *what, size_t max)
{
	q->too_large = 1;
	free(q->reply.error);
	q->reply.error = xasprintf("reply too large: %s over %zu bytes", what, max);
}

/* Has the answer text passed --max-reply? */
static int
text_too_large(req *q)
{
	const http_engine *e = q->e;

	if (q->reply.content.len + q->reply.reasoning.len <= e->max_reply)
		return 0;
	too_large(q, "answer text", e->max_reply);
	return 1;
}

static int
on_data(void *arg, const char *data, size_t len)
{
	req *q = arg;
	int had = q->reply.tokens;

	if (oai_chunk(&q->reply, data, len) < 0)
		return 1;
	if (had == 0 && q->reply.tokens > 0)
		q->t_first = mono_now();
	return text_too_large(q);
}

static size_t
on_body(char *p, size_t size, size_t n, void *arg)
{
	req *q = ((handle *)arg)->q;
	size_t len = size * n;

	q->t_last = mono_now();
	if (!q->got_body) {
		char *ct = NULL;

		q->got_body = 1;
		curl_easy_getinfo(q->h->easy, CURLINFO_RESPONSE_CODE, &q->status);
		curl_easy_getinfo(q->h->easy, CURLINFO_CONTENT_TYPE, &ct);
		q->event_stream = ct != NULL &&
		    strncasecmp(ct, "text/event-stream", 17) == 0;
	}
	if (q->status >= 200 && q->status < 300 && q->event_stream) {
		if (sse_feed(&q->sse, p, len, on_data, q) != 0) {
			q->bad_stream = 1;
			if (q->reply.error == NULL)	/* the line limit */
				too_large(q, "a stream line", q->e->max_body);
			return 0;	/* ends the transfer */
		}
		return len;
	}
	if (q->status >= 200 && q->status < 300) {
		if (q->in.len + len > q->e->max_body) {
			q->bad_stream = 1;
			too_large(q, "a body", q->e->max_body);
			return 0;
		}
		buf_add(&q->in, p, len);
	} else if (q->in.len < MAX_ERRBODY) {
		buf_add(&q->in, p, len < MAX_ERRBODY - q->in.len ? len :
		    MAX_ERRBODY - q->in.len);
	}
	return len;
}

static size_t
on_header(char *p, size_t size, size_t n, void *arg)
{
	req *q = ((handle *)arg)->q;
	size_t len = size * n;

	q->t_last = mono_now();
	if (len >= 5 && memcmp(p, "HTTP/", 5) == 0) {
		q->retry_after = -1;	/* a new response (after 100 Continue) */
	} else if (len > 12 && strncasecmp(p, "retry-after:", 12) == 0) {
		char v[128];
		size_t k = len - 12 < sizeof v - 1 ? len - 12 : sizeof v - 1;

		memcpy(v, p + 12, k);
		v[k] = '\0';
		while (k > 0 && (v[k - 1] == '\r' || v[k - 1] == '\n' ||
		    v[k - 1] == ' '))
			v[--k] = '\0';
		q->retry_after = backoff_retry_after(v, time(NULL));
	}
	return len;
}

static handle *
get_easy(http_engine *e)
{
	handle *h;
	CURL *c;

	if (e->npool > 0)
		return e->pool[--e->npool];
	c = curl_easy_init();
	if (c == NULL) {
		lg_die(LG_SYS, "out of memory");
	}
	h = xcalloc(1, sizeof *h);
	h->easy = c;
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, e->headers);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS,
	    (long)(e->connect_timeout * 1000 + 0.5));
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, e->insecure ? 0L : 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, e->insecure ? 0L : 2L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(c, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl_easy_setopt(c, CURLOPT_TCP_KEEPALIVE, 1L);
	curl_easy_setopt(c, CURLOPT_USERAGENT, "lg/" LG_VERSION);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, h);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, h);
	curl_easy_setopt(c, CURLOPT_PRIVATE, h);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, h->errbuf);
	curlev_easy(e->ev, c);
	return h;
}

static void
start(http_engine *e, req *q, double t)
{
	replica *r;
	handle *h;

	q->rep = pick_replica(e, q, t);
	q->tried_rep = 1;
	r = &e->reps[q->rep];
	h = q->h = get_easy(e);
	h->q = q;
	h->errbuf[0] = '\0';
	if (q->attempts == 0)
		q->t_begin = t;
	e->st.attempts++;
	if (!q->fresh) {	/* a request sent again (stale.h) is no attempt */
		q->attempts++;
		if (q->attempts > 1)
			e->st.retries++;
	}
	curl_easy_setopt(h->easy, CURLOPT_FRESH_CONNECT, q->fresh ? 1L : 0L);
	q->fresh = 0;
	q->t_start = q->t_last = t;
	q->t_first = 0;
	q->status = 0;
	q->retry_after = -1;
	q->got_body = q->event_stream = q->bad_stream = q->idle_killed = 0;
	q->too_large = q->stale = 0;
	q->errbuf[0] = '\0';
	buf_reset(&q->in);
	sse_reset(&q->sse);
	oai_reset(&q->reply);
	curl_easy_setopt(h->easy, CURLOPT_URL, r->url[q->api]);
	/* --timeout is the total for the request: this attempt gets what is left */
	if (e->total_timeout > 0) {
		double left = q->t_begin + e->total_timeout - t;

		curl_easy_setopt(h->easy, CURLOPT_TIMEOUT_MS,
		    left > 0.001 ? (long)(left * 1000 + 0.5) : 1L);
	} else {
		curl_easy_setopt(h->easy, CURLOPT_TIMEOUT_MS, 0L);
	}
	curl_easy_setopt(h->easy, CURLOPT_POSTFIELDS, q->body);
	curl_easy_setopt(h->easy, CURLOPT_POSTFIELDSIZE_LARGE,
	    (curl_off_t)q->bodylen);
	q->slot = e->nactive;
	e->active[e->nactive++] = q;
	r->active++;
	if (curlev_add(e->ev, h->easy, &q->mi) != CURLM_OK)
		lg_die(LG_SYS, "cannot start a transfer");
}

/* Take a request out of the active set and give its handle back. */
static void
stop(http_engine *e, req *q)
{
	size_t last = e->nactive - 1;

	curlev_remove(e->ev, q->mi, q->h->easy);
	/* the attempt's error, for judge() */
	snprintf(q->errbuf, sizeof q->errbuf, "%.*s", (int)sizeof q->h->errbuf,
	    q->h->errbuf);
	q->h->q = NULL;
	e->pool[e->npool++] = q->h;
	q->h = NULL;
	e->active[q->slot] = e->active[last];
	e->active[q->slot]->slot = q->slot;
	e->nactive--;
	e->reps[q->rep].active--;
}

static double
round3(double x)
{
	return round(x * 1000) / 1000;
}

static void
report(http_engine *e, req *q, http_result *res)
{
	e->outstanding--;
	if (res->ok) {
		e->st.ok++;
		if (res->prompt_tokens > 0 && !res->cache_hit)
			e->st.prompt_tokens += res->prompt_tokens;
		if (res->output_tokens > 0 && !res->cache_hit)
			e->st.output_tokens += res->output_tokens;
	} else {
		e->st.failed++;
	}
	q->fn(q->user, res);
	req_free(q);
}

static void
store(http_engine *e, req *q, const http_result *res)
{
	cJSON *j;
	char hex[65];

	if (!e->use_cache)
		return;
	j = cJSON_CreateObject();
	cJSON_AddStringToObject(j, "endpoint", e->reps[q->rep].display);
	cJSON_AddStringToObject(j, "model", q->model);
	cJSON_AddItemToObject(j, "content", jsonnul_string(res->content,
	    res->content_len));
	if (res->reasoning != NULL)
		cJSON_AddItemToObject(j, "reasoning", jsonnul_string(res->reasoning,
		    res->reasoning_len));
	if (res->finish_reason != NULL)
		cJSON_AddStringToObject(j, "finish_reason", res->finish_reason);
	if (res->server_model != NULL)
		cJSON_AddStringToObject(j, "server_model", res->server_model);
	if (res->fingerprint != NULL)
		cJSON_AddStringToObject(j, "system_fingerprint", res->fingerprint);
	cJSON_AddNumberToObject(j, "prompt_tokens", (double)res->prompt_tokens);
	cJSON_AddNumberToObject(j, "output_tokens", (double)res->output_tokens);
	cJSON_AddNumberToObject(j, "latency_s", res->latency_s);
	cJSON_AddNumberToObject(j, "ttft_s", res->ttft_s);
	cache_key(e->reps[q->rep].url[q->api], q->model, q->body, q->bodylen, hex);
	/* a cache that cannot be written costs speed, not answers */
	(void)cache_put(&e->cache, hex, j);
	cJSON_Delete(j);
}

/*
 * The answer in q->reply, scrubbed of the key, into res: every string of
 * it came from the server (or from a cache entry anyone could have written).
 */
static void
answer(http_engine *e, req *q, http_result *res)
{
	oai_reply *r = &q->reply;

	scrub_buf(e, &r->content, &res->scrubbed);
	scrub_buf(e, &r->reasoning, &res->scrubbed);
	scrub(e, r->finish_reason);
	scrub(e, r->model);
	scrub(e, r->fingerprint);
	res->ok = 1;
	res->endpoint = e->reps[q->rep].display;
	res->content = buf_str(&r->content);
	res->content_len = r->content.len;
	res->reasoning = r->reasoning.len ? r->reasoning.s : NULL;
	res->reasoning_len = r->reasoning.len;
	res->finish_reason = r->finish_reason;
	res->server_model = r->model;
	res->fingerprint = r->fingerprint;
	res->truncated = res->finish_reason != NULL &&
	    strcmp(res->finish_reason, "length") == 0;
}

static void
succeed(http_engine *e, req *q, double t)
{
	http_result res = { 0 };

	oai_finish(&q->reply);
	answer(e, q, &res);
	res.prompt_tokens = q->reply.prompt_tokens;
	res.output_tokens = q->reply.output_tokens;
	res.latency_s = round3(t - q->t_start);
	res.ttft_s = q->event_stream && q->t_first > 0 ?
	    round3(q->t_first - q->t_start) : -1;
	res.attempts = q->attempts;
	res.status = q->status;
	e->reps[q->rep].rest = 0;
	store(e, q, &res);
	report(e, q, &res);
}

static void
fail(http_engine *e, req *q, double t)
{
	http_result res = { 0 };
	char *msg;

	res.endpoint = e->reps[q->rep].display;
	res.latency_s = round3(t - q->t_start);
	res.ttft_s = -1;
	/* the usage a failed reply sent (an error in a stream): paid for */
	res.prompt_tokens = q->reply.prompt_tokens;
	res.output_tokens = q->reply.output_tokens;
	res.attempts = q->attempts;
	res.status = q->err_status;
	res.setup = q->setup;
	if (q->out_of_time)
		msg = xasprintf("%s (after %d attempt%s; the next would pass "
		    "--timeout)", q->error, q->attempts, q->attempts > 1 ? "s" : "");
	else if (q->attempts > 1)
		msg = xasprintf("%s (after %d attempts)", q->error, q->attempts);
	else
		msg = xstrdup(q->error);
	res.error = msg;
	report(e, q, &res);
	free(msg);
}

static void
set_error(req *q, int retryable, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
set_error(req *q, int retryable, const char *fmt, ...)
{
	va_list ap;
	struct buf b = { 0 };
	char tmp[1024];

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	buf_puts(&b, tmp);
	free(q->error);
	q->error = scrub(q->e, buf_take(&b));
	q->retryable = retryable;
	q->err_status = 0;
	q->setup = 0;
}

/*
 * An error in a 200 reply: broken JSON, or an error object the server
 * sent.  With a code, the code decides as a status would (a 400 "Token
 * limit reached" in a stream is not paid for again); without, it is tried
 * again as a broken reply.
 */
static void
reply_error(req *q)
{
	long code = q->reply.error_code;

	set_error(q, code == 0 || backoff_retryable(code), "%s", q->reply.error);
	q->err_status = code;
}

/* Is a libcurl failure worth another attempt? */
static int
curl_retryable(CURLcode rc)
{
	switch (rc) {
	case CURLE_UNSUPPORTED_PROTOCOL:
	case CURLE_URL_MALFORMAT:
	case CURLE_NOT_BUILT_IN:
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_CIPHER:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_ISSUER_ERROR:
	case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
	case CURLE_SSL_INVALIDCERTSTATUS:
	case CURLE_OUT_OF_MEMORY:
	case CURLE_BAD_FUNCTION_ARGUMENT:
		return 0;
	default:
		return 1;
	}
}

/* Does a libcurl failure say the replica itself is unreachable? */
static int
curl_down(CURLcode rc, const req *q)
{
	if (rc == CURLE_COULDNT_CONNECT || rc == CURLE_COULDNT_RESOLVE_HOST)
		return 1;
	return rc == CURLE_OPERATION_TIMEDOUT && !q->got_body &&
	    strstr(q->errbuf, "onnect") != NULL;
}

/*
 * A request lost on a kept-alive connection the server had closed goes
 * again at once on a new one, once, not as an attempt (stale.h).
 */
static int
replay(http_engine *e, req *q)
{
	if (!q->stale || q->replayed)
		return 0;
	q->replayed = q->fresh = 1;
	q->next = e->qhead;
	e->qhead = q;
	if (e->qtail == NULL)
		e->qtail = q;
	e->st.queued++;
	return 1;
}

/* Judge an attempt that ended: answer, retry later, or give up. */
static void
judge(http_engine *e, req *q, CURLcode rc, double t)
{
	int down = 0;

	if (replay(e, q))
		return;
	if (q->idle_killed) {
		set_error(q, 1, "idle timeout: no data for %g s", e->idle_timeout);
	} else if (q->bad_stream && !q->too_large && q->reply.error != NULL) {
		reply_error(q);		/* broken JSON, or an error object sent */
	} else if (q->bad_stream) {
		set_error(q, !q->too_large, "%s", q->reply.error ? q->reply.error :
		    "bad stream");
	} else if (rc != CURLE_OK) {
		set_error(q, curl_retryable(rc), "%s", q->errbuf[0] ?
		    q->errbuf : curl_easy_strerror(rc));
		down = curl_down(rc, q);
		q->setup = rc == CURLE_COULDNT_CONNECT ||
		    rc == CURLE_COULDNT_RESOLVE_HOST ||
		    rc == CURLE_COULDNT_RESOLVE_PROXY;
	} else if (q->status >= 200 && q->status < 300) {
		char *why = NULL;

		if (q->event_stream) {
			(void)sse_feed(&q->sse, "\n", 1, on_data, q);
			if (q->reply.error != NULL)
				reply_error(q);
			else if (!oai_complete(&q->reply))
				set_error(q, 1, "stream ended before the reply did");
			else if ((why = oai_not_answer(&q->reply, e->hints)) != NULL)
				set_error(q, 0, "%s", why);
			else
				goto ok;
		} else if (oai_body(&q->reply, buf_str(&q->in), q->in.len) < 0) {
			reply_error(q);
		} else if (text_too_large(q)) {
			set_error(q, 0, "%s", q->reply.error);
		} else if ((why = oai_not_answer(&q->reply, e->hints)) != NULL) {
			set_error(q, 0, "%s", why);
		} else {
			goto ok;
		}
		free(why);
	} else {
		char *m;
		int hits = 0;

		/* the whole body, before a message is cut from it */
		scrub_buf(e, &q->in, &hits);
		m = oai_error_message(buf_str(&q->in), q->in.len, ERRMSG);

		if (*m)
			set_error(q, backoff_retryable(q->status), "HTTP %ld: %s",
			    q->status, m);
		else
			set_error(q, backoff_retryable(q->status), "HTTP %ld",
			    q->status);
		q->err_status = q->status;
		q->setup = q->status == 401 || q->status == 403 || q->status == 404;
		free(m);
	}
	if (down) {
		replica *r = &e->reps[q->rep];

		r->rest = r->rest > 0 ? r->rest * 2 : 0.5;
		if (r->rest > 30)
			r->rest = 30;
		r->rest_until = t + r->rest;
	}
	/*
	 * no connection before anything was ever answered is likely a wrong
	 * URL or a server not up: tried 3 times, not for minutes
	 */
	if (q->retryable && q->attempts <= e->retries &&
	    !(q->setup && e->st.ok == 0 && q->attempts >= HTTP_SETUP_TRIES)) {
		double d = backoff_delay(&e->rng, e->backoff_base, e->backoff_max,
		    q->attempts);
		req **pp;

		/* Retry-After is honoured up to the longest backoff */
		if (q->retry_after >= 0)
			d = fmax(d, fmin(q->retry_after, e->backoff_max));
		if (e->total_timeout > 0 && t + d >= q->t_begin + e->total_timeout) {
			q->out_of_time = 1;
			fail(e, q, t);
			return;
		}
		q->t_due = t + d;
		for (pp = &e->waiting; *pp && (*pp)->t_due <= q->t_due;
		    pp = &(*pp)->next)
			;
		q->next = *pp;
		*pp = q;
		e->st.waiting++;
		return;
	}
	fail(e, q, t);
	return;
ok:
	succeed(e, q, t);
}

static int
collect(http_engine *e)
{
	CURLMsg *m;
	int n = 0;
	double t = mono_now();

	while ((m = curlev_info_read(e->ev)) != NULL) {
		char *p = NULL;
		req *q;
		CURLcode rc;

		if (m->msg != CURLMSG_DONE)
			continue;
		rc = m->data.result;
		curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, &p);
		q = ((handle *)(void *)p)->q;
		if (!q->got_body)
			curl_easy_getinfo(q->h->easy, CURLINFO_RESPONSE_CODE, &q->status);
		q->stale = stale_conn(q->h->easy, rc);
		stop(e, q);
		judge(e, q, rc, t);
		n++;
	}
	return n;
}

/* End attempts that have been silent too long. */
static int
idle_scan(http_engine *e, double t)
{
	size_t i;
	int n = 0;

	if (e->idle_timeout <= 0)
		return 0;
	for (i = 0; i < e->nactive;) {
		req *q = e->active[i];

		if ((q->stream || q->got_body) && t - q->t_last > e->idle_timeout) {
			stop(e, q);
			q->idle_killed = 1;
			judge(e, q, CURLE_OK, t);
			n++;
			continue;	/* the slot now holds another request */
		}
		i++;
	}
	return n;
}

/* Retries whose time has come go to the front of the queue, in order. */
static void
promote(http_engine *e, double t)
{
	req *first = NULL, *last = NULL;

	while (e->waiting != NULL && e->waiting->t_due <= t) {
		req *q = e->waiting;

		e->waiting = q->next;
		e->st.waiting--;
		e->st.queued++;
		q->next = NULL;
		if (last != NULL)
			last->next = q;
		else
			first = q;
		last = q;
	}
	if (first == NULL)
		return;
	last->next = e->qhead;
	if (e->qhead == NULL)
		e->qtail = last;
	e->qhead = first;
}

static int
report_cached(http_engine *e)
{
	int n = 0;

	while (e->ready != NULL) {
		req *q = e->ready;
		cJSON *j = q->cached;
		http_result res = { 0 };
		const char *fr, *rs;
		const cJSON *pt, *ot;

		e->ready = q->next;
		if (e->ready == NULL)
			e->ready_tail = NULL;
		jsonnul_text(&q->reply.content, cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(j, "content")), q->cached_nul);
		rs = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j,
		    "reasoning"));
		if (rs != NULL)
			jsonnul_text(&q->reply.reasoning, rs, q->cached_nul);
		fr = cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(j, "finish_reason"));
		if (fr != NULL)
			q->reply.finish_reason = xstrdup(fr);
		if ((rs = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j,
		    "server_model"))) != NULL)
			oai_ident(&q->reply.model, rs, strlen(rs));
		if ((rs = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(j,
		    "system_fingerprint"))) != NULL)
			oai_ident(&q->reply.fingerprint, rs, strlen(rs));
		answer(e, q, &res);
		res.cache_hit = 1;
		pt = cJSON_GetObjectItemCaseSensitive(j, "prompt_tokens");
		ot = cJSON_GetObjectItemCaseSensitive(j, "output_tokens");
		res.prompt_tokens = cJSON_IsNumber(pt) && pt->valuedouble >= 0 &&
		    pt->valuedouble < 1e15 ? (long)pt->valuedouble : -1;
		res.output_tokens = cJSON_IsNumber(ot) && ot->valuedouble >= 0 &&
		    ot->valuedouble < 1e15 ? (long)ot->valuedouble : -1;
		res.latency_s = cJSON_GetNumberValue(
		    cJSON_GetObjectItemCaseSensitive(j, "latency_s"));
		res.ttft_s = cJSON_GetNumberValue(
		    cJSON_GetObjectItemCaseSensitive(j, "ttft_s"));
		if (!isfinite(res.latency_s) || res.latency_s < 0)
			res.latency_s = 0;
		if (!isfinite(res.ttft_s) || res.ttft_s < 0)
			res.ttft_s = -1;
		res.attempts = 0;
		res.status = 0;
		e->st.cache_hits++;
		report(e, q, &res);
		n++;
	}
	return n;
}

/* Start queued requests while there is room. */
static void
launch(http_engine *e, double t)
{
	while (e->qhead != NULL && e->nactive < (size_t)e->parallel) {
		req *q = e->qhead;

		e->qhead = q->next;
		if (e->qhead == NULL)
			e->qtail = NULL;
		q->next = NULL;
		e->st.queued--;
		if (q->attempts > 0 && e->total_timeout > 0 &&
		    t >= q->t_begin + e->total_timeout) {
			/* its time ran out while it waited for a slot */
			q->out_of_time = 1;
			fail(e, q, t);
			continue;
		}
		start(e, q, t);
	}
}

int
http_step(http_engine *e, int wait_ms)
{
	int n = 0;
	long ct = -1;
	double t = mono_now();

	n += report_cached(e);
	promote(e, t);
	launch(e, t);
	curlev_timers(e->ev);	/* starts what launch() added */
	n += collect(e);
	if (n > 0 || e->ready != NULL)
		wait_ms = 0;
	if (e->qhead != NULL && e->nactive < (size_t)e->parallel)
		wait_ms = 0;
	if (wait_ms > 0) {
		ct = curlev_timeout(e->ev);
		if (ct >= 0 && ct < wait_ms)
			wait_ms = (int)ct;
		if (e->waiting != NULL) {
			double d = (e->waiting->t_due - mono_now()) * 1000;

			if (d < wait_ms)
				wait_ms = d > 0 ? (int)ceil(d) : 0;
		}
		if (e->nactive > 0 && e->idle_timeout > 0) {
			int iv = (int)(e->idle_timeout * 250);

			if (iv < 10)
				iv = 10;
			if (iv > 1000)
				iv = 1000;
			if (iv < wait_ms)
				wait_ms = iv;
		}
	}
	if (wait_ms < 0)
		wait_ms = 0;
	curlev_wait(e->ev, wait_ms);
	n += collect(e);
	t = mono_now();
	/*
	 * every transfer in flight is looked at: as often as a hundredth of
	 * the idle timeout, from every 10 ms to every second
	 */
	if (t - e->last_scan >= fmin(1, fmax(0.01, e->idle_timeout / 100))) {
		e->last_scan = t;
		n += idle_scan(e, t);
	}
	promote(e, t);
	launch(e, t);
	return n;
}
