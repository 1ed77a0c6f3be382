/* lg-flake8: flake8 and the parser helper (see lint.h). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "lint.h"
#include "sandbox.h"
#include "sha256.h"
#include "xalloc.h"

const char *const fl_families[NFAM] = { "E", "W", "F", "B", "N", "SIM", "C4" };

/* Helpers read untrusted text, never run it, but a text can be made to
 * cost them: each run gets TOOL_MEM of address space per process and
 * lint_timeout seconds of wall-clock and of CPU time. */
#define TOOL_MEM (1ULL << 30)
#define TOOL_CAP ((size_t)256 << 20)

static double lint_timeout = 60;
static int one_job;

void
fl_one_job(int on)
{
	one_job = on;
}

void
fl_limits(double timeout)
{
	lint_timeout = timeout;
}

/*
 * The parser helper.  For each file: compile() as the published scorer
 * did, the functions ast finds (a def is a statement, and statements sit
 * only in statements, except handlers and match cases: nothing else need
 * be walked), the published "def " count, and with
 * "strip" a copy for flake8 without noqa comments (found by the tokenizer,
 * so strings are left alone; a line left empty goes).
 */
static const char helper[] =
    "import ast, io, json, re, sys, tokenize, warnings\n"
    "warnings.simplefilter(\"ignore\")\n"
    "DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)\n"
    "HOLD = tuple(getattr(ast, k) for k in (\"stmt\", \"excepthandler\",\n"
    "             \"match_case\") if hasattr(ast, k))\n"
    "NOQA = re.compile(r\"# noqa|# flake8[:=]\\s*noqa\", re.I)\n"
    "def strip(src):\n"
    "    try:\n"
    "        toks = list(tokenize.generate_tokens(io.StringIO(src).readline))\n"
    "    except Exception:\n"
    "        return src\n"
    "    lines = io.StringIO(src).readlines()\n"
    "    drop = set()\n"
    "    for t in reversed(toks):\n"
    "        if t.type != tokenize.COMMENT:\n"
    "            continue\n"
    "        m = NOQA.search(t.string)\n"
    "        if m is None:\n"
    "            continue\n"
    "        r, c = t.start\n"
    "        line = lines[r - 1]\n"
    "        body = line.rstrip(\"\\r\\n\")\n"
    "        keep = t.string[:m.start()].rstrip()\n"
    "        if keep.strip(\"# \\t\") == \"\":\n"
    "            keep = \"\"\n"
    "        head = (body[:c] + keep).rstrip()\n"
    "        if head.strip() == \"\":\n"
    "            drop.add(r - 1)\n"
    "        else:\n"
    "            lines[r - 1] = head + line[len(body):]\n"
    "    return \"\".join(l for i, l in enumerate(lines) if i not in drop)\n"
    "def defs(tree):\n"
    "    n, todo = 0, [tree]\n"
    "    while todo:\n"
    "        node = todo.pop()\n"
    "        n += isinstance(node, DEFS)\n"
    "        todo.extend(c for c in ast.iter_child_nodes(node)\n"
    "                    if isinstance(c, HOLD))\n"
    "    return n\n"
    "def main():\n"
    "    lint = sys.argv[1] == \"strip\"\n"
    "    for path in sys.argv[2:]:\n"
    "        res = {\"compiles\": False, \"defs\": -1, \"defs_text\": 0}\n"
    "        try:\n"
    "            with open(path, \"rb\") as f:\n"
    "                src = f.read().decode(\"utf-8\", \"replace\")\n"
    "            res[\"defs_text\"] = src.count(\"def \")\n"
    "            try:\n"
    "                compile(src, \"<string>\", \"exec\", dont_inherit=True)\n"
    "                res[\"compiles\"] = True\n"
    "            except Exception as e:\n"
    "                res[\"error\"] = \"%s: %s\" % (type(e).__name__, e)\n"
    "            try:\n"
    "                res[\"defs\"] = defs(ast.parse(src))\n"
    "            except Exception:\n"
    "                pass\n"
    "            if lint:\n"
    "                out = path[:-3] + \"_l.py\"\n"
    "                with open(out, \"w\", encoding=\"utf-8\",\n"
    "                          errors=\"replace\") as f:\n"
    "                    # no noqa anywhere: strip() would give src back\n"
    "                    f.write(strip(src) if NOQA.search(src) else src)\n"
    "        except Exception as e:\n"
    "            res[\"error\"] = \"%s: %s\" % (type(e).__name__, e)\n"
    "        print(json.dumps(res), flush=False)\n"
    "main()\n"
    ;

static int
family(const char *code, size_t n)
{
	if (n >= 3 && strncmp(code, "SIM", 3) == 0)
		return FAM_SIM;
	if (n >= 2 && strncmp(code, "C4", 2) == 0)
		return FAM_C4;
	switch (code[0]) {
	case 'E': return FAM_E;
	case 'W': return FAM_W;
	case 'F': return FAM_F;
	case 'B': return FAM_B;
	case 'N': return FAM_N;
	}
	return -1;
}

static void
tool_opts(sb_opts *o, const char *dir, double timeout)
{
	memset(o, 0, sizeof *o);
	o->timeout = timeout;
	o->cpu = (long)timeout;
	o->mem = TOOL_MEM;
	o->dir = dir;
	o->cap = TOOL_CAP;
}

static void
run_tool(char *const *argv, const char *dir, double timeout, sb_result *r)
{
	sb_opts o;

	tool_opts(&o, dir, timeout);
	sb_run(argv, NULL, &o, r);
}

/* Did the run end on one of its limits? */
static int
over_limits(const sb_result *r)
{
	const char *e = r->err.s ? r->err.s : "";

	switch (r->how) {
	case SB_TIMEOUT:
		return 1;
	case SB_SIGNALED:
		return r->code == SIGXCPU || r->code == SIGKILL;
	case SB_EXITED:
		return r->code != 0 && (strstr(e, "MemoryError") != NULL ||
		    strstr(e, "Cannot allocate memory") != NULL);
	}
	return 0;
}

static char *
describe(const sb_result *r)
{
	const char *e = r->err.s ? r->err.s : "";
	size_t n = strlen(e);

	if (over_limits(r))
		return r->how == SB_TIMEOUT ?
		    xasprintf("over its limits: %g s of wall-clock time", lint_timeout) :
		    r->how == SB_SIGNALED ?
		    xasprintf("over its limits: killed by signal %d (%g s of CPU time)",
		    r->code, lint_timeout) :
		    xasprintf("over its limits: out of memory (%llu MiB)", TOOL_MEM >> 20);

	/* the last line of stderr says most */
	while (n > 0 && (e[n - 1] == '\n' || e[n - 1] == ' '))
		n--;
	{
		size_t b = n;

		while (b > 0 && e[b - 1] != '\n')
			b--;
		switch (r->how) {
		case SB_FAILED:
			return xasprintf("%s", r->why);
		case SB_TIMEOUT:
			return xasprintf("timed out");
		case SB_SIGNALED:
			return xasprintf("killed by signal %d", r->code);
		default:
			return n > b ? xasprintf("exit status %d: %.*s", r->code,
			    (int)(n - b > 200 ? 200 : n - b), e + b) :
			    xasprintf("exit status %d", r->code);
		}
	}
}

int
fl_probe(char *const *flake8, fl_info *info, char **why)
{
	char **argv;
	size_t n = 0, i;
	sb_result r;
	const char *s, *open, *close;

	memset(info, 0, sizeof *info);
	while (flake8[n] != NULL)
		n++;
	argv = xcalloc(n + 2, sizeof *argv);
	for (i = 0; i < n; i++)
		argv[i] = flake8[i];
	argv[n] = (char *)"--version";
	run_tool(argv, NULL, 60, &r);
	free(argv);
	s = r.out.s ? r.out.s : "";
	if (r.how != SB_EXITED || r.code != 0 || !(*s >= '0' && *s <= '9')) {
		*why = describe(&r);
		sb_result_free(&r);
		return -1;
	}
	/* "5.0.4 (mccabe: 0.7.0, pycodestyle: 2.10.0, pyflakes: 2.5.0)
	 * CPython 3.11.2 on\nLinux", the list wrapped where it is long */
	info->version = xstrndup(s, strcspn(s, " \n"));
	info->plugins = cJSON_CreateObject();
	open = strchr(s, '(');
	close = open ? strchr(open, ')') : NULL;
	if (open != NULL && close != NULL) {
		const char *p = open + 1;

		while (p < close) {
			const char *end = memchr(p, ',', (size_t)(close - p));
			const char *colon;
			char *name, *ver, *k;

			if (end == NULL)
				end = close;
			/* flake8 wraps the list: blanks and newlines between */
			while (*p == ' ' || *p == '\n' || *p == '\t')
				p++;
			colon = memchr(p, ':', (size_t)(end - p));
			if (colon != NULL) {
				const char *v = colon + 1;

				while (*v == ' ')
					v++;
				name = xstrndup(p, (size_t)(colon - p));
				ver = xstrndup(v, (size_t)(end - v));
				cJSON_AddStringToObject(info->plugins, name, ver);
				for (k = name; *k; k++)
					if (*k == '_')
						*k = '-';
				if (strstr(name, "pycodestyle"))
					info->have[FAM_E] = info->have[FAM_W] = 1;
				if (strstr(name, "pyflakes"))
					info->have[FAM_F] = 1;
				if (strstr(name, "bugbear"))
					info->have[FAM_B] = 1;
				if (strstr(name, "naming"))
					info->have[FAM_N] = 1;
				if (strstr(name, "simplify"))
					info->have[FAM_SIM] = 1;
				if (strstr(name, "comprehensions"))
					info->have[FAM_C4] = 1;
				free(name);
				free(ver);
			}
			p = end + 1;
		}
		s = close + 1;
		while (*s == ' ' || *s == '\n')
			s++;
		if (strncmp(s, "CPython ", 8) == 0 || strncmp(s, "PyPy ", 5) == 0) {
			size_t k = strcspn(s, " \n");

			k += strspn(s + k, " ");
			k += strcspn(s + k, " \n");
			info->python = xstrndup(s, k);
		}
	}
	sb_result_free(&r);
	return 0;
}

int
fl_python_id(const char *python, char **id, char **why)
{
	char *argv[] = { (char *)python, (char *)"-I", (char *)"-c",
	    (char *)"import sys; print(sys.implementation.cache_tag, sys.version)",
	    NULL };
	sb_result r;
	char *p;

	run_tool(argv, NULL, 60, &r);
	if (r.how != SB_EXITED || r.code != 0 || r.out.len == 0) {
		*why = describe(&r);
		sb_result_free(&r);
		return -1;
	}
	*id = xstrndup(r.out.s, r.out.len);
	for (p = *id; *p; p++)
		if (*p == '\n')
			*p = ' ';
	sb_result_free(&r);
	return 0;
}

char *
fl_lint_fingerprint(char *const *flake8, const char *python_id, int compat,
    const fl_info *info)
{
	char **argv = fl_lint_argv(flake8, NULL, 0, compat);
	char *plugins = cJSON_PrintUnformatted(info->plugins), *fp;
	const char *base = strrchr(argv[0], '/');
	char hex[65];
	struct buf b = { 0 };
	size_t i;

	/* the command's words, its program by name only (the same flake8
	 * elsewhere is the same flake8: its version and plugins say which),
	 * and the options lint adds, apart from --jobs */
	buf_puts(&b, base ? base + 1 : argv[0]);
	for (i = 1; argv[i] != NULL; i++)
		if (strcmp(argv[i], "--jobs=1") != 0) {
			buf_putc(&b, '\x1f');
			buf_puts(&b, argv[i]);
		}
	buf_str(&b);
	sha256_hex(helper, sizeof helper - 1, hex);
	fp = xasprintf("lg-flake8 lint 1\nhelper=%s\nparser=%s\nflake8=%s\n"
	    "version=%s\npython=%s\nplugins=%s\n", hex, python_id, b.s,
	    info->version ? info->version : "", info->python ? info->python : "",
	    plugins ? plugins : "");
	free(b.s);
	cJSON_free(plugins);
	free(argv);
	return fp;
}

void
fl_info_free(fl_info *info)
{
	free(info->version);
	free(info->python);
	cJSON_Delete(info->plugins);
	memset(info, 0, sizeof *info);
}

void
fl_file_free(fl_file *f)
{
	free(f->error);
	free(f->lint_error);
	f->error = f->lint_error = NULL;
}

static void
parse_fail(fl_file *f, const char *msg)
{
	f->compiles = 0;
	f->defs = -1;
	f->defs_text = 0;
	f->parse_failed = 1;
	free(f->error);
	f->error = xasprintf("the parser helper failed: %s", msg);
}

static char **
parse_argv(const char *python, char **files, size_t n, int strip)
{
	char **argv = xcalloc(n + 6, sizeof *argv);
	size_t i;

	argv[0] = (char *)python;
	argv[1] = (char *)"-I";
	argv[2] = (char *)"-c";
	argv[3] = (char *)helper;
	argv[4] = (char *)(strip ? "strip" : "keep");
	for (i = 0; i < n; i++)
		argv[5 + i] = files[i];
	return argv;
}

/* Read one helper run; 0 when every file got its line, -2 when it went
 * over its limits, else -1; *why set on failure (caller frees). */
static int
parse_result(sb_result *r, size_t n, fl_file *out, char **why)
{
	size_t got = 0;
	char *line, *next;

	if (r->how != SB_EXITED || r->code != 0) {
		*why = describe(r);
		return over_limits(r) ? -2 : -1;
	}
	for (line = r->out.s ? r->out.s : (char *)""; *line && got < n; line = next) {
		cJSON *j, *v;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if ((j = cJSON_Parse(line)) == NULL)
			break;
		out[got].compiles = cJSON_IsTrue(cJSON_GetObjectItem(j, "compiles"));
		v = cJSON_GetObjectItem(j, "defs");
		out[got].defs = cJSON_IsNumber(v) ? (long)v->valuedouble : -1;
		v = cJSON_GetObjectItem(j, "defs_text");
		out[got].defs_text = cJSON_IsNumber(v) ? (long)v->valuedouble : 0;
		v = cJSON_GetObjectItem(j, "error");
		free(out[got].error);
		out[got].error = cJSON_IsString(v) ? xstrdup(v->valuestring) : NULL;
		cJSON_Delete(j);
		got++;
	}
	if (got != n) {
		*why = xasprintf("it answered for %zu of %zu files", got, n);
		return -1;
	}
	return 0;
}

/* One helper run; 0 when every file got its line. */
static int
parse_run(const char *python, const char *dir, char **files, size_t n,
    int strip, fl_file *out, char **why)
{
	char **argv = parse_argv(python, files, n, strip);
	sb_opts o;
	sb_result r;
	int ret;

	tool_opts(&o, dir, lint_timeout);
	sb_run(argv, NULL, &o, &r);
	free(argv);
	ret = parse_result(&r, n, out, why);
	sb_result_free(&r);
	return ret;
}

void
fl_parse(const char *python, const char *dir, char **files, size_t n,
    int strip, fl_file *out)
{
	char *why = NULL;
	size_t h;
	int ret;

	if (n == 0)
		return;
	if ((ret = parse_run(python, dir, files, n, strip, out, &why)) == 0)
		return;
	if (n == 1) {
		parse_fail(out, why);
		/* what is too costly to parse is too costly to lint */
		if (ret == -2) {
			out->limit = 1;
			free(out->lint_error);
			out->lint_error = xasprintf("the parser helper went %s", why);
		}
		free(why);
		return;
	}
	free(why);
	h = n / 2;
	fl_parse(python, dir, files, h, strip, out);
	fl_parse(python, dir, files + h, n - h, strip, out + h);
}

size_t
fl_chunks(const size_t *sizes, size_t n, size_t k, size_t *at)
{
	size_t total = 0, acc = 0, m = 0, i;

	if (n == 0)
		return 0;
	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	for (i = 0; i < n; i++)
		total += sizes[i] + 1;
	at[m++] = 0;
	for (i = 0; i < n; i++) {
		acc += sizes[i] + 1;
		/* cut where the bytes so far reach the next share */
		if (i + 1 < n && m < k && acc * k >= total * m)
			at[m++] = i + 1;
	}
	at[m] = n;
	return m;
}

void
fl_parse_par(const char *python, const char *dir, char **files, size_t n,
    int strip, fl_file *out, const size_t *at, size_t m, int parallel)
{
	sb_job *jobs;
	char ***argvs;
	size_t i;

	if (n == 0 || m == 0)
		return;
	jobs = xcalloc(m, sizeof *jobs);
	argvs = xcalloc(m, sizeof *argvs);
	for (i = 0; i < m; i++) {
		argvs[i] = parse_argv(python, files + at[i], at[i + 1] - at[i], strip);
		jobs[i].argv = argvs[i];
		tool_opts(&jobs[i].o, dir, lint_timeout);
	}
	sb_run_jobs(jobs, m, parallel);
	for (i = 0; i < m; i++) {
		size_t k = at[i + 1] - at[i];
		char *why = NULL;

		/* a chunk that fails is done again in halves */
		if (parse_result(&jobs[i].r, k, out + at[i], &why) < 0) {
			free(why);
			fl_parse(python, dir, files + at[i], k, strip, out + at[i]);
		}
		sb_result_free(&jobs[i].r);
		free(argvs[i]);
	}
	free(jobs);
	free(argvs);
}

/* Index of the file a flake8 line names, or -1. */
static long
which(char **files, size_t n, const char *path, size_t len)
{
	size_t i;

	if (len > 2 && path[0] == '.' && path[1] == '/') {
		path += 2;
		len -= 2;
	}
	for (i = 0; i < n; i++)
		if (strlen(files[i]) == len && memcmp(files[i], path, len) == 0)
			return (long)i;
	return -1;
}

char **
fl_lint_argv(char *const *flake8, char **files, size_t n, int compat)
{
	char **argv;
	size_t k = 0, m = 0, i;

	while (flake8[m] != NULL)
		m++;
	argv = xcalloc(m + n + 7, sizeof *argv);
	for (i = 0; i < m; i++)
		argv[k++] = flake8[i];
	argv[k++] = (char *)"--isolated";
	argv[k++] = (char *)"--select=" FL_SELECT;
	argv[k++] = (char *)"--format=%(path)s:%(code)s";
	if (one_job)
		argv[k++] = (char *)"--jobs=1";
	if (!compat)
		argv[k++] = (char *)"--disable-noqa";
	for (i = 0; i < n; i++)
		argv[k++] = files[i];
	return argv;
}

void
fl_lint_opts(sb_opts *o, const char *dir, size_t n)
{
	memset(o, 0, sizeof *o);
	(void)n;
	o->timeout = lint_timeout;
	o->cpu = (long)lint_timeout;
	o->mem = TOOL_MEM;
	o->dir = dir;
	o->cap = TOOL_CAP;
}

int
fl_lint_result(sb_result *r, char **files, size_t n, fl_file *out, char **why)
{
	char *line, *next;
	size_t i;
	int ok;

	/* 0: clean, 1: violations (and at least one line to show for it) */
	ok = r->how == SB_EXITED && (r->code == 0 || (r->code == 1 && r->out.len > 0)) &&
	    r->out.len < TOOL_CAP && (r->err.s == NULL || strstr(r->err.s, "Traceback") == NULL);
	if (!ok) {
		*why = r->out.len >= TOOL_CAP ? xstrdup("over its limits: too much output") :
		    describe(r);
		return r->out.len >= TOOL_CAP || over_limits(r) ? -2 : -1;
	}
	for (i = 0; i < n; i++) {
		out[i].count = 0;
		memset(out[i].fam, 0, sizeof out[i].fam);
	}
	for (line = r->out.s ? r->out.s : (char *)""; *line; line = next) {
		char *colon;
		long f;
		int fam;

		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if ((colon = strrchr(line, ':')) == NULL)
			continue;
		if ((f = which(files, n, line, (size_t)(colon - line))) < 0)
			continue;
		out[f].count++;
		if ((fam = family(colon + 1, strlen(colon + 1))) >= 0)
			out[f].fam[fam]++;
	}
	return 0;
}

static int
lint_run(char *const *flake8, const char *dir, char **files, size_t n,
    int compat, fl_file *out, char **why)
{
	char **argv = fl_lint_argv(flake8, files, n, compat);
	sb_opts o;
	sb_result r;
	int ret;

	fl_lint_opts(&o, dir, n);
	sb_run(argv, NULL, &o, &r);
	free(argv);
	ret = fl_lint_result(&r, files, n, out, why);
	sb_result_free(&r);
	return ret;
}

void
fl_lint_failed(char *const *flake8, const char *dir, char **files, size_t n,
    int compat, fl_file *out, int ret, char *why)
{
	size_t h;

	if (n == 1) {
		out->count = -1;
		out->limit = ret == -2;
		free(out->lint_error);
		out->lint_error = why;
		return;
	}
	free(why);
	/* halves, so that one bad file costs a few runs, not one per file */
	h = n / 2;
	fl_lint(flake8, dir, files, h, compat, out);
	fl_lint(flake8, dir, files + h, n - h, compat, out + h);
}

void
fl_lint(char *const *flake8, const char *dir, char **files, size_t n,
    int compat, fl_file *out)
{
	char *why = NULL;
	int ret;

	if (n > 0 && (ret = lint_run(flake8, dir, files, n, compat, out,
	    &why)) < 0)
		fl_lint_failed(flake8, dir, files, n, compat, out, ret, why);
}
