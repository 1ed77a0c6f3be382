#!/bin/sh
# LongGenBench records through lg-agg and lg-compare give the same means.
# A record's numbers are its counts (CR from the entries, STIC-1 and
# STIC-2 from the checks, the undecided ones out), as lg-agg pools them:
# one with the counts but no scores.score is scored, never undecided;
# one whose checks the judge decided none of counts for CR; one lg-judge
# has not seen (entries only) for CR; a failed one (an error) is CR 0 with
# its checks missed.  lg-compare's score is scores.score, or where it is
# absent the share of the decided checks passed that lg-judge writes
# there, over the cases that have one on both sides.
set -eu
. "$TOP/tests/lib.sh"

rec() {	# model n scores-json [extra members]
	printf '{"id":"longgenbench/diary/16k/%s","bench":"longgenbench","task":"diary","length":"16k","gen":{"model":"%s"},"checks":[{"kind":"single","at":1},{"kind":"range","at":2},{"kind":"periodic","at":3},{"kind":"single","at":4}],"gold":{"number":10},"scores":%s%s}\n' \
	    "$2" "$1" "$3" "${4:-}"
}
cnt() {	# found words pass judged total [undecided]
	u=
	[ -z "${6:-}" ] || u=",\"stic_undecided\":$6,\"single_undecided\":$6"
	printf '{"entries_found":%s,"entries_expected":10,"words":%s,"stic_pass":%s,"stic_judged":%s,"stic_total":%s,"single_pass":%s,"single_judged":%s,"single_total":%s%s}' \
	    "$1" "$2" "$3" "$4" "$5" "$3" "$4" "$5" "$u"
}
{
	# 1: scored as lg-judge writes it, on both sides
	rec a 1 "$(cnt 10 900 3 4 4 | sed 's/^{/{"score":0.75,/')"
	rec b 1 "$(cnt 8 700 2 4 4 | sed 's/^{/{"score":0.5,/')"
	# 2: counts without scores.score (an import, a hand-made record)
	rec a 2 "$(cnt 6 500 1 3 4)"
	rec b 2 "$(cnt 9 800 4 4 4)"
	# 3: the judge decided none of its checks (no score): CR only in A
	rec a 3 "$(cnt 7 600 0 0 4 4)"
	rec b 3 "$(cnt 10 900 2 2 4 | sed 's/^{/{"score":0.5,/')"
	# 4: split, never judged (entries and words only)
	rec a 4 '{"entries_found":4,"entries_expected":10,"words":300}'
	rec b 4 "$(cnt 5 400 1 2 4)"
	# 5: failed in B
	rec a 5 "$(cnt 10 900 4 4 4 | sed 's/^{/{"score":1,/')"
	rec b 5 '{}' ',"error":{"stage":"lg-infer","message":"x"}'
} > "$t/in"

lg-agg -f json "$t/in" > "$t/agg" 2> "$t/agg.err" ||
    fail "lg-agg: status $?: $(cat "$t/agg.err")"
lg-compare -b 100 -f json --by gen.model "$t/in" > "$t/cmp" 2> "$t/cmp.err" ||
    fail "lg-compare: status $?: $(cat "$t/cmp.err")"
py '
agg = [json.loads(l) for l in open(sys.argv[1])]
cmp = [json.loads(l) for l in open(sys.argv[2])]
side = {"a": "a", "b": "b"}
rows = {r["metric"]: r for r in cmp if r["row"] == "metric"}
bad = []
def close(x, y):
    return (x is None and y is None) or (x is not None and y is not None and
                                         abs(x - y) < 1e-9)
for m in ("cr", "stic1", "stic2", "wavg"):
    r = rows.get(m)
    if r is None:
        bad.append("no %s row in lg-compare" % m)
        continue
    if r["cases"] != 5:
        bad.append("lg-compare %s over %d cases, lg-agg 5" % (m, r["cases"]))
    for g in agg:
        if g.get("bench") != "longgenbench":
            continue
        mine = r[side[g["gen"]["model"]]]
        if not close(mine, g[m]):
            bad.append("%s of %s: lg-compare %r, lg-agg %r" %
                       (m, g["gen"]["model"], mine, g[m]))
        if g["cases"] != 5:
            bad.append("lg-agg %s: %d cases" % (g["gen"]["model"], g["cases"]))
# the score: 1, 2 and 5 on both sides (3 has none in A, 4 none in A)
s = rows.get("score")
if s is None or s["cases"] != 3:
    bad.append("score row %r: want 3 cases" % s)
else:
    for k, v in (("a", 100 * (0.75 + 0.25 + 1) / 3), ("b", 100 * (0.5 + 1 + 0) / 3)):
        if not close(s[k], v):
            bad.append("score of %s: %r, want %r" % (k, s[k], v))
if [r for r in cmp if r["row"] == "undecided"] or cmp[0]["undecided"] != 0:
    bad.append("undecided cases: %r" % [r for r in cmp if r["row"] in ("summary", "undecided")])
if cmp[0]["paired"] != 5:
    bad.append("paired %r, want 5" % cmp[0]["paired"])
for b in bad:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
' "$t/agg" "$t/cmp" || fail "lg-agg and lg-compare disagree"
exit 0
