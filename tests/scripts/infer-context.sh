#!/bin/sh
# lg-infer --max-context: a prompt (system text included) of more tokens
# than N is not sent; its record gets the error and a gen saying so, is
# scored 0 by lg-choice, and the exit status is 1.  The count is exact with
# a rank table (the same as lg-tokens gives) and said to be approximate
# without one; exactly N tokens still goes.
. "$TOP/tests/lg-infer/fake.sh"
LG_TOKENIZER=; export LG_TOKENIZER	# the approximate counts: no table
tiny=$TOP/tests/bpe/tiny.tiktoken
fake_start c
printf '%s\n' '{"id":"short","bench":"adaleval","task":"tsort","gold":{"order":[2,1,4,3]},"prompt":"one two three"}' \
    '{"id":"long","bench":"adaleval","task":"tsort","gold":{"order":[2,1,4,3]},"prompt":"one two three four five six seven eight nine ten eleven twelve"}' \
    > "$t/in"

# approximate: said so, the long one not sent
rc=0
lg-infer -m fake --base-url "$url" --max-context 8 "$t/in" > "$t/out" 2> "$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "exit $rc, want 1"
grep -q 'prompt lengths are approximate' "$t/err" || fail "no word of approximate counts"
[ "$(fake_count c)" -eq 1 ] || fail "requests: $(fake_count c), want 1"
grep '"id":"long"' "$t/out" | grep -q '"error":{"stage":"infer","message":"prompt of 12 tokens (approximate count) exceeds --max-context 8","status":0}' ||
    fail "long: $(grep '"id":"long"' "$t/out")"
grep '"id":"long"' "$t/out" | grep -q '"gen":{"model":"fake","api":"chat",.*"prompt_tokens":12,.*"attempts":0,.*"max_context":8,"tokenizer":"approximate"' ||
    fail "long: gen"
grep '"id":"long"' "$t/out" | grep -q '"output"' && fail "long: an output"
grep '"id":"short"' "$t/out" | grep -q '"output":"echo ' || fail "short: not answered"
lg-choice "$t/out" | grep '"id":"long"' | grep -q '"score":0,"valid":0' ||
    fail "long: not scored 0"

# exact with a table, the system text counted; N tokens exactly still goes
n=$(printf '%s\n' '{"prompt":"one two three"}' | lg-tokens --tokenizer "$tiny" |
    sed 's/.*"prompt":\([0-9]*\).*/\1/')
m=$(printf '%s\n' '{"prompt":"be brief"}' | lg-tokens --tokenizer "$tiny" |
    sed 's/.*"prompt":\([0-9]*\).*/\1/')
k=$((n + m))
[ "$k" -gt 3 ] || fail "counts: $n + $m"
head -n 1 "$t/in" > "$t/one"
lg-infer -q -m fake --base-url "$url" --system "be brief" --tokenizer "$tiny" \
    --max-context "$k" "$t/one" > "$t/out" 2> "$t/err" || fail "at N: exit $?"
grep -q '"output":"echo ' "$t/out" || fail "at N: not sent"
[ ! -s "$t/err" ] || fail "exact: $(cat "$t/err")"
rc=0
LG_TOKENIZER=$tiny lg-infer -q -m fake --base-url "$url" --system "be brief" \
    --max-context $((k - 1)) "$t/one" > "$t/out" 2>/dev/null || rc=$?
[ "$rc" -eq 1 ] || fail "N-1: exit $rc"
grep -q "\"message\":\"prompt of $k tokens exceeds --max-context $((k - 1))\"" "$t/out" ||
    fail "N-1: $(cat "$t/out")"
grep -q '"tokenizer":"tiny"' "$t/out" || fail "N-1: tokenizer name"

# bad options
rc=0; lg-infer -m fake --base-url "$url" --max-context 0 "$t/one" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'not a whole number from 1 to' "$t/err" || fail "--max-context 0: $rc"
rc=0; lg-infer -m fake --base-url "$url" --tokenizer "$tiny" "$t/one" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'goes with --max-context' "$t/err" || fail "--tokenizer alone: $rc"
rc=0; lg-infer -m fake --base-url "$url" --max-context 9 --tokenizer "$t/none" "$t/one" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 3 ] || fail "missing table: exit $rc: $(cat "$t/err")"
exit 0
