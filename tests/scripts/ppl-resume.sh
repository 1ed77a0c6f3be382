#!/bin/sh
# lg-ppl --resume keys on ids as lg-infer and lg-judge do.  A record with
# no string id is refused at its line (exit 1), so that runs appending to
# one file with --resume never write it twice; an id read twice is refused
# at its second line in every run, so that a resume after a kill between
# the two can never take the first for both and drop the second unsaid.
. "$TOP/tests/lg-ppl/tsort.sh"
fake_start s --lifetime 1200 --idle-exit 600 --ref "$t/books"
# cases a, b, c: three TSort cases of the fixture under new ids
i=0
while IFS= read -r line; do
	i=$((i + 1))
	printf '%s\n' "$line" | py '
r = json.loads(sys.stdin.readline())
r["id"] = sys.argv[1]
print(json.dumps(r))' "case/$i" >"$t/c$i"
done <"$t/ts"

# no string id: refused at its line, every run, with --resume
{
	cat "$t/c1"
	py 'r = json.loads(sys.stdin.readline()); del r["id"]; print(json.dumps(r))' <"$t/c2"
	py 'r = json.loads(sys.stdin.readline()); r["id"] = 7; print(json.dumps(r))' <"$t/c3"
} >"$t/noid"
: >"$t/out"
for run in 1 2 3; do
	rc=0
	lg-ppl -q -m fake --base-url "$url" --resume "$t/out" "$t/noid" \
	    >>"$t/out" 2>"$t/err" || rc=$?
	no_crash "$t/err"
	[ "$rc" -eq 1 ] || fail "no id, run $run: exit $rc, want 1: $(cat "$t/err")"
	for l in 2 3; do
		grep -q "^lg-ppl: $t/noid:$l: id: missing, not a string or empty" "$t/err" ||
		    fail "no id, run $run: no message for line $l: $(cat "$t/err")"
	done
done
[ "$(wc -l <"$t/out")" -eq 1 ] || fail "no id: $(wc -l <"$t/out") lines after three runs, want 1"
grep -q '"id":"case/1"' "$t/out" || fail "no id: the record with an id is missing"

# an id read twice: the second refused, in a first run and in a resume
cat "$t/c1" "$t/c2" >"$t/dup"
py 'r = json.loads(sys.stdin.readline()); r["id"] = "case/1"; print(json.dumps(r))' \
    <"$t/c3" >>"$t/dup"
rc=0
lg-ppl -q -m fake --base-url "$url" "$t/dup" >"$t/out" 2>"$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "duplicate: exit $rc, want 1: $(cat "$t/err")"
grep -q "^lg-ppl: $t/dup:3: duplicate id case/1, first at $t/dup:1 " "$t/err" ||
    fail "duplicate: message: $(cat "$t/err")"
py '
ids = [json.loads(l)["id"] for l in open(sys.argv[1])]
assert ids == ["case/1", "case/2"], ids
' "$t/out" || fail "duplicate: records: $(cut -c1-40 "$t/out")"
# killed after the first record: the resume scores the second, refuses
# the third again
head -n 1 "$t/out" >"$t/half"
n=$(fake_count s)
rc=0
lg-ppl -q -m fake --base-url "$url" --resume "$t/half" "$t/dup" >>"$t/half" \
    2>"$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "resume: exit $rc, want 1: $(cat "$t/err")"
grep -q "^lg-ppl: $t/dup:3: duplicate id case/1, first at $t/dup:1 " "$t/err" ||
    fail "resume: message: $(cat "$t/err")"
[ "$(fake_count s)" -eq $((n + 24)) ] || fail "resume: $(($(fake_count s) - n)) requests, want 24"
sed 's/"latency_s":[0-9.e-]*//' "$t/half" >"$t/a"
sed 's/"latency_s":[0-9.e-]*//' "$t/out" >"$t/b"
cmp -s "$t/a" "$t/b" || fail "resume: not the whole run's records"
fake_stop s
exit 0
