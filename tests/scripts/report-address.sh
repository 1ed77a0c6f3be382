#!/bin/sh
# lg-report's page in headless Chromium, used as a reader shares it: its
# address follows what is shown and shows it again.  Two models, the
# baseline z-base named by --baseline (it sorts after m-tuned), on TSort
# and LongGenBench, their ids full of characters an address must escape
# (quotes, slashes, '#', '%', '&', '=', a space, a NUL, non-ASCII).
# Opening a case by a click writes #case=ID&of=MODEL&beside=MODEL, each
# value encoded, and that address, opened afresh, shows the same case;
# closing it takes case= out; an address changed by hand shows its case,
# and back shows the one before.  The regressions list holds exactly the
# cases where the model scores below the baseline on the same case, worst
# first; without --baseline A is m-tuned and the list is another; the
# address #change=neg lists them too, #smin=100&smax=100 the cases scored
# 100.  Each metric of the records (LongGenBench's CR ... Len, Ada-LEval's
# IF and tau) is offered, and chosen, its regressions are exactly the
# cases where B is below A by it, the heading, the list's sort by the
# change and the address follow it.  A click on a verdict marks the entry it judged in the output, and
# only it.
# plain build only: the page's script in a browser; lg-report's C runs
# under the sanitizers in the lg-report goldens and report-compare.sh
set -eu
. "$TOP/tests/lib.sh"
export HOME=$t
browser_start

lg-gen adaleval -t tsort -l 2k -n 4 -s 1 --corpus "$TOP/share/corpora/austen" \
    2>/dev/null | lg-prompt > "$t/tsort.cases"
lg-gen longgenbench -l 16k -n 1 -s 3 | lg-prompt > "$t/lgb.cases"
weak() { lg-oracle --model m-tuned --stop-at 0.7 --forget-after 0.6 --drop 0.5; }
{
	lg-oracle --model z-base < "$t/tsort.cases"
	weak < "$t/tsort.cases"
} | lg-choice > "$t/scored"
{
	lg-oracle --model z-base < "$t/lgb.cases"
	weak < "$t/lgb.cases"
} | lg-split | lg-judge --rules >> "$t/scored"
# hostile ids, the same for a case of either model
py '
ids = {}
for line in open(sys.argv[1]):
    j = json.loads(line)
    k = j["id"]
    if k not in ids:
        ids[k] = "q\"\x27 a/b#c%%d&e=f \x00 \u00e9 <i>%d" % len(ids)
    j["id"] = ids[k]
    print(json.dumps(j))
' "$t/scored" > "$t/run.jsonl"
n=$(wc -l < "$t/run.jsonl")
lg-report --bootstrap 0 --baseline z-base "$t/run.jsonl" > "$t/page.html" 2> "$t/err" ||
    fail "lg-report: $(cat "$t/err")"
lg-report --bootstrap 0 "$t/run.jsonl" > "$t/default.html" 2> "$t/err" ||
    fail "lg-report without --baseline: $(cat "$t/err")"

browse() {	# OUT-PREFIX URL: dump the DOM after the scripts
	browse_page "$1" "$2" 30000
	! grep -o 'data-error="[^"]*"' "$1.out" || fail "script error in $2"
}
drive() {	# PAGE OUT-PREFIX: the page used by tests/lg-report/drive.js
	sed "s|</body>|<script>$(sed 's/[|&\\]/\\&/g' "$TOP/tests/lg-report/drive.js" | tr '\n' ' ')</script></body>|" \
	    "$1" > "$2.html"
	browse "$2" "file://$2.html"
	py '
import html, re
m = re.search(r"<pre id=\"drive\">(.*?)</pre>", open(sys.argv[1]).read(), re.S)
if not m:
    print("FAIL: the driver did not finish"); sys.exit(1)
print(html.unescape(m.group(1)))
' "$2.out" > "$2.json"
}
drive "$t/page.html" "$t/d"
drive "$t/default.html" "$t/d0"
py '
import re
from urllib.parse import unquote
page = open(sys.argv[1]).read()
idx = json.loads(re.search(r"id=\"index\">(.*?)</script>", page, re.S).group(1))
d = json.load(open(sys.argv[2]))
d0 = json.load(open(sys.argv[3]))
recs = [json.loads(l) for l in open(sys.argv[4])]
if len(idx) != len(recs) or len(d["clicks"]) != len(recs):
    print("FAIL: %d cases, %d clicked" % (len(recs), len(d["clicks"]))); sys.exit(1)
def params(h):
    out = {}
    for p in h.lstrip("#").split("&"):
        if "=" in p:
            k, v = p.split("=", 1)
            out[unquote(k)] = unquote(v)
    return out
addr = open(sys.argv[5], "w")
for n, h, shown in d["clicks"]:
    p = params(h)
    if p.get("case") != recs[n]["id"] or p.get("of") != recs[n]["gen"]["model"] or shown != str(n):
        print("FAIL: case %d opened: address %r, shown %r" % (n, h, shown)); sys.exit(1)
    other = "m-tuned" if recs[n]["gen"]["model"] == "z-base" else "z-base"
    if p.get("beside") != other:
        print("FAIL: case %d: beside %r, want %s" % (n, p.get("beside"), other)); sys.exit(1)
    if "\x00" not in p["case"] or "#" not in p["case"] or "%" not in p["case"]:
        print("FAIL: the id lost a character: %r" % p["case"]); sys.exit(1)
    addr.write("%d %s\n" % (n, h))
for h in d["closed"]:
    if "case=" in h:
        print("FAIL: a closed case left in the address: %r" % h); sys.exit(1)
def regressions(base):
    score = lambda r: r.get("scores", {}).get("score")
    a = {(r["bench"], r["task"], r["length"], r["id"]): score(r) for r in recs if r["gen"]["model"] == base}
    out = []
    for n, r in enumerate(recs):
        k = (r["bench"], r["task"], r["length"], r["id"])
        if r["gen"]["model"] != base and k in a and score(r) is not None and a[k] is not None and score(r) < a[k]:
            out.append((score(r) - a[k], r["id"], n))
    return [n for _, _, n in sorted(out)]
want = regressions("z-base")
if not want or d["regr"] != want:
    print("FAIL: regressions %s, want %s (B below A, worst first)" % (d["regr"], want)); sys.exit(1)
# every metric of the list: the regressions by it are exactly the cases
# where B is below A by that metric (those of LongGenBench as lg-agg
# reads a record, IF and tau of Ada-LEval), worst first; the heading and
# the address say it; the list sorts by its change
def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0 and 0 <= a <= b else None
def metric(r, m):
    sc = r.get("scores")
    if m == "":
        v = sc.get("score") if isinstance(sc, dict) else None
        return v if "error" not in r else None
    if not isinstance(sc, dict) or r.get("error") is not None:
        return None
    g = lambda k: sc.get(k)
    dec = lambda p: ratio(g(p + "_pass"), None if g(p + "_total") is None else g(p + "_total") - (g(p + "_undecided") or 0))
    if r["bench"] == "longgenbench":
        cr, s2 = ratio(g("entries_found"), g("entries_expected")), dec("stic")
        return {"cr": cr, "stic1": ratio(g("stic_pass"), g("stic_judged")), "stic2": s2,
                "wavg": cr * s2 if cr is not None and s2 is not None else None,
                "single": dec("single"), "range": dec("range"), "periodic": dec("periodic"),
                "len": g("words")}.get(m)
    if r["bench"] == "adaleval" and g("valid") is not None:
        ok = 1 if g("valid") > 0 else 0
        return {"if": ok, "tau": g("tau") if ok and g("tau") is not None else None}.get(m)
    return None
def regressions_by(base, m):
    a = {(r["bench"], r["task"], r["length"], r["id"]): metric(r, m) for r in recs if r["gen"]["model"] == base}
    out = []
    for n, r in enumerate(recs):
        k = (r["bench"], r["task"], r["length"], r["id"])
        v = metric(r, m)
        if r["gen"]["model"] != base and a.get(k) is not None and v is not None and v < a[k]:
            out.append((v - a[k], r["id"], n))
    return [n for _, _, n in sorted(out)]
names = {"": "score", "cr": "CR", "stic1": "STIC-1", "stic2": "STIC-2", "wavg": "wAvg",
         "single": "single", "range": "range", "periodic": "periodic", "len": "Len", "if": "IF", "tau": "tau"}
have = sorted(m for m in names if any(metric(r, m) is not None for r in recs))
if sorted(d["metrics"]) != have:
    print("FAIL: metrics offered %s, want %s" % (sorted(d["metrics"]), have)); sys.exit(1)
for m, got in d["metrics"].items():
    want = regressions_by("z-base", m)
    if got["regr"] != want:
        print("FAIL: regressions by %r: %s, want %s" % (m, got["regr"], want)); sys.exit(1)
    if m and (got["head"] != "B\u2212A (%s)" % names[m] or "metric=" + m not in got["hash"].split("&") and "#metric=" + m not in got["hash"]):
        print("FAIL: metric %r: heading %r, address %r" % (m, got["head"], got["hash"])); sys.exit(1)
    if ("by " + names[m]) not in got["says"]:
        print("FAIL: the regressions do not say their metric %r: %r" % (m, got["says"])); sys.exit(1)
    ch = [float(c.replace("\u2212", "-")) for _, c in got["list"] if c != "-"]
    if ch != sorted(ch) and ch != sorted(ch, reverse=True):
        print("FAIL: the list sorted by the change of %r: %s" % (m, ch)); sys.exit(1)
if not any(d["metrics"][m]["regr"] != d["metrics"][""]["regr"] for m in d["metrics"]):
    print("FAIL: no metric has other regressions than the score"); sys.exit(1)
if d0["regr"] != regressions("m-tuned"):
    print("FAIL: without --baseline: regressions %s, want %s" % (d0["regr"], regressions("m-tuned"))); sys.exit(1)
if d0["regr"] == d["regr"]:
    print("FAIL: --baseline did not change A"); sys.exit(1)
v = d["verdict"]
if not v or v.get("hit") != v.get("at") or v.get("marked", 0) < 1 or v.get("others") != 0 or not v.get("row"):
    print("FAIL: a verdict click: %s" % v); sys.exit(1)
if d["jump"] != "0" or d["back"] != d["before"] or d["before"] in (None, "0"):
    print("FAIL: address by hand shows %s (want 0), back %s (want %s)" % (d["jump"], d["back"], d["before"])); sys.exit(1)
' "$t/page.html" "$t/d.json" "$t/d0.json" "$t/run.jsonl" "$t/addr"
grep -q '<script type="application/json" id="baseline">"z-base"</script>' "$t/page.html" ||
    fail "--baseline z-base is not the page's baseline"
grep -q '<script type="application/json" id="baseline">"m-tuned"</script>' "$t/default.html" ||
    fail "without --baseline, the baseline is not the first model"
# the filters by change and by score range, from the address: the list
# holds the cases below the baseline, then those scored 100
browse "$t/neg" "file://$t/page.html#change=neg&sort=change"
browse "$t/top" "file://$t/page.html#smin=100&smax=100"
py '
import re
d = json.load(open(sys.argv[1]))
recs = [json.loads(l) for l in open(sys.argv[2])]
neg = [int(n) for n in re.findall(r"<tr class=\"st-[a-z]*\" data-n=\"(\d+)\"", open(sys.argv[3]).read())]
top = [int(n) for n in re.findall(r"<tr class=\"st-[a-z]*\" data-n=\"(\d+)\"", open(sys.argv[4]).read())]
if neg != d["regr"]:
    print("FAIL: #change=neg lists %s, want the regressions %s" % (neg, d["regr"])); sys.exit(1)
want = [n for n, r in enumerate(recs) if r.get("scores", {}).get("score") == 1]
if not want or sorted(top) != want:
    print("FAIL: #smin=100 lists %s, want %s" % (top, want)); sys.exit(1)
' "$t/d.json" "$t/run.jsonl" "$t/neg.out" "$t/top.out"
# the addresses the page wrote, opened afresh: the same case (three of them)
for k in 0 $((n / 2)) $((n - 1)); do
	set -- $(sed -n "$((k + 1))p" "$t/addr")
	browse "$t/open$k" "file://$t/page.html$2"
	grep -q "<div id=\"detail\" data-case=\"$1\"" "$t/open$k.out" ||
	    fail "address $2 shows $(grep -o '<div id="detail"[^>]*>' "$t/open$k.out"), want case $1"
done
exit 0
