/* lw_cf_lib.c: the cf library, read from share/templates/longweave/cf/ (lw_cf.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "longweave.h"
#include "lw_cf.h"
#include "record.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

cf_library cf_lib;

char *
cf_field(char **s, int sep)
{
	char *p = *s, *e = strchr(p, sep);

	if (e != NULL) {
		*e = '\0';
		*s = e + 1;
	} else {
		*s = p + strlen(p);
	}
	return p;
}

static int
parse_domain(char *line, domain *d, const char *path, long lineno)
{
	char *s = line, *part[7], *p, *name;
	size_t i, n;
	char **v;

	for (i = 0; i < 7; i++) {
		if (*s == '\0')
			goto bad;
		part[i] = cf_field(&s, '|');
	}
	memset(d, 0, sizeof *d);
	d->plural = xstrdup(part[0]);
	d->noun = xstrdup(part[1]);
	p = part[2];
	d->text = xstrdup(cf_field(&p, ':'));
	d->texts = split_list(p, &d->ntexts);
	if (d->ntexts < 2)
		goto bad;
	p = part[3];
	d->cat = xstrdup(cf_field(&p, ':'));
	v = split_list(p, &n);
	if (n != 4) {
		split_free(v, n);
		goto bad;
	}
	for (i = 0; i < 4; i++)
		d->cats[i] = v[i];
	free(v);
	for (i = 0; i < 2; i++) {
		p = part[4 + i];
		name = cf_field(&p, ':');
		d->ints[i] = xstrdup(name);
		if (parse_long(cf_field(&p, ':'), &d->lo[i]) < 0 ||
		    parse_long(p, &d->hi[i]) < 0 || d->lo[i] >= d->hi[i])
			goto bad;
	}
	p = part[6];
	d->num = xstrdup(cf_field(&p, ':'));
	if (parse_double(cf_field(&p, ':'), &d->nlo) < 0 ||
	    parse_double(p, &d->nhi) < 0 || d->nlo >= d->nhi)
		goto bad;
	return 0;
bad:
	lg_warnat(path, lineno, "not a domain line (want 7 fields: plural|noun|"
	    "text:values|cat:4 values|int:lo:hi|int:lo:hi|num:lo:hi)");
	return -1;
}

static void
free_domain(domain *d)
{
	int i;

	free(d->plural);
	free(d->noun);
	free(d->text);
	free(d->cat);
	free(d->num);
	split_free(d->texts, d->ntexts);
	for (i = 0; i < 4; i++)
		free(d->cats[i]);
	for (i = 0; i < 2; i++)
		free(d->ints[i]);
}

/* Non-comment lines of a share file; NULL after a warning. */
static char **
read_list(const char *rel, size_t *n)
{
	return lw_read_list(rel, "cf library", n);
}

void
cf_push(char ***v, size_t *n, char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = s;
}

static int
load_frags(void)
{
	char *path = share_path(DIR "functions.txt");
	char *text = file_read(path, NULL), *s, *line;
	frag *cur = NULL;
	struct buf body = { 0 };
	long lineno = 0;
	int ret = 0, header = 0;

	if (text == NULL) {
		lg_warn("%s: cannot read the cf library", path);
		free(path);
		return -1;
	}
	for (s = text; *s; ) {
		line = cf_field(&s, '\n');
		lineno++;
		if (strncmp(line, "%#", 2) == 0)
			continue;
		if (strncmp(line, "%% ", 3) == 0) {
			char *arg = line + 3, *word = cf_field(&arg, ' ');
			int k;

			for (k = 0; k < 3 && strcmp(cf_kinds[k], word) != 0; k++)
				;
			if (k < 3) {
				if (cur != NULL) {
					while (body.len > 0 && body.s[body.len - 1] == '\n')
						body.s[--body.len] = '\0';
					cur->body = buf_take(&body);
				}
				cf_lib.frag = xreallocarray(cf_lib.frag, cf_lib.nfrag + 1, sizeof *cf_lib.frag);
				cur = &cf_lib.frag[cf_lib.nfrag++];
				memset(cur, 0, sizeof *cur);
				cur->kind = k;
				cur->name = xstrdup(arg);
				cur->line = lineno;
				header = 1;
				continue;
			}
			if (cur == NULL || !header) {
				lg_warnat(path, lineno, "%%%% %s: outside a function header", word);
				ret = -1;
			} else if (strcmp(word, "const") == 0) {
				cf_push(&cur->con, &cur->ncon, xstrdup(arg));
			} else if (strcmp(word, "import") == 0) {
				cf_push(&cur->imp, &cur->nimp, xstrdup(arg));
			} else if (strcmp(word, "needs") == 0) {
				cf_push(&cur->need, &cur->nneed, xstrdup(arg));
			} else {
				lg_warnat(path, lineno, "unknown header %%%% %s", word);
				ret = -1;
			}
			continue;
		}
		header = 0;
		if (cur == NULL) {
			if (*line != '\0') {
				lg_warnat(path, lineno, "code before the first function");
				ret = -1;
			}
			continue;
		}
		if (body.len == 0 && *line == '\0')
			continue;
		buf_puts(&body, line);
		buf_putc(&body, '\n');
	}
	if (cur != NULL) {
		while (body.len > 0 && body.s[body.len - 1] == '\n')
			body.s[--body.len] = '\0';
		cur->body = buf_take(&body);
	}
	buf_free(&body);
	free(text);
	free(path);
	return ret;
}

int
cf_init(void)
{
	char **v;
	size_t n, i;
	char *path;

	if (cf_lib.nfrag > 0)
		return 0;
	if ((v = read_list(DIR "domains.txt", &n)) == NULL)
		return -1;
	path = share_path(DIR "domains.txt");
	cf_lib.dom = xcalloc(n + 1, sizeof *cf_lib.dom);
	for (i = 0; i < n; i++)
		if (parse_domain(v[i], &cf_lib.dom[cf_lib.ndom], path, (long)i + 1) == 0)
			cf_lib.ndom++;
	split_free(v, n);
	free(path);
	if ((cf_lib.comments = read_list(DIR "comments.txt", &cf_lib.ncomments)) == NULL ||
	    (cf_lib.imports = read_list(DIR "imports.txt", &cf_lib.nimports)) == NULL)
		return -1;
	if (load_frags() < 0 || cf_lib.ndom == 0 || cf_lib.nfrag == 0 ||
	    cf_lib.ncomments == 0 || cf_lib.nimports == 0) {
		lg_warn("the cf library under %s is incomplete", share_dir());
		return -1;
	}
	return 0;
}

void
cf_fini(void)
{
	size_t i;

	for (i = 0; i < cf_lib.ndom; i++)
		free_domain(&cf_lib.dom[i]);
	free(cf_lib.dom);
	for (i = 0; i < cf_lib.nfrag; i++) {
		frag *f = &cf_lib.frag[i];

		free(f->name);
		free(f->body);
		split_free(f->imp, f->nimp);
		split_free(f->con, f->ncon);
		split_free(f->need, f->nneed);
	}
	free(cf_lib.frag);
	split_free(cf_lib.comments, cf_lib.ncomments);
	split_free(cf_lib.imports, cf_lib.nimports);
	memset(&cf_lib, 0, sizeof cf_lib);
}
