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

#endif
