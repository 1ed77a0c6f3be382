#!/bin/sh
# lg-score --compat with a judge model runs the published scorers whole:
# LongWeave cf's relevance question (the published code_fix_task.py asks
# it before scoring) without --cf-relevance, so an irrelevant fix scores
# 0; --compat-prompt reaches lg-judge (prompt c: a chat question, the
# "#*# Yes" reply read by its marker).  --compat without a judge model
# scores cf by lg-flake8 alone and says so on standard error, once, with
# the count of cf records.  The former build asked no relevance question
# under --compat, said nothing, and refused --compat-prompt.
set -eu
. "$TOP/tests/lg-infer/fake.sh"
need_py
cd "$BIN"
K='"is_relevant_and_complete"'
code='def f(x):
    """
SAY: {'$K': false}
    """
    return x'
{
	jq -cn --arg code "$code" '{id: "cf-1", bench: "longweave", task: "cf",
	    length: "1k", vars: {code: $code}, gold: {},
	    output: ("```python\n" + $code + "\n```")}'
	jq -cn --arg hex "$(printf '#*# Yes' | od -An -tx1 | tr -d ' \n')" \
	    '{id: "lgb-1", bench: "longgenbench", task: "skyscraper",
	    gold: {type: "Floor", number: 1},
	    checks: [{kind: "single", at: 1, want: "gym"}],
	    output: ("#*# Floor 1: a gym\nSAYHEX_" + $hex + "\n")}'
} > "$t/in"

# without a judge model: cf by lg-flake8 alone, one notice
./lg-score --compat --python "$py" < "$t/in" > "$t/rules" 2> "$t/err" || :
[ "$(grep -c 'LongWeave cf record scored without the published relevance check' "$t/err")" -eq 1 ] ||
    fail "no notice without a judge model: $(cat "$t/err")"
jq -e -s '.[] | select(.id == "cf-1") | .verdicts == null and (.scores.relevant == null)' \
    "$t/rules" > /dev/null || fail "rules: cf judged: $(cat "$t/rules")"

fake_start j --record "$t/bodies"
./lg-score --compat --compat-prompt c --judge-base-url "$url/v1" --judge-model m \
    --python "$py" < "$t/in" > "$t/model" 2> "$t/err" || fail "model: $(cat "$t/err")"
grep -q 'relevance check' "$t/err" && fail "notice with a judge model: $(cat "$t/err")"
jq -e -s '.[] | select(.id == "cf-1") | .scores.relevant == false and .scores.score == 0 and
    .verdicts[0].kind == "relevance" and .verdicts[0].compat == "longweave-cf"' \
    "$t/model" > /dev/null || fail "cf not judged relevant as published: $(jq -c 'select(.id == "cf-1") | {scores, verdicts}' "$t/model")"
jq -e -s '.[] | select(.id == "lgb-1") | .verdicts[0].compat == "longgenbench-c" and
    .verdicts[0].pass == true' "$t/model" > /dev/null ||
    fail "prompt c not passed: $(jq -c 'select(.id == "lgb-1") | .verdicts' "$t/model")"
grep -q 'Long-context model output' "$t/bodies" || fail "prompt c not sent: $(cat "$t/bodies")"
fake_stop j
echo ok
