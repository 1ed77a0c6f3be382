/*
 * lg-prompt: render each case's prompt from share/templates/BENCH/TASK.tmpl
 * (and TASK.system.tmpl, when there is one, into system) with the case's
 * vars.  Records that already carry a prompt, such as imported official
 * cases, keep it unless --force is given.  --variant NAME renders
 * TASK.NAME.tmpl instead (and TASK.NAME.system.tmpl when there is one): a
 * second phrasing of the same case.  A rendered record names its
 * template: template {name, sha256, system_sha256} (lg(7)).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdline.h"
#include "diag.h"
#include "record.h"
#include "sha256.h"
#include "share.h"
#include "tasklist.h"
#include "tmpl.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_TEMPLATES = 0x100, OPT_MAX_RECORD, OPT_VERSION
};

static const char usage[] =
"usage: lg-prompt [--templates DIR] [--variant NAME] [--force]\n"
"                 [--max-record SIZE] [file ...]\n"
"       lg-prompt [--templates DIR] --list-tasks\n"
"\n"
"  --templates DIR   templates directory (default: share/templates)\n"
"  --variant NAME    render TASK.NAME.tmpl, another phrasing of TASK\n"
"  --force           render even when the record has a prompt\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  --list-tasks      print the tasks it finds templates for and exit\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

/* Loaded templates, keyed by path; a missing file is remembered as NULL.
 * sha256 is the hex digest of text's bytes. */
typedef struct {
	char *path;
	char *text;
	char sha256[65];
} tmpl_file;

typedef struct {
	const char *dir;
	const char *variant;	/* NULL: TASK.tmpl */
	int force;
	tmpl_file **files;	/* each its own allocation: pointers stay */
	size_t n;
} prompt_ctx;

static const tmpl_file *
load(prompt_ctx *c, const char *path)
{
	tmpl_file *f;
	size_t i, len;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->files[i]->path, path) == 0)
			return c->files[i];
	c->files = xreallocarray(c->files, c->n + 1, sizeof *c->files);
	f = c->files[c->n++] = xmalloc(sizeof *f);
	f->path = xstrdup(path);
	f->text = file_read(path, &len);
	f->sha256[0] = '\0';
	if (f->text != NULL)
		sha256_hex(f->text, len, f->sha256);
	return f;
}

/* template: what rendered the record's prompt (and system). */
static void
set_template(cJSON *rec, const char *bench, const char *task,
    const char *variant, const tmpl_file *t, const tmpl_file *sys)
{
	cJSON *o = cJSON_CreateObject();
	char *name = variant ? xasprintf("%s/%s.%s", bench, task, variant) :
	    xasprintf("%s/%s", bench, task);

	cJSON_AddStringToObject(o, "name", name);
	cJSON_AddStringToObject(o, "sha256", t->sha256);
	if (sys->text != NULL)
		cJSON_AddStringToObject(o, "system_sha256", sys->sha256);
	rec_set(rec, "template", o);
	free(name);
}

static int
render_into(cJSON *rec, jsonl *in, const char *text, const cJSON *vars,
    const char *field)
{
	char *err, *s = tmpl_render(text, vars, &err);

	if (s == NULL) {
		rec_fail(rec, in, "prompt", "template: %s", err);
		free(err);
		return REC_BAD;
	}
	rec_set_str(rec, field, s);
	free(s);
	return REC_OK;
}

static int
prompt(cJSON *rec, jsonl *in, void *arg)
{
	prompt_ctx *c = arg;
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	const tmpl_file *text, *sys;
	const cJSON *vars = rec_get(rec, "vars");
	char *path, *spath;
	int ret;

	if (!c->force && rec_get(rec, "prompt") != NULL)
		return REC_OK;
	if (bench == NULL || task == NULL || strchr(bench, '/') || strchr(task, '/') ||
	    bench[0] == '.' || task[0] == '.') {
		return rec_fail(rec, in, "prompt",
		    "record needs string fields bench and task");
	}
	if (!cJSON_IsObject(vars)) {
		return rec_fail(rec, in, "prompt", "field vars is not an object");
	}
	if (c->variant != NULL) {
		path = xasprintf("%s/%s/%s.%s.tmpl", c->dir, bench, task,
		    c->variant);
		spath = xasprintf("%s/%s/%s.%s.system.tmpl", c->dir, bench,
		    task, c->variant);
	} else {
		path = xasprintf("%s/%s/%s.tmpl", c->dir, bench, task);
		spath = xasprintf("%s/%s/%s.system.tmpl", c->dir, bench, task);
	}
	text = load(c, path);
	sys = load(c, spath);
	if (text->text == NULL) {
		ret = rec_fail(rec, in, "prompt", "no template for %s/%s%s%s",
		    bench, task, c->variant ? " variant " : "",
		    c->variant ? c->variant : "");
	} else {
		ret = render_into(rec, in, text->text, vars, "prompt");
		if (ret == REC_OK && sys->text != NULL)
			ret = render_into(rec, in, sys->text, vars, "system");
		if (ret == REC_OK)
			set_template(rec, bench, task, c->variant, text, sys);
	}
	free(path);
	free(spath);
	return ret;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir that end in suffix, without it, sorted; NULL if none. */
static char **
names(const char *dir, const char *suffix, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t len, sl = strlen(suffix);

	*n = 0;
	if (d == NULL)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (e->d_name[0] == '.' || len <= sl ||
		    strcmp(e->d_name + len - sl, suffix) != 0)
			continue;
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = xstrndup(e->d_name, len - sl);
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, by_name);
	return v;
}

/*
 * --list-tasks: each BENCH/TASK.tmpl under dir, as BENCH and TASK (with
 * "system" when BENCH/TASK.system.tmpl is there too), in byte order.  A
 * name with a dot is a system or variant template, not a task.
 */
static void
list_tasks(const char *dir)
{
	char **bench, **task, *sub, *sys;
	size_t nb, nt, i, j;

	if (access(dir, R_OK | X_OK) != 0)
		lg_die(LG_SYS, "%s: %s", dir, strerror(errno));
	bench = names(dir, "", &nb);
	for (i = 0; i < nb; i++) {
		sub = xasprintf("%s/%s", dir, bench[i]);
		task = names(sub, ".tmpl", &nt);
		for (j = 0; j < nt; j++) {
			if (strchr(task[j], '.') != NULL)
				continue;
			sys = xasprintf("%s/%s.system.tmpl", sub, task[j]);
			task_line(bench[i], task[j], access(sys, R_OK) == 0 ?
			    "system" : NULL);
			free(sys);
		}
		split_free(task, nt);
		free(sub);
	}
	split_free(bench, nb);
	exit(lg_finish(0));
}

/* --variant: a name of letters, digits, '-' and '_', as file names take it. */
static const char *
variant_arg(const char *arg)
{
	size_t i, n = strlen(arg);
	char *shown;

	for (i = 0; i < n; i++)
		if (!(isalnum((unsigned char)arg[i]) || arg[i] == '-' ||
		    arg[i] == '_'))
			break;
	if (n > 0 && n <= 64 && i == n)
		return arg;
	shown = xstrdup(arg);
	for (i = 0; i < n; i++)
		if (!isprint((unsigned char)shown[i]))
			shown[i] = '?';
	lg_die(LG_USAGE, "--variant: \"%s\": not a name of 1 to 64 letters, "
	    "digits, '-' or '_'", shown);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "templates", required_argument, NULL, OPT_TEMPLATES },
		{ "variant", required_argument, NULL, 'v' },
		{ "force", no_argument, NULL, 'f' },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	prompt_ctx c = { NULL, NULL, 0, NULL, 0 };
	char *def = NULL;
	size_t i;
	int ch, status, list = 0;

	lg_init(argv[0]);
	while ((ch = lg_getopt(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case OPT_TEMPLATES: c.dir = optarg; break;
		case 'v': c.variant = variant_arg(optarg); break;
		case 'f': c.force = 1; break;
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case OPT_LIST_TASKS: list = 1; break;
		case 'h': lg_usage(usage, 0);
		case OPT_VERSION: lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	if (c.dir == NULL)
		c.dir = def = share_path("templates");
	if (list)
		list_tasks(c.dir);	/* exits */
	status = rec_filter(argv + optind, argc - optind, prompt, &c);
	for (i = 0; i < c.n; i++) {
		free(c.files[i]->path);
		free(c.files[i]->text);
		free(c.files[i]);
	}
	free(c.files);
	free(def);
	return status;
}
