#!/bin/sh
# lg-report -j N: the tables' runs of lg-agg and lg-compare at once, each
# reading the records through a file description of its own, give the
# page of one run at a time byte for byte (one page and -o DIR alike):
# two models, so that lg-compare runs too, every table made (no "Missing,
# as it could not be made", no "Not shown, as there is nothing to
# show").  -j 0 is refused.
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" 2 300 > /dev/null
{
	lg-gen longweave -t kvg,sms,pr -l 1k -n 3 -s 2 --corpus "$t/corpus"
	lg-gen longgenbench -t diary -l 16k -n 2 -s 2
} | lg-prompt > "$t/cases"
{
	lg-oracle < "$t/cases"
	lg-oracle --model degraded --stop-at 0.7 --drop 0.2 < "$t/cases"
} | lg-split | lg-judge --rules | lg-kvcheck | lg-fsmcheck | lg-tau > "$t/run"
lg-report -j 1 "$t/run" > "$t/one" || fail "-j 1: status $?"
grep -q 'id="compare"' "$t/one" || fail "no comparison section"
! grep -q 'Missing, as it could not be made\|Not shown, as there is nothing to show' "$t/one" ||
    fail "a table failed or had nothing to show"
for j in 2 16; do
	lg-report -j "$j" "$t/run" > "$t/many" || fail "-j $j: status $?"
	cmp -s "$t/one" "$t/many" || fail "-j $j: the page differs from -j 1"
done
lg-report -j 1 -o "$t/d1" "$t/run" || fail "-j 1 -o: status $?"
lg-report -j 16 -o "$t/d16" "$t/run" || fail "-j 16 -o: status $?"
diff -r "$t/d1" "$t/d16" > /dev/null || fail "-j 16 -o: the folder differs"
rc=0
lg-report -j 0 "$t/run" > /dev/null 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] || fail "-j 0: status $rc"
grep -q -- '-j' "$t/err" || fail "-j 0: $(cat "$t/err")"
no_crash "$t/err"
