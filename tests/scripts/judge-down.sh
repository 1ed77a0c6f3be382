#!/bin/sh
# The judge is down: the test server answers HTTP 500 to every request.
# Every model-judged mode (lg-judge's own judge, --hybrid and --compat, for
# LongGenBench and LongWeave, and --cf-relevance) leaves the checks it
# could not decide undecided; lg-agg (long and paper layouts), lg-compare
# and lg-report's page show them as undecided ("-", or the score over the
# decided checks) with their counts apart, never as 0 (lg(7), "Failed and
# undecided").  The answers are the oracle's with a third of the checks
# dropped: the rules fail those, so that --hybrid asks the judge of them,
# and every check the rules decide passes.
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
at_exit 'kill "${pid:-}"'
"$OBJ/helpers/fakeapi" -p 0 --port-file "$t/port" --idle-exit 600 --lifetime 3600 \
    --fault-rate 1 --faults 500 > /dev/null 2>&1 &
pid=$!
wait_ready "$t/port" "$pid" "the test server"
url=http://127.0.0.1:$(cat "$t/port")/v1

# the answers of two models (the same: lg-compare pairs them)
lg-gen longgenbench -l 16k -n 2 -t skyscraper,menu | lg-prompt > "$t/lgb.p"
for m in a b; do
	lg-oracle --model $m --drop 0.3 < "$t/lgb.p"
done | lg-split > "$t/lgb"
lg-gen longweave -l 1k -n 1 -t biog,sr,nw | lg-prompt > "$t/lw.p"
for m in a b; do
	lg-oracle --model $m --drop 0.3 < "$t/lw.p"
done > "$t/lw"
# cf as lg-flake8 leaves it: the relevance judge is asked of each
for m in a b; do
	jq -cn --arg m $m '{id: "cf/1k/1", bench: "longweave", task: "cf",
	    length: "1k", gen: {model: $m}, vars: {code: "def f(x):\n    return x"},
	    output: "```python\ndef f(x):\n    return x\n```",
	    scores: {score: 0.8, runnable: 1}}'
done > "$t/cf"
# not vacuous: the rules fail the dropped checks
lg-judge --rules < "$t/lgb" | lg-agg -f json |
    jq -e -s 'all(.[]; .stic2 < 100 and .stic2 > 0)' > /dev/null ||
    fail "the rules pass every check: nothing for the judge to decide"

judge() {	# name input [options]
	n=$1 in=$2
	shift 2
	rc=0
	lg-judge --judge-base-url "$url" --judge-model judge --judge-retries 0 --retries 0 -P 8 \
	    "$@" < "$t/$in" > "$t/$n" 2> "$t/$n.err" || rc=$?
	[ "$rc" -eq 1 ] || fail "lg-judge $* ($in): status $rc, want 1: $(cat "$t/$n.err")"
	grep -q ' undecided (0 unparseable, [1-9][0-9]* failed requests)' "$t/$n.err" ||
	    fail "lg-judge $* ($in): no failed request: $(tail -1 "$t/$n.err")"
}
judge lgb-model lgb
judge lgb-hybrid lgb --hybrid
judge lgb-compat lgb --compat
judge lw-model lw
judge lw-hybrid lw --hybrid
judge lw-compat lw --compat
judge cf-relevance cf --cf-relevance

# The tables, as text: no metric cell of a table with an undecided column
# reads 0; LongGenBench's STIC cells read "-" (nothing decided) or 100.0
# (the checks the rules decided, all passed); the undecided counts are
# there.
check='
import re
name, what, path = sys.argv[1], sys.argv[2], sys.argv[3]
hybrid = name == "lgb-hybrid"
keys = {"bench", "task", "length", "gen.model", "model", "cases", "failed",
        "undecided", "undec-items", "unscored", "cut", "\u00b1", "se", "metric", "test",
        "id", "status", "only A", "only B", "B-A", "B\u2212A", "95% CI", "p", "paired"}
stic = {"STIC-1", "STIC-2", "wAvg", "single", "range", "periodic"}
zero = re.compile(r"^-?0(\.0+)?$")
def bad(msg):
    print("FAIL: %s, %s: %s" % (name, what, msg)); sys.exit(1)
def check(tables):
    und = 0
    for head, rows in tables:
        if "undecided" not in head and "undec-items" not in head:
            continue
        for row in rows:
            if len(row) != len(head): bad("row %r under %r" % (row, head))
            r = dict(zip(head, row))
            und += int(r.get("undecided", "0")) + int(r.get("undec-items", "0"))
            for col, cell in r.items():
                if col in keys: continue
                v = cell.split("\u00b1")[0].strip()
                base = re.sub(r"^\d+k ", "", col)
                if base in stic and not name.startswith("lw") and not name.startswith("cf"):
                    if v not in (("-", "100.0") if hybrid else ("-",)):
                        bad("%s is %r in %r" % (col, cell, row))
                if zero.match(v) and base not in ("Len", "Len."):
                    bad("%s is %r in %r" % (col, cell, row))
    # the paper layout counts LongWeave records, not items: --hybrid
    # and --cf-relevance leave none whole undecided (a score over the
    # decided items, or the lg-flake8 score kept)
    if und == 0 and not (name in ("lw-hybrid", "cf-relevance") and
                         what.endswith("paper")):
        bad("no undecided count")
text = open(path).read()
if what == "lg-report":
    tables = []
    for tb in re.findall(r"<table class=\"sortable\">.*?</table>", text, re.S):
        head = [re.sub(r"<[^>]*>", "", h).strip()
                for h in re.findall(r"<th[^>]*>(.*?)</th>", tb, re.S)]
        rows = [[re.sub(r"<[^>]*>", "", c).replace(" \u00b1 ", "\u00b1").strip()
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
                for tr in re.findall(r"<tr>(<td.*?)</tr>", tb, re.S)]
        tables.append((head, rows))
    check(tables)
    idx = json.loads(re.search(r"<script type=\"application/json\" id=\"index\">(.*?)</script>",
                               text, re.S).group(1))
    for r in idx:
        # its score, and its status: undecided when it has none
        if r[7] == "failed" or r[6] == 0 or (r[6] is None) != (r[7] == "undecided"):
            bad("case %r" % (r,))
    sys.exit(0)
tables, head = [], None
for line in text.splitlines():
    if not line.strip():
        head = None
        continue
    # the paper layout names columns "16k STIC-2"
    cells = re.sub(r"\b(\d+k) (?=\S)", r"\1_", line).split()
    cells = [c.replace("_", " ", 1) if re.match(r"^\d+k_", c) else c for c in cells]
    if head is None:
        head = cells
        tables.append((head, []))
    else:
        tables[-1][1].append(cells)
check(tables)
'
for n in lgb-model lgb-hybrid lgb-compat lw-model lw-hybrid lw-compat cf-relevance; do
	lg-agg "$t/$n" > "$t/$n.agg" 2> "$t/$n.agg.err" || fail "lg-agg $n: status $?: $(cat "$t/$n.agg.err")"
	py "$check" $n "lg-agg" "$t/$n.agg"
	lg-agg --layout paper "$t/$n" > "$t/$n.paper" 2> "$t/$n.paper.err" ||
	    fail "lg-agg --layout paper $n: status $?: $(cat "$t/$n.paper.err")"
	py "$check" $n "lg-agg --layout paper" "$t/$n.paper"
	lg-report "$t/$n" > "$t/$n.html" 2> "$t/$n.html.err" ||
	    fail "lg-report $n: status $?: $(cat "$t/$n.html.err")"
	py "$check" $n "lg-report" "$t/$n.html"
done
# lg-compare: a case the judge decided nothing of is undecided, counted
# apart; the decided checks compare by what they are (hybrid: all pass).
# A LongGenBench case counts for CR, as lg-agg counts it, and has no
# score and no STIC (null, never 0).
for n in lgb-model lgb-compat; do
	lg-compare --by gen.model -f json "$t/$n" > "$t/$n.cmp" 2> "$t/$n.cmp.err" ||
	    fail "lg-compare $n: status $?: $(cat "$t/$n.cmp.err")"
	py '
rows = {r["metric"]: r for r in map(json.loads, open(sys.argv[2]))
        if r["row"] == "metric" and r["task"] == "menu"}
cr, sc = rows.get("cr"), rows.get("score")
bad = cr is None or cr["cases"] == 0 or cr["a"] is None or sc is None or \
    sc["cases"] != 0 or any(rows[m][s] is not None for m in
                            ("stic1", "stic2", "wavg") for s in ("a", "b"))
if bad:
    print("FAIL: lg-compare %s: %r" % (sys.argv[1], rows)); sys.exit(1)
' $n "$t/$n.cmp"
done
for n in lw-model lw-compat; do
	rc=0
	lg-compare --by gen.model "$t/$n" > "$t/$n.cmp" 2> "$t/$n.cmp.err" || rc=$?
	[ "$rc" -eq 1 ] && grep -q 'no case decided in both: [0-9]* cases in common, undecided' "$t/$n.cmp.err" ||
	    fail "lg-compare $n: status $rc: $(cat "$t/$n.cmp.err")"
done
for n in lgb-hybrid lw-hybrid cf-relevance; do
	lg-compare --by gen.model -f json "$t/$n" > "$t/$n.cmp" 2> "$t/$n.cmp.err" ||
	    fail "lg-compare $n: status $?: $(cat "$t/$n.cmp.err")"
	py '
name = sys.argv[1]
for l in open(sys.argv[2]):
    r = json.loads(l)
    if r["row"] != "metric": continue
    for side in ("a", "b"):
        v = r.get(side)
        if v is not None and v == 0:
            print("FAIL: lg-compare %s: %s %s of %s is 0" % (name, r["metric"], side, r["task"])); sys.exit(1)
        if (name == "lgb-hybrid" and r["metric"] in ("stic1", "stic2", "wavg", "checks")
                and v != 100):
            print("FAIL: lg-compare %s: %s %s is %r, want 100 (the decided checks)" %
                  (name, r["metric"], side, v)); sys.exit(1)
' $n "$t/$n.cmp"
done
exit 0
