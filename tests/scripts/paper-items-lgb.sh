#!/bin/sh
# lg(7)'s sections "LongGenBench's tables and figures" and "LongWeave's
# Table 3": every command of theirs (each .Dl line) runs on the records of
# the demo (mk/demo.sh, one case per task and tier, into the scratch
# folder), in a folder holding the files the sections name: lgb.scored,
# lw.scored, models.tsv and ruler.tsv (outside scores of the two demo
# models).  A command fails the test when it ends with a status above 1
# (1: some records failed, which the degraded oracle's do), crashes or
# prints nothing.  Table 3's commands must show the
# model-group rows and the formats the paper prints.
set -eu
. "$TOP/tests/lib.sh"
w=$t/w
mkdir -p "$w"
DEMO_DIR=$t/demo DEMO_BIN=$BIN N=1 sh "$TOP/mk/demo.sh" > "$t/demo.out" 2> "$t/demo.err" ||
    fail "make demo: status $?: $(tail -5 "$t/demo.err")"
cp "$t/demo/lgb.scored" "$w/lgb.scored"
jq -c 'select(.bench == "longweave")' "$t/demo/all.scored" > "$w/lw.scored"
[ -s "$w/lgb.scored" ] && [ -s "$w/lw.scored" ] || fail "demo: no scored records"
printf 'model\tsize\tcontext\tkind\tgroup\n' > "$w/models.tsv"
printf 'lg-oracle\t-\t128K\tstandard\tReference model\n' >> "$w/models.tsv"
printf 'oracle-degraded\t-\t32000\treasoning\tDegraded reference\n' >> "$w/models.tsv"
printf 'model\tlength\tscore\nlg-oracle\t16k\t90\noracle-degraded\t16k\t70\n' > "$w/ruler.tsv"

# the sections' .Dl lines, mdoc escapes undone
awk '
/^\.Ss LongGenBench.s tables and figures$/ || /^\.Ss LongWeave.s Table 3$/ { on = 1; next }
/^\.S[sh] / { on = 0 }
on && /^\.Dl / { print substr($0, 5) }
' "$TOP/man/lg.7" | sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\e/\\/g' > "$t/cmds"
n=$(wc -l < "$t/cmds")
[ "$n" -ge 12 ] || fail "lg(7): $n commands in the paper sections, want 12 or more"
i=0
while IFS= read -r c; do
	i=$((i + 1))
	rc=0
	(cd "$w" && bash -e -o pipefail -c "$c") > "$t/out$i" 2> "$t/err$i" < /dev/null || rc=$?
	no_crash "$t/err$i"
	[ "$rc" -le 1 ] || fail "lg(7): $c: status $rc: $(tail -3 "$t/err$i")"
	[ -s "$t/out$i" ] || fail "lg(7): $c: no output"
	echo "$c" > "$t/cmd$i"
done < "$t/cmds"

# LongGenBench Table 3: the groups of models.tsv in its order, rates in %
o=$(grep -l '^lg-agg --layout paper --len-filter paper80 --models models.tsv lgb.scored$' "$t"/cmd[0-9]* | sed 's|/cmd\([0-9]*\)$|/out\1|')
[ -n "$o" ] || fail "lg(7): no Table 3 command"
awk 'NR > 1 { print $1 }' "$o" | tr '\n' ' ' | grep -q '^Reference lg-oracle Degraded oracle-degraded $' ||
    fail "Table 3: rows $(awk '{ print $1 }' "$o" | tr '\n' ' ')"
grep -q '^lg-oracle  *128K  *[0-9.]*±[0-9.]*% ' "$o" ||
    fail "Table 3: no claimed length and CR in %: $(cat "$o")"
# LongWeave Table 3: standard, then reasoning, two decimals
o=$(grep -l '^lg-agg --layout paper --models models.tsv lw.scored$' "$t"/cmd[0-9]* | sed 's|/cmd\([0-9]*\)$|/out\1|')
[ -n "$o" ] || fail "lg(7): no LongWeave Table 3 command"
awk 'NR > 1 { print $1 }' "$o" | tr '\n' ' ' | grep -q '^Standard lg-oracle Reasoning oracle-degraded $' ||
    fail "LongWeave Table 3: rows $(awk '{ print $1 }' "$o" | tr '\n' ' ')"
grep -q '^lg-oracle  *[0-9]*\.[0-9][0-9]±' "$o" ||
    fail "LongWeave Table 3: not two decimals: $(cat "$o")"
exit 0
