#!/bin/sh
# Issue 33: a record no scorer touched (no scores, no error) is unscored:
# counted in an "unscored" column of its own, never a 0 and never failed,
# its group's metric cells "-" when it has nothing else, and lg-agg says
# once on stderr how many and of which tasks, naming lg-score.  Records of
# each bench; a LongGenBench record split but never judged is scored for
# CR, its STIC cells "-".
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"

rec() {	# bench task id [members]
	printf '{"id":"%s","bench":"%s","task":"%s","length":"1k","gen":{"model":"m"}%s}\n' \
	    "$3" "$1" "$2" "${4:-}"
}
{
	rec longgenbench diary lgb/d/1 ',"checks":[{"kind":"single","at":1}],"gold":{"number":4}'
	rec longgenbench diary lgb/d/2 ',"scores":null'
	rec longgenbench menu lgb/m/1 ',"scores":{"entries_found":2,"entries_expected":4,"words":30}'
	rec longweave kvg lw/k/1
	rec longweave kvg lw/k/2
	rec adaleval bestanswer ada/b/1
	rec adaleval bestanswer ada/b/2 ',"scores":{"score":1,"valid":1}'
} > "$t/in"
msg='lg-agg: 5 records of adaleval/bestanswer, longgenbench/diary, longweave/kvg were never scored (no scores, no error): score them with lg-score'

for layout in long paper; do
	lg-agg --layout $layout -f json "$t/in" > "$t/$layout.json" 2> "$t/$layout.err" ||
	    fail "lg-agg --layout $layout -f json: status $?"
	[ "$(cat "$t/$layout.err")" = "$msg" ] ||
	    fail "lg-agg --layout $layout: stderr is: $(cat "$t/$layout.err")"
	lg-agg --layout $layout -f tsv "$t/in" > "$t/$layout.tsv" 2> "$t/$layout.tsv.err" ||
	    fail "lg-agg --layout $layout -f tsv: status $?"
	[ "$(grep -c 'never scored' "$t/$layout.tsv.err")" = 1 ] ||
	    fail "lg-agg --layout $layout -f tsv: the message not once: $(cat "$t/$layout.tsv.err")"
done
py '
import re
def bad(m): print("FAIL: " + m); sys.exit(1)
rows = [json.loads(l) for l in open(sys.argv[1])]
def row(task):
    for r in rows:
        if r.get("task") == task and r.get("row", "cell") == "cell":
            return r
    bad("long json: no row of %s" % task)
d = row("diary")
if d["unscored"] != 2 or d["failed"] != 0 or d["cases"] != 0 or d["cr"] is not None \
        or d["stic2"] is not None or d["wavg"] is not None:
    bad("long json diary %r" % d)
m = row("menu")
if m["unscored"] != 0 or m["cr"] != 50 or m["stic1"] is not None or m["stic2"] is not None:
    bad("long json menu (split, never judged) %r" % m)
k = row("kvg")
if k["unscored"] != 2 or k["failed"] != 0 or k["undecided"] != 0 or k["score"] is not None:
    bad("long json kvg %r" % k)
b = row("bestanswer")
if b["unscored"] != 1 or b["failed"] != 0 or b["undecided"] != 0 or b["score"] != 100:
    bad("long json bestanswer %r" % b)
p = [json.loads(l) for l in open(sys.argv[2])]
un = {r["bench"]: r["unscored"] for r in p if r.get("row") != "random"}
if un != {"longgenbench": 2, "longweave": 2, "adaleval": 1}:
    bad("paper json unscored %r" % un)
for r in p:
    if r.get("row") != "random" and r["failed"] != 0:
        bad("paper json: unscored counted as failed %r" % r)
# the tables: an unscored column, no 0 in the unscored cells
for path in sys.argv[3:]:
    head = None
    for l in open(path).read().splitlines():
        c = l.split("\t")
        if "unscored" in c:
            head = c
            continue
        if head is None or len(c) != len(head):
            continue
        r = dict(zip(head, c))
        if r.get("task") == "diary" and (r["CR"] != "-" or r["STIC-2"] != "-"
                or r["unscored"] != "2" or r["failed"] != "0"):
            bad("%s: diary row %r" % (path, l))
        if r.get("task") == "kvg" and (r["score%"] != "-" or r["unscored"] != "2"):
            bad("%s: kvg row %r" % (path, l))
        if r.get("model") == "m" and "16k CR" not in r and "1k CR" in r and \
                (not r["1k CR"].startswith("50.0") or r["unscored"] != "2"):
            bad("%s: LongGenBench paper row %r" % (path, l))
    if head is None:
        bad("%s: no unscored column" % path)
' "$t/long.json" "$t/paper.json" "$t/long.tsv" "$t/paper.tsv"

# lg-compare: a case nothing scored on a side is left out of the pairs,
# counted as unscored (never undecided, never a 0), and said once
sed 's/"model":"m"/"model":"n"/; s/"scores":{"score":1,"valid":1}/"scores":{"score":0,"valid":1}/' "$t/in" > "$t/in-n"
sed -i 's|"id":"lw/k/2","bench":"longweave","task":"kvg","length":"1k","gen":{"model":"n"}|&,"scores":{"score":0.5}|' "$t/in-n"
cat "$t/in" "$t/in-n" > "$t/both"
lg-compare --by gen.model -f json "$t/both" > "$t/cmp.json" 2> "$t/cmp.err" ||
    fail "lg-compare -f json: status $?: $(cat "$t/cmp.err")"
[ "$(grep -c 'lg-compare: 9 records of adaleval/bestanswer, longgenbench/diary, longweave/kvg were never scored (no scores, no error): score them with lg-score' "$t/cmp.err")" = 1 ] ||
    fail "lg-compare: stderr is: $(cat "$t/cmp.err")"
py '
rows = [json.loads(l) for l in open(sys.argv[1])]
s = rows[0]
# paired: ada/b/2, and menu, split but never judged, scored for CR as
# lg-agg scores it (no scores.score: no score row); unscored: diary 1 and
# 2, kvg 1 and 2, ada/b/1
if s["paired"] != 2 or s["unscored"] != 5 or s["undecided"] != 0 or \
        s["only_a"] != 0 or s["only_b"] != 0:
    print("FAIL: lg-compare summary %r" % s); sys.exit(1)
m = {r["metric"]: r for r in rows if r["row"] == "metric" and r.get("task") == "menu"}
if m.get("score", {}).get("cases") != 0 or m.get("cr", {}).get("cases") != 1 or \
        m["cr"]["a"] != 50 or m["stic2"]["a"] is not None:
    print("FAIL: lg-compare menu %r" % m); sys.exit(1)
uns = sorted(r["case"] for r in rows if r["row"] == "unscored")
if uns != ["ada/b/1", "lgb/d/1", "lgb/d/2", "lw/k/1", "lw/k/2"]:
    print("FAIL: lg-compare unscored rows %r" % uns); sys.exit(1)
for r in rows:
    if r["row"] == "metric" and r.get("task") == "kvg" and (r["cases"] != 0
            or r["a"] is not None or r["unscored"] != 2 or r["undecided"] != 0):
        print("FAIL: lg-compare kvg %r" % r); sys.exit(1)
' "$t/cmp.json"
lg-compare --by gen.model "$t/both" > "$t/cmp.txt" 2> /dev/null || fail "lg-compare: status $?"
grep -q 'undecided in A or B 0, unscored in A or B 5' "$t/cmp.txt" ||
    fail "lg-compare: no unscored count: $(head -3 "$t/cmp.txt")"
grep -q '^cases never scored in a run' "$t/cmp.txt" ||
    fail "lg-compare: no listing of the unscored cases"

# lg-plot: no point for an unscored record, the count under each chart's
# title, the sentence once on stderr (without the record split but never
# judged: lg-plot wants lg-judge's counts of a scored LongGenBench record)
grep -v '"lgb/m/1"' "$t/in" > "$t/in-plot"
lg-plot -o "$t/plots" "$t/in-plot" > /dev/null 2> "$t/plot.err" || fail "lg-plot: status $?"
[ "$(cat "$t/plot.err")" = "$(echo "$msg" | sed 's/^lg-agg/lg-plot/')" ] ||
    fail "lg-plot: stderr is: $(cat "$t/plot.err")"
grep -q '2 unscored (never scored: left out)' "$t/plots/longweave.svg" ||
    fail "lg-plot: no unscored count in the longweave chart"
grep -q '1 unscored (never scored: left out)' "$t/plots/adaleval.svg" ||
    fail "lg-plot: no unscored count in the adaleval chart"
grep -q '2 unscored (never scored: left out)' "$t/plots/lgb-tiers.svg" ||
    fail "lg-plot: no unscored count in the lgb-tiers chart"
grep -q 'failed' "$t/plots/lgb-tiers.svg" "$t/plots/longweave.svg" &&
    fail "lg-plot: unscored records shown as failed"

# lg-report: the sentence on the page and once on stderr (nothing else:
# not lg-agg --table N's records of other papers), the unscored columns of lg-agg's
# tables, and each unscored case so marked
lg-report "$t/in-plot" > "$t/page.html" 2> "$t/report.err" || fail "lg-report: status $?"
[ "$(cat "$t/report.err")" = "$(echo "$msg" | sed 's/^lg-agg/lg-report/')" ] ||
    fail "lg-report: stderr is: $(cat "$t/report.err")"
grep -q "<p class=\"fail\">$(echo "$msg" | sed 's/^lg-agg: //')" "$t/page.html" ||
    fail "lg-report: the sentence is not on the page"
py '
import re
page = open(sys.argv[1]).read()
if page.count("<th>unscored</th>") < 3:
    print("FAIL: lg-report: no unscored columns"); sys.exit(1)
idx = json.loads(re.search(r"<script type=\"application/json\" id=\"index\">(.*?)</script>",
                           page, re.S).group(1))
st = {r[1]: r[7] for r in idx}
for c in ["lgb/d/1", "lgb/d/2", "lw/k/1", "lw/k/2", "ada/b/1"]:
    if st.get(c) != "unscored":
        print("FAIL: lg-report case %s is %r" % (c, st.get(c))); sys.exit(1)
' "$t/page.html"
