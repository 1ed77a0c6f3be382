/*
 * carry.h: what the original program of a record gives, carried in the
 * record itself, for lg-flake8.
 *
 * lg-flake8 --prepare writes the member "orig" into each cf record:
 *
 *   {"sha256": HEX, "lint": {"compiles": BOOL, "defs": N,
 *    "defs_text": N, "count": N, "fam": [N, ...], "env": HEX},
 *    "run": {"len": N, "sha256": HEX, "env": HEX}}
 *
 * sha256 is the digest of vars.code; lint holds what the parser helper and
 * flake8 found in it, run the length and digest of what it printed.  Each
 * part is there only when it is what a lone run would give again (the
 * cache's rule, expect.h).  env is the SHA-256 of the fingerprint of what
 * the part depends on besides the text (carry_init()).  A scoring run
 * takes a part only when the text's digest and the part's env are both
 * its own; otherwise it lints or runs the original as without the member.
 * The member is read as untrusted input: one that is not what lg-flake8
 * writes is not used at all.
 *
 * lg-flake8 writes it, not lg-gen: the results depend on the flake8, the
 * plugins and the interpreter at hand, and lg-gen's suites may not (the
 * same seed gives the same suite on every machine); lg-flake8 is also the
 * one tool that knows the fingerprints it checks.
 */
#ifndef LG_FLAKE8_CARRY_H
#define LG_FLAKE8_CARRY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "lint.h"

/* What a record carries that this run can use. */
typedef struct {
	int lint;		/* 1: f's compiles, defs, defs_text, count
				 * and fam are the original's (no strings) */
	fl_file f;
	int run;		/* 1: the original printed len bytes of digest out */
	size_t len;
	unsigned char out[32];
} cf_carry;

/* Why a member, or a part of it, is not used: bits of carry_read(). */
enum {
	CARRY_TEXT = 1,		/* made for another vars.code */
	CARRY_LINT_ENV = 2,	/* lint made with another flake8, parser or --compat */
	CARRY_RUN_ENV = 4,	/* run made with another interpreter or sandbox */
	CARRY_BAD = 8		/* not what lg-flake8 writes */
};

/* The fingerprints of this run: what lint and run results depend on. */
void carry_init(const char *lint_fp, const char *run_fp);
void carry_fini(void);

/*
 * Read the member m (NULL: none) of a record whose original is orig:
 * fills c with the parts that can be used (run only when want_run) and
 * returns the CARRY_ bits of what cannot, 0 when all is used or there is
 * no member.
 */
int carry_read(const cJSON *m, const char *orig, size_t len, int want_run,
    cf_carry *c);

/*
 * The member for orig: lint from f when f holds counts a lone run would
 * give again (NULL: none), run from len and out (out NULL: none).
 */
cJSON *carry_make(const char *orig, size_t len, const fl_file *f,
    size_t out_len, const unsigned char *out);

#endif
