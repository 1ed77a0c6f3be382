#!/bin/sh
# lg-ppl reads a reply in time linear in its tokens: a case of 64k tokens
# a candidate (24 replies of 64k log-probabilities each, with tokens,
# top_logprobs and text_offset) is scored well within 20 CPU seconds,
# where a reader that walks the token array from its start for each token
# needs minutes.  The limit is on CPU time (ulimit -t), not on the clock:
# a loaded machine does not make it fail.  The score is the known one:
# flat log-probabilities of -1 make every order's mean 1.
. "$TOP/tests/lg-infer/fake.sh"
py '
n = 65536
q = n // 4
parts = [{"label": k + 1, "text": " ".join("w%d" % (k * q + i) for i in range(q))}
    for k in range(4)]
print(json.dumps({"id": "big/1", "bench": "adaleval", "task": "tsort",
    "vars": {"before": "", "after": "", "parts": parts}}))
' >"$t/case"
fake_start flat --lifetime 1200 --idle-exit 600 --logprobs flat
rc=0
(ulimit -t 20 && exec lg-ppl -q -m fake --base-url "$url" "$t/case") \
    >"$t/out" 2>"$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 0 ] || fail "exit $rc (over 20 s of CPU?): $(cat "$t/err")"
py '
r = json.loads(open(sys.argv[1]).readline())
p = r["ppl"]
assert len(p["candidates"]) == 24
for c in p["candidates"]:
    assert c["tokens"] == 65536 and c["nll"] == 1, c
assert p["order"] == [1, 2, 3, 4] and r["output"] == "Answer: [1, 2, 3, 4]"
' "$t/out" || fail "scores: $(head -c 300 "$t/out")"
fake_stop flat
exit 0
