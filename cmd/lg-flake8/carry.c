/* lg-flake8: what the original of a record gives, carried in the record
 * (see carry.h). */
#include <stdlib.h>
#include <string.h>

#include "carry.h"
#include "expect.h"
#include "sha256.h"

static struct {
	char lint[65], run[65];	/* the fingerprints' digests */
	int set;
} env;

void
carry_init(const char *lint_fp, const char *run_fp)
{
	sha256_hex(lint_fp, strlen(lint_fp), env.lint);
	sha256_hex(run_fp, strlen(run_fp), env.run);
	env.set = 1;
}

void
carry_fini(void)
{
	memset(&env, 0, sizeof env);
}

/* A part's env: 1 when it is this run's, 0 when another's, -1 when bad. */
static int
env_is(const cJSON *part, const char *mine)
{
	const cJSON *e = cJSON_GetObjectItemCaseSensitive(part, "env");
	unsigned char d[32];

	if (!cJSON_IsString(e) || cf_hex_digest(e->valuestring, d) < 0)
		return -1;
	return strcmp(e->valuestring, mine) == 0;
}

int
carry_read(const cJSON *m, const char *orig, size_t len, int want_run,
    cf_carry *c)
{
	const cJSON *h, *lint, *run;
	unsigned char d[32];
	char hex[65];
	int le = 0, re = 0, why = 0;

	memset(c, 0, sizeof *c);
	if (m == NULL)
		return 0;
	if (!env.set || !cJSON_IsObject(m))
		return CARRY_BAD;
	h = cJSON_GetObjectItemCaseSensitive(m, "sha256");
	lint = cJSON_GetObjectItemCaseSensitive(m, "lint");
	run = cJSON_GetObjectItemCaseSensitive(m, "run");
	/* the whole member is checked before any of it is used */
	if (!cJSON_IsString(h) || cf_hex_digest(h->valuestring, d) < 0 ||
	    (lint != NULL && (!cJSON_IsObject(lint) || (le = env_is(lint,
	    env.lint)) < 0 || cf_lint_from_json(lint, &c->f) < 0)) ||
	    (run != NULL && (!cJSON_IsObject(run) || (re = env_is(run,
	    env.run)) < 0 || cf_out_from_json(run, &c->len, c->out) < 0)))
		goto bad;
	sha256_hex(orig, len, hex);
	if (strcmp(hex, h->valuestring) != 0) {
		memset(c, 0, sizeof *c);
		return CARRY_TEXT;
	}
	if (lint != NULL && le)
		c->lint = 1;
	else if (lint != NULL)
		why |= CARRY_LINT_ENV;
	if (run != NULL && want_run && re)
		c->run = 1;
	else if (run != NULL && want_run)
		why |= CARRY_RUN_ENV;
	return why;
bad:
	memset(c, 0, sizeof *c);
	return CARRY_BAD;
}

cJSON *
carry_make(const char *orig, size_t len, const fl_file *f, size_t out_len,
    const unsigned char *out)
{
	cJSON *m = cJSON_CreateObject(), *p;
	char hex[65];

	sha256_hex(orig, len, hex);
	cJSON_AddStringToObject(m, "sha256", hex);
	if (f != NULL && f->count >= 0 && !f->limit && !f->parse_failed) {
		p = cf_lint_json(f);
		cJSON_AddItemToObject(m, "lint", p);
		cJSON_AddStringToObject(p, "env", env.lint);
	}
	if (out != NULL) {
		p = cf_out_json(out_len, out);
		cJSON_AddItemToObject(m, "run", p);
		cJSON_AddStringToObject(p, "env", env.run);
	}
	return m;
}
