#!/bin/sh
# lg-gen | lg-prompt | lg-oracle | lg-flake8 on cf: the reference answers
# score the maximum in every case (0.9934 under --compat, the published
# W292), and the oracle's failures cost what they should: --drop 1 leaves
# the program as given but for its function names (it still runs, its
# style drops), --stop-at 0.5 cuts it (fewer functions).
set -u
. "$TOP/tests/lib.sh"
need_py
"$BIN/lg-gen" longweave -t cf -l 1k,2k,4k,8k -n 2 | "$BIN/lg-prompt" > "$t/p.jsonl" || exit 1
"$BIN/lg-oracle" "$t/p.jsonl" > "$t/o.jsonl" || exit 1
"$BIN/lg-flake8" "$t/o.jsonl" > "$t/max.jsonl" || exit 1
"$BIN/lg-flake8" --compat "$t/o.jsonl" > "$t/compat.jsonl" || exit 1
"$BIN/lg-oracle" --drop 1 "$t/p.jsonl" | "$BIN/lg-flake8" > "$t/drop.jsonl" || exit 1
"$BIN/lg-oracle" --stop-at 0.5 "$t/p.jsonl" | "$BIN/lg-flake8" > "$t/stop.jsonl" || exit 1
"$py" - "$t" <<'PY'
import json, sys
t = sys.argv[1]
def load(n):
    return [json.loads(l) for l in open("%s/%s.jsonl" % (t, n))]
bad = []
def want(cond, msg):
    if not cond:
        bad.append(msg)
m = load("max")
want(len(m) == 8, "%d records" % len(m))
for r in m:
    s = r["scores"]
    want(s["score"] == 1 and s["flake8_fixed"] == 0 and s["flake8_orig"] > 0, "%s: %r" % (r["id"], s))
for r in load("compat"):
    s = r["scores"]
    want(abs(s["score"] - 3 / (2 + 1.02)) < 1e-12 and s["remaining"] == {"W": 1}, "compat %s: %r" % (r["id"], s))
for r, o in zip(load("drop"), m):
    s = r["scores"]
    want(s["runnable"] == 1 and s["functions"] == 1, "drop %s: %r" % (r["id"], s))
    # as given, but for the names of functions, which stay fixed
    want(0 < s["flake8_fixed"] <= s["flake8_orig"] == o["scores"]["flake8_orig"], "drop %s: %r" % (r["id"], s))
    want(s["style"] < 1, "drop %s style %r" % (r["id"], s["style"]))
stop = [r["scores"] for r in load("stop")]
want(all(s["defs_fixed"] < s["defs_orig"] for s in stop), "stop-at: %r" % [s["defs_fixed"] for s in stop])
want(all(s["score"] < 1 for s in stop), "stop-at scores %r" % [s["score"] for s in stop])
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
