/*
 * bpe.h: token counts as OpenAI's cl100k_base tokenizer gives them.
 *
 * A tokenizer holds a byte-pair rank table in the standard tiktoken text
 * format (one "base64(token) rank" per line, as cl100k_base.tiktoken), the
 * cl100k pre-tokenizing pattern compiled with PCRE2, and scratch space; it
 * owns all of it (bpe_free).  Text is cut with the pattern, each piece is
 * looked up whole and otherwise merged pair by pair, lowest rank first
 * (leftmost on ties), as tiktoken does.  Without a table (path NULL) the
 * tokenizer only estimates: bpe_exact() is 0 and bpe_name() "approximate".
 *
 * Text is bytes; invalid UTF-8 is first replaced as Python's
 * bytes.decode("utf-8", "replace") does (each maximal ill-formed subpart
 * becomes one U+FFFD), so counts are tiktoken's for the decoded str.
 * Special-token text ("<|endoftext|>" and the others of cl100k) is ordinary
 * text, as tiktoken's encode_ordinary() has it, unless BPE_SPECIAL asks for
 * the special tokens (encode(allowed_special="all")).
 *
 * A tokenizer is for one thread at a time.
 */
#ifndef LG_BPE_H
#define LG_BPE_H

#include <stddef.h>
#include <stdint.h>

#define BPE_SPECIAL 1u		/* special-token text is its special token */
#define BPE_MAX_TEXT ((size_t)1 << 30)	/* longest text bpe_encode() takes */
#define BPE_MAX_TABLE ((size_t)256 << 20)	/* largest table file */
#define BPE_MAX_TOKEN 1024	/* longest token of a table, in bytes */

typedef struct bpe bpe;

/*
 * A tokenizer with the table in the file at path, or an approximate one
 * when path is NULL.  On failure NULL, with the reason in err ("FILE:LINE:
 * message" for a bad line) and *sys set when the file could not be read
 * (1) rather than was not a table (0).
 */
bpe *bpe_open(const char *path, char *err, size_t errlen, int *sys);
/* The same from a table in memory; name labels messages and bpe_name(). */
bpe *bpe_open_mem(const char *name, const char *data, size_t len, char *err,
    size_t errlen);
void bpe_free(bpe *b);
/*
 * What a tool's --tokenizer option gives: the table named by opt, or when
 * opt is NULL by $LG_TOKENIZER, or when that is unset the cl100k_base table
 * shipped in share/tokenizers/; an empty name is the approximate
 * tokenizer, and so is a shipped table that is missing, with a warning
 * (never a silent estimate where cl100k_base is meant).  A table that
 * cannot be read exits 3, one that is not a table exits 2, with a message.
 */
bpe *bpe_setup(const char *opt);

int bpe_exact(const bpe *b);		/* 1 with a table */
const char *bpe_name(const bpe *b);	/* the table file's name without
					 * directory and ".tiktoken", or
					 * "approximate" */
size_t bpe_ranks(const bpe *b);		/* entries in the table */

/*
 * The tokens of s[0..len): their number, and with ids non-NULL (exact
 * tokenizers only) their ids appended to *ids from index 0, the array
 * grown as needed (*cap its size; *ids NULL and *cap 0 at first; the caller
 * frees it).  (size_t)-1 when len exceeds BPE_MAX_TEXT or the pattern
 * engine failed.
 */
size_t bpe_encode(bpe *b, const char *s, size_t len, unsigned flags,
    uint32_t **ids, size_t *cap);

/*
 * The bytes of token id (a rank of the table or a special token), their
 * number in *len; NULL for an id the tokenizer does not know.  The bytes
 * belong to the tokenizer.
 */
const char *bpe_token(bpe *b, uint32_t id, size_t *len);

/*
 * The tokens of one piece p[0..n) merged as it is, bytes as they are,
 * without the pattern's cutting or the replacement of invalid UTF-8 (for
 * tests): the count, the ids as bpe_encode() gives them.  (size_t)-1 for
 * the approximate tokenizer or n over BPE_MAX_TEXT.
 */
size_t bpe_piece(bpe *b, const char *p, size_t n, uint32_t **ids, size_t *cap);

/* Pieces longer than this merge through buckets of pairs by rank, not a
 * linear scan (tests). */
extern size_t bpe_heap_from;

#endif
