#!/bin/sh
# lg-judge --judge-time: a record a judge model was asked about carries
# scores.judge_s, the seconds of its requests (above 0); without the
# option, under --rules and under --hybrid when the rules decided all,
# none (the records stay byte for byte what they were).  lg-agg --table 9
# shows it as the evaluation time per sample beside the inference time,
# "-" for the records without it.
set -eu
. "$TOP/tests/lg-infer/fake.sh"
fake_start j --idle-exit 600 --lifetime 1200
url=$url/v1
cd "$BIN"
judge() {
	./lg-judge --judge-base-url "$url" --judge-model test "$@"
}
./lg-gen longweave -t biog,kvg -l 1k,2k -n 1 | ./lg-prompt | ./lg-oracle |
    jq -c '.gen.latency_s = 2' > "$t/oracle"
./lg-kvcheck < "$t/oracle" > "$t/kv"
judge --judge-time < "$t/kv" > "$t/timed" 2> "$t/err" || fail "judge: $(cat "$t/err")"
jq -e -s '[.[] | select(.task == "biog")] | length == 2 and
    all(.scores.judge_s > 0 and .scores.judge_s < 600)' "$t/timed" > /dev/null ||
    fail "biog without a judge time: $(jq -c '.scores' "$t/timed")"
jq -e -s '[.[] | select(.task == "kvg")] | all(.scores.judge_s == null)' \
    "$t/timed" > /dev/null || fail "kvg, not asked, has a judge time"
judge < "$t/kv" > "$t/plain" 2> "$t/err" || fail "judge: $(cat "$t/err")"
jq -e -s 'all(.scores.judge_s == null)' "$t/plain" > /dev/null ||
    fail "a judge time without --judge-time"
jq -c 'del(.scores.judge_s)' "$t/timed" | cmp -s - "$t/plain" ||
    fail "--judge-time changed more than scores.judge_s"
./lg-judge --rules --judge-time < "$t/kv" > "$t/rules" 2> "$t/err" || fail "rules: $(cat "$t/err")"
jq -e -s 'all(.scores.judge_s == null)' "$t/rules" > /dev/null ||
    fail "a judge time under --rules"
# Table 9: inference 2.00 everywhere, evaluation a number for biog, "-"
# for kvg (the rules are not timed)
./lg-agg --table 9 -f json "$t/timed" > "$t/t9" || fail "table 9"
jq -e -s '[.[] | select(.item | startswith("Inference"))] | length == 2 and
    all(.BioG == 2 and .KVG == 2)' "$t/t9" > /dev/null ||
    fail "table 9 inference: $(cat "$t/t9")"
jq -e -s '[.[] | select(.item | startswith("Evaluation"))] | length == 2 and
    all(.BioG > 0 and .KVG == null)' "$t/t9" > /dev/null ||
    fail "table 9 evaluation: $(cat "$t/t9")"
