#!/bin/sh
# 2,000 requests against a server that fails 30% of them in every way it
# can (429, 500, 503, reset, cut stream, stall past the idle timeout,
# malformed JSON, slow drip): 2,000 records come out, each id exactly once,
# each with the answer to its own prompt.
. "$TOP/tests/lg-infer/fake.sh"
fake_start f --fault-rate 0.3 --seed 11 --retry-after 0 --stall 3 --drip-ms 2
awk 'BEGIN { for (i = 1; i <= 2000; i++)
	printf "{\"id\":\"f/%04d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
rc=0
lg-infer -m fake --base-url "$url" -P 32 --idle-timeout 0.5 --backoff-base 0.005 \
    --backoff-max 0.05 --retries 12 "$t/in" > "$t/out" 2> "$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 0 ] || { cat "$t/err"; fail "exit status $rc"; }
fake_stop f
# every kind of fault was really served
for k in 429 500 503 reset cut stall malformed drip; do
	n=$(awk -v k=$k '$4 == k' "$t/f.log" | wc -l)
	[ "$n" -ge 20 ] || fail "only $n faults of kind $k"
done
py '
ids = [json.loads(l)["id"] for l in open(sys.argv[1])]
want = ["f/%04d" % i for i in range(1, 2001)]
assert len(ids) == 2000, len(ids)
assert sorted(ids) == want, "ids differ"
import hashlib
retried = 0
for l in open(sys.argv[2]):
    r = json.loads(l)
    assert "error" not in r, r
    h = hashlib.sha256(r["prompt"].encode()).hexdigest()[:8]
    assert r["output"] == "echo %s alpha bravo charlie delta echo foxtrot golf hotel" % h, r
    g = r["gen"]
    assert g["finish_reason"] == "stop" and g["output_tokens"] == 10, g
    retried += g["attempts"] > 1
assert retried > 300, retried
' "$t/out" "$t/out"
grep -q '2000 records: 2000 answered' "$t/err" || fail "summary: $(cat "$t/err")"
