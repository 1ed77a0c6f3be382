/*
 * The ids of records already in the output of an earlier run (--resume),
 * and the ids of a run's input read so far: a hash set of strings, open
 * addressing.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "diag.h"
#include "resume.h"
#include "record.h"
#include "xalloc.h"

/*
 * An id, whole: ids may hold NUL bytes (\u0000), so they go by length.
 * In a set of ids read, where it was read (the file name is the reader's).
 */
typedef struct {
	char *s;
	size_t len;
	const char *file;
	long line;
	char *note;	/* in a set of ids done: resume_load_noted()'s note */
} key;

struct idset {
	key *slot;
	size_t cap, n;
	size_t notes;	/* keys with a note */
};

static uint64_t
hash(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ULL;

	while (len-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static int
same(const key *k, const char *id, size_t len)
{
	return k->len == len && memcmp(k->s, id, len) == 0;
}

/* Add id (taken); its slot. */
static key *
add(idset *s, char *id, size_t len)
{
	size_t i;

	if ((s->n + 1) * 2 > s->cap) {
		idset big = { xcalloc(s->cap ? s->cap * 2 : 64, sizeof(key)),
		    s->cap ? s->cap * 2 : 64, 0, s->notes };

		for (i = 0; i < s->cap; i++)
			if (s->slot[i].s != NULL)
				*add(&big, s->slot[i].s, s->slot[i].len) = s->slot[i];
		free(s->slot);
		*s = big;
	}
	for (i = hash(id, len) & (s->cap - 1); s->slot[i].s != NULL;
	    i = (i + 1) & (s->cap - 1)) {
		if (same(&s->slot[i], id, len)) {
			free(id);
			return &s->slot[i];
		}
	}
	s->slot[i].s = id;
	s->slot[i].len = len;
	s->n++;
	return &s->slot[i];
}

static const key *
find(const idset *s, const char *id, size_t len)
{
	size_t i;

	if (s->cap == 0)
		return NULL;
	for (i = hash(id, len) & (s->cap - 1); s->slot[i].s != NULL;
	    i = (i + 1) & (s->cap - 1))
		if (same(&s->slot[i], id, len))
			return &s->slot[i];
	return NULL;
}

idset *
idset_new(void)
{
	return xcalloc(1, sizeof(idset));
}

int
idset_hasn(const idset *s, const char *id, size_t len)
{
	return find(s, id, len) != NULL;
}

int
idset_has(const idset *s, const char *id)
{
	return idset_hasn(s, id, strlen(id));
}

static int by_model;	/* resume_by_model(): records told apart by model too */

void
resume_by_model(void)
{
	by_model = 1;
}

/*
 * What tells rec apart, of len bytes: its id, or after resume_by_model()
 * the id's length, ':', the id, and when the record has a gen.model a NUL
 * and the model (so no two different pairs give one key); in b when it is
 * built.  NULL when the record has no usable id.
 */
static const char *
key_of(const cJSON *rec, size_t *len, struct buf *b)
{
	size_t n, mn;
	const char *id = rec_idn(rec, &n), *m;

	if (id == NULL || n == 0)
		return NULL;
	if (!by_model) {
		*len = n;
		return id;
	}
	buf_reset(b);
	buf_printf(b, "%zu:", n);
	buf_add(b, id, n);
	if ((m = rec_strn(rec_get(rec, "gen"), "model", &mn)) != NULL) {
		buf_add(b, "", 1);
		buf_add(b, m, mn);
	}
	*len = b->len;
	return b->s;
}

int
resume_check(const idset *s, const cJSON *rec)
{
	size_t len;
	struct buf b = { 0 };
	const char *k = key_of(rec, &len, &b);
	int r = k == NULL ? RESUME_NOID : s != NULL && idset_hasn(s, k, len) ?
	    RESUME_DONE : RESUME_TODO;

	buf_free(&b);
	return r;
}

int
resume_next(const idset *done, idset *seen, const cJSON *rec, jsonl *in)
{
	size_t len;
	struct buf b = { 0 };
	const char *k = key_of(rec, &len, &b);
	key *nk;
	char *c;
	int r;

	if (k == NULL)
		return RESUME_NOID;
	if (find(seen, k, len) != NULL) {
		buf_free(&b);
		return RESUME_DUP;
	}
	c = xmalloc(len + 1);
	memcpy(c, k, len);
	c[len] = '\0';
	nk = add(seen, c, len);
	nk->file = jsonl_file(in);
	nk->line = jsonl_lineno(in);
	r = done != NULL && idset_hasn(done, k, len) ? RESUME_DONE : RESUME_TODO;
	buf_free(&b);
	return r;
}

/* s, a NUL shown as JSON writes it, into b */
static void
shown(struct buf *b, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '\0')
			buf_puts(b, "\\u0000");
		else
			buf_putc(b, s[i]);
}

void
resume_dup_warn(const idset *seen, const cJSON *rec, jsonl *in)
{
	size_t len, n, mn;
	struct buf kb = { 0 }, b = { 0 };
	const char *k = key_of(rec, &len, &kb);
	const key *f = k != NULL ? find(seen, k, len) : NULL;
	const char *id = rec_idn(rec, &n), *m;

	if (f != NULL) {
		shown(&b, id, n);
		if (by_model && (m = rec_strn(rec_get(rec, "gen"), "model",
		    &mn)) != NULL) {
			buf_puts(&b, " of model ");
			shown(&b, m, mn);
		}
		jsonl_warn(in, "duplicate id %s, first at %s:%ld (ids must be "
		    "unique%s: a resume could not tell the records apart), "
		    "skipped", buf_str(&b), f->file, f->line, by_model ?
		    " for each model" : "");
	}
	buf_free(&b);
	buf_free(&kb);
}

const char *
resume_note(const idset *s, const cJSON *rec, const char **file, long *line)
{
	size_t len;
	struct buf b = { 0 };
	const char *k;
	const key *f = NULL;

	if (s != NULL && s->notes > 0 && (k = key_of(rec, &len, &b)) != NULL)
		f = find(s, k, len);
	buf_free(&b);
	if (f == NULL || f->note == NULL)
		return NULL;
	*file = f->file;
	*line = f->line;
	return f->note;
}

int
resume_noted(const idset *s)
{
	return s != NULL && s->notes > 0;
}

void
idset_free(idset *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->cap; i++) {
		free(s->slot[i].s);
		free(s->slot[i].note);
	}
	free(s->slot);
	free(s);
}

/*
 * How the file ends, and the length of its whole lines.  The last line,
 * when it has no newline, is whole if it parses as JSON.
 */
static int
tail_of(const char *path, long long *keep)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), state = TAIL_OK;
	struct stat st;
	char b[4096], *s;
	off_t end, at;
	cJSON *j;

	*keep = 0;
	if (fd < 0)
		return TAIL_OK;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
		close(fd);
		return TAIL_OK;
	}
	end = st.st_size;
	*keep = (long long)end;
	if (pread(fd, b, 1, end - 1) != 1 || b[0] == '\n') {
		close(fd);
		return TAIL_OK;
	}
	/* back to the last newline */
	for (at = end; at > 0;) {
		off_t from = at > (off_t)sizeof b ? at - (off_t)sizeof b : 0;
		ssize_t n = pread(fd, b, (size_t)(at - from), from);
		char *nl;

		if (n <= 0)
			break;
		if ((nl = memrchr(b, '\n', (size_t)n)) != NULL) {
			at = from + (nl - b) + 1;
			break;
		}
		at = from;
	}
	*keep = (long long)at;
	s = xmalloc((size_t)(end - at) + 1);
	if (pread(fd, s, (size_t)(end - at), at) == end - at) {
		s[end - at] = '\0';
		j = cJSON_ParseWithLength(s, (size_t)(end - at));
		state = cJSON_IsObject(j) ? TAIL_NOEOL : TAIL_CUT;
		cJSON_Delete(j);
	}
	free(s);
	close(fd);
	return state;
}

/* What the loader is given: the filter, the noter, their argument. */
typedef struct {
	resume_filter fn;
	resume_noter note;
	void *arg;
} loader;

static int
idset_load_filter(idset **out, const char *path, int *tail, long long *keep,
    const loader *ld, unsigned long *redo)
{
	idset *s = xcalloc(1, sizeof *s);
	char *files[1];
	jsonl *in;
	cJSON *rec;
	int fd;

	*out = s;
	*tail = TAIL_OK;
	*keep = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		if (errno == ENOENT)
			return 0;	/* a first run: nothing answered yet */
		lg_warn("%s: %s", path, strerror(errno));
		return -1;
	}
	close(fd);
	*tail = tail_of(path, keep);
	files[0] = xstrdup(path);
	in = jsonl_open(files, 1);
	while ((rec = jsonl_next(in)) != NULL) {
		size_t len;
		struct buf b = { 0 };
		const char *id = key_of(rec, &len, &b);

		if (id != NULL && ld->fn != NULL &&
		    ld->fn(rec, in, ld->arg) == RESUME_TODO) {
			(*redo)++;
		} else if (id != NULL) {
			char *c = xmalloc(len + 1);
			key *k;

			memcpy(c, id, len);
			c[len] = '\0';
			k = add(s, c, len);
			k->file = path;
			k->line = jsonl_lineno(in);
			if (ld->note != NULL) {
				free(k->note);
				k->note = ld->note(rec, ld->arg);
				s->notes += k->note != NULL;
			}
		}
		buf_free(&b);
		rec_free(rec);
	}
	fd = jsonl_syserrors(in);
	jsonl_free(in);
	free(files[0]);
	return fd ? -1 : 0;
}

int
resume_changed(const cJSON *rec, jsonl *in, char *why, int redo,
    const char *what)
{
	if (!redo) {
		if (in != NULL)
			jsonl_warn(in, "%s: %s", rec_id(rec), why);
		free(why);
		lg_die(LG_USAGE, "--resume: %s", what);
	}
	free(why);
	return RESUME_TODO;
}

int
idset_load(idset **out, const char *path, int *tail, long long *keep)
{
	unsigned long redo = 0;
	loader ld = { NULL, NULL, NULL };

	return idset_load_filter(out, path, tail, keep, &ld, &redo);
}

/*
 * Drop from the file, in place, the lines whose records fn sends to be
 * done again (the output appends to this file: the new answers replace
 * them).  Lines are moved down over the dropped ones, then the file is cut.
 */
static void
compact(const char *path, resume_filter fn, void *arg, long long keep)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);
	FILE *f;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	off_t w = 0, r = 0;

	if (fd < 0 || (f = fopen(path, "r")) == NULL)
		lg_die(LG_SYS, "%s: %s", path, strerror(errno));
	while (r < (off_t)keep && (n = getline(&line, &cap, f)) > 0) {
		cJSON *rec = cJSON_ParseWithLength(line, (size_t)n);
		size_t idlen;
		int drop = cJSON_IsObject(rec) && rec_idn(rec, &idlen) != NULL &&
		    fn(rec, NULL, arg) == RESUME_TODO;

		cJSON_Delete(rec);
		r += n;
		if (drop)
			continue;
		if (w != r - n && pwrite(fd, line, (size_t)n, w) != n)
			lg_die(LG_SYS, "%s: %s", path, strerror(errno));
		w += n;
	}
	free(line);
	if (ferror(f) || ftruncate(fd, w) < 0)
		lg_die(LG_SYS, "%s: %s", path, strerror(errno));
	fclose(f);
	close(fd);
}

static int
stdout_is(const char *path)
{
	struct stat a, b;

	return fstat(STDOUT_FILENO, &a) == 0 && stat(path, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

idset *
resume_load(const char *path)
{
	return resume_load_filter(path, NULL, NULL);
}

idset *
resume_load_filter(const char *path, resume_filter fn, void *arg)
{
	return resume_load_noted(path, fn, NULL, arg);
}

idset *
resume_load_noted(const char *path, resume_filter fn, resume_noter note,
    void *arg)
{
	idset *ids;
	int tail, same = stdout_is(path);
	long long keep;
	unsigned long redo = 0;
	loader ld = { fn, note, arg };

	if (idset_load_filter(&ids, path, &tail, &keep, &ld, &redo) < 0) {
		idset_free(ids);
		exit(LG_SYS);
	}
	if (same && lseek(STDOUT_FILENO, 0, SEEK_END) < 0)
		lg_die(LG_SYS, "%s: %s", path, strerror(errno));
	if (tail == TAIL_CUT && same) {
		if (ftruncate(STDOUT_FILENO, (off_t)keep) < 0 ||
		    lseek(STDOUT_FILENO, 0, SEEK_END) < 0)
			lg_die(LG_SYS, "%s: %s", path, strerror(errno));
		lg_warn("%s: the last line was cut off; dropped it, its record "
		    "is done again", path);
	} else if (tail == TAIL_CUT) {
		lg_warn("%s: the last line is cut off; its record is done again",
		    path);
	} else if (tail == TAIL_NOEOL && same) {
		if (write(STDOUT_FILENO, "\n", 1) != 1)
			lg_write_failed(errno);
	}
	if (redo > 0 && same) {
		struct stat st;

		/* the file holds whole lines only by now */
		if (fstat(STDOUT_FILENO, &st) < 0)
			lg_die(LG_SYS, "%s: %s", path, strerror(errno));
		compact(path, fn, arg, (long long)st.st_size);
		lg_warn("%s: %lu record%s to be done again, dropped from the file",
		    path, redo, redo == 1 ? "" : "s");
	} else if (redo > 0) {
		lg_warn("%s: %lu record%s to be done again", path, redo,
		    redo == 1 ? "" : "s");
	}
	return ids;
}
