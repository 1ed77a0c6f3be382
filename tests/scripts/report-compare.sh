#!/bin/sh
# lg-report's comparison section holds lg-compare's numbers: on a real
# pipeline run of the oracle and of the degraded oracle in one stream
# (LongGenBench and LongWeave), every score row of the page's tables per
# task and length (paired cases, unpaired counts, A, B, B-A, the interval,
# p, the test) is the score row of lg-compare --by
# gen.model=lg-oracle,oracle-degraded for the same group, the page has a
# row for every group lg-compare gives, and the summary of each bench pools
# its groups' cases; a case left out of
# one model is counted as unpaired on both sides, and a case the judge
# decided nothing of for one model (no score, no error) as undecided on
# both, never a 0.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"
export LG_SHARE="$TOP/share"
{
	./lg-gen longgenbench -l 16k -n 4 -s 7
	./lg-gen longweave -t kvg -l 1k,2k -n 6 -s 3
} | ./lg-prompt > "$t/cases"
score() {	# oracle options...
	./lg-oracle "$@" < "$t/cases" | ./lg-split | ./lg-judge --rules |
	    ./lg-kvcheck | ./lg-fsmcheck
}
score > "$t/oracle"
score --model oracle-degraded --stop-at 0.8 --forget-after 0.6 --drop 0.2 |
    sed 1d > "$t/degraded.all"	# one case of the oracle only
# the last case undecided for the degraded model
py '
lines = open(sys.argv[1]).read().splitlines()
j = json.loads(lines[-1])
j["scores"] = {"undecided": 3}
j.pop("error", None)
lines[-1] = json.dumps(j)
print("\n".join(lines))
' "$t/degraded.all" > "$t/degraded"
cat "$t/oracle" "$t/degraded" > "$t/both"
./lg-report "$t/both" > "$t/page.html" || fail "lg-report: status $?"
./lg-compare --by gen.model=lg-oracle,oracle-degraded -f json "$t/both" \
    > "$t/cmp.json" || fail "lg-compare: status $?"
py '
import re
page = open(sys.argv[1]).read()
sec = page[page.index("<h2 id=\"compare\">"):page.index("<h2 id=\"paper\">")]
rows = []
for bench, tab in re.findall(r"<summary>([^<]*): per task and length</summary>\n(<table.*?</table>)", sec, re.S):
    for r in re.findall(r"<tr>(<td.*?)</tr>", tab):
        c = re.findall(r"<td[^>]*>([^<]*)</td>", r)
        if c[2] == "score":
            rows.append([bench] + c[:2] + c[3:])
def f2(v):
    return "-" if v is None else "%.2f" % (0.0 if v == 0 else v)
want = []
for line in open(sys.argv[2]):
    j = json.loads(line)
    if j.get("row") != "metric" or j["metric"] != "score":
        continue
    want.append([j["bench"], j["task"], j["length"], str(j["cases"]), str(j["only_a"]),
                 str(j["only_b"]), str(j["undecided"]), str(j["unscored"]),
                 f2(j["a"]), f2(j["b"]), f2(j["diff"]),
                 "-" if j["lo"] is None else f2(j["lo"]) + ".." + f2(j["hi"]),
                 "-" if j["p"] is None else "%.3g" % j["p"], j["test"]])
if len(want) < 3:
    print("FAIL: lg-compare gave %d score rows" % len(want)); sys.exit(1)
if rows != want:
    print("FAIL: the page and lg-compare differ")
    for a, b in zip(rows, want):
        print(" page", a); print(" want", b)
    print(len(rows), len(want)); sys.exit(1)
if sum(int(r[4]) for r in rows) != 1 or sum(int(r[5]) for r in rows) != 0:
    print("FAIL: the unpaired case is not counted"); sys.exit(1)
if sum(int(r[6]) for r in rows) != 1:
    print("FAIL: the undecided case is not counted"); sys.exit(1)
if not any(float(r[12]) < 0.05 for r in rows):
    print("FAIL: no significant difference against the degraded oracle")
    sys.exit(1)
# the summary per bench: lg-compare -g bench, its score row for each bench
pooled = dict(re.findall(r"<h4>([^<]*): pooled over its tasks and lengths</h4>\n<table.*?<tr><td>score</td><td class=\"num\">(\d+)</td>", sec, re.S))
if sorted(pooled) != ["longgenbench", "longweave"]:
    print("FAIL: no summary per bench: %s" % pooled); sys.exit(1)
for b in pooled:
    n = sum(int(r[3]) for r in rows if r[0] == b)
    if int(pooled[b]) != n:
        print("FAIL: %s pools %s cases, its groups %d" % (b, pooled[b], n)); sys.exit(1)
' "$t/page.html" "$t/cmp.json"
exit 0
