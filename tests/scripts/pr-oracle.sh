#!/bin/sh
# lg-oracle on pr records: the reference answer, and records it cannot
# answer (reported with file and line, passed on with an error, status 1).
set -u
. "$TOP/tests/lib.sh"
d=$t

cat > "$d/in" <<'EOF'
{"id":"a","bench":"longweave","task":"pr","vars":{"segments":[{"label":0,"text":"zero"},{"label":1,"text":"one\ntwo"},{"label":2,"text":"three"}]},"gold":{"order":[1,2,0]}}
{"id":"b","bench":"longweave","task":"pr","vars":{"segments":[]}}
{"id": broken
{"id":"c","bench":"longweave","task":"pr","vars":{"segments":{}},"gold":{"order":[0]}}
{"id":"d","bench":"longweave","task":"pr","vars":{"segments":[{"label":0,"text":"x"}]},"gold":{"order":[0,1]}}
{"id":"e","bench":"longweave","task":"pr","vars":{"segments":[{"label":0,"text":7}]},"gold":{"order":[0]}}
{"id":"f","bench":"longweave","task":"pr","vars":{"segments":[{"label":0,"text":"x"}]},"gold":{"order":["0"]}}
{"id":"g","bench":"longweave","task":"pr","vars":{"segments":[{"label":0,"text":"x"}]},"gold":{"order":[]}}
EOF
cat > "$d/want-err" <<'EOF'
lg-oracle: -:2: b: gold.order must be a non-empty array
lg-oracle: -:4: c: vars.segments must be an array
lg-oracle: -:5: d: gold.order: label 1 has no text in vars.segments
lg-oracle: -:6: e: gold.order: label 0 has no text in vars.segments
lg-oracle: -:7: f: gold.order: item 0 is not a label (an integer from 0 to 1e9)
lg-oracle: -:8: g: gold.order must be a non-empty array
EOF
lg-oracle < "$d/in" > "$d/out" 2> "$d/err"
rc=$?
[ "$rc" -eq 1 ] || fail "status $rc, want 1"
# the reader's own message for the broken line is its business
grep -q '^lg-oracle: -:3: ' "$d/err" || fail "broken JSON not reported"
grep -v '^lg-oracle: -:3: ' "$d/err" | diff "$d/want-err" - || fail "messages differ"
[ "$(wc -l < "$d/out")" -eq 7 ] || fail "want 7 records out"
head -n 1 "$d/out" | grep -q '"output":"\[\[Segment 1\]\]\\none\\ntwo\\n\\n\[\[Segment 2\]\]\\nthree\\n\\n\[\[Segment 0\]\]\\nzero"' ||
    fail "reference answer: $(head -n 1 "$d/out")"
[ "$(grep -c '"error":{"stage":"oracle"' "$d/out")" -eq 6 ] || fail "want 6 errors"
# the reference answer scores the maximum; stopping at a third gives one
# segment of three: no pair in order
lg-tau "$d/out" 2> /dev/null | head -n 1 | grep -q '"scores":{"score":1,' || fail "not the maximum"
lg-oracle --stop-at 0.4 "$d/out" 2> /dev/null | lg-tau 2> /dev/null | head -n 1 |
    grep -q '"score":0,"tau":-1,"n":3,"returned":1,"missing":2,' || fail "--stop-at 0.4"
exit 0
