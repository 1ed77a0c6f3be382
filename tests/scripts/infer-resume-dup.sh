#!/bin/sh
# An id read twice is refused at its second line, in every run of lg-infer
# (exit 1, the first answered): two records of one id are two records a
# resume cannot tell apart, and after a kill between them a resume would
# take the one written for both and drop the other unsaid.
. "$TOP/tests/lg-infer/fake.sh"
fake_start i
printf '%s\n' '{"id":"a","prompt":"one"}' '{"id":"b","prompt":"two"}' \
    '{"id":"a","prompt":"three"}' > "$t/in"
rc=0
lg-infer -q -m fake --base-url "$url" "$t/in" > "$t/out" 2> "$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "exit status $rc, want 1: $(cat "$t/err")"
grep -q "^lg-infer: $t/in:3: duplicate id a, first at $t/in:1 " "$t/err" ||
    fail "no message: $(cat "$t/err")"
py '
recs = [json.loads(l) for l in open(sys.argv[1])]
assert sorted(r["id"] for r in recs) == ["a", "b"], recs
assert [r["prompt"] for r in recs if r["id"] == "a"] == ["one"], recs
' "$t/out" || fail "records: $(cat "$t/out")"
[ "$(fake_count i)" -eq 2 ] || fail "requests: $(fake_count i), want 2"

# killed after the first: the resume answers b and refuses the second a
grep '"id":"a"' "$t/out" > "$t/half"
rc=0
lg-infer -q -m fake --base-url "$url" --resume "$t/half" "$t/in" >> "$t/half" \
    2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "resume: exit status $rc, want 1: $(cat "$t/err")"
grep -q "^lg-infer: $t/in:3: duplicate id a, first at $t/in:1 " "$t/err" ||
    fail "resume: no message: $(cat "$t/err")"
[ "$(wc -l < "$t/half")" -eq 2 ] || fail "resume: $(cat "$t/half")"
[ "$(fake_count i)" -eq 3 ] || fail "resume: requests: $(fake_count i), want 3"

# standard input, and ids that differ only after a NUL byte are two ids
rc=0
printf '%s\n' '{"id":"n\u0000x","prompt":"p"}' '{"id":"n\u0000y","prompt":"q"}' \
    '{"id":"n\u0000x","prompt":"r"}' |
    lg-infer -q -m fake --base-url "$url" > "$t/nul" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "stdin: exit status $rc, want 1: $(cat "$t/err")"
grep -q '^lg-infer: -:3: duplicate id n\\u0000x, first at -:1 ' "$t/err" ||
    fail "stdin: $(cat "$t/err")"
[ "$(wc -l < "$t/nul")" -eq 2 ] || fail "stdin: $(cat "$t/nul")"
fake_stop i
exit 0
