#!/bin/sh
# lg-infer --samples K: each case gives K records ID/s1 .. ID/sK with case
# and sample, each sent with its own seed (--seed S: S .. S+K-1) and
# written with gen.seed; K = 1 writes exactly what a run without the option
# writes; --resume and --cache work per sample; greedy decoding is refused.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s --record "$t/bodies"
printf '%s\n' '{"id":"a","prompt":"one two three"}' '{"id":"b","prompt":"four"}' \
    '{"id":"c","prompt":"five six"}' > "$t/in"

lg-infer -q -m fake --base-url "$url" --samples 3 --seed 7 --keep-order -P 2 \
    "$t/in" > "$t/out" 2> "$t/err" || fail "exit $?: $(cat "$t/err")"
no_crash "$t/err"
[ "$(fake_count s)" -eq 9 ] || fail "requests: $(fake_count s), want 9"
py '
recs = [json.loads(l) for l in open(sys.argv[1])]
ids = [r["id"] for r in recs]
want = ["%s/s%d" % (c, k) for c in "abc" for k in (1, 2, 3)]
assert ids == want, ids
for r in recs:
    c, k = r["id"].split("/s")
    assert r["case"] == c and r["sample"] == int(k), r
    assert r["gen"]["seed"] == 6 + int(k) == r["gen"]["params"]["seed"], r["gen"]
    assert r["output"].startswith("echo ")
bodies = [json.loads(l) for l in open(sys.argv[2])]
seen = sorted((b["messages"][0]["content"], b["seed"]) for b in bodies)
assert len(set(seen)) == 9, seen
assert sorted(b["seed"] for b in bodies) == [7] * 3 + [8] * 3 + [9] * 3
' "$t/out" "$t/bodies" || fail "records or requests"

# K = 1: as without the option
lg-infer -q -m fake --base-url "$url" --keep-order --seed 7 "$t/in" |
    sed 's/"latency_s":[0-9.e-]*,"ttft_s":[0-9.e-]*//' > "$t/plain"
lg-infer -q -m fake --base-url "$url" --keep-order --seed 7 --samples 1 "$t/in" |
    sed 's/"latency_s":[0-9.e-]*,"ttft_s":[0-9.e-]*//' > "$t/one"
cmp -s "$t/plain" "$t/one" || fail "--samples 1 differs: $(diff "$t/plain" "$t/one" | head -5)"
grep -q '"case"\|"sample"' "$t/one" && fail "--samples 1 wrote case or sample"

# resume: only the samples missing are made
head -n 4 "$t/out" > "$t/part"
n0=$(fake_count s)
lg-infer -q -m fake --base-url "$url" --samples 3 --seed 7 --resume "$t/part" \
    "$t/in" >> "$t/part" 2> "$t/err" || fail "resume: exit $?: $(cat "$t/err")"
[ "$(($(fake_count s) - n0))" -eq 5 ] || fail "resume: $(($(fake_count s) - n0)) requests, want 5"
[ "$(cut -d, -f1 "$t/part" | sort | tr '\n' ' ')" = "$(cut -d, -f1 "$t/out" | sort | tr '\n' ' ')" ] ||
    fail "resume: ids $(cut -d, -f1 "$t/part" | tr '\n' ' ')"
rc=0
lg-infer -q -m fake --base-url "$url" --samples 3 --seed 8 --resume "$t/part" \
    "$t/in" > /dev/null 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'made with parameter seed 7, not 8' "$t/err" ||
    fail "resume with other seeds: exit $rc: $(cat "$t/err")"

# cache: a second run comes all from the cache, sample by sample
lg-infer -q -m fake --base-url "$url" --samples 2 --cache "$t/cache" "$t/in" > /dev/null ||
    fail "cache: first run"
n0=$(fake_count s)
lg-infer -q -m fake --base-url "$url" --samples 2 --cache "$t/cache" "$t/in" > "$t/c2" ||
    fail "cache: second run"
[ "$(fake_count s)" -eq "$n0" ] || fail "cache: requests sent again"
[ "$(grep -c '"cache_hit":true' "$t/c2")" -eq 6 ] || fail "cache: hits"
[ "$(find "$t/cache" -name '*.json' | wc -l)" -eq 6 ] || fail "cache: one entry per sample"

# bad options
rc=0; lg-infer -m fake --base-url "$url" --samples 2 --temperature 0 "$t/in" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'greedy' "$t/err" || fail "--temperature 0: $rc $(cat "$t/err")"
rc=0; lg-infer -m fake --base-url "$url" --samples 0 "$t/in" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'not a whole number from 1 to 1000' "$t/err" || fail "--samples 0: $rc"
exit 0
