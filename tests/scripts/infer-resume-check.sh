#!/bin/sh
# --resume takes from its file only what this run would make the same way:
# records made with another model, endpoint or parameters are refused
# (exit 2, the file untouched), or made again with --redo-changed;
# --retry-errors makes again the records that failed.  Either way the file
# ends with each id once, the new records in place of the old.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s --model good
awk 'BEGIN { for (i = 1; i <= 12; i++)
	printf "{\"id\":\"r/%02d\",\"prompt\":\"%squestion %d\"}\n", i,
	    i % 4 == 0 ? "FAULT:500*1 " : "", i }' > "$t/in"
base="-q -P 3 -m good --base-url $url --retries 0"
rc=0
lg-infer $base --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "first run: exit status $rc: $(cat "$t/err")"
[ "$(grep -c '"error"' "$t/out")" -eq 3 ] || fail "first run: $(cat "$t/out")"
cp "$t/out" "$t/out.first"

refused() {	# name pattern
	[ "$rc" -eq 2 ] || fail "$1: exit status $rc: $(cat "$t/err")"
	cmp -s "$t/out" "$t/out.first" || fail "$1: the file changed"
	grep -q -e "$2" "$t/err" || fail "$1: message: $(cat "$t/err")"
	grep -q -e '--redo-changed' "$t/err" || fail "$1: no way out: $(cat "$t/err")"
}
rc=0
lg-infer -q -P 3 -m other --base-url "$url" --resume "$t/out" "$t/in" >> "$t/out" \
    2> "$t/err" || rc=$?
refused "model" "out:1: r/[0-9]*: made with model good, not other"
rc=0
lg-infer $base --temperature 0.5 --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$?
refused "parameters" 'r/[0-9]*: made with parameter temperature unset, not 0.5'
rc=0
lg-infer -q -m good --base-url "http://localhost:1" --resume "$t/out" "$t/in" \
    >> "$t/out" 2> "$t/err" || rc=$?
refused "endpoint" "made with endpoint http://127.0.0.1:[0-9]*, not a --base-url"
rc=0
lg-infer $base --redo-changed "$t/in" > /dev/null 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] || fail "--redo-changed alone: exit status $rc"

# the same options: nothing to do
n=$(fake_count s)
lg-infer $base --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || fail "same: $(cat "$t/err")"
cmp -s "$t/out" "$t/out.first" || fail "same: the file changed"
[ "$(fake_count s)" -eq "$n" ] || fail "same: requests sent"

# --retry-errors: the 3 failed records again (the server answers now)
lg-infer $base --retry-errors --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" ||
    fail "retry errors: $(cat "$t/err")"
[ "$(fake_count s)" -eq $((n + 3)) ] || fail "retry errors: $(($(fake_count s) - n)) requests"
[ "$(wc -l < "$t/out")" -eq 12 ] || fail "retry errors: $(wc -l < "$t/out") lines"
! grep -q '"error"' "$t/out" || fail "retry errors: errors left"
[ "$(jq -r .id "$t/out" | sort -u | wc -l)" -eq 12 ] || fail "retry errors: ids"
grep -q 'out: 3 records to be done again, dropped from the file' "$t/err" ||
    fail "retry errors: $(cat "$t/err")"

# --redo-changed: another model makes every record again, in place
fake_stop s
fake_start s2
lg-infer -q -P 3 -m other --base-url "$url" --redo-changed --resume "$t/out" "$t/in" \
    >> "$t/out" 2> "$t/err" || fail "redo: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq 12 ] || fail "redo: $(wc -l < "$t/out") lines"
[ "$(jq -r .gen.model "$t/out" | sort -u)" = other ] || fail "redo: models"
[ "$(jq -r .id "$t/out" | sort -u | wc -l)" -eq 12 ] || fail "redo: ids"
# into another file, the resume file is left as it is
cp "$t/out" "$t/out.keep"
lg-infer -q -m good --base-url "$url" --redo-changed --resume "$t/out" "$t/in" > "$t/new" 2> "$t/err" ||
    fail "redo elsewhere: $(cat "$t/err")"
cmp -s "$t/out" "$t/out.keep" || fail "redo elsewhere: the resume file changed"
[ "$(wc -l < "$t/new")" -eq 12 ] || fail "redo elsewhere: $(wc -l < "$t/new") lines"
fake_stop s2
no_crash "$t/err"
