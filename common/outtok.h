/*
 * outtok.h: an output's length in tokens, as the length chart (charts.c)
 * and lg-agg --lengths count it: the server's gen.output_tokens, else the
 * output counted with a tokenizer (bpe.h).
 */
#ifndef LG_OUTTOK_H
#define LG_OUTTOK_H

#include <cjson/cJSON.h>

#include "bpe.h"
#include "jsonl.h"

/*
 * The record's output length in tokens: gen.output_tokens (whole), else
 * its output counted with *tok, which is set up from tokenizer
 * (bpe_setup(): NULL is $LG_TOKENIZER or cl100k_base) when first needed
 * and stays the caller's to free.  -1 when the record has neither, or
 * the output cannot be counted (warned on in).  *counted is set to 1
 * when the output was counted, 0 otherwise.
 */
double output_tokens(const cJSON *rec, bpe **tok, const char *tokenizer,
    jsonl *in, int *counted);

/*
 * The member lg-report adds to the copy of the records its tables read:
 * the output's tokens as its length chart counted them, so that
 * lg-agg --lengths need not count them again.
 */
#define OUTTOK_COUNTED "output_tokens_counted"

/*
 * The record's OUTTOK_COUNTED member when gen.output_tokens gives no
 * length (output_tokens() would count the output): a whole number of
 * tokens; else -1.
 */
double output_tokens_counted(const cJSON *rec);

/*
 * For a copy that carries the counts: the tokenizer bpe_setup(NULL) gives,
 * or NULL where it would say something (the shipped table missing, a
 * table that cannot be read); and the record's output counted with it as
 * output_tokens() counts it, or -1 where that would not count (a length in
 * gen.output_tokens, no output) or would warn.  Nothing is said.
 */
bpe *outtok_setup_quiet(void);
double output_tokens_quiet(const cJSON *rec, bpe *tok);

/* gen.output_tokens as a length (whole), or -1. */
double output_tokens_given(const cJSON *rec);

/*
 * The member lg-report's copy carries in place of an output that no table
 * reads but for its words (lg-agg --usage): count_words() of it.  The
 * record's OUTWORDS_COUNTED when it has no output string: a whole number
 * of words; else -1.
 */
#define OUTWORDS_COUNTED "output_words_counted"
double output_words_counted(const cJSON *rec);

#endif
