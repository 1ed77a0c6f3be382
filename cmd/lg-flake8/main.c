/*
 * lg-flake8: score answers to the LongWeave cf task (code fixing).  The
 * code of each answer is extracted, linted with flake8 beside the original,
 * its functions counted with Python's ast, and run with python3 in a
 * sandbox.  Records are read in batches so that one flake8 and one parser
 * run serve many answers; they go out in the order they came.  Records of
 * other benchmarks and tasks pass through untouched.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmdline.h"
#include "buf.h"
#include "cf.h"
#include "diag.h"
#include "expect.h"
#include "cfcode.h"
#include "jail.h"
#include "jsonl.h"
#include "opt.h"
#include "progress.h"
#include "record.h"
#include "tasklist.h"
#include "util.h"
#include "xalloc.h"

#define STAGE "flake8"
#define BATCH 64
#define RUN_MEM (1ULL << 30)
#define RUN_FSIZE (16ULL << 20)
#define RUN_NPROC 32
#define RUN_CAP CF_OUT_CAP

static struct {
	char *dir;		/* private work directory, made when first needed */
	int probed;		/* flake8 asked for its version */
	int usable;		/* and it answered */
	char *why;		/* why it cannot be used */
	fl_info info;
	long serial;		/* names the answer files */
	int bad;		/* a record could not be scored in full */
} st;

static int status_sys;

static progress pg;		/* the status line on a terminal */
static char *made;		/* the model and parameters of the answers */
static int made_mixed;		/* more than one */
static int cached;		/* the cache directory is open */
static int carry_state;		/* fingerprints: 0 not yet, 1 set, -1 none */
static int carry_said;		/* CARRY_ bits said on stderr already */
static char *fp_lint, *fp_run;	/* the fingerprints (carry_ready()) */

/* mkdir -p, each folder private to its user when made */
static int
make_dirs(const char *path)
{
	char *p = xstrdup(path), *q;
	int ret = 0;

	for (q = p + 1; ret == 0 && *q; q++) {
		if (*q != '/')
			continue;
		*q = '\0';
		if (mkdir(p, 0700) < 0 && errno != EEXIST)
			ret = -1;
		*q = '/';
	}
	if (ret == 0 && mkdir(p, 0700) < 0 && errno != EEXIST)
		ret = -1;
	free(p);
	return ret;
}

static char **env_for(void);

/* The CPU limit of a run: half the timeout, at least a second. */
static long
run_cpu(const cf_opts *o)
{
	return o->timeout >= 2 ? (long)(o->timeout / 2) : 1;
}

/*
 * The fingerprints of what the originals' results depend on besides their
 * text, once, for the member "orig" (carry.h) and the cache's keys: the
 * lint's from lint.c, the run's here: the interpreter, how it is started,
 * its environment, the limits and the box (SB_BOX).  0 when set, -1 when
 * the interpreter cannot say what it is.
 */
static int
carry_ready(const cf_opts *o)
{
	char *pid = NULL, *why = NULL, **env;
	struct buf e = { 0 };
	size_t i;

	if (carry_state != 0)
		return carry_state;
	carry_state = -1;
	if (fl_python_id(o->python, &pid, &why) < 0) {
		lg_warn("cannot ask %s what it is (%s): no original's results "
		    "are carried or cached", o->python, why);
		free(why);
		return -1;
	}
	env = env_for();
	for (i = 0; env[i] != NULL; i++) {
		buf_puts(&e, env[i]);
		buf_putc(&e, '\x1f');
	}
	buf_str(&e);
	fp_lint = fl_lint_fingerprint(o->flake8, pid, o->compat, &st.info);
	fp_run = xasprintf("lg-flake8 run 1\npython=%s\nargv=-I -B %s\nenv=%s\n"
	    "timeout=%.17g cpu=%ld mem=%llu fsize=%llu nproc=%d files=%d "
	    "cap=%zu\nbox=%s\n", pid, JAIL_ANSWER, e.s, o->timeout,
	    run_cpu(o), RUN_MEM, RUN_FSIZE, RUN_NPROC, SB_FILES,
	    (size_t)RUN_CAP, SB_BOX);
	carry_init(fp_lint, fp_run);
	free(e.s);
	cf_free_words(env);
	free(pid);
	return carry_state = 1;
}

/* The cache of what the originals give, unless --no-cache.  The default
 * place is used only when it can be; a --cache DIR that cannot is said. */
static void
open_cache(const cf_opts *o)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *dir;

	if (o->cache_off || carry_ready(o) < 0)
		return;
	if (o->cache_dir != NULL)
		dir = xstrdup(o->cache_dir);
	else if (xdg != NULL && xdg[0] == '/')
		dir = xasprintf("%s/lg/flake8", xdg);
	else if (home != NULL && home[0] == '/')
		dir = xasprintf("%s/.cache/lg/flake8", home);
	else
		return;
	if (make_dirs(dir) < 0 || cf_expect_open(dir, fp_lint, fp_run) < 0) {
		if (o->cache_dir != NULL)
			lg_warn("--cache %s: cannot use it: %s; going on without",
			    dir, strerror(errno));
	} else
		cached = 1;
	free(dir);
}

/* What the record carries of its original, into it->carry; what cannot
 * be used is said once for the run, not for each record. */
static void
read_carry(cf_item *it, const cf_opts *o)
{
	static const struct {
		int bit;
		const char *msg;
	} said[] = {
		{ CARRY_BAD, "orig: not what lg-flake8 writes: not used" },
		{ CARRY_TEXT, "orig: made for another vars.code: not used" },
		{ CARRY_LINT_ENV, "orig.lint: made with another flake8, parser "
		    "or --compat: the original is linted again" },
		{ CARRY_RUN_ENV, "orig.run: made with another interpreter or "
		    "sandbox (--timeout): the original is run again" },
	};
	const cJSON *m = rec_get(it->rec, "orig");
	size_t i;
	int why;

	if (m == NULL || carry_ready(o) < 0)
		return;
	why = carry_read(m, it->orig, strlen(it->orig), !o->compat, &it->carry);
	for (i = 0; i < sizeof said / sizeof said[0]; i++)
		if ((why & said[i].bit) && !(carry_said & said[i].bit)) {
			carry_said |= said[i].bit;
			lg_warnat(it->file, it->line, "%s: %s (said once for "
			    "all such records)", rec_id(it->rec), said[i].msg);
		}
}

/* Make the work directory and ask flake8 what it is, once. */
static int
prepare(const cf_opts *o)
{
	const char *tmp = getenv("TMPDIR");

	if (st.probed)
		return st.usable;
	st.probed = 1;
	if (fl_probe(o->flake8, &st.info, &st.why) < 0) {
		lg_warn("cannot run flake8 (%s): %s", o->flake8[0], st.why);
		return 0;
	}
	st.dir = xasprintf("%s/lg-flake8.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(st.dir) == NULL || chmod(st.dir, 0711) < 0) {
		st.why = xasprintf("cannot make a work directory in %s: %s",
		    tmp && *tmp ? tmp : "/tmp", strerror(errno));
		lg_warn("%s", st.why);
		free(st.dir);
		st.dir = NULL;
		return 0;
	}
	sb_clean_on_signals(st.dir);
	open_cache(o);
	if (o->prep && carry_ready(o) < 0) {
		st.why = xstrdup("--prepare: nothing can be carried");
		return 0;
	}
	return st.usable = 1;
}

static int
write_file(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	if (fwrite(s, 1, n, f) != n) {
		fclose(f);
		return -1;
	}
	if (fchmod(fileno(f), 0644) < 0) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

/* A record that cannot be scored: zero scores and an error (rec_fail()'s rule). */
static void
fail(cf_item *it, const cf_opts *o, const char *fmt, const char *what)
{
	rec_failat(it->rec, it->file, it->line, STAGE, "%s%s", fmt, what);
	cf_score_zero(it->rec, o);
}

/* Take a record in: is it ours, and does it hold what scoring needs?
 * Returns 1 when it is bad (already reported). */
static int
admit(cf_item *it, const cf_opts *o)
{
	cJSON *out, *vars, *code, *gold;
	const char *answer;
	size_t len;

	if (task_find(cf_tasks, cf_ntasks, it->rec) == NULL)
		return 0;
	vars = rec_get(it->rec, "vars");
	code = cJSON_IsObject(vars) ? rec_get(vars, "code") : NULL;
	/* --prepare: the original alone, unless the record carries all of
	 * it already; the record goes on as it came, "orig" apart */
	if (o->prep) {
		if (!cJSON_IsString(code))
			return 0;
		if (!prepare(o)) {
			status_sys = 1;
			return 0;
		}
		it->orig = code->valuestring;
		read_carry(it, o);
		it->ours = !(it->carry.lint && (it->carry.run || o->compat));
		return 0;
	}
	if (!cJSON_IsString(code)) {
		fail(it, o, "vars.code: missing or not a string", "");
		return 1;
	}
	out = rec_get(it->rec, "output");
	if (out == NULL) {
		fail(it, o, "output: missing", "");
		return 1;
	}
	if (!cJSON_IsString(out)) {
		fail(it, o, "output: not a string", "");
		return 1;
	}
	if (!prepare(o)) {
		fail(it, o, "flake8 is not available: ", st.why ? st.why : "");
		status_sys = 1;
		return 1;
	}
	gold = rec_get(it->rec, "gold");
	it->gold_defs = cJSON_IsObject(gold) ? rec_long(gold, "functions", -1) : -1;
	it->orig = code->valuestring;
	read_carry(it, o);
	answer = rec_strn(it->rec, "output", &len);	/* whole, NULs included */
	it->code = cf_extract(answer, len, o->compat, &it->how, &it->code_len);
	it->ours = 1;
	return 0;
}

static char **
env_for(void)
{
	char **e = xcalloc(5, sizeof *e);

	e[0] = xstrdup("PATH=/usr/bin:/bin");
	e[1] = xstrdup("HOME=/tmp");
	e[2] = xstrdup("TMPDIR=/tmp");
	e[3] = xstrdup("LANG=C.UTF-8");
	return e;
}

/* What one answer's run holds on to: its box, code and environment. */
typedef struct {
	char *box;
	char *code;
	char **env;
} box;

/* Set up the run of one answer in a fresh, empty box directory; -1 (and
 * the item's run failed) when that cannot be done. */
static int
box_open(cf_item *it, const cf_opts *o, const char *path, char **argv,
    sb_job *j, box *b)
{
	b->box = xasprintf("%s/box%ld", st.dir, st.serial++);
	b->env = NULL;
	if (mkdir(b->box, 0700) < 0 || sb_box_prepare(b->box) < 0) {
		it->ran = 1;
		it->run.how = SB_FAILED;
		snprintf(it->run.why, sizeof it->run.why, "cannot prepare the box: %s",
		    strerror(errno));
		it->run.fs = "none";
		it->run.user = "unchanged";
		rmdir(b->box);
		free(b->box);
		b->box = NULL;
		return -1;
	}
	b->env = env_for();
	b->code = xstrdup(path);
	memset(j, 0, sizeof *j);
	j->argv = argv;
	j->envp = b->env;
	j->o.timeout = o->timeout;
	j->o.cpu = run_cpu(o);
	j->o.mem = RUN_MEM;
	j->o.fsize = RUN_FSIZE;
	j->o.nproc = RUN_NPROC;
	j->o.box = 1;
	j->o.dir = b->box;
	j->o.code = b->code;
	j->o.cap = RUN_CAP;
	return 0;
}

static void
box_close(box *b)
{
	if (b->box == NULL)
		return;
	free(b->code);
	if (sb_rmtree(b->box) < 0)
		lg_warn("cannot remove %s: %s", b->box, strerror(errno));
	cf_free_words(b->env);
	free(b->box);
	b->box = NULL;
}

/* Bytes of code per chunk at most: about 1.5 s of flake8 on one core. */
#define CHUNK_BYTES ((size_t)384 << 10)

/* Bytes of code per chunk at least, when there are several: flake8 costs
 * about a tenth of a second of CPU to start, as much as linting 30 KiB,
 * so a smaller chunk spends more on starting than on linting. */
#define CHUNK_MIN ((size_t)64 << 10)

/* One chunk per job, fewer when they would be smaller than CHUNK_MIN (a
 * batch of a few answers is one run), more when they would be larger than
 * CHUNK_BYTES. */
static size_t
chunk_count(const size_t *sz, size_t n, int jobs)
{
	size_t total = 0, i, c, most;

	for (i = 0; i < n; i++)
		total += sz[i];
	c = (total + CHUNK_BYTES - 1) / CHUNK_BYTES;
	most = total / CHUNK_MIN;
	if (most > (size_t)jobs)
		most = (size_t)jobs;
	return c > most ? c : most > 0 ? most : 1;
}

/*
 * The flake8 runs of a batch: the work files in the order ord, those
 * flake8 is known to refuse last, each in a run of its own, so that they
 * cost no other file a run; the rest in chunks.  Run j lints files
 * cut[j] to cut[j + 1] - 1 of files, with their results in out (copies of
 * the batch's, given back by plan_done()).
 */
typedef struct {
	size_t n, nc;
	size_t *ord, *cut;
	char **files;
	fl_file *out;
} lint_plan;

/* An answer flake8 cannot lint at all: a NUL byte makes it fail whole
 * (its own run says how, as it would alone). */
static int
refused(const cf_item *it)
{
	return it->code_len > 0 &&
	    memchr(it->code, '\0', it->code_len) != NULL;
}

/*
 * An answer not linted: under --compat, one that is empty or does not
 * compile, as the published scorer lints only code that compiles (and
 * scores style 0 for the rest, as lg-flake8 does whatever flake8 says).
 */
static int
unlinted(const cf_item *it, const cf_opts *o, const fl_file *f)
{
	return o->compat && (it->how == EX_EMPTY || !f->compiles);
}

static void
plan_make(lint_plan *p, const cf_item *items, size_t n, const cf_opts *o,
    char **lf, const size_t *sz, size_t w, const size_t *at, fl_file *res)
{
	/* per file: 0 in a chunk, 1 in a run of its own, 2 not linted */
	char *alone = xcalloc(w + 1, 1);
	size_t *psz = xcalloc(w + 1, sizeof *psz), i, j = 0, clean, m;

	for (i = 0; i < n; i++)
		if (items[i].ours && !o->prep)
			alone[at[i]] = unlinted(&items[i], o, &res[at[i]]) ? 2 :
			    refused(&items[i]);
	p->ord = xcalloc(w + 1, sizeof *p->ord);
	p->files = xcalloc(w + 1, sizeof *p->files);
	p->out = xcalloc(w + 1, sizeof *p->out);
	for (i = 0; i < w; i++)
		if (!alone[i])
			psz[j] = sz[i], p->ord[j++] = i;
	clean = j;
	for (i = 0; i < w; i++)
		if (alone[i] == 1)
			p->ord[j++] = i;
	p->n = m = j;
	for (j = 0; j < m; j++) {
		p->files[j] = lf[p->ord[j]];
		p->out[j] = res[p->ord[j]];
	}
	p->cut = xcalloc(chunk_count(psz, clean, o->jobs) + m - clean + 2,
	    sizeof *p->cut);
	p->nc = fl_chunks(psz, clean, chunk_count(psz, clean, o->jobs), p->cut);
	for (j = clean; j < m; j++, p->nc++)
		p->cut[p->nc + 1] = p->cut[p->nc] + 1;
	free(alone);
	free(psz);
}

/* The results back into res. */
static void
plan_done(lint_plan *p, fl_file *res)
{
	size_t j;

	for (j = 0; j < p->n; j++)
		res[p->ord[j]] = p->out[j];
	free(p->ord);
	free(p->cut);
	free(p->files);
	free(p->out);
}

/*
 * flake8 over the work files, in chunks, and the runs of the answers that
 * compile (and of their originals whose output is not known yet), side by
 * side, o->jobs at a time.  at[i] and ot[i] name item i's answer and
 * original files.
 */
static void
lint_and_run(cf_item *items, size_t n, const cf_opts *o, char **pf,
    lint_plan *pl, const size_t *at, const long *ot, fl_file *res)
{
	char *argv[] = { o->python, (char *)"-I", (char *)"-B", (char *)JAIL_ANSWER, NULL };
	sb_job *jobs;
	box *boxes;
	size_t *of, m, i, nc = pl->nc;
	const size_t *ch = pl->cut;
	char ***largv;

	jobs = xcalloc(nc + 2 * n + 1, sizeof *jobs);
	boxes = xcalloc(nc + 2 * n + 1, sizeof *boxes);
	of = xcalloc(nc + 2 * n + 1, sizeof *of);
	largv = xcalloc(nc + 1, sizeof *largv);
	for (i = 0; i < nc; i++) {
		size_t k = ch[i + 1] - ch[i];

		largv[i] = fl_lint_argv(o->flake8, pl->files + ch[i], k, o->compat);
		jobs[i].argv = largv[i];
		fl_lint_opts(&jobs[i].o, st.dir, k);
	}
	m = nc;
	for (i = 0; i < n; i++) {
		cf_item *it = &items[i];
		char *p;

		if (!it->ours || o->compat || (!o->prep && (it->how == EX_EMPTY ||
		    !res[at[i]].compiles)))
			continue;
		if (!o->prep) {
			p = xasprintf("%s/%s", st.dir, pf[at[i]]);
			if (box_open(it, o, p, argv, &jobs[m], &boxes[m]) == 0)
				of[m++] = i;
			free(p);
		}
		/* the original too, once per text: of[] past n */
		if (ot[i] >= 0 && !it->carry.run &&
		    cf_expect_want(it->orig, strlen(it->orig))) {
			cf_item tmp = { 0 };

			p = xasprintf("%s/%s", st.dir, pf[ot[i]]);
			if (box_open(&tmp, o, p, argv, &jobs[m], &boxes[m]) == 0)
				of[m++] = n + i;
			else
				cf_expect_put(it->orig, strlen(it->orig), &tmp.run);
			free(p);
		}
	}
	sb_run_jobs(jobs, m, o->jobs);
	for (i = nc; i < m; i++) {
		cf_item *it = &items[of[i] % n];

		if (of[i] >= n) {
			cf_expect_put(it->orig, strlen(it->orig), &jobs[i].r);
			sb_result_free(&jobs[i].r);
			box_close(&boxes[i]);
			continue;
		}
		it->run = jobs[i].r;
		it->ran = 1;
		box_close(&boxes[i]);
	}
	for (i = 0; i < nc; i++) {
		size_t k = ch[i + 1] - ch[i];
		char *why = NULL;
		int ret;

		/* a chunk that fails is done again in halves */
		if ((ret = fl_lint_result(&jobs[i].r, pl->files + ch[i], k,
		    pl->out + ch[i], &why)) < 0)
			fl_lint_failed(o->flake8, st.dir, pl->files + ch[i], k,
			    o->compat, pl->out + ch[i], ret, why);
		sb_result_free(&jobs[i].r);
		free(largv[i]);
	}
	free(largv);
	free(jobs);
	free(boxes);
	free(of);
}

/* A copy of an original's findings for one of the items that share it. */
static fl_file
file_copy(const fl_file *f)
{
	fl_file c = *f;

	c.error = f->error ? xstrdup(f->error) : NULL;
	c.lint_error = f->lint_error ? xstrdup(f->lint_error) : NULL;
	return c;
}

/* --prepare: what is known of the original into the record's "orig". */
static void
carry_write(cf_item *it, const cf_opts *o)
{
	size_t n = strlen(it->orig), len = 0;
	unsigned char out[32];
	int run = 0;

	if (it->carry.run) {
		len = it->carry.len;
		memcpy(out, it->carry.out, sizeof out);
		run = 1;
	} else if (!o->compat)
		run = cf_expect_out(it->orig, n, &len, out);
	rec_set(it->rec, "orig", carry_make(it->orig, n, &it->org, len,
	    run ? out : NULL));
}

/* The index of an earlier item of the batch with the same original, or -1. */
static long
same_orig(const cf_item *items, const long *ot, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (items[j].ours && ot[j] >= 0 && strcmp(items[j].orig,
		    items[i].orig) == 0)
			return (long)j;
	return -1;
}

/*
 * Name item i's work files in pf (with their sizes in sz): its answer's,
 * pf[at[i]], and its original's, pf[ot[i]], when the count of the original
 * is not known (known[i] 0), one file per text.  The number of files.
 */
static size_t
name_work(cf_item *items, size_t n, const cf_opts *o, char **pf, size_t *sz,
    size_t *at, long *ot, char *known)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		cf_item *it = &items[i];
		long j;

		ot[i] = -1;
		if (!it->ours)
			continue;
		if (!o->prep) {
			at[i] = k;
			sz[k] = it->code_len;
			pf[k++] = xasprintf("r%ldf.py", st.serial);
		}
		if (it->carry.lint) {
			known[i] = 1;
			it->org = it->carry.f;
		} else
			known[i] = (char)cf_lint_get(it->orig, strlen(it->orig),
			    &it->org);
		if (known[i])
			;
		else if ((j = same_orig(items, ot, i)) >= 0 && !known[j])
			ot[i] = ot[j];
		else {
			ot[i] = (long)k;
			sz[k] = strlen(it->orig);
			pf[k++] = xasprintf("r%ldo.py", st.serial);
		}
		st.serial++;
	}
	return k;
}

/* What the tools found for item it (answer file at, original file ot of
 * res) into it, and its scores or (--prepare) what it carries. */
static void
take_result(cf_item *it, const cf_opts *o, fl_file *res, size_t at, long ot,
    int known)
{
	if (!it->ours)
		return;
	if (!o->prep) {
		it->fix = res[at];
		memset(&res[at], 0, sizeof res[at]);
	}
	if (!known && ot >= 0) {
		it->org = file_copy(&res[ot]);
		cf_lint_put(it->orig, strlen(it->orig), &it->org);
	}
	if (o->prep) {
		carry_write(it, o);
		return;
	}
	/* an answer that costs flake8 more than its limits scores 0,
	 * with the reason in its scores, as one that runs too long; one
	 * that does not compile scores style 0 whatever flake8 says, so
	 * flake8 failing on it (a NUL byte, which Python compiles no more
	 * than flake8 reads) is no error of the record */
	if ((it->how != EX_EMPTY && it->fix.compiles && it->fix.count < 0 &&
	    !it->fix.limit) || it->org.count < 0) {
		const fl_file *f = it->fix.count < 0 && !it->fix.limit ?
		    &it->fix : &it->org;

		rec_failat(it->rec, it->file, it->line, STAGE,
		    "flake8 failed on the %s: %s",
		    f == &it->fix ? "answer" : "original",
		    f->lint_error ? f->lint_error : "no count");
		st.bad = 1;
	}
	if (it->ran) {
		if (it->run.how == SB_FAILED) {
			rec_failat(it->rec, it->file, it->line, STAGE,
			    "cannot run the answer: %s", it->run.why);
			status_sys = 1;
		}
	}
	cf_score(it, o, &st.info);
}

static void
score_batch(cf_item *items, size_t n, const cf_opts *o)
{
	char **pf = xcalloc(2 * n + 1, sizeof *pf), **lf = xcalloc(2 * n + 1, sizeof *lf);
	fl_file *res = xcalloc(2 * n + 1, sizeof *res);
	size_t *at = xcalloc(n + 1, sizeof *at), k, w, i;
	long *ot = xcalloc(n + 1, sizeof *ot);
	char *known = xcalloc(n + 1, 1);
	size_t *sz = xcalloc(2 * n + 1, sizeof *sz), *ch, nc;

	/* the work files first (answers, and originals whose counts are
	 * not known), then originals that are only run */
	k = name_work(items, n, o, pf, sz, at, ot, known);
	w = k;
	ch = xcalloc(chunk_count(sz, w, o->jobs) + 2, sizeof *ch);
	for (i = 0; i < n; i++) {
		cf_item *it = &items[i];
		long j;

		if (!it->ours || ot[i] >= 0 || o->compat || it->carry.run ||
		    cf_expect_known(it->orig, strlen(it->orig)))
			continue;
		if ((j = same_orig(items, ot, i)) >= 0)
			ot[i] = ot[j];
		else {
			ot[i] = (long)k;
			pf[k++] = xasprintf("r%ldo.py", st.serial++);
		}
	}
	for (i = 0; i < n; i++) {
		cf_item *it = &items[i];
		char *p;

		if (!it->ours)
			continue;
		if (!o->prep) {
			p = xasprintf("%s/%s", st.dir, pf[at[i]]);
			if (write_file(p, it->code, it->code_len) < 0)
				lg_die(LG_SYS, "cannot write in %s: %s", st.dir,
				    strerror(errno));
			free(p);
		}
		if (ot[i] < 0 || (i > 0 && same_orig(items, ot, i) >= 0))
			continue;
		p = xasprintf("%s/%s", st.dir, pf[ot[i]]);
		if (write_file(p, it->orig, strlen(it->orig)) < 0)
			lg_die(LG_SYS, "cannot write in %s: %s", st.dir, strerror(errno));
		free(p);
	}
	for (i = 0; i < k; i++) {
		res[i].count = -1;
		lf[i] = o->compat || i >= w ? xstrdup(pf[i]) :
		    xasprintf("%.*s_l.py", (int)strlen(pf[i]) - 3, pf[i]);
	}
	/* few chunks, since flake8 costs a tenth of a second to start, but
	 * small enough to end well within --lint-timeout on a busy machine */
	nc = fl_chunks(sz, w, chunk_count(sz, w, o->jobs), ch);
	fl_parse_par(o->python, st.dir, pf, w, !o->compat, res, ch, nc, o->jobs);
	if (k > 0) {
		lint_plan pl;

		plan_make(&pl, items, n, o, lf, sz, w, at, res);
		lint_and_run(items, n, o, pf, &pl, at, ot, res);
		plan_done(&pl, res);
	}
	for (i = 0; i < w; i++)
		if (res[i].limit)
			res[i].count = -1;
	for (i = 0; i < n; i++)
		take_result(&items[i], o, res, at[i], ot[i], known[i]);
	for (i = 0; i < k; i++) {
		char *p = xasprintf("%s/%s", st.dir, pf[i]);

		unlink(p);
		free(p);
		if (!o->compat && i < w) {
			p = xasprintf("%s/%s", st.dir, lf[i]);
			unlink(p);
			free(p);
		}
		fl_file_free(&res[i]);
		free(pf[i]);
		free(lf[i]);
	}
	free(pf);
	free(lf);
	free(res);
	free(at);
	free(ot);
	free(known);
	free(sz);
	free(ch);
}

/* Note what made the answers, for the summary. */
static void
note_made(cJSON *rec)
{
	cJSON *gen = rec_get(rec, "gen"), *m, *p;
	char *params, *now;

	if (made_mixed)
		return;
	m = cJSON_IsObject(gen) ? rec_get(gen, "model") : NULL;
	p = cJSON_IsObject(gen) ? rec_get(gen, "params") : NULL;
	params = p != NULL ? cJSON_PrintUnformatted(p) : NULL;
	now = xasprintf("model %s, params %s", cJSON_IsString(m) ?
	    m->valuestring : "?", params ? params : "{}");
	cJSON_free(params);
	lg_sanitize(now);
	if (made == NULL) {
		made = now;
		return;
	}
	if (strcmp(made, now) != 0) {
		made_mixed = 1;
		free(made);
		made = xstrdup("answers of several models or parameters");
	}
	free(now);
}

/* What a signal says: what is written, and how to go on from there. */
static void
resume_line(const char *file, long line)
{
	fflush(stdout);
	if (strcmp(file, "-") == 0)
		progress_on_signal(&pg, "interrupted: %lu record(s) written, the "
		    "first of the input; score the rest on its own and append it",
		    pg.done);
	else
		progress_on_signal(&pg, "interrupted: %lu record(s) written, up to "
		    "%s:%ld; to go on: tail -n +%ld %s | lg-flake8 >> OUT (then "
		    "any files after it)", pg.done, file, line, line + 1, file);
}

/* Lines in the inputs when they are all regular files, else -1. */
static long
count_lines(char **files, int n)
{
	long lines = 0;
	int i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		FILE *f;
		char b[65536];
		size_t k;
		struct stat sb;

		if (strcmp(files[i], "-") == 0 || stat(files[i], &sb) < 0 ||
		    !S_ISREG(sb.st_mode) || (f = fopen(files[i], "r")) == NULL)
			return -1;
		while ((k = fread(b, 1, sizeof b, f)) > 0) {
			const char *p = b, *e = b + k;

			while ((p = memchr(p, '\n', (size_t)(e - p))) != NULL) {
				lines++;
				p++;
			}
		}
		fclose(f);
	}
	return lines;
}

static void
flush(cf_item *items, size_t n, const cf_opts *o)
{
	size_t i;

	score_batch(items, n, o);
	for (i = 0; i < n; i++) {
		pg.done++;
		if (pg.tty && task_find(cf_tasks, cf_ntasks, items[i].rec) != NULL)
			note_made(items[i].rec);
		if (!items[i].ours && task_find(cf_tasks, cf_ntasks, items[i].rec) == NULL)
			pg.passed++;
		else if (rec_get(items[i].rec, "error") != NULL)
			pg.failed++;
		else
			pg.ok++;
		rec_write(items[i].rec);
		rec_free(items[i].rec);
		if (i + 1 == n)
			resume_line(items[i].file, items[i].line);
		free(items[i].file);
		free(items[i].code);
		fl_file_free(&items[i].fix);
		fl_file_free(&items[i].org);
		sb_result_free(&items[i].run);
	}
	memset(items, 0, n * sizeof *items);
}

static int
score_all(char **files, int nfiles, const cf_opts *o)
{
	jsonl *in = jsonl_open(files, nfiles);
	cf_item items[BATCH];
	size_t n = 0, ours = 0;
	cJSON *rec;
	int bad = 0, status;

	memset(items, 0, sizeof items);
	progress_start(&pg, 0);
	if (pg.tty) {
		pg.total = count_lines(files, nfiles);
		progress_on_signal(&pg, "interrupted: no record written yet");
		sb_clean_on_signals(NULL);
		progress_line(&pg, NULL, NULL, 1);
	}
	while ((rec = jsonl_next(in)) != NULL) {
		cf_item *it = &items[n++];

		it->rec = rec;
		it->file = xstrdup(jsonl_file(in));
		it->line = jsonl_lineno(in);
		if (admit(it, o))
			bad = 1;
		ours += it->ours;
		/* pass-through records need no batch: keep the stream moving */
		if (n == BATCH || ours == 0 || ours == BATCH) {
			flush(items, n, o);
			n = ours = 0;
			progress_line(&pg, NULL, NULL, 0);
		}
	}
	if (n > 0)
		flush(items, n, o);
	if (pg.tty) {
		double el = mono_now() - pg.start;

		progress_end(&pg, "%lu records: %lu scored, %lu failed, %lu passed "
		    "on; %.1f s, %.1f rec/s; lg %s, flake8 %s%s%s%s; %s", pg.done,
		    pg.ok, pg.failed, pg.passed, el, progress_rate(&pg), LG_VERSION,
		    st.info.version ? st.info.version : "not run",
		    st.info.python ? " (" : "", st.info.python ? st.info.python : "",
		    st.info.python ? ")" : "", made ? made : "no answers");
	}
	free(made);
	status = jsonl_status(in);
	jsonl_free(in);
	if (st.dir != NULL) {
		sb_clean_on_signals(NULL);
		if (sb_rmtree(st.dir) < 0)
			lg_warn("cannot remove %s: %s", st.dir, strerror(errno));
		free(st.dir);
	}
	fl_info_free(&st.info);
	free(st.why);
	cf_extract_fini();
	cf_expect_fini();
	carry_fini();
	free(fp_lint);
	free(fp_run);
	if (status_sys)
		status = LG_SYS;
	else if (status == LG_OK && (bad || st.bad))
		status = LG_BAD;
	return lg_finish(status);
}

int
main(int argc, char **argv)
{
	cf_opts o;
	int status;

	lg_init(argv[0]);
	cf_parse(argc, argv, &o);
	status = score_all(argv + optind, argc - optind, &o);
	cf_opts_free(&o);
	return status;
}
