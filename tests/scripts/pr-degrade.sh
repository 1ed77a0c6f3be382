#!/bin/sh
# lg-oracle's degradations of pr answers and what lg-tau makes of them.
#   --stop-at F      the first floor(F*n) segments, in order: score
#                    k(k-1)/2 over n(n-1)/2, the rest missing
#   --forget-after F the head in order, the tail shuffled: every pair that
#                    touches the head is right, so score >= that share
#   --drop P         positions swapped at random: all returned, some wrong;
#                    the same seed gives the same answers, another seed not
set -eu
. "$TOP/tests/lib.sh"
d=$t

sh "$TOP/tests/mkcorpus.sh" "$d/corpus" 3 60
lg-gen longweave -t pr -l 1k,2k,4k -n 10 --corpus "$d/corpus" > "$d/cases"

lg-oracle --stop-at 0.5 "$d/cases" | lg-tau > "$d/stop"
lg-oracle --stop-at 0 "$d/cases" | lg-tau > "$d/stop0"
lg-oracle --forget-after 0.5 "$d/cases" | lg-tau > "$d/forget"
lg-oracle --drop 0.3 "$d/cases" | lg-tau > "$d/drop"
lg-oracle --drop 0.3 "$d/cases" | lg-tau | cmp -s - "$d/drop" || fail "--drop is not deterministic"
lg-oracle -s 5 --drop 0.3 "$d/cases" | lg-tau | cmp -s - "$d/drop" && fail "-s 5 changed nothing"
lg-oracle --drop 0 "$d/cases" | lg-tau > "$d/drop0"

python3 - "$d" <<'EOF'
import json, sys
d = sys.argv[1]
def recs(name):
    return [json.loads(l) for l in open(d + "/" + name)]
bad = []
for r in recs("stop"):
    s, n = r["scores"], r["scores"]["n"]
    k = n // 2
    want = (k * (k - 1) / 2) / (n * (n - 1) / 2)
    if abs(s["score"] - want) > 1e-12 or s["returned"] != k or s["missing"] != n - k \
            or r["gen"]["finish_reason"] != "length":
        bad.append(("stop", r["id"], s))
for r in recs("stop0"):
    if r["output"] != "" or r["scores"]["score"] != 0:
        bad.append(("stop0", r["id"], r["scores"]))
below = 0
for r in recs("forget"):
    s, n = r["scores"], r["scores"]["n"]
    k = n // 2
    bound = (k * (k - 1) / 2 + k * (n - k)) / (n * (n - 1) / 2)
    if s["score"] < bound - 1e-12 or s["returned"] != n:
        bad.append(("forget", r["id"], s))
    below += s["score"] < 1
if below == 0:
    bad.append(("forget", "no case below the maximum"))
scores = []
for r in recs("drop"):
    s = r["scores"]
    scores.append(s["score"])
    if s["returned"] != s["n"] or s["duplicate"] or s["unknown"]:
        bad.append(("drop", r["id"], s))
if not (0.3 < sum(scores) / len(scores) < 0.95):
    bad.append(("drop", "mean", sum(scores) / len(scores)))
if any(r["scores"]["score"] != 1 for r in recs("drop0")):
    bad.append(("drop0", "not all at the maximum"))
for b in bad:
    print(*b)
sys.exit(1 if bad else 0)
EOF
