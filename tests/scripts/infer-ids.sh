#!/bin/sh
# Ids: a record with no id, or with a number for an id, cannot be told
# apart from others nor resumed: lg-infer refuses it with a message (exit
# 1) instead of sending it again and appending it on every --resume, and
# lg-judge --resume does the same.  Ids that differ only after a NUL byte
# (\u0000) are different ids under --resume.
. "$TOP/tests/lg-infer/fake.sh"
fake_start i
printf '%s\n' '{"prompt":"no id"}' '{"id":7,"prompt":"a number"}' \
    '{"id":"","prompt":"empty"}' '{"id":"s/1","prompt":"a string"}' > "$t/in"
: > "$t/out"
for run in 1 2 3; do
	rc=0
	lg-infer -q --resume "$t/out" -m fake --base-url "$url" "$t/in" \
	    >> "$t/out" 2> "$t/err" || rc=$?
	no_crash "$t/err"
	[ "$rc" -eq 1 ] || fail "run $run: exit status $rc, want 1: $(cat "$t/err")"
	for l in 1 2 3; do
		grep -q "^lg-infer: $t/in:$l: id: missing, not a string or empty" "$t/err" ||
		    fail "run $run: no message for line $l: $(cat "$t/err")"
	done
done
[ "$(wc -l < "$t/out")" -eq 1 ] || fail "want 1 line after three runs: $(cat "$t/out")"
grep -q '"id":"s/1"' "$t/out" || fail "the record with an id is missing"

# ids that differ after a NUL
printf '%s\n' '{"id":"a\u0000x","prompt":"one"}' > "$t/in1"
printf '%s\n' '{"id":"a\u0000x","prompt":"one"}' '{"id":"a\u0000y","prompt":"two"}' > "$t/in2"
lg-infer -q -m fake --base-url "$url" "$t/in1" > "$t/nul" 2> "$t/err" ||
    fail "first run: $(cat "$t/err")"
lg-infer -q --resume "$t/nul" -m fake --base-url "$url" "$t/in2" >> "$t/nul" \
    2> "$t/err" || fail "resume: $(cat "$t/err")"
no_crash "$t/err"
py '
ids = [json.loads(l)["id"] for l in open(sys.argv[1])]
assert ids == ["a\0x", "a\0y"], ids
' "$t/nul" || fail "ids after resume: $(cat "$t/nul")"
fake_stop i

# lg-judge --resume: the same rules
rec='"bench":"longgenbench","task":"floor","checks":[],"parts":[],"output":""'
printf '%s\n' "{\"id\":\"a\\u0000x\",$rec}" > "$t/j1"
printf '%s\n' "{\"id\":\"a\\u0000x\",$rec}" "{\"id\":\"a\\u0000y\",$rec}" \
    "{$rec}" "{\"id\":3,$rec}" > "$t/j2"
lg-judge --rules "$t/j1" > "$t/jout" 2> "$t/err" || fail "judge: $(cat "$t/err")"
rc=0
lg-judge --rules --resume "$t/jout" "$t/j2" >> "$t/jout" 2> "$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "judge --resume: exit status $rc, want 1: $(cat "$t/err")"
for l in 3 4; do
	grep -q "^lg-judge: $t/j2:$l: id: missing, not a string or empty" "$t/err" ||
	    fail "judge: no message for line $l: $(cat "$t/err")"
done
py '
ids = [json.loads(l)["id"] for l in open(sys.argv[1])]
assert ids == ["a\0x", "a\0y"], ids
' "$t/jout" || fail "judge ids after resume: $(cat "$t/jout")"
exit 0
