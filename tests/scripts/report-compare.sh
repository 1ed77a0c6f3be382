#!/bin/sh
# lg-report's comparison section holds lg-compare's numbers: on a real
# pipeline run of the oracle and of the degraded oracle in one stream
# (LongGenBench and LongWeave), every row of the page's tables per task and
# length, of every metric (paired cases, unpaired counts, A, B, B-A, the
# interval, p, the test and its unit) is the row of lg-compare -f json --by
# gen.model=lg-oracle,oracle-degraded for the same group and metric, the
# page has a row for every one lg-compare gives, the checks row's p is
# shown with its caveat beside it (a check is not an independent unit),
# and the summary of each bench pools its groups' cases; --baseline
# oracle-degraded makes it A, as lg-compare --baseline does; a case left out of
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
        rows.append([bench] + c[:14])  # the last cell: a link (score rows) or empty
def words(t, metric):
    w = {"mcnemar": "exact McNemar", "perm": "paired permutation"}.get(t, "-")
    if metric == "checks":
        return w + ", unit: a check. The checks of a case are not independent, and this test counts them as if they were: its p is far too small. Read the p of the score row (unit: a case)."
    return w + ", unit: a case"
def f2(v):
    return "-" if v is None else "%.2f" % (0.0 if v == 0 else v)
want = []
for line in open(sys.argv[2]):
    j = json.loads(line)
    if j.get("row") != "metric":
        continue
    want.append([j["bench"], j["task"], j["length"], j["metric"], str(j["cases"]), str(j["only_a"]),
                 str(j["only_b"]), str(j["undecided"]), str(j["unscored"]),
                 f2(j["a"]), f2(j["b"]), f2(j["diff"]),
                 "-" if j["lo"] is None else f2(j["lo"]) + ".." + f2(j["hi"]),
                 "-" if j["p"] is None else "%.3g" % j["p"], words(j["test"], j["metric"])])
if len(want) < 3 or not any(w[3] == "checks" for w in want):
    print("FAIL: lg-compare gave %d rows, no checks row" % len(want)); sys.exit(1)
if rows != want:
    print("FAIL: the page and lg-compare differ")
    for a, b in zip(rows, want):
        print(" page", a); print(" want", b)
    print(len(rows), len(want)); sys.exit(1)
sc = [r for r in rows if r[3] == "score"]
if sum(int(r[5]) for r in sc) != 1 or sum(int(r[6]) for r in sc) != 0:
    print("FAIL: the unpaired case is not counted"); sys.exit(1)
if sum(int(r[7]) for r in sc) != 1:
    print("FAIL: the undecided case is not counted"); sys.exit(1)
if not any(float(r[13]) < 0.05 for r in sc):
    print("FAIL: no significant difference against the degraded oracle")
    sys.exit(1)
# the summary per bench: lg-compare -g bench, its score row for each bench
pooled = dict(re.findall(r"<h4>([^<]*): pooled over its tasks and lengths</h4>\n<table.*?<tr><td>score</td><td class=\"num\">(\d+)</td>", sec, re.S))
if sorted(pooled) != ["longgenbench", "longweave"]:
    print("FAIL: no summary per bench: %s" % pooled); sys.exit(1)
for b in pooled:
    n = sum(int(r[4]) for r in sc if r[0] == b)
    if int(pooled[b]) != n:
        print("FAIL: %s pools %s cases, its groups %d" % (b, pooled[b], n)); sys.exit(1)
' "$t/page.html" "$t/cmp.json"
# --baseline: the degraded oracle is A, and the page's A and B are those of
# lg-compare --baseline oracle-degraded
./lg-report --baseline oracle-degraded --bootstrap 0 "$t/both" > "$t/base.html" ||
    fail "lg-report --baseline: status $?"
./lg-compare --by gen.model --baseline oracle-degraded -f json "$t/both" > "$t/base.json" ||
    fail "lg-compare --baseline: status $?"
py '
import re
page = open(sys.argv[1]).read()
sec = page[page.index("<h2 id=\"compare\">"):page.index("<h2 id=\"paper\">")]
heads = re.findall(r"<h3>A ([^,<]*), B ([^<]*)</h3>", sec)
s = json.loads(open(sys.argv[2]).readline())
want = [(s["a"].split("=", 1)[1], s["b"].split("=", 1)[1])]
if heads != want:
    print("FAIL: the page compares %s, lg-compare --baseline %s" % (heads, want)); sys.exit(1)
a = [json.loads(l) for l in open(sys.argv[2]) if "\"row\": \"metric\"" in l or "\"row\":\"metric\"" in l]
sec_rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td><td>score</td>(?:<td[^>]*>[^<]*</td>){5}<td class=\"num\">([^<]*)</td><td class=\"num\">([^<]*)</td>", sec)
got = sorted((r[0], r[1], r[2], r[3]) for r in sec_rows)
exp = sorted((j["task"], j["length"], "-" if j["a"] is None else "%.2f" % j["a"], "-" if j["b"] is None else "%.2f" % j["b"]) for j in a if j["metric"] == "score")
if not got or got != exp:
    print("FAIL: A and B per group differ: page %s, lg-compare %s" % (got, exp)); sys.exit(1)
' "$t/base.html" "$t/base.json"
exit 0
