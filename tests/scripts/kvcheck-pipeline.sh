#!/bin/sh
# The reference answers score the maximum: lg-gen | lg-prompt | lg-oracle |
# lg-kvcheck | lg-fsmcheck over every tier, 20 cases each, with every
# stage exiting 0, no error, a prompt on every case, and the other
# scorer's records passed through untouched.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"
./lg-gen longweave -t kvg,sms -l 1k,2k,4k,8k -n 20 > "$t/cases"
./lg-prompt < "$t/cases" > "$t/prompted"
./lg-oracle < "$t/prompted" > "$t/answered"
./lg-kvcheck < "$t/answered" > "$t/kv"
./lg-fsmcheck < "$t/kv" > "$t/scored"
[ "$(wc -l < "$t/scored")" -eq 160 ] || fail "not 160 records"
bad=$(jq -c 'select(.scores.score != 1 or has("error") or
    (.prompt | type) != "string" or (.output | type) != "string")
    | [.id, .scores, .error]' "$t/scored" | head -n 3)
[ -z "$bad" ] || fail "not the maximum: $bad"
bad=$(jq -c 'select(.task == "kvg" and (.scores.exists != 1 or .scores.position != 1 or
        .scores.count != 1 or .scores.length != 1 or
        .scores.found_index != .gold.index or .scores.entries != .gold.entries or
        .verdicts != [{kind: "kv_entry", at: .gold.index, pass: true, by: "rules",
            found_at: .gold.index}]))
    | .id' "$t/scored" | head -n 3)
[ -z "$bad" ] || fail "kvg sub-scores: $bad"
bad=$(jq -c 'select(.task == "sms" and (.scores.match_ratio != 1 or .scores.exact != 1 or
        .scores.prefix != (.gold.trace | length) or .scores.steps != .scores.prefix or
        .scores.rows != .scores.prefix or .scores.state_acc != 1 or
        .scores.input_acc != 1 or .scores.next_acc != 1 or .scores.output_acc != 1 or
        .verdicts[0].pass != true))
    | .id' "$t/scored" | head -n 3)
[ -z "$bad" ] || fail "sms sub-scores: $bad"

# each scorer leaves the other task's records exactly as they were
jq -c 'select(.task == "sms")' "$t/answered" > "$t/a-sms"
./lg-kvcheck < "$t/a-sms" | cmp -s - "$t/a-sms" || fail "lg-kvcheck touched sms records"
jq -c 'select(.task == "kvg")' "$t/answered" > "$t/a-kvg"
./lg-fsmcheck < "$t/a-kvg" | cmp -s - "$t/a-kvg" || fail "lg-fsmcheck touched kvg records"

# the published scorers' readings agree on the reference answers
./lg-kvcheck --compat < "$t/answered" | ./lg-fsmcheck --compat > "$t/compat"
[ -z "$(jq -c 'select(.scores.score != 1) | .id' "$t/compat" | head -n 1)" ] ||
    fail "--compat is not the maximum"
echo ok
