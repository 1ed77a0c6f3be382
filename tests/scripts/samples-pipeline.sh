#!/bin/sh
# Repeated samples end to end: lg-infer --samples 3 gives three records a
# case, lg-kvcheck scores each, and lg-agg folds them into their case
# (6 records of 2 cases: K 3), and lg-compare pairs a run with itself by case.
. "$TOP/tests/lg-infer/fake.sh"
fake_start p
lg-gen longweave -t kvg -l 1k -n 2 | lg-prompt > "$t/cases"
lg-infer -q -m fake --base-url "$url" --samples 3 --temperature 0.7 \
    --keep-order "$t/cases" > "$t/out" 2> "$t/err" || fail "lg-infer: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq 6 ] || fail "records: $(wc -l < "$t/out")"
lg-kvcheck "$t/out" > "$t/scored" 2> "$t/err" || fail "lg-kvcheck: $(cat "$t/err")"
lg-agg -f json "$t/scored" > "$t/agg" || fail "lg-agg"
jq -e -s 'map(select(.task == "kvg" and .length == "1k")) | length == 1 and
    (.[0].cases == 6) and (.[0].samples_per_case == 3)' "$t/agg" > /dev/null ||
    fail "not folded by case: $(cat "$t/agg")"
lg-compare -f json "$t/scored" "$t/scored" > "$t/cmp" 2> "$t/err" ||
    fail "lg-compare: $(cat "$t/err")"
jq -e -s '(map(select(.row == "summary"))[0].paired == 2) and
    (map(select(.metric == "score")) | length == 1 and
    all(.[]; .cases == 2 and .diff == 0 and .p == 1))' "$t/cmp" > /dev/null ||
    fail "not paired by case: $(cat "$t/cmp")"
no_crash "$t/err"
fake_stop p
