/*
 * expect.h: what the original program prints, for lg-flake8.
 *
 * The generated programs print deterministic output, so a fixed program
 * must print what the original prints: an answer that runs but prints
 * something else (every body replaced by "return None", say) has not kept
 * the program's behaviour.  The original of each record is run in the same
 * sandbox as the answers, once per text for the whole run: cf_expect_want()
 * says whether it still has to be run (and marks it pending), and
 * cf_expect_put() keeps a digest of its output.  cf_expect_check() then
 * compares an answer's run with it.  Nothing is compared when the original
 * did not exit with status 0 or printed CF_OUT_CAP bytes or more.
 */
#ifndef LG_FLAKE8_EXPECT_H
#define LG_FLAKE8_EXPECT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "lint.h"
#include "sandbox.h"

/* Bytes of standard output kept of each run: enough to compare it whole. */
#define CF_OUT_CAP ((size_t)1 << 20)

enum { CF_OUT_UNCHECKED, CF_OUT_SAME, CF_OUT_DIFFERS };

/*
 * The same table keeps what the parser and flake8 found in each original,
 * and with cf_expect_open() both live on in a cache directory (cache.h),
 * keyed by the text and by what the results depend on besides it, the
 * fingerprints of carry.h: lint_id for the counts, run_id for the
 * output.  Only results a lone run would give again are
 * kept: never a failure, a limit or an output that was cut.  Entries read
 * back are checked like any input.
 */
int cf_expect_open(const char *dir, const char *lint_id, const char *run_id);
/* 1 and f's compiles, defs, defs_text, count and fam set when known. */
int cf_lint_get(const char *orig, size_t len, fl_file *f);
void cf_lint_put(const char *orig, size_t len, const fl_file *f);

/*
 * The forms of what is kept, as the cache holds them and records carry
 * them (carry.h): the counts as {"compiles", "defs", "defs_text",
 * "count", "fam"}, an output as {"len", "sha256"}.  The readers check
 * every member: 0, or -1 when one is missing or out of range (nothing set).
 */
cJSON *cf_lint_json(const fl_file *f);
int cf_lint_from_json(const cJSON *j, fl_file *f);
cJSON *cf_out_json(size_t len, const unsigned char out[32]);
int cf_out_from_json(const cJSON *j, size_t *len, unsigned char out[32]);
/* 64 lowercase hex digits into 32 bytes: 0, or -1 when s is not that. */
int cf_hex_digest(const char *s, unsigned char out[32]);

/* 1 when the original's output is known, pending or known not to be
 * comparable (no run needed), from this run or from the cache. */
int cf_expect_known(const char *orig, size_t len);
/* 1 when the original's output is not known nor pending: run it. */
int cf_expect_want(const char *orig, size_t len);
/* The run of the original (or its failure to start). */
void cf_expect_put(const char *orig, size_t len, const sb_result *r);
/* How an answer's run compares with its original's: CF_OUT_ value. */
int cf_expect_check(const char *orig, size_t len, const sb_result *answer);
/* The same against an output of len bytes and digest out. */
int cf_expect_compare(size_t len, const unsigned char out[32],
    const sb_result *answer);
/* 1 and *out_len and out set when the original's output is known. */
int cf_expect_out(const char *orig, size_t len, size_t *out_len,
    unsigned char out[32]);
/* "same", "differs" or "unchecked". */
const char *cf_expect_name(int v);
void cf_expect_fini(void);

#endif
