#!/bin/sh
# lg-oracle's kvg failures score as documented: --forget-after 0.5 halves
# the lengths of the later entries (0.75 when the pair comes before the
# cut, else 0); --stop-at 0.5 writes half the entries and no closing brace
# (3/7 when the pair is kept, else 0; the published reading gives 0);
# --drop leaves out entries; answers do not depend on record order.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"
./lg-gen longweave -t kvg -l 1k,2k,4k,8k -n 20 > "$t/cases"

./lg-oracle --forget-after 0.5 < "$t/cases" | ./lg-kvcheck > "$t/forget"
bad=$(jq -c 'select(if .gold.index < .gold.entries / 2
    then .scores.score != 0.75 or .scores.length != 0.5 or .scores.count != 1
    else .scores.score != 0 or .scores.found_index != -1 end or
    .scores.entries != .gold.entries) | [.id, .scores]' "$t/forget" | head -n 3)
[ -z "$bad" ] || fail "--forget-after 0.5: $bad"
[ "$(jq -s 'map(select(.scores.score == 0.75)) | length' "$t/forget")" -gt 10 ] ||
    fail "--forget-after 0.5: too few pairs before the cut"

./lg-oracle --stop-at 0.5 < "$t/cases" > "$t/stop"
jq -r .output "$t/stop" | grep -q '}$' && fail "--stop-at 0.5: a closed dictionary"
./lg-kvcheck < "$t/stop" > "$t/stop-s"
bad=$(jq -c 'select(.scores.entries != .gold.entries / 2 or
    if .gold.index < .gold.entries / 2
    then (.scores.score - 3 / 7 | fabs) > 1e-12 or .scores.count != 0.2
    else .scores.score != 0 end) | [.id, .scores]' "$t/stop-s" | head -n 3)
[ -z "$bad" ] || fail "--stop-at 0.5: $bad"
[ -z "$(./lg-kvcheck --compat < "$t/stop" | jq -c 'select(.scores.score != 0) | .id')" ] ||
    fail "--stop-at 0.5 --compat: a truncated dictionary scored"

./lg-oracle --drop 1 < "$t/cases" | ./lg-kvcheck > "$t/drop1"
[ "$(jq -r '[.output, .scores.score, .scores.entries] | map(tostring) | join(" ")' "$t/drop1" |
    sort -u)" = "{} 0 0" ] || fail "--drop 1 is not an empty dictionary"

./lg-oracle --drop 0.25 < "$t/cases" | ./lg-kvcheck > "$t/drop"
got=$(jq -s '[(map(.scores.exists) | add / length),
    (map(.scores.entries / .gold.entries) | add / length)] |
    map(. >= 0.6 and . <= 0.9) | all' "$t/drop")
[ "$got" = true ] || fail "--drop 0.25: $(jq -s 'map(.scores.exists) | add' "$t/drop") pairs kept"

# deterministic, and independent of where a record stands
./lg-oracle --drop 0.25 < "$t/cases" > "$t/d1"
./lg-oracle --drop 0.25 < "$t/cases" > "$t/d2"
cmp -s "$t/d1" "$t/d2" || fail "two runs differ"
sed '1!G;h;$!d' "$t/cases" | ./lg-oracle --drop 0.25 | sort > "$t/d3"
sort "$t/d1" | cmp -s - "$t/d3" || fail "answers depend on record order"
./lg-oracle --drop 0.25 -s 9 < "$t/cases" | cmp -s - "$t/d1" && fail "-s 9 changed nothing"

# keys are distinct and well formed in the full answer
bad=$(./lg-oracle < "$t/cases" | jq -c '.output | fromjson | keys_unsorted |
    select(length != (unique | length) or (map(test("^[A-Z_]{32}$")) | all | not))' | head -n 1)
[ -z "$bad" ] || fail "malformed keys: $bad"
echo ok
