/*
 * poscurve.h: the LongGenBench position curve's definitions, shared by
 * lg-agg --by-position and lg-plot -k position (owned by neither):
 *
 * - the token axis: where a check's entry starts in the model's output,
 *   in output tokens.  The entry is the first of the record's parts
 *   (lg-split) numbered as the check; its byte offset off becomes the
 *   tokens of output[0:off], counted with the cl100k table (the tokenizer
 *   option, else $LG_TOKENIZER, else the shipped one), or, without a table,
 *   gen.output_tokens scaled by off over the output's bytes;
 *   poscurve_source() says which.  A check whose entry is not in the
 *   output (or whose record has no output) has no place: the caller counts
 *   it apart.  Offsets fall in bins of a width: bin floor(t / width),
 *   starting at token bin x width.
 * - the moving average: the value at each of nk kept positions (those
 *   with checks, in order) is the mean of the rates of the w kept
 *   positions centred on it, fewer at the ends (w 1: none).
 *
 * A poscurve holds the tokenizer, loaded when first needed; free it with
 * poscurve_free().
 */
#ifndef LG_POSCURVE_H
#define LG_POSCURVE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "jsonl.h"

#define POSCURVE_MAXBIN 100000L	/* bins past this are refused */

typedef struct poscurve poscurve;

/* tokenizer: as bpe_setup() takes it (NULL: $LG_TOKENIZER or the
 * shipped table; "": none, the scaled estimate); not copied. */
poscurve *poscurve_new(const char *tokenizer);
void poscurve_free(poscurve *p);

/* What counts the tokens: the table's name, or "scaled". */
const char *poscurve_source(poscurve *p);

/*
 * The bin of the token offset where entry at starts in rec's output into
 * *bin (bins of width tokens): 0; 1 when it has no place (no output, or no
 * part numbered at); -1 when the record is bad or the offset past
 * POSCURVE_MAXBIN bins (warned through in).
 */
int poscurve_bin(poscurve *p, const cJSON *rec, long at, long width,
    long *bin, jsonl *in);

/* The moving average's window of kept position k of nk, width w: the kept
 * positions [*lo, *hi). */
void poscurve_window(size_t k, size_t nk, int w, size_t *lo, size_t *hi);

#endif
