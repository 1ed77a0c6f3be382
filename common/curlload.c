/* curlload.c: the libcurl functions the tools call, handed on to the
 * library opened at the first call (curlload.h). */
#define CURL_DISABLE_TYPECHECK 1	/* these are the functions themselves */
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <time.h>
#include <curl/curl.h>

#include "curlload.h"
#include "diag.h"

#ifndef LG_LIBCURL
#define LG_LIBCURL "libcurl.so.4"
#endif

/* The library's own functions, by name. */
static struct {
	CURLcode (*global_init)(long);
	void (*global_cleanup)(void);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_perform)(CURL *);
	void (*easy_cleanup)(CURL *);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	void (*easy_reset)(CURL *);
	const char *(*easy_strerror)(CURLcode);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
	time_t (*getdate)(const char *, const time_t *);
	CURLM *(*multi_init)(void);
	CURLMcode (*multi_add_handle)(CURLM *, CURL *);
	CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
	CURLMcode (*multi_cleanup)(CURLM *);
	CURLMsg *(*multi_info_read)(CURLM *, int *);
	CURLMcode (*multi_socket_action)(CURLM *, curl_socket_t, int, int *);
	CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
	curl_mime *(*mime_init)(CURL *);
	curl_mimepart *(*mime_addpart)(curl_mime *);
	CURLcode (*mime_name)(curl_mimepart *, const char *);
	CURLcode (*mime_data)(curl_mimepart *, const char *, size_t);
	CURLcode (*mime_filedata)(curl_mimepart *, const char *);
	void (*mime_free)(curl_mime *);
} f;
static void *lib;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void *
sym(const char *name)
{
	void *p = dlsym(lib, name);

	if (p == NULL)
		lg_die(LG_SYS, "%s: no %s in it", LG_LIBCURL, name);
	return p;
}

#define SYM(field, name) (*(void **)(void *)&f.field = sym(name))

static void
load(void)
{
	if ((lib = dlopen(LG_LIBCURL, RTLD_NOW | RTLD_LOCAL)) == NULL)
		lg_die(LG_SYS, "cannot load libcurl: %s", dlerror());
	SYM(global_init, "curl_global_init");
	SYM(global_cleanup, "curl_global_cleanup");
	SYM(easy_init, "curl_easy_init");
	SYM(easy_setopt, "curl_easy_setopt");
	SYM(easy_perform, "curl_easy_perform");
	SYM(easy_cleanup, "curl_easy_cleanup");
	SYM(easy_getinfo, "curl_easy_getinfo");
	SYM(easy_reset, "curl_easy_reset");
	SYM(easy_strerror, "curl_easy_strerror");
	SYM(slist_append, "curl_slist_append");
	SYM(slist_free_all, "curl_slist_free_all");
	SYM(getdate, "curl_getdate");
	SYM(multi_init, "curl_multi_init");
	SYM(multi_add_handle, "curl_multi_add_handle");
	SYM(multi_remove_handle, "curl_multi_remove_handle");
	SYM(multi_cleanup, "curl_multi_cleanup");
	SYM(multi_info_read, "curl_multi_info_read");
	SYM(multi_socket_action, "curl_multi_socket_action");
	SYM(multi_setopt, "curl_multi_setopt");
	SYM(mime_init, "curl_mime_init");
	SYM(mime_addpart, "curl_mime_addpart");
	SYM(mime_name, "curl_mime_name");
	SYM(mime_data, "curl_mime_data");
	SYM(mime_filedata, "curl_mime_filedata");
	SYM(mime_free, "curl_mime_free");
}

static void
need(void)
{
	pthread_once(&once, load);
}

int
curl_loaded(void)
{
	return lib != NULL;
}

CURLcode
curl_global_init(long flags)
{
	need();
	return f.global_init(flags);
}

void
curl_global_cleanup(void)
{
	if (lib != NULL)	/* nothing to clean when never loaded */
		f.global_cleanup();
}

CURL *
curl_easy_init(void)
{
	need();
	return f.easy_init();
}

/*
 * The one argument after option o, of the type the option's number says
 * (CURLOPTTYPE_*, the same for the multi handle's options), handed to fn.
 */
#define FORWARD(r, fn, h, o, ap) do {					\
	if ((o) < CURLOPTTYPE_OBJECTPOINT)				\
		(r) = fn((h), (o), va_arg((ap), long));			\
	else if ((o) < CURLOPTTYPE_FUNCTIONPOINT)			\
		(r) = fn((h), (o), va_arg((ap), void *));		\
	else if ((o) < CURLOPTTYPE_OFF_T)				\
		(r) = fn((h), (o), va_arg((ap), void (*)(void)));	\
	else if ((o) < CURLOPTTYPE_BLOB)				\
		(r) = fn((h), (o), va_arg((ap), curl_off_t));		\
	else								\
		(r) = fn((h), (o), va_arg((ap), void *));		\
} while (0)

CURLcode
curl_easy_setopt(CURL *c, CURLoption o, ...)
{
	va_list ap;
	CURLcode r;

	need();
	va_start(ap, o);
	FORWARD(r, f.easy_setopt, c, o, ap);
	va_end(ap);
	return r;
}

CURLMcode
curl_multi_setopt(CURLM *m, CURLMoption o, ...)
{
	va_list ap;
	CURLMcode r;

	need();
	va_start(ap, o);
	FORWARD(r, f.multi_setopt, m, o, ap);
	va_end(ap);
	return r;
}

/* Every CURLINFO_* takes a pointer. */
CURLcode
curl_easy_getinfo(CURL *c, CURLINFO i, ...)
{
	va_list ap;
	CURLcode r;

	need();
	va_start(ap, i);
	r = f.easy_getinfo(c, i, va_arg(ap, void *));
	va_end(ap);
	return r;
}

CURLcode
curl_easy_perform(CURL *c)
{
	need();
	return f.easy_perform(c);
}

void
curl_easy_cleanup(CURL *c)
{
	if (c != NULL)
		f.easy_cleanup(c);
}

void
curl_easy_reset(CURL *c)
{
	need();
	f.easy_reset(c);
}

const char *
curl_easy_strerror(CURLcode e)
{
	need();
	return f.easy_strerror(e);
}

struct curl_slist *
curl_slist_append(struct curl_slist *l, const char *s)
{
	need();
	return f.slist_append(l, s);
}

void
curl_slist_free_all(struct curl_slist *l)
{
	if (l != NULL)
		f.slist_free_all(l);
}

time_t
curl_getdate(const char *p, const time_t *unused)
{
	need();
	return f.getdate(p, unused);
}

CURLM *
curl_multi_init(void)
{
	need();
	return f.multi_init();
}

CURLMcode
curl_multi_add_handle(CURLM *m, CURL *c)
{
	need();
	return f.multi_add_handle(m, c);
}

CURLMcode
curl_multi_remove_handle(CURLM *m, CURL *c)
{
	need();
	return f.multi_remove_handle(m, c);
}

CURLMcode
curl_multi_cleanup(CURLM *m)
{
	if (m == NULL)
		return CURLM_BAD_HANDLE;
	return f.multi_cleanup(m);
}

CURLMsg *
curl_multi_info_read(CURLM *m, int *left)
{
	need();
	return f.multi_info_read(m, left);
}

CURLMcode
curl_multi_socket_action(CURLM *m, curl_socket_t s, int ev, int *running)
{
	need();
	return f.multi_socket_action(m, s, ev, running);
}

curl_mime *
curl_mime_init(CURL *c)
{
	need();
	return f.mime_init(c);
}

curl_mimepart *
curl_mime_addpart(curl_mime *m)
{
	need();
	return f.mime_addpart(m);
}

CURLcode
curl_mime_name(curl_mimepart *p, const char *name)
{
	need();
	return f.mime_name(p, name);
}

CURLcode
curl_mime_data(curl_mimepart *p, const char *data, size_t len)
{
	need();
	return f.mime_data(p, data, len);
}

CURLcode
curl_mime_filedata(curl_mimepart *p, const char *path)
{
	need();
	return f.mime_filedata(p, path);
}

void
curl_mime_free(curl_mime *m)
{
	if (m != NULL)
		f.mime_free(m);
}
