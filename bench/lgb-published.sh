#!/bin/sh
# Rescore a LongGenBench result file written by the published inference
# script and set lg's figures beside those the published evaluation makes
# of the same file: the completion rate (CR, the mean over cases of the
# share of entry numbers 1..number found by "TYPE (\d+)" in the blocks of
# output_blocks, each number counted once) and the words per case
# (the file's word_count, which is Python's len(output.split()) of the
# whole answer, the blocks joined by "#*#": lg-split --compat counts so),
# per entry type and overall.  Those two need no
# judge model, so they must agree exactly; STIC needs the published judge
# (Llama-3.1-8B-Instruct over vLLM, see lg-judge(1)), which this script
# does not run: the STIC it prints is lg's rules, for reference.  It also
# counts the failure tags of lg-tags on the same records.
#   bench/lgb-published.sh [RESULT.json]
# (default: the Llama-3.1-8B-Instruct outputs at 512 tokens under
# ../shared/data/longgenbench).  Exits 1 when CR, the words or the case
# counts differ.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
export LG_SHARE=$top/share
file=${1:-$top/../shared/data/longgenbench/outputs_llama31_8b_512tok.json}
[ -r "$file" ] || { echo "bench: $file: not readable" >&2; exit 2; }
py=/usr/bin/python3
[ -x "$py" ] || py=python3
tmp=${TMPDIR:-/tmp}/lg-lgbpub.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
make -C "$top" --no-print-directory all >/dev/null

"$bin/lg-gen" longgenbench --import "$file" | "$bin/lg-split" --compat |
    "$bin/lg-judge" --rules > "$tmp/scored"
echo "== lg-agg --compat (rules for STIC; the published figures need the judge model)"
"$bin/lg-agg" --compat "$tmp/scored"
"$bin/lg-agg" --compat --layout paper "$tmp/scored"
"$bin/lg-agg" --compat -f json "$tmp/scored" > "$tmp/tasks.json"
"$bin/lg-agg" --compat -g bench -f json "$tmp/scored" > "$tmp/all.json"
echo "== lg-agg (default split: headers found as lg finds them)"
"$bin/lg-split" "$tmp/scored" | "$bin/lg-judge" --rules | "$bin/lg-agg" --layout paper

echo "== the published evaluation's CR and word_count, computed from the file"
# Written from the published eval.py's description: per case, the blocks
# of output_blocks in order, the first match of "TYPE (\d+)" in each, the
# first block of a number kept; CR = found numbers in 1..number / number.
status=0
"$py" - "$file" "$tmp/tasks.json" "$tmp/all.json" <<'PY' || status=$?
import json, re, sys
data = json.load(open(sys.argv[1], encoding="utf-8"))
task = {"Week": "diary", "Day": "diary", "Menu Week": "menu",
        "Menu Day": "menu", "Floor": "skyscraper", "Block": "city"}
groups = {}
for r in data:
    t = r["type"]
    seen = set()
    for b in r["output_blocks"]:
        m = re.search(t + r" (\d+)", b)
        if m:
            seen.add(int(m.group(1)))
    cr = 100 * len(seen & set(range(1, r["number"] + 1))) / r["number"]
    for k in (task[t], "all"):
        g = groups.setdefault(k, [0, 0.0, 0])
        g[0] += 1
        g[1] += cr
        g[2] += r["word_count"]
lg = {j["task"]: j for j in map(json.loads, open(sys.argv[2]))}
lg["all"] = json.loads(open(sys.argv[3]).readline())
bad = 0
print("%-11s %5s %12s %12s %10s %10s" % ("task", "cases", "CR published",
      "CR lg", "words pub", "words lg"))
for k in sorted(groups, key=lambda k: (k == "all", k)):
    n, cr, words = groups[k]
    mine = lg[k]
    print("%-11s %5d %12.4f %12.4f %10d %10d" % (k, n, cr / n, mine["cr"],
          words, mine["words"]))
    if n != mine["cases"] or abs(cr / n - mine["cr"]) > 1e-9:
        bad = 1
    if words != mine["words"]:
        print("  words differ by %d" % (mine["words"] - words))
        bad = 1
sys.exit(bad)
PY

echo "== failure tags (lg-tags), records per tag"
"$bin/lg-tags" "$tmp/scored" | "$py" -c '
import json, sys
n, count = 0, {}
for line in sys.stdin:
    r = json.loads(line)
    n += 1
    for t in r.get("tags", []):
        count[t] = count.get(t, 0) + 1
print("records", n)
for t in sorted(count):
    print("%-12s %4d  %5.1f%%" % (t, count[t], 100 * count[t] / n))
'
exit $status
