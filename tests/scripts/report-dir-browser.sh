#!/bin/sh
# lg-report -o DIR in a real browser (headless Chromium, from file://): a
# report of 3002 cases whose details are in chunk files (more than ten,
# 1 MiB or 256 cases each); the case list
# is filled at once, and a case of a late chunk (#case=ID&of=MODEL) is shown once
# its chunk is loaded: its gold order (TSort), its verdicts as rows, the
# same case of the other model beside it.  A case whose text holds
# </script>, quotes and U+2028 shows them as text, no script breaks out;
# a chunk file that is missing gives a message in place of the case.  The
# page has the tables of time and output length and the length chart.
# plain build only: its cost is Chromium; lg-report -o's chunk files run
# under the sanitizers in report-dir.sh and the golden lg-report/dir
set -eu
. "$TOP/tests/lib.sh"
export HOME=$t
browser_start

# TSort (gold orders) and KVG by the oracle and the degraded oracle, the
# records repeated under new ids up to 3000 cases, then two of markup
books=$TOP/share/corpora/austen
{
	lg-gen adaleval -t tsort -l 2k -n 4 -s 1 --corpus "$books" 2>/dev/null
	lg-gen longweave -t kvg -l 1k -n 4 -s 1
} | lg-prompt > "$t/cases"
{
	lg-oracle < "$t/cases"
	lg-oracle --model oracle-degraded --stop-at 0.7 --forget-after 0.6 --drop 0.5 < "$t/cases"
} | lg-choice | lg-kvcheck > "$t/one.jsonl"
base=$(wc -l < "$t/one.jsonl")
awk -v n=3000 -v b="$base" 'NR == FNR { l[FNR] = $0; next }
    END { for (i = 0; i < n; i++) { s = l[i % b + 1];
        sub(/"id":"/, "\"id\":\"r" int(i / b) "/", s); print s } }' \
    "$t/one.jsonl" /dev/null > "$t/run.jsonl"
cat "$TOP/tests/lg-report/dir/in" >> "$t/run.jsonl"
n=$(wc -l < "$t/run.jsonl")
lg-report -t 'folder test' --bootstrap 0 -o "$t/r" "$t/run.jsonl" 2> "$t/err" ||
    fail "lg-report -o: $(cat "$t/err")"
chunks=$(py '
import re
s = open(sys.argv[1]).read()
print(len(json.loads(re.search(r"id=\"chunks\">(.*?)</script>", s).group(1))))
' "$t/r/index.html")
[ "$(ls "$t/r/cases" | wc -l)" -eq "$chunks" ] && [ "$chunks" -gt 10 ] ||
    fail "$chunks chunks: $(ls "$t/r/cases")"

addr() {	# PAGE N: the address of case N (its id and model)
	"$py" "$TOP/tests/lg-report/caseaddr.py" "$1" "$2"
}
browse() {	# OUT-PREFIX URL: dump the DOM after the script and its loads
	browse_page "$1" "$2" 20000
	e=$(grep -o 'data-error="[^"]*"' "$1.out" || :)
	e=$e$(grep -i -e 'Uncaught' -e 'SyntaxError' -e 'ReferenceError' \
	    -e 'TypeError' -e 'Content Security Policy' "$1.log" || :)
	[ -z "$e" ] || fail "script errors on $2: $e"
}

# a failed TSort case of the degraded oracle in the last chunk of them,
# and its gold order from the records
set -- $(py '
import re
s = open(sys.argv[1]).read()
idx = json.loads(re.search(r"id=\"index\">(.*?)</script>", s, re.S).group(1))
r = [r for r in idx if r[3] == "tsort" and r[5] == "oracle-degraded" and r[7] == "fail"][-1]
rec = [json.loads(l) for l in open(sys.argv[2])][r[0]]
print(r[0], ",".join(map(str, rec["gold"]["order"])))
' "$t/r/index.html" "$t/run.jsonl")
c=$1 gold=$(echo "$2" | sed 's/,/, /g')
[ "$c" -ge 2900 ] || fail "case $c is not in a late chunk"
browse "$t/late" "file://$t/r/index.html#$(addr "$t/r/index.html" "$c")"
grep -q "<body data-ready=\"$n\" data-ready-ms=\"[0-9]*\" data-loaded=\"1\"" "$t/late.out" ||
    fail "the list is not filled: $(grep -o '<body[^>]*>' "$t/late.out")"
rows=$(grep -o '<tr class="st-[a-z]*" data-n=' "$t/late.out" | wc -l)
[ "$rows" -eq 200 ] || fail "$rows rows on the list's first page, want 200"
d=$(grep -o '<div id="detail"[^>]*>' "$t/late.out")
case $d in *" data-case=\"$c\""*" class=\"open\""*) ;; *) false ;; esac ||
    fail "case $c is not shown: $(grep -o '<div id="detail"[^>]*>' "$t/late.out")"
grep -q 'data-beside="[0-9]*"' "$t/late.out" || fail "no case beside case $c"
g=$(grep -o '<p class="gold">order: [0-9, ]*</p>' "$t/late.out" | sort -u)
[ "$g" = "<p class=\"gold\">order: $gold</p>" ] || fail "gold shown '$g', want $gold"
grep -q '<td class="verdict">fail</td>' "$t/late.out" || fail "no failed verdict row"
grep -q '<td class="verdict">pass</td>' "$t/late.out" || fail "no passed verdict row"
grep -q "lg-report: case $c shown in [0-9]* ms" "$t/late.log" || fail "case $c: no time logged"
# the tables of lg-agg --time (the oracles' answers: none timed, said in
# a line), --lengths (kvg's outputs against the tiers) and the length chart, drawn in the folder's page as in one page
for h in '<h2 id="time">Time per sample</h2>' '<h2 id="lengths">Output length</h2>' \
    '<figure id="chart-length">' '<th>out-tok</th>' \
    '<p class="note">No record has a time (<code>gen.latency_s</code>; an oracle'; do
	grep -q "$h" "$t/late.out" || fail "no $h in the folder's page"
done

# the markup: shown as text, never run
m=$((n - 2))
browse "$t/esc" "file://$t/r/index.html#$(addr "$t/r/index.html" "$m")"
grep -q "data-case=\"$m\"" "$t/esc.out" || fail "the markup case is not shown"
grep -q '&lt;/SCRIPT&gt;&lt;script&gt;alert(2)&lt;/script&gt;' "$t/esc.out" ||
    fail "the markup case's output is not shown as text"
grep -q '&lt;!-- a &lt;/script&gt; b' "$t/esc.out" || fail "the markup case's prompt is not shown as text"
m=$((n - 1))
browse "$t/sep" "file://$t/r/index.html#$(addr "$t/r/index.html" "$m")"
grep -q "data-case=\"$m\"" "$t/sep.out" || fail "the U+2028 case is not shown"
grep -q "line$(printf '\342\200\250')sep$(printf '\342\200\251')para &quot;q&quot; back.slash" "$t/sep.out" ||
    grep -q "line$(printf '\342\200\250')sep$(printf '\342\200\251')para \"q\" back.slash" "$t/sep.out" ||
    fail "the prompt with U+2028 is not shown whole as text"
grep -q '&quot;);alert(3);(&quot;\|");alert(3);("' "$t/sep.out" || fail "the quoted output is not shown"
grep -q '<script>alert\|pwned' "$t/esc.out" "$t/sep.out" && fail "record text became markup"

# a chunk missing: a message in place of the case
cp -R "$t/r" "$t/r2"
k=$(py '
import re
s = open(sys.argv[1]).read()
f = json.loads(re.search(r"id=\"chunks\">(.*?)</script>", s).group(1))
print("%04d" % max(k for k in range(len(f)) if f[k] <= 1300))
' "$t/r/index.html")
rm "$t/r2/cases/$k.js"
browse "$t/gone" "file://$t/r2/index.html#$(addr "$t/r2/index.html" 1300)"
grep -q "the details of this case could not be loaded from cases/$k.js" "$t/gone.out" ||
    fail "no message for a missing chunk"
# and the same case from the whole folder is shown (the check can fail)
browse "$t/there" "file://$t/r/index.html#$(addr "$t/r/index.html" 1300)"
grep -q 'data-case="1300"' "$t/there.out" || fail "case 1300 is not shown"
exit 0
