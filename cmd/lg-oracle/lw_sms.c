/*
 * lg-oracle: reference answers for the LongWeave sms task.
 *
 * The answer is the trace of gold.trace as the prompt asks for it: the
 * header line "Current State | Input | Next State | Output Signal", a line
 * of dashes, then one "S0 | 2 | S2 | 2" line per step.  Degradations, in
 * this order:
 *
 *   --forget-after F  from step floor(F*L) on, every step keeps its input but
 *                     has a wrong next state and a wrong output, and starts
 *                     from the previous line's (wrong) next state
 *   --drop P          each step before that has a wrong output with
 *                     probability P
 *   --stop-at F       only the first floor(F*L) steps are written
 *
 * A wrong symbol is drawn uniformly from the others of its alphabet
 * (gold.states states, gold.outputs outputs).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

#define MAXSYM 1000000L

typedef struct {
	long state, in, next, out;
} step;

/* "S12" (prefix 'S') or "12" (prefix 0) to 12; -1 when malformed. */
static long
symbol(const cJSON *v, int prefix)
{
	const char *s;
	char *end;
	long x;

	if (!cJSON_IsString(v))
		return -1;
	s = v->valuestring;
	if (prefix && *s++ != prefix)
		return -1;
	if (*s < '0' || *s > '9')
		return -1;
	x = strtol(s, &end, 10);
	return *end == '\0' && x < MAXSYM ? x : -1;
}

static long
other(rng *r, long x, long n)
{
	if (n < 2)
		return x;
	return (x + 1 + (long)rng_below(r, (uint64_t)(n - 1))) % n;
}

/* Parse gold.trace into steps; -1 with *msg set when it is malformed. */
static long
read_trace(const cJSON *gold, step **out, const char **msg)
{
	const cJSON *trace = rec_get(gold, "trace"), *row;
	long n = 0;
	step *s;

	if (!cJSON_IsArray(trace)) {
		*msg = "gold.trace must be an array";
		return -1;
	}
	s = xreallocarray(NULL, (size_t)cJSON_GetArraySize(trace) + 1, sizeof *s);
	cJSON_ArrayForEach(row, trace) {
		if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != 4 ||
		    (s[n].state = symbol(cJSON_GetArrayItem(row, 0), 'S')) < 0 ||
		    (s[n].in = symbol(cJSON_GetArrayItem(row, 1), 0)) < 0 ||
		    (s[n].next = symbol(cJSON_GetArrayItem(row, 2), 'S')) < 0 ||
		    (s[n].out = symbol(cJSON_GetArrayItem(row, 3), 0)) < 0) {
			free(s);
			*msg = "gold.trace rows must be [\"S<n>\", \"<n>\", \"S<n>\", \"<n>\"]";
			return -1;
		}
		n++;
	}
	*out = s;
	return n;
}

static int
write_answer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	cJSON *gold = rec_get(rec, "gold");
	const char *msg;
	step *s;
	long n, states, outputs, cut, keep, i;
	struct buf out = { 0 };

	if (!cJSON_IsObject(gold))
		return rec_fail(rec, in, "oracle", "no gold object");
	states = rec_long(gold, "states", -1);
	outputs = rec_long(gold, "outputs", -1);
	if (states < 1 || states > MAXSYM || outputs < 1 || outputs > MAXSYM)
		return rec_fail(rec, in, "oracle",
		    "gold.states and gold.outputs must be positive integers");
	if ((n = read_trace(gold, &s, &msg)) < 0)
		return rec_fail(rec, in, "oracle", "%s", msg);

	cut = o->forget_after < 1 ? (long)floor(o->forget_after * (double)n) : n;
	for (i = 0; i < n; i++) {
		if (i >= cut) {
			if (i > cut)
				s[i].state = s[i - 1].next;
			s[i].next = other(r, s[i].next, states);
			s[i].out = other(r, s[i].out, outputs);
		} else if (o->drop > 0 && rng_random(r) < o->drop)
			s[i].out = other(r, s[i].out, outputs);
	}
	keep = o->stop_at < 1 ? (long)floor(o->stop_at * (double)n) : n;
	buf_puts(&out, "Current State | Input | Next State | Output Signal\n"
	    "--------------------------------------------------");
	for (i = 0; i < keep; i++)
		buf_printf(&out, "\nS%ld | %ld | S%ld | %ld", s[i].state, s[i].in,
		    s[i].next, s[i].out);
	rec_set_str(rec, "output", buf_str(&out));
	buf_free(&out);
	free(s);
	return REC_OK;
}

/* --repeat's unit: a row */
const lw_writer lw_oracle_sms = {
	.task = "sms",
	.fn = write_answer,
	.units = { .sep = "\n", .opens = "S" },
};
