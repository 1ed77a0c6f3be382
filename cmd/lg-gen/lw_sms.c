/*
 * lg-gen longweave: the sms task (STATE_MACHINE), state-machine simulation.
 * The model is given a transition table and an input string and lists every
 * step: current state, input, next state, output.
 *
 * Draws: the input string first, choices(0..inputs-1, k=L) with L = 55, 110,
 * 220, 440 for 1k to 8k, exactly as the published generator.  The published
 * machine is fixed, not drawn: 3 states, inputs and outputs 0-2, start S0,
 * next state (s + i) mod 3 and output (s + i) mod 3; lg-gen uses it whenever
 * the machine has 3 states and 3 inputs.  Any other size (--states,
 * --inputs) is drawn after the input string: for each state S0, S1, ... and
 * each input 0, 1, ..., the next state randint(0, states-1), then the output
 * randint(0, inputs-1).  Outputs use the input alphabet.  --steps
 * replaces the tier's input length.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

#define EXAMPLE 3	/* steps of the worked example in the prompt */

typedef struct {
	int states, inputs, outputs;
	int *next, *out;	/* [state * inputs + input] */
} machine;

/* --states, --inputs of the machines; --steps, 0: the tier's */
static long states = 3, inputs = 3, opt_steps;
static const lw_option options[] = {
	{ .name = "states", .min = 2, .max = 26, .num = &states },
	{ .name = "inputs", .min = 2, .max = 10, .num = &inputs },
	{ .name = "steps", .min = 4, .max = LW_MAX_STEPS, .num = &opt_steps },
	{ .name = NULL }
};

static void
make_machine(machine *m, rng *r)
{
	int s, i;

	m->states = (int)states;
	m->inputs = (int)inputs;
	m->outputs = (int)inputs;
	m->next = xreallocarray(NULL, (size_t)m->states * m->inputs, sizeof(int));
	m->out = xreallocarray(NULL, (size_t)m->states * m->inputs, sizeof(int));
	for (s = 0; s < m->states; s++) {
		for (i = 0; i < m->inputs; i++) {
			int k = s * m->inputs + i;

			if (m->states == 3 && m->inputs == 3) {
				m->next[k] = (s + i) % m->states;
				m->out[k] = (s + i) % m->outputs;
			} else {
				m->next[k] = (int)rng_randint(r, 0, m->states - 1);
				m->out[k] = (int)rng_randint(r, 0, m->outputs - 1);
			}
		}
	}
}

static cJSON *
row_obj(int state, int in, int next, int out)
{
	cJSON *o = cJSON_CreateObject();
	char b[16];

	snprintf(b, sizeof b, "S%d", state);
	cJSON_AddStringToObject(o, "state", b);
	snprintf(b, sizeof b, "%d", in);
	cJSON_AddStringToObject(o, "input", b);
	snprintf(b, sizeof b, "S%d", next);
	cJSON_AddStringToObject(o, "next", b);
	snprintf(b, sizeof b, "%d", out);
	cJSON_AddStringToObject(o, "output", b);
	return o;
}

static cJSON *
row_arr(int state, int in, int next, int out)
{
	cJSON *a = cJSON_CreateArray();
	char b[16];

	snprintf(b, sizeof b, "S%d", state);
	cJSON_AddItemToArray(a, cJSON_CreateString(b));
	snprintf(b, sizeof b, "%d", in);
	cJSON_AddItemToArray(a, cJSON_CreateString(b));
	snprintf(b, sizeof b, "S%d", next);
	cJSON_AddItemToArray(a, cJSON_CreateString(b));
	snprintf(b, sizeof b, "%d", out);
	cJSON_AddItemToArray(a, cJSON_CreateString(b));
	return a;
}

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	long steps = opt_steps ? opt_steps : 55L << c->tier_index, k;
	size_t *idx = xreallocarray(NULL, (size_t)steps, sizeof *idx);
	char *input = xmalloc((size_t)steps + 1);
	cJSON *vars, *rules, *example, *checks, *check, *gold, *trace;
	machine m;
	int s, i, state;

	rng_choices(r, (size_t)inputs, idx, (size_t)steps);
	for (k = 0; k < steps; k++)
		input[k] = (char)('0' + idx[k]);
	input[steps] = '\0';
	make_machine(&m, r);

	vars = cJSON_CreateObject();
	cJSON_AddStringToObject(vars, "initial", "S0");
	cJSON_AddStringToObject(vars, "input", input);
	cJSON_AddNumberToObject(vars, "steps", (double)steps);
	cJSON_AddNumberToObject(vars, "states", m.states);
	cJSON_AddNumberToObject(vars, "inputs", m.inputs);
	cJSON_AddNumberToObject(vars, "outputs", m.outputs);
	rules = cJSON_AddArrayToObject(vars, "rules");
	for (s = 0; s < m.states; s++)
		for (i = 0; i < m.inputs; i++)
			cJSON_AddItemToArray(rules, row_obj(s, i,
			    m.next[s * m.inputs + i], m.out[s * m.inputs + i]));
	{
		char ex[EXAMPLE + 1];

		memcpy(ex, input, EXAMPLE);
		ex[EXAMPLE] = '\0';
		cJSON_AddStringToObject(vars, "example_input", ex);
	}
	example = cJSON_AddArrayToObject(vars, "example");

	gold = cJSON_CreateObject();
	cJSON_AddStringToObject(gold, "initial", "S0");
	cJSON_AddNumberToObject(gold, "states", m.states);
	cJSON_AddNumberToObject(gold, "inputs", m.inputs);
	cJSON_AddNumberToObject(gold, "outputs", m.outputs);
	cJSON_AddStringToObject(gold, "input", input);
	trace = cJSON_AddArrayToObject(gold, "trace");
	for (k = 0, state = 0; k < steps; k++) {
		int in = input[k] - '0', t = state * m.inputs + in;

		cJSON_AddItemToArray(trace, row_arr(state, in, m.next[t], m.out[t]));
		if (k < EXAMPLE)
			cJSON_AddItemToArray(example, row_obj(state, in,
			    m.next[t], m.out[t]));
		state = m.next[t];
	}
	rec_set(rec, "vars", vars);

	checks = cJSON_CreateArray();
	check = cJSON_CreateObject();
	cJSON_AddStringToObject(check, "kind", "trace");
	cJSON_AddNumberToObject(check, "steps", (double)steps);
	cJSON_AddItemToArray(checks, check);
	rec_set(rec, "checks", checks);
	rec_set(rec, "gold", gold);

	free(m.next);
	free(m.out);
	free(idx);
	free(input);
	return 0;
}

const lw_task lw_sms = {
	.name = "sms", .published = "STATE_MACHINE",
	.gen = gen, .options = options,
};
