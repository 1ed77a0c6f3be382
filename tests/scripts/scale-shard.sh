#!/bin/sh
# lg-shard: a record's shard is the first 8 bytes of the SHA-256 of its id,
# big-endian, modulo N, plus 1 (checked against Python's hashlib, ids with
# non-ASCII characters and \u0000 included); the N shards together hold each
# record once, byte for byte and in input order; the merge restores the
# suite's order from any order and refuses a duplicate, a missing or an
# unknown id, writing nothing.
set -eu
. "$TOP/tests/lib.sh"
lg-gen longgenbench -l 16k -n 4 | lg-prompt > "$t/cases"
# odd ids: spacing kept as written, non-ASCII, escapes, a NUL inside
cat >> "$t/cases" <<'X'
{"id":"caf\u00e9/1", "prompt":"a"}
{"id":"ünï/\"q\"/2","prompt":"b","x":[1, 2]}
{"id":"nul\u0000inside","prompt":"c"}
X
for n in 1 3 8; do
	for k in $(seq 1 $n); do
		lg-shard "$k/$n" "$t/cases" > "$t/s.$k" || fail "lg-shard $k/$n failed"
	done
	"$PY" - "$t/cases" "$n" "$t/s" <<'X' || fail "shards of $n differ from the rule"
import hashlib, json, sys
path, n, pre = sys.argv[1], int(sys.argv[2]), sys.argv[3]
want = {k: [] for k in range(1, n + 1)}
for line in open(path, "rb"):
    i = json.loads(line)["id"].encode("utf-8", "surrogatepass")
    k = int.from_bytes(hashlib.sha256(i).digest()[:8], "big") % n + 1
    want[k].append(line)
for k in range(1, n + 1):
    got = open(pre + "." + str(k), "rb").readlines()
    assert got == want[k], (k, len(got), len(want[k]))
X
	# merged back from any order of files, it is the suite again
	ls "$t"/s.* | sort -r | xargs lg-shard --merge --order "$t/cases" > "$t/m" ||
	    fail "merge of $n shards"
	cmp "$t/cases" "$t/m" || fail "merge of $n shards differs"
	rm -f "$t"/s.*
done
# 8 shards of a real suite are not all empty
lg-shard 2/8 "$t/cases" | grep -q . || fail "shard 2/8 empty"

# records in any order within a shard file: the merge reorders them
lg-shard 1/2 "$t/cases" | tac > "$t/a"
lg-shard 2/2 "$t/cases" > "$t/b"
lg-shard --merge --order - "$t/a" "$t/b" < "$t/cases" > "$t/m" || fail "merge of reversed"
cmp "$t/cases" "$t/m" || fail "merge of reversed differs"

# a duplicate: named with both places, nothing written, status 1
head -1 "$t/a" >> "$t/b"
rc=0
lg-shard --merge --order "$t/cases" "$t/a" "$t/b" > "$t/m" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "duplicate: status $rc"
[ ! -s "$t/m" ] || fail "duplicate: something was written"
n=$(wc -l < "$t/b")
grep -q "^lg-shard: $t/b:$n: duplicate id .*, first at $t/a:1\$" "$t/err" ||
    fail "duplicate: $(cat "$t/err")"
grep -q '^lg-shard: nothing merged$' "$t/err" || fail "no summary: $(cat "$t/err")"

# a missing id: named with the suite's line
lg-shard 2/2 "$t/cases" | sed 1d > "$t/b"
first=$(lg-shard 2/2 "$t/cases" | head -1 | jq -r .id)
line=$(grep -n -F "\"id\":\"$first\"" "$t/cases" | cut -d: -f1)
rc=0
lg-shard --merge --order "$t/cases" "$t/a" "$t/b" > "$t/m" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] && [ ! -s "$t/m" ] || fail "missing: status $rc"
grep -q "^lg-shard: $t/cases:$line: id $first: in no shard output\$" "$t/err" ||
    fail "missing: $(cat "$t/err")"
grep -q '^lg-shard: 1 id of the suite in no shard output$' "$t/err" ||
    fail "missing: $(cat "$t/err")"

# an id not in the suite, and a line that is not a record
lg-shard 2/2 "$t/cases" > "$t/b"
echo '{"id":"stray\u001b[31m","output":"x"}' >> "$t/b"
echo '{"id":' >> "$t/b"
n=$(wc -l < "$t/b")
rc=0
lg-shard --merge --order "$t/cases" "$t/a" "$t/b" > "$t/m" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] && [ ! -s "$t/m" ] || fail "stray: status $rc"
grep -q "^lg-shard: $t/b:$((n - 1)): id stray\\\\x1b\\[31m: not in the suite\$" "$t/err" ||
    fail "stray: $(cat "$t/err")"
grep -q "^lg-shard: $t/b:$n: not a JSON object\$" "$t/err" || fail "broken: $(cat "$t/err")"
! grep -q "$(printf '\033')" "$t/err" || fail "an escape reached stderr"

# a record without an id is left out of every shard, with a message
printf '{"prompt":"x"}\n{"id":"a"}\n' > "$t/noid"
rc=0
lg-shard 1/1 "$t/noid" > "$t/m" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "no id: status $rc"
[ "$(cat "$t/m")" = '{"id":"a"}' ] || fail "no id: $(cat "$t/m")"
grep -q "^lg-shard: $t/noid:1: id: missing, empty or not a string; skipped\$" "$t/err" ||
    fail "no id: $(cat "$t/err")"
rm -rf "$t"
echo ok
