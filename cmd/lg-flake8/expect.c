/* lg-flake8: what the original program prints, and what flake8 and the
 * parser found in it (see expect.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cache.h"
#include "expect.h"
#include "sha256.h"
#include "xalloc.h"

enum { PENDING = 1, KNOWN, UNKNOWN };

/* One original, by the digest of its text: an open-addressing table. */
typedef struct {
	unsigned char key[32];
	int used;			/* 0: a free slot */
	int state;			/* 0: not run, PENDING, ... */
	size_t len;			/* KNOWN: its output's length */
	unsigned char out[32];		/* and digest */
	int lint;			/* 1: the fields below are known */
	int compiles;
	long defs, defs_text, count, fam[NFAM];
} entry;

static struct {
	entry *e;
	size_t cap, n;
	cache disk;			/* disk.dir NULL: none */
	char *lint_id, *run_id;		/* what the results depend on */
} tab;

/* Counts read from the disk are untrusted: in range or not used. */
#define MAXCOUNT 1000000000L

static size_t
slot(const unsigned char key[32], size_t cap)
{
	size_t h;

	memcpy(&h, key, sizeof h);
	return h & (cap - 1);
}

static entry *
find(const unsigned char key[32], int add)
{
	size_t i;

	if (add && (tab.n + 1) * 4 > tab.cap * 3) {
		entry *old = tab.e;
		size_t ocap = tab.cap, j;

		tab.cap = ocap ? ocap * 2 : 64;
		tab.e = xcalloc(tab.cap, sizeof *tab.e);
		for (j = 0; j < ocap; j++) {
			if (!old[j].used)
				continue;
			for (i = slot(old[j].key, tab.cap); tab.e[i].used;
			    i = (i + 1) & (tab.cap - 1))
				;
			tab.e[i] = old[j];
		}
		free(old);
	}
	if (tab.cap == 0)
		return NULL;
	for (i = slot(key, tab.cap); tab.e[i].used; i = (i + 1) & (tab.cap - 1))
		if (memcmp(tab.e[i].key, key, 32) == 0)
			return &tab.e[i];
	if (!add)
		return NULL;
	memcpy(tab.e[i].key, key, 32);
	tab.e[i].used = 1;
	tab.n++;
	return &tab.e[i];
}

static entry *
lookup(const char *orig, size_t len, int add)
{
	unsigned char key[32];

	sha256(orig, len, key);
	return find(key, add);
}

int
cf_expect_open(const char *dir, const char *lint_id, const char *run_id)
{
	if (cache_open(&tab.disk, dir) < 0)
		return -1;
	tab.lint_id = xstrdup(lint_id);
	tab.run_id = xstrdup(run_id);
	return 0;
}

static void
disk_key(const char *kind, const char *id, const char *orig, size_t len,
    char hex[65])
{
	cache_key(kind, id, orig, len, hex);
}

static int
get_long(const cJSON *j, const char *name, long lo, long *v)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(j, name);

	if (!cJSON_IsNumber(n) || n->valuedouble < lo ||
	    n->valuedouble > MAXCOUNT || n->valuedouble != (long)n->valuedouble)
		return -1;
	*v = (long)n->valuedouble;
	return 0;
}

int
cf_lint_from_json(const cJSON *j, fl_file *f)
{
	const cJSON *fam = cJSON_GetObjectItemCaseSensitive(j, "fam");
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(j, "compiles");
	fl_file t;
	int i, ok;

	memset(&t, 0, sizeof t);
	ok = cJSON_IsBool(c) && get_long(j, "defs", -1, &t.defs) == 0 &&
	    get_long(j, "defs_text", 0, &t.defs_text) == 0 &&
	    get_long(j, "count", 0, &t.count) == 0 &&
	    cJSON_IsArray(fam) && cJSON_GetArraySize(fam) == NFAM;
	for (i = 0; ok && i < NFAM; i++) {
		const cJSON *n = cJSON_GetArrayItem(fam, i);

		ok = cJSON_IsNumber(n) && n->valuedouble >= 0 &&
		    n->valuedouble <= (double)t.count &&
		    n->valuedouble == (long)n->valuedouble;
		if (ok)
			t.fam[i] = (long)n->valuedouble;
	}
	if (!ok)
		return -1;
	f->compiles = cJSON_IsTrue(c);
	f->defs = t.defs;
	f->defs_text = t.defs_text;
	f->count = t.count;
	memcpy(f->fam, t.fam, sizeof f->fam);
	return 0;
}

cJSON *
cf_lint_json(const fl_file *f)
{
	cJSON *j = cJSON_CreateObject(), *fam;
	int i;

	cJSON_AddBoolToObject(j, "compiles", f->compiles);
	cJSON_AddNumberToObject(j, "defs", (double)f->defs);
	cJSON_AddNumberToObject(j, "defs_text", (double)f->defs_text);
	cJSON_AddNumberToObject(j, "count", (double)f->count);
	fam = cJSON_AddArrayToObject(j, "fam");
	for (i = 0; i < NFAM; i++)
		cJSON_AddItemToArray(fam, cJSON_CreateNumber((double)f->fam[i]));
	return j;
}

int
cf_out_from_json(const cJSON *j, size_t *len, unsigned char out[32])
{
	const cJSON *d = cJSON_GetObjectItemCaseSensitive(j, "sha256");
	unsigned char t[32];
	long n;
	int ok;

	ok = get_long(j, "len", 0, &n) == 0 && (size_t)n < CF_OUT_CAP &&
	    cJSON_IsString(d) && cf_hex_digest(d->valuestring, t) == 0;
	if (!ok)
		return -1;
	*len = (size_t)n;
	memcpy(out, t, 32);
	return 0;
}

cJSON *
cf_out_json(size_t len, const unsigned char out[32])
{
	cJSON *j = cJSON_CreateObject();
	char hex[65];
	int i;

	for (i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", out[i]);
	cJSON_AddNumberToObject(j, "len", (double)len);
	cJSON_AddStringToObject(j, "sha256", hex);
	return j;
}

int
cf_hex_digest(const char *s, unsigned char out[32])
{
	static const char hex[] = "0123456789abcdef";
	int i;

	if (strlen(s) != 64)
		return -1;
	for (i = 0; i < 64; i++) {
		const char *p = memchr(hex, s[i], 16);

		if (p == NULL)
			return -1;
		if (i % 2 == 0)
			out[i / 2] = (unsigned char)((p - hex) << 4);
		else
			out[i / 2] |= (unsigned char)(p - hex);
	}
	return 0;
}

/* The lint results of an original from the disk into e; 0 or -1. */
static int
disk_lint(entry *e, const char *orig, size_t len)
{
	char hex[65];
	fl_file f;
	cJSON *j;
	int nul, ok;

	if (tab.disk.dir == NULL)
		return -1;
	disk_key("lg-flake8 lint 1", tab.lint_id, orig, len, hex);
	if ((j = cache_get(&tab.disk, hex, 4096, &nul)) == NULL)
		return -1;
	ok = cf_lint_from_json(j, &f) == 0;
	if (ok) {
		e->compiles = f.compiles;
		e->defs = f.defs;
		e->defs_text = f.defs_text;
		e->count = f.count;
		memcpy(e->fam, f.fam, sizeof e->fam);
		e->lint = 1;
	}
	cJSON_Delete(j);
	return ok ? 0 : -1;
}

/* The output digest of an original from the disk into e; 0 or -1. */
static int
disk_run(entry *e, const char *orig, size_t len)
{
	char hex[65];
	cJSON *j;
	int nul, ok;

	if (tab.disk.dir == NULL)
		return -1;
	disk_key("lg-flake8 run 1", tab.run_id, orig, len, hex);
	if ((j = cache_get(&tab.disk, hex, 4096, &nul)) == NULL)
		return -1;
	ok = cf_out_from_json(j, &e->len, e->out) == 0;
	if (ok)
		e->state = KNOWN;
	cJSON_Delete(j);
	return ok ? 0 : -1;
}

static void
disk_put(const char *kind, const char *id, const char *orig, size_t len,
    cJSON *j)
{
	char hex[65];

	disk_key(kind, id, orig, len, hex);
	/* a cache that cannot be written costs time, not results */
	(void)cache_put(&tab.disk, hex, j);
	cJSON_Delete(j);
}

int
cf_lint_get(const char *orig, size_t len, fl_file *f)
{
	entry *e = lookup(orig, len, 0), tmp;

	if (e == NULL || !e->lint) {
		memset(&tmp, 0, sizeof tmp);
		if (disk_lint(&tmp, orig, len) < 0)
			return 0;
		if (e == NULL)
			e = lookup(orig, len, 1);
		e->lint = 1;
		e->compiles = tmp.compiles;
		e->defs = tmp.defs;
		e->defs_text = tmp.defs_text;
		e->count = tmp.count;
		memcpy(e->fam, tmp.fam, sizeof e->fam);
	}
	f->compiles = e->compiles;
	f->defs = e->defs;
	f->defs_text = e->defs_text;
	f->count = e->count;
	memcpy(f->fam, e->fam, sizeof f->fam);
	return 1;
}

void
cf_lint_put(const char *orig, size_t len, const fl_file *f)
{
	entry *e;

	/* only what a lone run would give again */
	if (f->count < 0 || f->limit || f->parse_failed)
		return;
	e = lookup(orig, len, 1);
	e->lint = 1;
	e->compiles = f->compiles;
	e->defs = f->defs;
	e->defs_text = f->defs_text;
	e->count = f->count;
	memcpy(e->fam, f->fam, sizeof e->fam);
	if (tab.disk.dir == NULL)
		return;
	disk_put("lg-flake8 lint 1", tab.lint_id, orig, len, cf_lint_json(f));
}

int
cf_expect_known(const char *orig, size_t len)
{
	entry *e = lookup(orig, len, 0);
	entry tmp;

	if (e != NULL && e->state != 0)
		return 1;
	memset(&tmp, 0, sizeof tmp);
	if (disk_run(&tmp, orig, len) < 0)
		return 0;
	if (e == NULL)
		e = lookup(orig, len, 1);
	e->state = KNOWN;
	e->len = tmp.len;
	memcpy(e->out, tmp.out, sizeof e->out);
	return 1;
}

int
cf_expect_want(const char *orig, size_t len)
{
	entry *e = lookup(orig, len, 0);

	if (e != NULL && e->state != 0)
		return 0;
	if (e == NULL)
		e = lookup(orig, len, 1);
	if (disk_run(e, orig, len) == 0)
		return 0;
	e->state = PENDING;
	return 1;
}

static int
succeeded(const sb_result *r)
{
	return r->how == SB_EXITED && r->code == 0;
}

void
cf_expect_put(const char *orig, size_t len, const sb_result *r)
{
	entry *e = lookup(orig, len, 1);

	/* an output as long as the cap may have been cut: nothing to compare */
	if (!succeeded(r) || r->out.len >= CF_OUT_CAP) {
		e->state = UNKNOWN;
		return;
	}
	e->state = KNOWN;
	e->len = r->out.len;
	sha256(r->out.s ? r->out.s : "", r->out.len, e->out);
	if (tab.disk.dir != NULL)
		disk_put("lg-flake8 run 1", tab.run_id, orig, len,
		    cf_out_json(e->len, e->out));
}

int
cf_expect_out(const char *orig, size_t len, size_t *out_len,
    unsigned char out[32])
{
	const entry *e = lookup(orig, len, 0);

	if (e == NULL || e->state != KNOWN)
		return 0;
	*out_len = e->len;
	memcpy(out, e->out, 32);
	return 1;
}

int
cf_expect_compare(size_t len, const unsigned char out[32],
    const sb_result *answer)
{
	unsigned char d[32];

	if (!succeeded(answer))
		return CF_OUT_UNCHECKED;
	if (answer->out.len != len)
		return CF_OUT_DIFFERS;
	sha256(answer->out.s ? answer->out.s : "", answer->out.len, d);
	return memcmp(d, out, 32) == 0 ? CF_OUT_SAME : CF_OUT_DIFFERS;
}

int
cf_expect_check(const char *orig, size_t len, const sb_result *answer)
{
	const entry *e = lookup(orig, len, 0);

	if (e == NULL || e->state != KNOWN)
		return CF_OUT_UNCHECKED;
	return cf_expect_compare(e->len, e->out, answer);
}

const char *
cf_expect_name(int v)
{
	static const char *const names[] = { "unchecked", "same", "differs" };

	return names[v];
}

void
cf_expect_fini(void)
{
	free(tab.e);
	cache_close(&tab.disk);
	free(tab.lint_id);
	free(tab.run_id);
	memset(&tab, 0, sizeof tab);
}
