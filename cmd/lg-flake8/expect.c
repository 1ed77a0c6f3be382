/* lg-flake8: what the original program prints (see expect.h). */
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "sha256.h"
#include "xalloc.h"

enum { PENDING = 1, KNOWN, UNKNOWN };

/* One original, by the digest of its text: an open-addressing table. */
typedef struct {
	unsigned char key[32];
	int state;			/* 0: a free slot */
	size_t len;			/* KNOWN: its output's length */
	unsigned char out[32];		/* and digest */
} entry;

static struct {
	entry *e;
	size_t cap, n;
} tab;

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
			if (old[j].state == 0)
				continue;
			for (i = slot(old[j].key, tab.cap); tab.e[i].state != 0;
			    i = (i + 1) & (tab.cap - 1))
				;
			tab.e[i] = old[j];
		}
		free(old);
	}
	if (tab.cap == 0)
		return NULL;
	for (i = slot(key, tab.cap); tab.e[i].state != 0; i = (i + 1) & (tab.cap - 1))
		if (memcmp(tab.e[i].key, key, 32) == 0)
			return &tab.e[i];
	if (!add)
		return NULL;
	memcpy(tab.e[i].key, key, 32);
	tab.e[i].state = PENDING;
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
cf_expect_want(const char *orig, size_t len)
{
	if (lookup(orig, len, 0) != NULL)
		return 0;
	lookup(orig, len, 1);
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
}

int
cf_expect_check(const char *orig, size_t len, const sb_result *answer)
{
	const entry *e = lookup(orig, len, 0);
	unsigned char d[32];

	if (e == NULL || e->state != KNOWN || !succeeded(answer))
		return CF_OUT_UNCHECKED;
	if (answer->out.len != e->len)
		return CF_OUT_DIFFERS;
	sha256(answer->out.s ? answer->out.s : "", answer->out.len, d);
	return memcmp(d, e->out, 32) == 0 ? CF_OUT_SAME : CF_OUT_DIFFERS;
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
	memset(&tab, 0, sizeof tab);
}
