/*
 * One request to the completions endpoint, whole (not streamed), tried
 * again as lg-infer does: network errors, HTTP 408, 429 and 5xx are
 * retried up to --retries times after exponential backoff with full
 * jitter, Retry-After honoured up to --backoff-max, all within --timeout
 * from the first attempt; an attempt whose reply stops for --idle-timeout
 * once begun is ended and tried again.  A reply body past max_reply stops the transfer
 * and fails without a retry.  The key goes only into the Authorization
 * header; messages from the server are scrubbed of it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "apikey.h"
#include "backoff.h"
#include "diag.h"
#include "oai.h"
#include "ppl.h"
#include "util.h"
#include "xalloc.h"

struct fetcher {
	const ppl_opts *o;
	CURL *c;
	struct curl_slist *hdrs;
	char *url, *endpoint;
	rng rng;
	int answered;		/* some request was answered */
};

typedef struct {
	CURL *c;
	struct buf *out;
	size_t max;
	int too_large;
	double retry_after;
	double idle;		/* --idle-timeout; 0: none */
	double t_last;		/* when a byte came last */
	int got_body;		/* the reply's body has begun */
	int idle_killed;
} xfer;

/*
 * The idle timeout: a whole reply is silent until the server has it all,
 * so the time without a byte counts once its body has begun, as lg-infer
 * counts it for a request that is not streamed.
 */
static int
on_progress(void *arg, curl_off_t dt, curl_off_t dn, curl_off_t ut,
    curl_off_t un)
{
	xfer *x = arg;

	(void)dt, (void)dn, (void)ut, (void)un;
	if (x->idle > 0 && x->got_body && mono_now() - x->t_last > x->idle) {
		x->idle_killed = 1;
		return 1;	/* ends the transfer */
	}
	return 0;
}

static size_t
on_body(char *p, size_t size, size_t n, void *arg)
{
	xfer *x = arg;
	size_t len = size * n;
	curl_off_t cl = -1;

	x->t_last = mono_now();
	x->got_body = 1;
	if (x->out->len == 0 && curl_easy_getinfo(x->c,
	    CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &cl) == CURLE_OK && cl > 0) {
		if ((uint64_t)cl > x->max) {	/* said at once: not read */
			x->too_large = 1;
			return 0;
		}
		/* room for the whole body at once: no doubling past it, and
		 * the old buffer let go first (it holds nothing to copy) */
		if ((size_t)cl + 1 > x->out->cap) {
			free(x->out->s);
			x->out->s = xmalloc((size_t)cl + 1);
			x->out->s[0] = '\0';
			x->out->cap = (size_t)cl + 1;
		}
	}
	if (x->out->len + len > x->max) {
		x->too_large = 1;
		return 0;
	}
	buf_add(x->out, p, len);
	return len;
}

static size_t
on_header(char *p, size_t size, size_t n, void *arg)
{
	xfer *x = arg;
	size_t len = size * n;

	x->t_last = mono_now();
	if (len > 12 && strncasecmp(p, "retry-after:", 12) == 0 && len < 200) {
		char v[200];
		size_t k = len - 12;

		memcpy(v, p + 12, k);
		v[k] = '\0';
		v[strcspn(v, "\r\n")] = '\0';
		x->retry_after = backoff_retry_after(v + strspn(v, " \t"),
		    time(NULL));
	}
	return len;
}

/* The request body, escaped as it goes out (score.c). */
static size_t
on_read(char *dst, size_t size, size_t n, void *arg)
{
	return ppl_body_read(arg, dst, size * n);
}

/* libcurl sends a body again (a connection reused that was closed). */
static int
on_seek(void *arg, curl_off_t offset, int origin)
{
	if (origin != SEEK_SET || offset != 0)
		return CURL_SEEKFUNC_CANTSEEK;
	ppl_body_rewind(arg);
	return CURL_SEEKFUNC_OK;
}

fetcher *
fetch_new(const ppl_opts *o, const char **err)
{
	fetcher *f;
	const char *b = o->base, *h;
	size_t n = strlen(b);

	if (strncasecmp(b, "http://", 7) != 0 && strncasecmp(b, "https://", 8) != 0) {
		*err = "base URL is not http:// or https://";
		return NULL;
	}
	h = strstr(b, "://") + 3;
	if (memchr(h, '@', strcspn(h, "/?#")) != NULL) {
		*err = "credentials in a base URL are refused: give the key in a "
		    "file with --api-key-file (or in LG_API_KEY)";
		return NULL;
	}
	if (strchr(b, ' ') != NULL || *h == '\0' || *h == '/') {
		*err = "bad base URL";
		return NULL;
	}
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		*err = "cannot set up libcurl";
		return NULL;
	}
	f = xcalloc(1, sizeof *f);
	f->o = o;
	while (n > 0 && b[n - 1] == '/')
		n--;
	f->endpoint = xstrndup(b, n);
	if (n >= 3 && memcmp(b + n - 3, "/v1", 3) == 0)
		f->url = xasprintf("%.*s/completions", (int)n, b);
	else
		f->url = xasprintf("%.*s/v1/completions", (int)n, b);
	f->hdrs = curl_slist_append(NULL, "Content-Type: application/json");
	/* the body at once, not after a 100 Continue a server may not send */
	f->hdrs = curl_slist_append(f->hdrs, "Expect:");
	if (o->key != NULL && *o->key != '\0') {
		char *a = xasprintf("Authorization: Bearer %s", o->key);

		f->hdrs = curl_slist_append(f->hdrs, a);
		explicit_bzero(a, strlen(a));
		free(a);
	}
	rng_seed(&f->rng, (uint64_t)getpid() ^ (uint64_t)time(NULL) ^
	    (uint64_t)(uintptr_t)f);
	if ((f->c = curl_easy_init()) == NULL || f->hdrs == NULL) {
		*err = "cannot set up libcurl";
		fetch_free(f);
		return NULL;
	}
	return f;
}

void
fetch_free(fetcher *f)
{
	if (f == NULL)
		return;
	if (f->c != NULL)
		curl_easy_cleanup(f->c);
	curl_slist_free_all(f->hdrs);
	free(f->url);
	free(f->endpoint);
	free(f);
	curl_global_cleanup();
}

const char *
fetch_endpoint(const fetcher *f)
{
	return f->endpoint;
}

static int
net_retryable(CURLcode rc)
{
	switch (rc) {
	case CURLE_WRITE_ERROR:		/* the body was too large */
	case CURLE_URL_MALFORMAT:
	case CURLE_UNSUPPORTED_PROTOCOL:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_PEER_FAILED_VERIFICATION:
		return 0;
	default:
		return 1;
	}
}

static void
pause_for(double d)
{
	struct timespec ts;

	ts.tv_sec = (time_t)d;
	ts.tv_nsec = (long)((d - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) != 0)
		;
}

/* One attempt: 1 answered, 0 failed retryably, -1 failed for good. */
static int
attempt(fetcher *f, ppl_body *body, struct buf *out, fetch_result *r,
    double left, double *retry_after)
{
	const ppl_opts *o = f->o;
	xfer x = { f->c, out, o->net.max_reply, 0, -1, o->net.idle_timeout, 0, 0,
	    0 };
	char errbuf[CURL_ERROR_SIZE] = "";
	CURLcode rc;
	double t0 = mono_now();
	int retry;

	buf_reset(out);
	curl_easy_reset(f->c);
	curl_easy_setopt(f->c, CURLOPT_URL, f->url);
	curl_easy_setopt(f->c, CURLOPT_HTTPHEADER, f->hdrs);
	ppl_body_rewind(body);
	curl_easy_setopt(f->c, CURLOPT_POST, 1L);
	curl_easy_setopt(f->c, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(f->c, CURLOPT_READDATA, body);
	curl_easy_setopt(f->c, CURLOPT_SEEKFUNCTION, on_seek);
	curl_easy_setopt(f->c, CURLOPT_SEEKDATA, body);
	curl_easy_setopt(f->c, CURLOPT_POSTFIELDSIZE_LARGE,
	    (curl_off_t)body->len);
	curl_easy_setopt(f->c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(f->c, CURLOPT_WRITEDATA, &x);
	curl_easy_setopt(f->c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(f->c, CURLOPT_HEADERDATA, &x);
	curl_easy_setopt(f->c, CURLOPT_XFERINFOFUNCTION, on_progress);
	curl_easy_setopt(f->c, CURLOPT_XFERINFODATA, &x);
	curl_easy_setopt(f->c, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(f->c, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(f->c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(f->c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(f->c, CURLOPT_CONNECTTIMEOUT_MS,
	    (long)(o->net.connect_timeout * 1000 + 0.5));
	if (left > 0)
		curl_easy_setopt(f->c, CURLOPT_TIMEOUT_MS, (long)(left * 1000 + 0.5));
	curl_easy_setopt(f->c, CURLOPT_SSL_VERIFYPEER, o->net.insecure ? 0L : 1L);
	curl_easy_setopt(f->c, CURLOPT_SSL_VERIFYHOST, o->net.insecure ? 0L : 2L);
	r->attempts++;
	rc = curl_easy_perform(f->c);
	r->latency_s = mono_now() - t0;
	r->status = 0;
	free(r->error);
	r->error = NULL;
	if (x.too_large) {
		r->error = xasprintf("reply too large: over %zu bytes (--max-reply)",
		    o->net.max_reply);
		return -1;
	}
	if (x.idle_killed) {
		r->error = xasprintf("idle timeout: no data for %g s",
		    o->net.idle_timeout);
		r->setup = 0;
		return 0;	/* tried again */
	}
	if (rc != CURLE_OK) {
		r->error = xstrdup(errbuf[0] ? errbuf : curl_easy_strerror(rc));
		r->setup = rc == CURLE_COULDNT_CONNECT ||
		    rc == CURLE_COULDNT_RESOLVE_HOST;
		return net_retryable(rc) ? 0 : -1;
	}
	curl_easy_getinfo(f->c, CURLINFO_RESPONSE_CODE, &r->status);
	if (r->status >= 200 && r->status < 300) {
		r->setup = 0;
		return 1;
	}
	{
		char *m;

		if (out->s != NULL)
			out->len = apikey_scrub(o->key, out->s, out->len, NULL);
		m = oai_error_message(buf_str(out), out->len, 300);
		r->error = *m ? xasprintf("HTTP %ld: %s", r->status, m) :
		    xasprintf("HTTP %ld", r->status);
		free(m);
	}
	r->setup = r->status == 401 || r->status == 403 || r->status == 404;
	retry = backoff_retryable(r->status);
	*retry_after = x.retry_after;
	return retry ? 0 : -1;
}

int
fetch_post(fetcher *f, ppl_body *body, struct buf *out, fetch_result *r)
{
	const ppl_opts *o = f->o;
	double t0 = mono_now();
	int k;

	memset(r, 0, sizeof *r);
	for (;;) {
		double ra = -1, d, left = 0;

		if (o->net.total_timeout > 0 &&
		    (left = t0 + o->net.total_timeout - mono_now()) <= 0) {
			if (r->error == NULL)
				r->error = xstrdup("timed out");
			return -1;
		}
		k = attempt(f, body, out, r, left, &ra);
		if (k > 0) {
			f->answered = 1;
			return 0;
		}
		if (r->error != NULL)
			apikey_scrub_str(o->key, r->error);
		/* no connection before any answer: a wrong setup, 3 tries */
		if (k < 0 || r->attempts > o->net.retries ||
		    (r->setup && !f->answered && r->attempts >= 3))
			return -1;
		d = backoff_delay(&f->rng, o->net.backoff_base, o->net.backoff_max,
		    r->attempts);
		if (ra >= 0)
			d = fmax(d, fmin(ra, o->net.backoff_max));
		if (o->net.total_timeout > 0 &&
		    mono_now() + d >= t0 + o->net.total_timeout)
			return -1;
		pause_for(d);
	}
}

void
fetch_wait(fetcher *f, int attempt)
{
	pause_for(backoff_delay(&f->rng, f->o->net.backoff_base, f->o->net.backoff_max,
	    attempt));
}
