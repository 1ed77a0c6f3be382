#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "cmdline.h"
#include "diag.h"
#include "splice.h"
#include "opt.h"
#include "record.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_COMPAT = 0x100, OPT_MAX_RECORD, OPT_VERSION
};

cJSON *
rec_get(const cJSON *rec, const char *key)
{
	return splice_get(rec, key);
}

const char *
rec_str(const cJSON *rec, const char *key)
{
	cJSON *v = rec_get(rec, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

const char *
rec_id(const cJSON *rec)
{
	const char *id = rec_str(rec, "id");

	return id != NULL ? id : "(no id)";
}

const char *
rec_strn(const cJSON *rec, const char *key, size_t *len)
{
	cJSON *v = rec_get(rec, key);
	const char *whole;

	if (!cJSON_IsString(v))
		return NULL;
	if ((whole = splice_strn(rec, v, len)) != NULL)
		return whole;
	*len = strlen(v->valuestring);
	return v->valuestring;
}

const char *
rec_idn(const cJSON *rec, size_t *len)
{
	return rec_strn(rec, "id", len);
}

long
rec_long(const cJSON *rec, const char *key, long def)
{
	cJSON *v = rec_get(rec, key);

	if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
	    fabs(v->valuedouble) > 9e15)
		return def;
	return (long)v->valuedouble;
}

double
rec_num(const cJSON *rec, const char *key, double def)
{
	cJSON *v = rec_get(rec, key);

	return cJSON_IsNumber(v) ? v->valuedouble : def;
}

int
rec_is(const cJSON *rec, const char *bench, const char *task)
{
	const char *b = rec_str(rec, "bench"), *t = rec_str(rec, "task");

	return b != NULL && t != NULL && strcmp(b, bench) == 0 && strcmp(t, task) == 0;
}

const char *
rec_answer(const cJSON *rec, const char **why)
{
	const cJSON *out = rec_get(rec, "output");

	*why = NULL;
	if (cJSON_IsString(out))
		return out->valuestring;
	if (out != NULL && !cJSON_IsNull(out))
		*why = "output: not a string";
	else if (rec_get(rec, "error") == NULL)
		*why = "output: missing";
	return "";
}

const char *
rec_answer_len(const cJSON *rec, size_t *len, const char **why)
{
	const char *s = rec_strn(rec, "output", len);

	if (s != NULL) {
		*why = NULL;
		return s;
	}
	*len = 0;
	return rec_answer(rec, why);
}

void
rec_touch(cJSON *rec, const char *key)
{
	splice_touch(rec, key);
}

void
rec_del(cJSON *rec, const char *key)
{
	splice_touch(rec, key);
	cJSON_DeleteItemFromObjectCaseSensitive(rec, key);
}

void
rec_set(cJSON *rec, const char *key, cJSON *val)
{
	splice_touch(rec, key);
	if (rec_get(rec, key) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(rec, key, val);
	else
		cJSON_AddItemToObject(rec, key, val);
}

cJSON *
rec_obj(cJSON *rec, const char *key)
{
	cJSON *v = rec_get(rec, key);

	if (!cJSON_IsObject(v)) {
		v = cJSON_CreateObject();
		rec_set(rec, key, v);
	}
	splice_touch(rec, key);
	return v;
}

void
rec_set_str(cJSON *rec, const char *key, const char *s)
{
	rec_set(rec, key, cJSON_CreateString(s));
}

void
rec_set_num(cJSON *rec, const char *key, double v)
{
	rec_set(rec, key, cJSON_CreateNumber(v));
}

void
rec_error(cJSON *rec, const char *stage, const char *fmt, ...)
{
	va_list ap;
	char msg[1024];
	cJSON *e = cJSON_CreateObject();

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cJSON_AddStringToObject(e, "stage", stage);
	cJSON_AddStringToObject(e, "message", msg);
	rec_set(rec, "error", e);
}

/* rec_fail() and rec_failat(): warn, then set the error unless one is set. */
static int
vfail(cJSON *rec, const char *file, long line, const char *stage,
    const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof msg, fmt, ap);
	lg_warnat(file, line, "%s: %s", rec_id(rec), msg);
	if (rec_get(rec, "error") == NULL)
		rec_error(rec, stage, "%s", msg);
	return REC_BAD;
}

int
rec_fail(cJSON *rec, jsonl *in, const char *stage, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vfail(rec, jsonl_file(in), jsonl_lineno(in), stage, fmt, ap);
	va_end(ap);
	return ret;
}

int
rec_failat(cJSON *rec, const char *file, long line, const char *stage,
    const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vfail(rec, file, line, stage, fmt, ap);
	va_end(ap);
	return ret;
}

char *
rec_print(const cJSON *rec, size_t *len)
{
	struct buf b = { 0 };

	if (!splice_print(rec, &b))
		lg_die(LG_SYS, "a record holds something that cannot be printed");
	*len = b.len;
	buf_str(&b);
	return buf_take(&b);
}

char *
rec_shown(const cJSON *v, const char *absent)
{
	size_t len;

	return v == NULL ? xstrdup(absent) : rec_print(v, &len);
}

/*
 * rec_filter()'s reader, whose long untouched values may be lent to a
 * pipe on stdout (vmsplice: the pipe takes the pages, not a copy), and
 * the bytes written to stdout by write_pieces().
 */
static jsonl *lender;
static int out_pipe = -1;	/* stdout is a pipe: 1, not: 0, not known: -1 */
static unsigned long long out_seq;

/* Pieces at least this long are lent rather than copied. */
#define LEND_MIN 32768

static int
lendable(const splice_piece *p)
{
	struct stat st;

	if (p->p == NULL || p->len < LEND_MIN || lender == NULL)
		return 0;
	if (out_pipe < 0)
		out_pipe = fstat(STDOUT_FILENO, &st) == 0 && S_ISFIFO(st.st_mode);
	return out_pipe && jsonl_holds(lender, p->p, p->len);
}

/*
 * Write iov[0..k) whole, however many calls it takes: by vmsplice() when
 * lend, else by writev().  0 when vmsplice() is refused: what is left in
 * iov is then to be copied, and nothing is lent from now on.
 */
static int
put_all(struct iovec *iov, size_t k, int lend)
{
	while (k > 0) {
		size_t j;
		ssize_t w;

		do
			w = lend ? vmsplice(STDOUT_FILENO, iov, (unsigned long)k, 0) :
			    writev(STDOUT_FILENO, iov, (int)k);
		while (w < 0 && errno == EINTR);
		if (w < 0 && lend && (errno == EINVAL || errno == ENOSYS ||
		    errno == EPERM)) {
			out_pipe = 0;
			return 0;
		}
		if (w < 0)
			lg_write_failed(errno);
		out_seq += (unsigned long long)w;
		for (j = 0; j < k && (size_t)w >= iov[j].iov_len; j++)
			w -= (ssize_t)iov[j].iov_len;
		if (j < k) {
			iov[j].iov_base = (char *)iov[j].iov_base + w;
			iov[j].iov_len -= (size_t)w;
		}
		memmove(iov, iov + j, (k - j) * sizeof *iov);
		k -= j;
		if (lend)
			jsonl_lent(lender, out_seq);
	}
	return 1;
}

/* Write pieces[0..n) of a record (splice_pieces()) with its newline. */
static void
write_pieces(const struct buf *b, const splice_piece *p, size_t n)
{
	struct iovec iov[IOV_MAX];
	size_t i = 0;

	if (fflush(stdout) != 0)	/* what stdio holds goes first */
		lg_write_failed(errno);
	while (i < n) {
		size_t k = 0;
		int lend = lendable(&p[i]);

		/* a lent piece alone, or a run of copied ones */
		for (; i + k < n && k < IOV_MAX && (k == 0 || (!lend &&
		    !lendable(&p[i + k]))); k++) {
			iov[k].iov_base = (void *)(uintptr_t)(p[i + k].p != NULL ?
			    p[i + k].p : b->s + p[i + k].off);
			iov[k].iov_len = p[i + k].len;
		}
		if (!lend || !put_all(iov, k, 1))
			put_all(iov, k, 0);
		i += k;
	}
}

void
rec_write(cJSON *rec)
{
	static struct buf b;
	static splice_piece *p;
	static size_t cap;
	size_t n;

	buf_reset(&b);
	/* long untouched values go out from the record's text, not copied */
	if ((n = splice_pieces(rec, &b, &p, &cap)) > 1) {
		buf_putc(&b, '\n');
		p[n - 1].len++;
		write_pieces(&b, p, n);
		return;
	}
	buf_reset(&b);
	if (!splice_print(rec, &b))
		lg_die(LG_SYS, "a record holds something that cannot be printed");
	buf_putc(&b, '\n');
	if (fwrite(b.s, 1, b.len, stdout) != b.len)
		lg_write_failed(errno);
}

void
rec_free(cJSON *rec)
{
	splice_free(rec);
}

int
rec_filter(char **files, int n, rec_fn fn, void *arg)
{
	jsonl *in = jsonl_open(files, n);
	cJSON *rec;
	int bad = 0, status;

	jsonl_lazy_all(in);	/* fn reads through rec_get() */
	jsonl_borrow(in);	/* and each record goes before the next */
	jsonl_lend_to(in, STDOUT_FILENO, &out_seq);
	lender = in;
	while ((rec = jsonl_next(in)) != NULL) {
		int r = fn(rec, in, arg);

		if (r != REC_DROP && r != REC_DROP_BAD)
			rec_write(rec);
		if (r == REC_BAD || r == REC_DROP_BAD)
			bad = 1;
		rec_free(rec);
	}
	status = jsonl_status(in);
	if (status == LG_OK && bad)
		status = LG_BAD;
	lender = NULL;
	jsonl_free(in);
	return lg_finish(status);
}

void
opt_max_record(const char *arg)
{
	jsonl_max = opt_size("--max-record", arg, 1, (size_t)1 << 40);
}

int
rec_filter_opts(int argc, char **argv, const char *usage,
    const lg_task *t, size_t n, int *compat)
{
	static const struct option longopts[] = {
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = lg_getopt(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_COMPAT:
			*compat = 1;
			break;
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case OPT_LIST_TASKS:
			task_list(t, n);
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	return optind;
}

int
rec_filter_main(int argc, char **argv, const rec_scorer *s)
{
	int compat = 0, first, status;
	void *arg = s->parse != NULL ? s->arg : &compat;

	lg_init(argv[0]);
	first = s->parse != NULL ? s->parse(argc, argv, s, arg) :
	    rec_filter_opts(argc, argv, s->usage, s->tasks, s->ntasks, &compat);
	if (s->init != NULL)
		s->init();
	status = rec_filter(argv + first, argc - first, s->fn, arg);
	if (s->fini != NULL)
		s->fini();
	return status;
}
