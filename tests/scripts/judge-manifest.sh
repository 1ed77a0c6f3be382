#!/bin/sh
# Every judged record names its judge in scores.judge: the rules and lg's
# version; a model, its rubric (as given, or its place in share) with the
# SHA-256 of the rubric's bytes, and the decoding asked for.  lg-agg
# refuses to pool records judged by different judges, and takes them apart
# by a group field of scores.judge.
set -eu
. "$TOP/tests/lg-infer/fake.sh"
fake_start j --idle-exit 600 --lifetime 1200
url=$url/v1
ver=$(lg-judge --version | awk '{ print $NF }')
cp "$TOP/share/rubrics/longgenbench.tmpl" "$t/rubric"
echo 'JUDGE: {{want}}' >> "$t/rubric"
sum=$(sha256sum "$t/rubric" | cut -d' ' -f1)
lg-gen longgenbench -l 16k -n 2 -t skyscraper | lg-prompt | lg-oracle |
    lg-split > "$t/split"
lg-judge --rules < "$t/split" > "$t/rules" || fail "rules"
jq -e -s --arg v "$ver" 'length == 2 and all(.[]; .scores.judge ==
    {"by": "rules", "lg": $v, "compat": false})' "$t/rules" > /dev/null ||
    fail "rules: $(jq -c -s 'map(.scores.judge)' "$t/rules")"
lg-judge --judge-base-url "$url" --judge-model test --rubric "$t/rubric" \
    < "$t/split" > "$t/model" 2> "$t/err" || fail "model: $(cat "$t/err")"
jq -e -s --arg v "$ver" --arg r "$t/rubric" --arg s "$sum" 'length == 2 and
    all(.[]; .scores.judge == {"by": "model", "lg": $v, "model": "test",
    "rubric": $r, "sha256": $s, "decoding": {"max_tokens": 2048,
    "temperature": 0}, "compat": false})' "$t/model" > /dev/null ||
    fail "model: $(jq -c -s 'map(.scores.judge)' "$t/model")"

# two judges of the same answers: refused in one group, apart by -g
cat "$t/rules" "$t/model" > "$t/both"
if lg-agg --bootstrap 0 "$t/both" > "$t/agg" 2> "$t/err"; then
	fail "two judges pooled: $(cat "$t/agg")"
fi
[ ! -s "$t/agg" ] || fail "a table was printed: $(cat "$t/agg")"
grep -q 'longgenbench skyscraper 16k lg-oracle: records of longgenbench/skyscraper made by different settings, scores.judge' "$t/err" ||
    fail "message: $(cat "$t/err")"
lg-agg --bootstrap 0 -g task,gen.model,scores.judge.by "$t/both" > "$t/agg" ||
    fail "by judge: $(cat "$t/agg")"
[ "$(grep -c '^skyscraper ' "$t/agg")" -eq 2 ] || fail "rows: $(cat "$t/agg")"

# LongWeave: the task's rubric in share, by its place there
lg-gen longweave -t sr -l 1k -n 1 | lg-prompt | lg-oracle > "$t/lw"
lg-judge --judge-base-url "$url" --judge-model test < "$t/lw" > "$t/lwm" \
    2> "$t/err" || fail "lw model: $(cat "$t/err")"
lsum=$(sha256sum "$TOP/share/rubrics/longweave/sr.tmpl" | cut -d' ' -f1)
jq -e --arg s "$lsum" '.scores.judge.rubric == "rubrics/longweave/sr.tmpl" and
    .scores.judge.sha256 == $s' "$t/lwm" > /dev/null ||
    fail "lw: $(jq -c .scores.judge "$t/lwm")"
fake_stop j
