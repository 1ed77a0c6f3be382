#!/bin/sh
# lg-shard --merge from pipes (ssh host cat shard, <(...)): a shard output
# that is a fifo is read once, copied to a temporary file, and merged like
# a file: all 12 records of the suite in its order, byte for byte.  A bad
# record in a pipe: named with the fifo and its line, nothing written,
# status 1.  (It once wrote the first records, then said "cannot read
# again", status 3.)
set -eu
. "$TOP/tests/lib.sh"
py 'for i in range(1, 13):
    print(json.dumps({"id": "case/%02d" % i, "prompt": "p" * 3000 * i},
                     separators=(",", ":")))' > "$t/cases"
for k in 1 2 3; do
	lg-shard "$k/3" "$t/cases" > "$t/s.$k" || fail "lg-shard $k/3"
	[ -s "$t/s.$k" ] || fail "shard $k/3 empty: pick other ids"
done

# writers of the fifos, in the background, killed on exit if still blocked
writers() {
	rm -f "$t/f1" "$t/f2" "$t/f3"
	mkfifo "$t/f1" "$t/f2" "$t/f3"
	for k in 1 2 3; do
		cat "$t/$1.$k" > "$t/f$k" &
		at_exit "kill $! 2>/dev/null"
	done
}

writers s
rc=0
lg-shard --merge --order "$t/cases" "$t/f1" "$t/f2" "$t/f3" > "$t/m" \
    2> "$t/err" || rc=$?
[ "$rc" -eq 0 ] || fail "merge of fifos: status $rc: $(cat "$t/err")"
[ ! -s "$t/err" ] || fail "merge of fifos: $(cat "$t/err")"
n=$(wc -l < "$t/m")
[ "$n" -eq 12 ] || fail "merge of fifos: $n records of 12"
cmp "$t/cases" "$t/m" || fail "merge of fifos differs from the suite"

# a fifo and a file together, the fifo first
rm -f "$t/f1"
mkfifo "$t/f1"
cat "$t/s.2" > "$t/f1" &
at_exit "kill $! 2>/dev/null"
lg-shard --merge --order "$t/cases" "$t/f1" "$t/s.1" "$t/s.3" > "$t/m" ||
    fail "merge of a fifo and files"
cmp "$t/cases" "$t/m" || fail "merge of a fifo and files differs"

# a bad record in a pipe: nothing written, the fifo and line named
for k in 1 2 3; do
	cp "$t/s.$k" "$t/b.$k"
done
echo '{"id":"case/99",' >> "$t/b.2"
bad=$(wc -l < "$t/b.2")
writers b
rc=0
lg-shard --merge --order "$t/cases" "$t/f1" "$t/f2" "$t/f3" > "$t/m" \
    2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "bad record in a fifo: status $rc: $(cat "$t/err")"
[ ! -s "$t/m" ] || fail "bad record in a fifo: $(wc -l < "$t/m") records written"
grep -q "^lg-shard: $t/f2:$bad: " "$t/err" ||
    fail "bad record in a fifo not named: $(cat "$t/err")"
grep -q '^lg-shard: nothing merged$' "$t/err" ||
    fail "bad record in a fifo: no summary: $(cat "$t/err")"
exit 0
