/*
 * lg-flake8: the scores of one answer.  The formulas are the published
 * ones: style 1/(1+c/50) from the flake8 count c of the fixed code (0 when
 * it does not compile), functions 1/(1+(|d_fix-d_orig|/max(1,d_orig/4))^2),
 * and the total their harmonic mean with runnability, 0 when any is 0.
 *
 * --definition paper: the paper's metrics, "Runnability, Style score,
 * length score" (Table 2), their harmonic mean (Section 2.6).  It gives no
 * formula for the length score; read literally, the code returned is as
 * long as the program given: with L_fix and L_orig their lines holding
 * anything but blanks, length 1/(1+(|L_fix-L_orig|/max(1,L_orig/4))^2), the
 * published code's form for its other count scores.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cf.h"
#include "expect.h"
#include "cfcode.h"
#include "record.h"
#include "utf8.h"
#include "xalloc.h"

static const char *
signame(int sig, char *tmp, size_t n)
{
	static const struct {
		int sig;
		const char *name;
	} t[] = {
		{ SIGKILL, "SIGKILL" }, { SIGXCPU, "SIGXCPU" },
		{ SIGXFSZ, "SIGXFSZ" }, { SIGSEGV, "SIGSEGV" },
		{ SIGABRT, "SIGABRT" }, { SIGTERM, "SIGTERM" },
		{ SIGBUS, "SIGBUS" }, { SIGFPE, "SIGFPE" }, { SIGILL, "SIGILL" },
		{ SIGPIPE, "SIGPIPE" }, { SIGHUP, "SIGHUP" }, { SIGINT, "SIGINT" },
		{ SIGALRM, "SIGALRM" }, { SIGUSR1, "SIGUSR1" }, { SIGUSR2, "SIGUSR2" },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		if (t[i].sig == sig)
			return t[i].name;
	snprintf(tmp, n, "%d", sig);
	return tmp;
}

/* The last non-empty line of a stream, valid UTF-8, at most 300 bytes. */
static char *
last_line(const struct buf *b)
{
	const char *s = b->s ? b->s : "";
	size_t e = b->len, st, bad;
	char *out;

	while (e > 0 && (s[e - 1] == '\n' || s[e - 1] == '\r' || s[e - 1] == ' '))
		e--;
	st = e;
	while (st > 0 && s[st - 1] != '\n')
		st--;
	if (e - st > 300)
		st = e - 300;
	out = xstrndup(s + st, e - st);
	/* a cut or a stray byte: replace what is not UTF-8 */
	for (e = strlen(out), st = 0; (bad = utf8_invalid(out + st, e - st)) != e - st;
	    st += bad + 1)
		out[st + bad] = '?';
	return out;
}

/* An answer's output against its original's, carried or from this run. */
static int
out_check(const cf_item *it, const sb_result *r)
{
	if (it->carry.run)
		return cf_expect_compare(it->carry.len, it->carry.out, r);
	return cf_expect_check(it->orig, strlen(it->orig), r);
}

static cJSON *
flake8_info(const fl_info *info)
{
	cJSON *o = cJSON_CreateObject(), *miss = cJSON_CreateArray();
	int i;

	cJSON_AddStringToObject(o, "version", info->version);
	if (info->python != NULL)
		cJSON_AddStringToObject(o, "python", info->python);
	cJSON_AddItemToObject(o, "plugins", cJSON_Duplicate(info->plugins, 1));
	for (i = 0; i < NFAM; i++)
		if (!info->have[i])
			cJSON_AddItemToArray(miss, cJSON_CreateString(fl_families[i]));
	cJSON_AddItemToObject(o, "missing", miss);
	return o;
}

static cJSON *
sandbox_info(const cf_item *it, const cf_opts *o)
{
	cJSON *s = cJSON_CreateObject();
	const sb_result *r = &it->run;
	char tmp[16];

	if (o->compat) {
		cJSON_AddStringToObject(s, "status", "compile-only");
		return s;
	}
	if (!it->ran) {
		cJSON_AddStringToObject(s, "status", "not-run");
		return s;
	}
	switch (r->how) {
	case SB_EXITED:
		cJSON_AddStringToObject(s, "status", r->code == 0 ? "ok" : "exit");
		cJSON_AddNumberToObject(s, "exit", r->code);
		break;
	case SB_SIGNALED:
		cJSON_AddStringToObject(s, "status", "signal");
		cJSON_AddStringToObject(s, "signal", signame(r->code, tmp, sizeof tmp));
		break;
	case SB_TIMEOUT:
		cJSON_AddStringToObject(s, "status", "timeout");
		cJSON_AddNumberToObject(s, "timeout", o->timeout);
		break;
	default:
		cJSON_AddStringToObject(s, "status", "failed");
		cJSON_AddStringToObject(s, "message", r->why);
		break;
	}
	cJSON_AddStringToObject(s, "network", r->network ? "namespace" : "none-available");
	cJSON_AddStringToObject(s, "filesystem", r->fs);
	cJSON_AddStringToObject(s, "user", r->user);
	cJSON_AddStringToObject(s, "output", cf_expect_name(out_check(it, r)));
	if (r->how != SB_FAILED && r->err.len > 0 && !(r->how == SB_EXITED && r->code == 0)) {
		char *l = last_line(&r->err);

		if (*l)
			cJSON_AddStringToObject(s, "stderr", l);
		free(l);
	}
	return s;
}

static double
harmonic(double a, double b, double c)
{
	if (a <= 1e-9 || b <= 1e-9 || c <= 1e-9)
		return 0;
	return 3.0 / (1.0 / a + 1.0 / b + 1.0 / c);
}

/* Lines of s[0..n) holding a byte other than a blank. */
static long
code_lines(const char *s, size_t n)
{
	long lines = 0;
	int ink = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '\n') {
			lines += ink;
			ink = 0;
		} else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' &&
		    s[i] != '\f' && s[i] != '\v')
			ink = 1;
	}
	return lines + ink;
}

/* The paper's length score beside the other scores; 0 for no code. */
static double
paper_length(const cf_item *it, int empty, cJSON *s)
{
	long lf = empty ? 0 : code_lines(it->code, it->code_len);
	long lo = code_lines(it->orig, strlen(it->orig));
	double d = fabs((double)(lf - lo)) / fmax(1.0, 0.25 * (double)lo);
	double len = empty ? 0 : 1.0 / (1.0 + d * d);

	rec_set_num(s, "length", len);
	rec_set_num(s, "lines_fixed", (double)lf);
	rec_set_num(s, "lines_orig", (double)lo);
	rec_set_str(s, "definition", "paper");
	return len;
}

/* What the paper's definition added to scores it replaces. */
static void
drop_paper(cJSON *s)
{
	cJSON_DeleteItemFromObjectCaseSensitive(s, "length");
	cJSON_DeleteItemFromObjectCaseSensitive(s, "lines_fixed");
	cJSON_DeleteItemFromObjectCaseSensitive(s, "lines_orig");
	cJSON_DeleteItemFromObjectCaseSensitive(s, "definition");
}

/*
 * What lg-judge --cf-relevance did to the scores it no longer holds: its
 * verdict was about the score being replaced.
 */
static void
drop_relevance(cJSON *s)
{
	cJSON_DeleteItemFromObjectCaseSensitive(s, "relevant");
	cJSON_DeleteItemFromObjectCaseSensitive(s, "score_before_relevance");
	cJSON_DeleteItemFromObjectCaseSensitive(s, "undecided");
}

void
cf_score(cf_item *it, const cf_opts *o, const fl_info *info)
{
	cJSON *s = rec_obj(it->rec, "scores"), *rem;
	int empty = it->how == EX_EMPTY, compiles = !empty && it->fix.compiles;
	double runnable, style, func, scale, d;
	long dfix, dorig, c = it->fix.count, c0 = it->org.count;
	int i;

	if (o->compat)
		runnable = compiles ? 1 : 0;
	else
		runnable = compiles && it->ran && it->run.how == SB_EXITED &&
		    it->run.code == 0 && out_check(it, &it->run) != CF_OUT_DIFFERS ? 1 : 0;
	style = compiles && c >= 0 ? 1.0 / (1.0 + (double)c / 50.0) : 0;
	if (o->compat) {
		dfix = empty ? 0 : it->fix.defs_text;
		dorig = it->org.defs_text;
	} else {
		dfix = it->fix.defs > 0 ? it->fix.defs : 0;
		dorig = it->org.defs >= 0 ? it->org.defs :
		    it->gold_defs >= 0 ? it->gold_defs : 0;
	}
	scale = fmax(1.0, 0.25 * (double)dorig);
	d = fabs((double)(dfix - dorig)) / scale;
	func = empty ? 0 : 1.0 / (1.0 + d * d);
	if (o->compat)
		func = round(func * 10000) / 10000;
	drop_relevance(s);
	drop_paper(s);
	rec_set_num(s, "score", harmonic(runnable, style, func));
	rec_set_num(s, "runnable", runnable);
	rec_set_num(s, "style", style);
	rec_set_num(s, "functions", func);
	if (o->def == CF_DEF_PAPER)
		rec_set_num(s, "score", harmonic(runnable, style,
		    paper_length(it, empty, s)));
	rec_set(s, "flake8_fixed", empty ? cJSON_CreateNumber(0) :
	    c >= 0 ? cJSON_CreateNumber((double)c) : cJSON_CreateNull());
	rec_set(s, "flake8_orig", c0 >= 0 ? cJSON_CreateNumber((double)c0) :
	    cJSON_CreateNull());
	rec_set(s, "improvement", c0 > 0 && c >= 0 && !empty ?
	    cJSON_CreateNumber((double)(c0 - c) / (double)c0) : cJSON_CreateNull());
	rec_set_num(s, "defs_fixed", (double)dfix);
	rec_set_num(s, "defs_orig", (double)dorig);
	rem = cJSON_CreateObject();
	for (i = 0; i < NFAM && !empty && c > 0; i++)
		if (it->fix.fam[i] > 0)
			cJSON_AddNumberToObject(rem, fl_families[i], (double)it->fix.fam[i]);
	rec_set(s, "remaining", rem);
	rec_set_str(s, "extracted", cf_extract_name(it->how));
	if (!compiles && !empty && it->fix.error != NULL)
		rec_set_str(s, "compile_error", it->fix.error);
	if (!empty && c < 0 && it->fix.lint_error != NULL)
		rec_set_str(s, "lint_error", it->fix.lint_error);
	rec_set(s, "sandbox", sandbox_info(it, o));
	rec_set(s, "flake8", flake8_info(info));
	if (o->compat)
		rec_set(s, "compat", cJSON_CreateTrue());
}

void
cf_score_zero(cJSON *rec, const cf_opts *o)
{
	cJSON *s = rec_obj(rec, "scores");

	drop_relevance(s);
	drop_paper(s);
	rec_set_num(s, "score", 0);
	rec_set_num(s, "runnable", 0);
	rec_set_num(s, "style", 0);
	rec_set_num(s, "functions", 0);
	if (o->def == CF_DEF_PAPER) {
		rec_set_num(s, "length", 0);
		rec_set_str(s, "definition", "paper");
	}
	if (o->compat)
		rec_set(s, "compat", cJSON_CreateTrue());
}
