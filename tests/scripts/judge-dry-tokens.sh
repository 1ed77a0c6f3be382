#!/bin/sh
# lg-judge --dry-run counts the judge's prompt tokens: each question built
# as it would be sent and counted with lg's tokenizer.  On answered
# records (LongGenBench split by lg-split, LongWeave sr and biog) the
# count equals, for the default judge and --compat (prompts a, b and c),
# the tokens lg-tokens counts in the questions lg-judge then sends to the
# test server; on records not answered yet the count is lower (the
# question without its answer) and a warning says it is at least.  The
# former build had no judge_prompt_tokens column.
set -eu
. "$TOP/tests/lg-infer/fake.sh"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
cd "$BIN"
{
	./lg-gen longgenbench -t skyscraper -l 8k -n 1
	./lg-gen longweave -t sr,biog -l 1k -n 1 --corpus "$t/corpus"
} | ./lg-prompt > "$t/prompted"
./lg-oracle < "$t/prompted" | ./lg-split > "$t/in"
fake_start j --lgb-judge --record "$t/bodies"
for a in "" "--compat" "--compat --compat-prompt b" "--compat --compat-prompt c"; do
	./lg-judge --dry-run $a "$t/in" > "$t/dry" 2> "$t/err" ||
	    fail "dry run $a: $(cat "$t/err")"
	[ ! -s "$t/err" ] || fail "dry run $a, answered: $(cat "$t/err")"
	want=$(awk -F '\t' '$1 == "total" { print $8 }' "$t/dry")
	: > "$t/bodies"
	./lg-judge $a --judge-base-url "$url/v1" --judge-model m -P 1 --judge-retries 0 \
	    < "$t/in" > /dev/null 2> "$t/err" || :
	got=$(jq -c '{prompt: (.prompt // ([.messages[] | select(.role == "user")][0].content))}' \
	    "$t/bodies" | ./lg-tokens | jq -s 'map(.tokens.prompt) | add')
	[ "$(wc -l < "$t/bodies")" -gt 3 ] || fail "$a: $(wc -l < "$t/bodies") requests"
	[ "$want" = "$got" ] || fail "dry run $a: $want prompt tokens, $got sent"
	echo "${a:-default}: $got prompt tokens in $(wc -l < "$t/bodies") questions"
done
fake_stop j
# not answered: fewer, said to be at least
./lg-judge --dry-run "$t/prompted" > "$t/dry" 2> "$t/err"
less=$(awk -F '\t' '$1 == "total" { print $8 }' "$t/dry")
[ "$less" -gt 0 ] && [ "$less" -lt "$want" ] || fail "not answered: $less of $want"
grep -q 'built without the answer.*at least' "$t/err" || fail "no warning: $(cat "$t/err")"
