/*
 * http.h: the engine that sends requests to OpenAI-compatible servers.
 *
 * One engine drives many requests at once over libcurl's multi interface in
 * the calling thread: at most `parallel` transfers in flight, connections
 * kept and reused, requests spread over replica servers (the one with the
 * fewest requests outstanding first, a replica that just refused a
 * connection left to rest), streamed (SSE) or whole replies, connect, idle
 * and total timeouts, retries of network errors, 408, 429 and 5xx with
 * exponential backoff and full jitter that honours Retry-After (up to the
 * longest backoff; no connection before any answer is tried
 * HTTP_SETUP_TRIES times at most; an error object in a 200 reply with a
 * code is tried again or not by its code as by a status), and an optional
 * response cache on disk (cache.h).
 *
 * Nothing that comes back is trusted.  A 200 reply must hold one answer
 * of the endpoint asked (oai_not_answer()), else the request fails
 * without a retry.  A reply is bounded: answer text
 * (content and reasoning) past max_reply, a whole body or a stream line
 * past 4 max_reply + 1 MiB, stops the transfer and fails the request with
 * "reply too large", without a retry.  The total timeout bounds a request
 * from its first attempt to its end, backoff waits included: a retry that
 * could not start in time is not waited for.
 *
 * Use: http_new(); http_submit() a JSON request body with a callback and a
 * user pointer; call http_step() in a loop while http_outstanding() is not
 * zero.  Each request ends in exactly one call of its callback, made from
 * http_step() (never from http_submit()), with the answer or the error of
 * its last attempt.  Callbacks may submit more requests.
 *
 * Ownership: the engine copies the options it is given.  http_submit()
 * takes the body (malloc'd) and frees it when the request ends; the model
 * string is copied; the user pointer is only handed back.  The result passed
 * to a callback, and every string in it, belongs to the engine and is valid
 * only during the call.  The API key is kept only for the Authorization
 * header: it never goes into a result, a message, or the cache; every
 * text a server sends back (answers included) and every cache entry read
 * is scrubbed of it (apikey_scrub), and a base URL with credentials
 * (user:pass@, which would go out as Basic auth) is refused.
 *
 * Threads: only http_wakeup() may be called from another thread.
 */
#ifndef LG_HTTP_H
#define LG_HTTP_H

#include <stddef.h>

enum { HTTP_CHAT, HTTP_COMPLETIONS };

typedef struct {
	char *const *base_urls;	/* replicas: http(s)://host[:port][/prefix] */
	size_t nbase;
	const char *api_key;	/* NULL or "": no Authorization header */
	int parallel;		/* transfers in flight at most */
	double connect_timeout;	/* seconds to connect */
	double idle_timeout;	/* seconds without a byte that end an attempt */
	double total_timeout;	/* seconds a request may take from its first
				 * attempt to its end, waits included */
	int retries;		/* attempts after the first one */
	double backoff_base;	/* seconds: the first backoff is up to this */
	double backoff_max;	/* seconds: no backoff (nor Retry-After wait)
				 * is longer */
	int insecure;		/* do not verify TLS certificates */
	const char *cache_dir;	/* NULL: no cache */
	size_t max_reply;	/* bytes of answer text (content and reasoning)
				 * at most; 0: HTTP_MAX_REPLY, or the record
				 * limit (jsonl_max) when that is less */
	int hints;		/* a reply with no one answer says what
				 * lg-infer's options do (oai_not_answer) */
} http_opts;

/*
 * Attempts at most of a request that finds no connection (refused, no such
 * host) while no request has been answered yet.
 */
#define HTTP_SETUP_TRIES 3

/* The default limit on answer text: 128k tokens of up to 64 bytes each. */
#define HTTP_MAX_REPLY ((size_t)8 << 20)

typedef struct {
	int ok;			/* an answer (else error is set) */
	const char *endpoint;	/* base URL of the replica, no credentials */
	const char *content;	/* the answer, reasoning removed */
	size_t content_len;	/* its length: it may hold NULs */
	const char *reasoning;	/* NULL when there was none */
	size_t reasoning_len;
	const char *finish_reason;	/* NULL when the server sent none */
	const char *server_model;	/* the model the reply names, and its */
	const char *fingerprint;	/* system_fingerprint: NULL when not sent */
	int truncated;		/* finish_reason "length": cut by max tokens */
	long prompt_tokens;	/* from usage; -1 when the server sent none
				 * (a failure keeps the usage a 200 reply sent
				 * beside its error object) */
	long output_tokens;
	double latency_s;	/* the answering attempt, request to last byte */
	double ttft_s;		/* to the first text; -1 when not streamed */
	int attempts;		/* HTTP attempts made; 0 for a cache hit */
	int cache_hit;
	int scrubbed;		/* blots of the API key in the answer */
	long status;		/* answer: its HTTP status (0 from the cache);
				 * failure: the HTTP error status of the last
				 * attempt, or the code (100 to 599) of an error
				 * object in a 200 reply, 0 for a network error,
				 * a timeout or a broken reply */
	const char *error;	/* on failure: the last attempt's error */
	int setup;		/* on failure: one that says the setup is wrong,
				 * not the request: no connection (refused, no
				 * such host) or HTTP 401, 403, 404 */
} http_result;

typedef void (*http_done_fn)(void *user, const http_result *res);

typedef struct {
	unsigned long submitted, ok, failed;
	unsigned long attempts;		/* HTTP requests sent */
	unsigned long retries;		/* of which repeats */
	unsigned long cache_hits;
	unsigned long active;		/* in flight now */
	unsigned long waiting;		/* in backoff now */
	unsigned long queued;		/* not started yet */
	long prompt_tokens, output_tokens;	/* summed over answers */
} http_stats;

typedef struct http_engine http_engine;

/* NULL with *err (caller frees) when an option cannot be used. */
http_engine *http_new(const http_opts *o, char **err);
/* Ends whatever is still outstanding without calling back. */
void http_free(http_engine *e);

/* The base URL of replica i as reported in results (no credentials). */
const char *http_endpoint(const http_engine *e, size_t i);

/*
 * Queue a request: api is HTTP_CHAT (/v1/chat/completions) or
 * HTTP_COMPLETIONS (/v1/completions); body is the full JSON request,
 * taken over.  stream says whether the body asks for a stream (the engine
 * reads whichever kind of reply comes, but only a streamed request has its
 * idle timeout running before the first byte: a server is silent while it
 * writes a whole reply).
 */
void http_submit(http_engine *e, int api, const char *model, int stream,
    char *body, http_done_fn fn, void *user);

/* Requests submitted whose callback has not been called yet. */
size_t http_outstanding(const http_engine *e);

/*
 * Move transfers on, waiting at most wait_ms for something to happen,
 * and call back for requests that ended.  Returns the number of callbacks.
 */
int http_step(http_engine *e, int wait_ms);

/* Make a waiting http_step() return early; safe from any thread. */
void http_wakeup(http_engine *e);

void http_get_stats(const http_engine *e, http_stats *st);

#endif
