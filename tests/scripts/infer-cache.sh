#!/bin/sh
# --cache: a second run makes no requests and gives the same records;
# entries are whole JSON files with no temporary files left behind, even
# with two processes filling one cache at once; the key covers the request
# (another parameter or endpoint misses).
. "$TOP/tests/lg-infer/fake.sh"
fake_start c
awk 'BEGIN { for (i = 1; i <= 300; i++)
	printf "{\"id\":\"c/%03d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
run() {	# out-file, then more options
	o=$1
	shift
	rc=0
	lg-infer -q -m fake --cache "$t/cache" -P 8 "$@" "$t/in" > "$o" 2> "$o.err" || rc=$?
	no_crash "$o.err"
	[ "$rc" -eq 0 ] || { cat "$o.err"; fail "exit status $rc"; }
}
# two processes fill the cache at the same time
run "$t/a" --base-url "$url" &
p1=$!
run "$t/b" --base-url "$url" &
p2=$!
wait $p1 || fail "first filler failed"
wait $p2 || fail "second filler failed"
n=$(fake_count c)
[ "$n" -ge 300 ] || fail "only $n requests"
[ -z "$(find "$t/cache" -name '.tmp*')" ] || fail "temporary files left"
[ "$(find "$t/cache" -name '*.json' | wc -l)" -eq 300 ] || fail "want 300 entries"
py '
import glob
for f in glob.glob(sys.argv[1] + "/*/*.json"):
    e = json.load(open(f))
    assert e["content"].startswith("echo "), e
' "$t/cache"
# each record came from the server or from the other process's entries
py '
n = 0
for f in sys.argv[1:3]:
    for l in open(f):
        g = json.loads(l)["gen"]
        assert g["cache_hit"] == (g["attempts"] == 0), g
        n += g["attempts"]
assert n == int(sys.argv[3]), (n, sys.argv[3])
' "$t/a" "$t/b" "$n"
# the second run asks nobody, and a run with no server at all works too
run "$t/c" --base-url "$url"
[ "$(fake_count c)" -eq "$n" ] || fail "the cached run made requests"
fake_stop c
run "$t/c2" --base-url "$url"
cmp "$t/c" "$t/c2" >/dev/null 2>&1 || [ "$(wc -l < "$t/c2")" -eq 300 ] ||
    fail "the run without a server lost records"
if grep -q "\"error\"" "$t/c2"; then fail "the run without a server failed records"; fi
py '
def strip(r):
    g = r["gen"]
    for k in ("latency_s", "ttft_s", "attempts", "cache_hit"):
        del g[k]
    return r
a = {json.loads(l)["id"]: json.loads(l) for l in open(sys.argv[1])}
for l in open(sys.argv[2]):
    r = json.loads(l)
    assert r["gen"]["cache_hit"] is True and r["gen"]["attempts"] == 0, r
    assert strip(r) == strip(a[r["id"]]), r["id"]
assert len(a) == 300
' "$t/a" "$t/c"
# another parameter is another request: it misses, and fails (no server):
# the run stops with nothing written, to be run again once the server is up
rc=0
lg-infer -q -m fake --cache "$t/cache" --retries 0 --temperature 0.5 \
    --base-url "$url" "$t/in" > "$t/d" 2> "$t/d.err" || rc=$?
[ "$rc" -eq 3 ] || fail "a miss with no server: exit status $rc"
[ ! -s "$t/d" ] || fail "a miss with no server: records written"
grep -q 'none was answered: stopped' "$t/d.err" || fail "no server: $(cat "$t/d.err")"
# an unusable cache folder is a usage error
: > "$t/file"
rc=0
lg-infer -q -m fake --cache "$t/file" --base-url "$url" "$t/in" > /dev/null \
    2> "$t/e.err" || rc=$?
[ "$rc" -eq 2 ] || fail "cache on a file: exit status $rc"
grep -q "lg-infer: $t/file: Not a directory" "$t/e.err" || fail "message: $(cat "$t/e.err")"
