#!/bin/sh
# Perplexity TSort (lg-ppl) against the test server's prompt
# log-probabilities: with the corpus as its reference text the server makes
# the book's own order the most likely, so every case is right; with flat
# log-probabilities every order ties and the first, [1, 2, 3, 4], is the
# known answer; a server without prompt log-probabilities, faults, a broken
# case, records of other tasks and a wrong key each get what lg-ppl(1)
# says.
. "$TOP/tests/lg-ppl/tsort.sh"
grep -q '"order":\[1,2,3,4\]' "$t/ts" && [ "$(grep -c '"order":\[1,2,3,4\]' "$t/ts")" -lt 4 ] ||
    fail "the fixture must hold both [1, 2, 3, 4] and other golds"

# the reference text: every case right, 24 requests a case
fake_start ref --lifetime 1200 --idle-exit 600 --ref "$t/books"
lg-ppl -m fake --base-url "$url" "$t/ts" >"$t/out" 2>"$t/err" ||
    fail "lg-ppl: exit $?: $(cat "$t/err")"
no_crash "$t/err"
lg-choice "$t/out" >"$t/sc"
[ "$(grep -c '"score":1,' "$t/sc")" -eq 4 ] || fail "not all 4 right: $(grep -o '"output":"[^"]*"' "$t/sc")"
py '
for l in open(sys.argv[1]):
    r = json.loads(l)
    p = r["ppl"]
    assert len(p["candidates"]) == 24, "candidates"
    orders = [c["order"] for c in p["candidates"]]
    assert orders == sorted(orders) and len(set(map(tuple, orders))) == 24
    best = min(p["candidates"], key=lambda c: c["nll"])
    assert best["order"] == p["order"] == r["gold"]["order"], "best order"
    assert r["output"] == "Answer: [%s]" % ", ".join(map(str, p["order"]))
    assert all(c["nll"] > 0 and c["tokens"] > 100 for c in p["candidates"])
    assert r["gen"]["method"] == "perplexity" and r["gen"]["requests"] == 24
' "$t/out" || fail "records: $(head -c 300 "$t/out")"
# one request at a time: the same records
lg-ppl -q -P 1 -m fake --base-url "$url" "$t/ts" >"$t/out1" || fail "-P 1"
sed 's/"latency_s":[0-9.e-]*//' "$t/out" >"$t/a"
sed 's/"latency_s":[0-9.e-]*//' "$t/out1" >"$t/b"
cmp -s "$t/a" "$t/b" || fail "-P 1 and -P 8 differ"
[ "$(fake_count ref)" -eq 192 ] || fail "requests: $(fake_count ref), want 2 x 96"
fake_stop ref

fake_start rec --lifetime 1200 --idle-exit 600 --ref "$t/books" --record "$t/rec"
head -n 1 "$t/ts" | lg-ppl -q -m fake --base-url "$url" >/dev/null 2>"$t/err" ||
    fail "lg-ppl -q: $(cat "$t/err")"
[ ! -s "$t/err" ] || fail "-q: $(cat "$t/err")"
py '
reqs = [json.loads(l) for l in open(sys.argv[1])]
case = json.loads(open(sys.argv[2]).readline())
v = case["vars"]
parts = {p["label"]: p["text"] for p in v["parts"]}
import itertools
want = sorted("\n".join([v["before"]] + [parts[k] for k in o] + [v["after"]])
    for o in itertools.permutations((1, 2, 3, 4)))
assert len(reqs) == 24, len(reqs)
assert sorted(r["prompt"] for r in reqs) == want, "candidate texts"
for r in reqs:
    assert r["echo"] is True and r["logprobs"] == 1 and r["max_tokens"] == 1
    assert r["stream"] is False and r["model"] == "fake"
' "$t/rec" "$t/ts" || fail "request bodies"
fake_stop rec

# flat log-probabilities: every order ties, the first wins
fake_start flat --lifetime 1200 --idle-exit 600 --logprobs flat
lg-ppl -m fake --base-url "$url" "$t/ts" 2>/dev/null | lg-choice >"$t/sc" ||
    fail "flat: exit $?"
[ "$(grep -c '"output":"Answer: \[1, 2, 3, 4\]"' "$t/sc")" -eq 4 ] ||
    fail "flat: not [1, 2, 3, 4] everywhere"
n=$(grep -c '"order":\[1,2,3,4\]' "$t/ts")
[ "$(grep -c '"score":1,' "$t/sc")" -eq "$n" ] || fail "flat: right ones"
fake_stop flat

# a server, or a cache before it, that echoes another prompt than the one
# sent: each case fails naming why, where all 24 orders would score alike
# and [1, 2, 3, 4] win unseen
fake_start stale --lifetime 1200 --idle-exit 600 --ref "$t/books" --stale-echo
rc=0
lg-ppl -m fake --base-url "$url" "$t/ts" >"$t/out" 2>"$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "stale echo: exit $rc, want 1"
[ "$(wc -l <"$t/out")" -eq 4 ] || fail "stale echo: records lost"
grep -q '"output"' "$t/out" && fail "stale echo: an output: $(head -c 400 "$t/out")"
[ "$(grep -c '"error":{"stage":"ppl","message":"order \[[1-4, ]*\]: the echoed prompt is not the text sent' "$t/out")" -eq 4 ] ||
    fail "stale echo: $(head -c 400 "$t/out")"
grep -q 'ignored echo or answered another prompt' "$t/err" || fail "stale echo: no message: $(cat "$t/err")"
fake_stop stale

# no prompt log-probabilities: each case fails with the reason, exit 1
fake_start none --lifetime 1200 --idle-exit 600 --logprobs none
rc=0
lg-ppl -m fake --base-url "$url" "$t/ts" >"$t/out" 2>"$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "none: exit $rc, want 1"
[ "$(wc -l <"$t/out")" -eq 4 ] || fail "none: records lost"
[ "$(grep -c '"error":{"stage":"ppl","message":"order \[1, 2, 3, 4\]: the reply holds log-probabilities of 0 prompt tokens' "$t/out")" -eq 4 ] ||
    fail "none: $(head -c 400 "$t/out")"
grep -q 'does not echo' "$t/err" || fail "none: no message"
grep -q '"output"' "$t/out" && fail "none: an output"
lg-choice "$t/out" | grep -c '"score":0,' | grep -qx 4 || fail "none: not scored 0"
fake_stop none

# faults are retried; a broken case and another task's record
fake_start flaky --lifetime 1200 --idle-exit 600 --ref "$t/books" --fault-rate 0.3 --faults 500,429,cut,malformed --retry-after 0 --seed 3
{
	head -n 1 "$t/ts"
	echo '{"id":"x/1","bench":"adaleval","task":"bestanswer","vars":{}}'
	echo '{"id":"x/2","bench":"adaleval","task":"tsort","vars":{"before":"a","after":"b","parts":[{"label":1,"text":"x"}]}}'
	echo '{"id":"x/3","bench":"adaleval","task":"tsort","error":{"stage":"gen","message":"m"}}'
} >"$t/mixed"
rc=0
lg-ppl -m fake --base-url "$url" --retries 20 --backoff-base 0.001 "$t/mixed" \
    >"$t/out" 2>"$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "mixed: exit $rc, want 1: $(cat "$t/err")"
[ "$(wc -l <"$t/out")" -eq 4 ] || fail "mixed: records lost"
[ "$(fake_count flaky)" -gt 24 ] || fail "no fault was drawn"
lg-choice "$t/out" | head -n 1 | grep -q '"score":1,' || fail "retried case wrong"
[ "$(sed -n 2p "$t/out")" = "$(sed -n 2p "$t/mixed")" ] || fail "other task changed"
sed -n 3p "$t/out" | grep -q '"error":{"stage":"ppl","message":"vars.parts: want an array of 4 parts"}' ||
    fail "broken case: $(sed -n 3p "$t/out")"
grep -q 'x/2: vars.parts: want an array of 4 parts' "$t/err" || fail "broken case: message"
[ "$(sed -n 4p "$t/out")" = "$(sed -n 4p "$t/mixed")" ] || fail "failed case changed"
fake_stop flaky

# --resume: done cases skipped; failed ones made again with --retry-errors,
# their lines replaced; another model refused
fake_start none2 --lifetime 1200 --idle-exit 600 --logprobs none
lg-ppl -q -m fake --base-url "$url" "$t/ts" >"$t/res" 2>/dev/null && fail "none2: exit 0"
fake_stop none2
fake_start again --lifetime 1200 --idle-exit 600 --ref "$t/books"
lg-ppl -q -m fake --base-url "$url" --resume "$t/res" "$t/ts" >>"$t/res" ||
    fail "resume: exit $?"
[ "$(fake_count again)" -eq 0 ] || fail "resume: failed cases made again without --retry-errors"
lg-ppl -q -m fake --base-url "$url" --resume "$t/res" --retry-errors "$t/ts" >>"$t/res" ||
    fail "--retry-errors: exit $?"
[ "$(fake_count again)" -eq 96 ] || fail "--retry-errors: $(fake_count again) requests"
[ "$(wc -l <"$t/res")" -eq 4 ] || fail "--retry-errors: $(wc -l <"$t/res") lines, want 4"
[ "$(lg-choice "$t/res" | grep -c '"score":1,')" -eq 4 ] || fail "--retry-errors: not all right"
head -n 2 "$t/res" >"$t/half"
lg-ppl -q -m fake --base-url "$url" --resume "$t/half" "$t/ts" >>"$t/half" || fail "half: exit $?"
[ "$(fake_count again)" -eq 144 ] || fail "half: $(fake_count again) requests, want 144"
[ "$(cut -d, -f1 "$t/half" | sort)" = "$(cut -d, -f1 "$t/ts" | sort)" ] || fail "half: ids"
rc=0
lg-ppl -q -m other --base-url "$url" --resume "$t/res" "$t/ts" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'scored with model fake, not other' "$t/err" ||
    fail "other model: exit $rc: $(cat "$t/err")"
fake_stop again

# the key: sent as a bearer token, never shown; a wrong one stops the run
echo sk-right-key-123456 > "$t/key"
echo sk-wrong-key-abcdef > "$t/bad"
fake_start keyed --lifetime 1200 --idle-exit 600 --ref "$t/books" --key-file "$t/key"
head -n 1 "$t/ts" > "$t/one"
lg-ppl -q -m fake --base-url "$url" --api-key-file "$t/key" "$t/one" \
    | lg-choice | grep -q '"score":1,' || fail "with the key: not right"
rc=0
lg-ppl -m fake --base-url "$url" --api-key-file "$t/bad" "$t/one" >"$t/out" 2>"$t/err" || rc=$?
[ "$rc" -eq 3 ] || fail "wrong key: exit $rc"
grep -q 'HTTP 401: invalid API key: \*\*\*' "$t/err" || fail "wrong key: $(cat "$t/err")"
grep -q 'wrong-key' "$t/err" "$t/out" && fail "the key was shown"
[ ! -s "$t/out" ] || fail "wrong key: records written"
fake_stop keyed

# no server: a clear message and exit 3, nothing written
rc=0
lg-ppl -m fake --base-url http://127.0.0.1:1 "$t/ts" >"$t/out" 2>"$t/err" || rc=$?
[ "$rc" -eq 3 ] || fail "no server: exit $rc"
grep -q 'is the server up' "$t/err" || fail "no server: $(cat "$t/err")"
[ ! -s "$t/out" ] || fail "no server: records written"
rc=0
lg-ppl "$t/ts" >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'no model' "$t/err" || fail "no model: $rc $(cat "$t/err")"
exit 0
