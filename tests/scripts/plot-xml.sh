#!/bin/sh
# lg-plot writes well-formed XML whatever the names hold: models, tasks
# and tiers with U+FFFE and U+FFFF (which no XML document may hold), other
# non-characters (U+FDD0, U+1FFFF), a C1 control (U+0085) and markup, in
# the titles, legends and axis labels of every chart, come out as U+FFFD
# or escaped, and every chart parses (the XML parser of Python, expat,
# refuses what XML 1.0 forbids).  lg-report's page holds the same charts.
set -eu
. "$TOP/tests/lib.sh"
py '
odd = "m\ufffe\uffff\ufdd0\U0001ffff\u0085<&>\x27\"z"
lines = []
for i, (b, t, l) in enumerate([("longgenbench", "diary", "16k"),
                               ("longweave", "kvg\uffff", "1k"),
                               ("adaleval", "tsort", "2k")]):
    r = {"id": "c%d" % i, "bench": b, "task": t, "length": l,
         "gen": {"model": odd}, "scores": {"score": 1}}
    if b == "longgenbench":
        r["gold"] = {"number": 10}
        r["scores"].update(entries_found=10, entries_expected=10,
                           stic_pass=1, stic_judged=1, stic_total=1)
        r["verdicts"] = [{"at": 3, "pass": True}]
    if b == "adaleval":
        r["gold"] = {"at": "front"}
    lines.append(json.dumps(r, ensure_ascii=False))
open(sys.argv[1], "w", encoding="utf-8").write("\n".join(lines) + "\n")
' "$t/in"
lg-plot -o "$t/charts" "$t/in" > "$t/list" || fail "lg-plot: status $?"
[ "$(wc -l < "$t/list")" -eq 5 ] || fail "lg-plot wrote $(wc -l < "$t/list") charts, want 5"
py '
import xml.etree.ElementTree as ET
for path in sys.argv[1:]:
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print("FAIL: %s is not well-formed XML: %s" % (path, e)); sys.exit(1)
    text = "".join(root.itertext())
    for c in "\ufffe\uffff\ufdd0\U0001ffff\u0085":
        if c in text:
            print("FAIL: %s holds U+%04X" % (path, ord(c))); sys.exit(1)
    if "\ufffd" not in text:
        print("FAIL: %s: the odd characters are not shown as U+FFFD" % path)
        sys.exit(1)
' $(cat "$t/list")
lg-report "$t/in" > "$t/page.html" || fail "lg-report: status $?"
py '
import re
import xml.etree.ElementTree as ET
page = open(sys.argv[1], encoding="utf-8").read()
svgs = re.findall(r"<svg.*?</svg>", page, re.S)
if len(svgs) != 5:
    print("FAIL: %d charts in the page, want 5" % len(svgs)); sys.exit(1)
for s in svgs:
    try:
        ET.fromstring(s)
    except ET.ParseError as e:
        print("FAIL: a chart of the page is not well-formed: %s" % e); sys.exit(1)
' "$t/page.html"
exit 0
