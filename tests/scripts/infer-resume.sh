#!/bin/sh
# A run killed with SIGKILL in the middle leaves only whole lines, and
# "lg-infer --resume out in >> out" then ends with exactly the input ids,
# none twice.  A file that does end mid-line is mended, not glued onto.
. "$TOP/tests/lg-infer/fake.sh"
fake_start r --delay-ms 15
awk 'BEGIN { for (i = 1; i <= 600; i++)
	printf "{\"id\":\"r/%04d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
: > "$t/out"
# kill -9 four times at different points, resuming each time
for round in 1 2 3 4; do
	before=$(wc -l < "$t/out")
	lg-infer -q --resume "$t/out" -m fake --base-url "$url" -P 8 "$t/in" \
	    >> "$t/out" 2> "$t/err1" &
	pid=$!
	i=0
	while [ "$(wc -l < "$t/out")" -lt $((before + 60 + round * 7)) ]; do
		i=$((i + 1))
		[ "$i" -le 400 ] || fail "round $round wrote too little"
		sleep 0.01
	done
	kill -9 "$pid"
	wait "$pid" 2>/dev/null || true
	no_crash "$t/err1"
	# only whole lines, each a record with an output
	py '
s = open(sys.argv[1]).read()
assert s.endswith("\n"), "a line was cut"
for l in s.split("\n")[:-1]:
    assert json.loads(l)["output"].startswith("echo "), l
' "$t/out"
done
n1=$(wc -l < "$t/out")
[ "$n1" -lt 600 ] || fail "the runs ended before they were killed"
rc=0
lg-infer --resume "$t/out" -m fake --base-url "$url" -P 8 "$t/in" >> "$t/out" \
    2> "$t/err2" || rc=$?
no_crash "$t/err2"
[ "$rc" -eq 0 ] || { cat "$t/err2"; fail "resume: exit status $rc"; }
grep -q "$n1 skipped as answered" "$t/err2" || fail "summary: $(cat "$t/err2")"
cut -d, -f1 "$t/in" | sort > "$t/want"
py '
for l in open(sys.argv[1]):
    print(json.dumps({"id": json.loads(l)["id"]}, separators=(",", ":"))[:-1])
' "$t/out" | sort > "$t/got"
cmp "$t/want" "$t/got" || fail "ids differ after resume"
# the server answered each id once in all
[ "$(fake_count r)" -ge 600 ] || fail "too few requests"

# a file cut mid-line (the kernel may stop a large write at a page
# boundary when the writer is killed): the cut line is dropped and its
# record done again; a whole last record without a newline gets one
head -3 "$t/in" > "$t/in3"
head -1 "$t/out" > "$t/part"
printf '{"id":"r/0002","outp' >> "$t/part"
lg-infer -q --resume "$t/part" -m fake --base-url "$url" "$t/in3" >> "$t/part" \
    2> "$t/err3" || fail "resume of a cut file failed"
grep -q 'the last line was cut off; dropped it' "$t/err3" || fail "no warning: $(cat "$t/err3")"
[ "$(wc -l < "$t/part")" -eq 3 ] || fail "want 3 lines: $(cat "$t/part")"
py '
ids = sorted(json.loads(l)["id"] for l in open(sys.argv[1]))
assert ids == ["r/0001", "r/0002", "r/0003"], ids
' "$t/part"
head -1 "$t/part" | tr -d '\n' > "$t/noeol"
lg-infer -q --resume "$t/noeol" -m fake --base-url "$url" "$t/in3" >> "$t/noeol" \
    2> "$t/err4" || fail "resume of a file without a last newline failed"
[ ! -s "$t/err4" ] || fail "messages: $(cat "$t/err4")"
[ "$(wc -l < "$t/noeol")" -eq 3 ] || fail "want 3 lines: $(cat "$t/noeol")"
py '
ids = sorted(json.loads(l)["id"] for l in open(sys.argv[1]))
assert len(ids) == 3 and len(set(ids)) == 3, ids
' "$t/noeol"
fake_stop r
