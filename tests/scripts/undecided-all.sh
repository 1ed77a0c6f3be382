#!/bin/sh
# The rule of lg(7), "Failed and undecided": a record whose score could not
# be decided carries an error or an undecided count, is shown as failed or
# undecided in every table, chart and report, and never as a model score of
# 0.  Hand-made records as lg-judge writes them when its judge is down
# (scores.undecided, no scores.score), partly undecided ones, failed ones,
# through lg-agg (every layout and format),
# lg-compare, lg-plot and lg-report.
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"

rec() {	# model id task score-json [extra members]
	printf '{"id":"%s","bench":"%s","task":"%s","length":"1k","gen":{"model":"%s"},"scores":%s%s}\n' \
	    "$2" "${5:-longweave}" "$3" "$1" "$4" "${6:-}"
}
for m in m1 m2; do
	# biog: 0.8; the judge down (all 5 facts undecided); 0.5 over the
	# facts it decided (2 undecided); an error (failed, counts 0)
	rec $m lw/biog/1k/1 biog '{"score":0.8}'
	rec $m lw/biog/1k/2 biog '{"undecided":5,"facts_total":5}'
	rec $m lw/biog/1k/3 biog '{"score":0.5,"undecided":2}'
	rec $m lw/biog/1k/4 biog '{}' longweave ',"error":{"stage":"lg-judge","message":"x"}'
	# sr and nw: every item of every case undecided
	rec $m lw/sr/1k/1 sr '{"undecided":4}'
	rec $m lw/sr/1k/2 sr '{"undecided":4}'
	rec $m lw/nw/1k/1 nw '{"undecided":3}'
	# Ada-LEval: one answer scored 1, one with scores but no score (a
	# record nothing scored is unscored: tests/scripts/unscored.sh)
	rec $m ada/ba/1k/1 bestanswer '{"score":1,"valid":1}' adaleval
	rec $m ada/ba/1k/2 bestanswer '{}' adaleval
done > "$t/in"
# m2's first biog case decided: it pairs with m1's
sed -i 's|"gen":{"model":"m2"},"scores":{"undecided":5,"facts_total":5}|"gen":{"model":"m2"},"scores":{"score":0.25}|' "$t/in"

# lg-agg, long layout, JSON: the numbers themselves
lg-agg -f json "$t/in" > "$t/agg.json" || fail "lg-agg -f json: status $?"
py '
rows = [json.loads(l) for l in open(sys.argv[1])]
def row(task, model, kind="cell", length="1k"):
    for r in rows:
        if (r.get("task") == task and r["gen"]["model"] == model and
                r.get("row", "cell") == kind and r.get("length") == length):
            return r
    print("FAIL: no %s row of %s %s" % (kind, task, model)); sys.exit(1)
def want(r, **kw):
    for k, v in kw.items():
        got = r.get(k)
        if (got != v if not isinstance(v, float) else
                got is None or abs(got - v) > 1e-9):
            print("FAIL: lg-agg json %s %s: %s is %r, want %r" %
                  (r["task"], r["gen"]["model"], k, got, v))
            sys.exit(1)
# biog m1: (0.8 + 0.5 + 0) / 3; the undecided case out of the mean
want(row("biog", "m1"), score=130 / 3.0, cases=3, failed=1, undecided=1,
     undecided_items=7)
want(row("biog", "m2"), score=155 / 4.0, cases=4, failed=1, undecided=0,
     undecided_items=2)
want(row("sr", "m1"), score=None, cases=0, failed=0, undecided=2,
     undecided_items=8)
want(row("sr", "m1", "avg", "avg"), score=None, undecided=2)
want(row("nw", "m1"), score=None, cases=0, undecided=1, undecided_items=3)
# overall: the mean of the cells that have cases: biog only
want(row("overall", "m1", "overall", "avg"), score=130 / 3.0, undecided=4,
     failed=1)
want(row("bestanswer", "m1"), score=100.0, cases=1, failed=0, undecided=1)
' "$t/agg.json"

# every format, long and paper layouts, with and without intervals: the
# cells of the undecided-only tasks are "-", never 0, and the undecided
# counts are there
for layout in long paper; do
	for f in table tsv csv md latex json; do
		for b in 0 200; do
			o=$t/agg-$layout-$f-$b
			lg-agg --layout $layout -f $f --bootstrap $b "$t/in" > "$o" 2> "$o.err" ||
			    fail "lg-agg --layout $layout -f $f --bootstrap $b: status $?: $(cat "$o.err")"
			py '
import re
layout, fmt, path = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path).read()
def cells(line):
    if fmt == "tsv": return [c.strip() for c in line.split("\t")]
    if fmt == "csv": return [c.strip() for c in line.split(",")]
    if fmt == "md": return [c.strip() for c in line.strip().strip("|").split("|")]
    if fmt == "latex":
        return [c.strip().rstrip("\\").strip().replace("\\%", "%")
                for c in line.split("&")]
    return line.split()
def bad(msg):
    print("FAIL: lg-agg --layout %s -f %s (%s): %s" % (layout, fmt, path, msg))
    sys.exit(1)
zero = re.compile(r"^0(\.0+)?(\xc2\xb1.*|\u00b1.*)?$")
if fmt == "json":
    rows = [json.loads(l) for l in text.splitlines()]
    if layout == "long":
        for r in rows:
            if r.get("task") in ("sr", "nw") and r.get("row") != "overall":
                if r.get("score") is not None or not r.get("undecided"):
                    bad("row %r" % r)
    else:
        lw = [r for r in rows if r["bench"] == "longweave"]
        # the random-guess row has no counts of its own
        ada = [r for r in rows if r["bench"] == "adaleval" and
               r.get("row") != "random"]
        if len(lw) != 2 or len(ada) != 2: bad("rows %r" % rows)
        for r in lw:
            if r["SR"] is not None or r["NW"] is not None: bad("row %r" % r)
            if r["undecided"] != (4 if r["model"] == "m1" else 3) or r["failed"] != 1:
                bad("counts %r" % r)
        for r in ada:
            if r["undecided"] != 1 or r["1k"] != 100: bad("row %r" % r)
    sys.exit(0)
lines = [l for l in text.splitlines() if l.strip() and
         not re.match(r"^[|: -]+$", l) and not l.startswith("\\")]
heads = [cells(l) for l in lines if "undecided" in cells(l)]
if not heads: bad("no undecided column")
def rows_under(col):
    """The rows of the tables whose header holds undecided and col."""
    head = None
    for l in lines:
        c = cells(l)
        if "undecided" in c:
            head = c
        elif head is not None and len(c) == len(head) and col in head:
            yield l, dict(zip(head, c))
seen = 0
if layout == "long":
    # the row of each undecided-only cell: its score cell is "-"
    for l, r in rows_under("task"):
        if r["task"] in ("sr", "nw") and r["length"] == "1k":
            seen += 1
            if r["score%"] != "-" or r["undecided"] not in ("1", "2"):
                bad("row %r" % l)
        if r["task"] == "biog" and r["gen.model"] == "m1":
            seen += 1
            if r["undecided"] != "1" or r["failed"] != "1" or r["undec-items"] != "7":
                bad("row %r" % l)
    if seen != 6: bad("%d rows of sr, nw and biog m1, want 6" % seen)
else:
    for l, r in rows_under("SR"):
        seen += 1
        if r["SR"] != "-" or r["NW"] != "-" or zero.match(r["SR"]):
            bad("row %r" % l)
        if r["undecided"] != ("4" if r["model"] == "m1" else "3"):
            bad("row %r" % l)
    if seen != 2: bad("%d LongWeave rows, want 2" % seen)
' $layout $f "$o"
		done
	done
done

# lg-compare: the undecided cases are left out of the pairs and counted
lg-compare --by gen.model -f json "$t/in" > "$t/cmp.json" ||
    fail "lg-compare: status $?"
py '
rows = [json.loads(l) for l in open(sys.argv[1])]
s = rows[0]
if s["undecided"] != 5 or s["paired"] != 4:
    print("FAIL: lg-compare summary %r: want 4 paired, 5 undecided" % s); sys.exit(1)
m = {(r["task"], r["metric"]): r for r in rows if r["row"] == "metric"}
b = m[("biog", "score")]
# biog: cases 1 and 3 paired (2 undecided in m1, 4 failed in both: 0)
if b["cases"] != 3 or b["undecided"] != 1:
    print("FAIL: lg-compare biog %r" % b); sys.exit(1)
if ("sr", "score") in m and m[("sr", "score")]["cases"] != 0:
    print("FAIL: lg-compare compared undecided sr cases"); sys.exit(1)
und = sorted((r["task"], r["case"], r["side"]) for r in rows if r["row"] == "undecided")
if und != [("bestanswer", "ada/ba/1k/2", "both"), ("biog", "lw/biog/1k/2", "a"),
           ("nw", "lw/nw/1k/1", "both"), ("sr", "lw/sr/1k/1", "both"),
           ("sr", "lw/sr/1k/2", "both")][:len(und)] or len(und) != 5:
    print("FAIL: lg-compare undecided rows %r" % und); sys.exit(1)
' "$t/cmp.json"
lg-compare --by gen.model "$t/in" > "$t/cmp.txt" || fail "lg-compare: status $?"
grep -q 'undecided in A or B 5' "$t/cmp.txt" || fail "lg-compare: no undecided count: $(head -3 "$t/cmp.txt")"

# lg-plot: no bar or point at 0 for an undecided cell, and the count said
lg-plot -o "$t/plots" "$t/in" > "$t/plots.txt" || fail "lg-plot: status $?"
lw=$t/plots/longweave.svg
[ -f "$lw" ] || fail "lg-plot wrote no longweave chart"
grep -q '7 undecided (no score: left out)' "$lw" || fail "lg-plot: no undecided count in the longweave chart"
grep -q '2 failed' "$lw" || fail "lg-plot: no failed count in the longweave chart"
grep -q 'height="0.0"' "$lw" && fail "lg-plot: a bar at 0 in the longweave chart"
grep -q '2 undecided' "$t/plots/adaleval.svg" || fail "lg-plot: no undecided count in the adaleval chart"
# a chart of undecided records only is still written, saying so
grep '"sr"' "$t/in" > "$t/sr"
lg-plot -o "$t/plots-sr" "$t/sr" > /dev/null || fail "lg-plot sr: status $?"
grep -q '4 undecided' "$t/plots-sr/longweave.svg" || fail "lg-plot: the undecided-only chart is missing"

# lg-report: undecided cases are shown so, never failed, never 0
lg-report "$t/in" > "$t/page.html" || fail "lg-report: status $?"
py '
import re
page = open(sys.argv[1]).read()
idx = json.loads(re.search(r"<script type=\"application/json\" id=\"index\">(.*?)</script>",
                           page, re.S).group(1))
st = {(r[5], r[1]): (r[6], r[7]) for r in idx}
for key in [("m1", "lw/biog/1k/2"), ("m1", "lw/sr/1k/1"), ("m2", "lw/nw/1k/1"),
            ("m1", "ada/ba/1k/2")]:
    if st[key] != (None, "undecided"):
        print("FAIL: lg-report case %r is %r" % (key, st[key])); sys.exit(1)
if st[("m1", "lw/biog/1k/4")][1] != "failed":
    print("FAIL: lg-report: the failed case is %r" % (st[("m1", "lw/biog/1k/4")],)); sys.exit(1)
# the tables are those of lg-agg (every group) and lg-compare (the comparison)
sec = page[page.index("<h2 id=\"groups\">"):page.index("<h2 id=\"cost\">")]
cell = r"<td[^>]*>([^<]*)(?:<span class=\"pm\"> \u00b1 ([^<]*)</span>)?</td>"
rows = [re.findall(cell, r) for r in re.findall(r"<tr>(<td.*?)</tr>", sec)]
got = {(r[0][0], r[1][0], r[2][0]): [r[3][0], r[3][1]] + [c[0] for c in r[5:8]] for r in rows}
# score, its interval (none without a counted case), cases, failed,
# undecided, as lg-agg counts them (cases: those in the mean)
want = {("sr", "1k", "m1"): ["-", "", "0", "0", "2"],
        ("biog", "1k", "m1"): ["43.3", "40.0", "3", "1", "1"],
        ("bestanswer", "1k", "m1"): ["100.0", "0.0", "1", "0", "1"]}
for k, v in want.items():
    if got.get(k) != v:
        print("FAIL: lg-report scores row %r is %r, want %r" % (k, got.get(k), v)); sys.exit(1)
cmp = page[page.index("<h2 id=\"compare\">"):page.index("<h2 id=\"paper\">")]
rows = [re.findall(r"<td[^>]*>([^<]*)</td>", r) for r in re.findall(r"<tr>(<td.*?)</tr>", cmp)]
und = {r[0]: (r[3], r[6]) for r in rows if len(r) > 6 and r[2] == "score"}
if und.get("biog") != ("3", "1") or und.get("sr", ("0", "2"))[1] != "2":
    print("FAIL: lg-report comparison: paired and undecided %r" % und); sys.exit(1)
' "$t/page.html"
exit 0
