#!/bin/sh
# lg-gen longgenbench: determinism, stable ids, the paper's shapes, disjoint
# positions, calendar-true dates, budgets, library sizes.
set -eu
g="$BIN/lg-gen longgenbench"
. "$TOP/tests/lib.sh"

$g -l 16k,32k -n 4 -s 3 > "$t/a"
$g -l 16k,32k -n 4 -s 3 > "$t/b"
cmp -s "$t/a" "$t/b" || fail "same arguments gave different bytes"
$g -l 16k,32k -n 4 -s 4 > "$t/c"
cmp -s "$t/a" "$t/c" && fail "a different seed gave the same cases"

# ids and cases stable whatever -n and -t say
$g -l 16k -n 2 -s 3 -t city > "$t/d"
grep '"id":"longgenbench/city/16k/000[01]"' "$t/a" > "$t/e"
cmp -s "$t/d" "$t/e" || fail "city cases change with -n or -t"

# the paper's eight variants
shapes=$(jq -r '[.task, .length, .gold.type, .gold.number] | @tsv' "$t/a" | sort -u | tr '\t' ' ')
want="city 16k Block 100
city 32k Block 361
diary 16k Week 52
diary 32k Day 365
menu 16k Menu Week 52
menu 32k Menu Day 365
skyscraper 16k Floor 100
skyscraper 32k Floor 300"
[ "$shapes" = "$want" ] || fail "variants: $shapes"

# 5 single, 1 range of 2+ entries, 1 periodic; positions in range and disjoint
bad=$(jq -c 'select(
	([.checks[] | select(.kind == "single")] | length) != 5 or
	([.checks[] | select(.kind == "range")] | length) < 2 or
	([.checks[] | select(.kind == "periodic")] | length) < 1 or
	([.checks[].at] | length) != ([.checks[].at] | unique | length) or
	any(.checks[]; .at < 1 or .at > $n) ) | .id' --argjson n 1000 "$t/a")
[ -z "$bad" ] || fail "check sets: $bad"
bad=$(jq -c 'select(.gold.number as $n | any(.checks[]; .at > $n)) | .id' "$t/a" 2>/dev/null || true)
[ -z "$bad" ] || fail "positions past the last entry: $bad"
bad=$(jq -c 'select((.vars.single | length) != 5 or (.vars.range | type) != "string" or (.vars.periodic | type) != "string") | .id' "$t/a")
[ -z "$bad" ] || fail "vars: $bad"

# words asked fit the budget (1.3 tokens a word, 90% of the tier)
bad=$(jq -c 'select(.gold.words * .gold.number * 1.3 > 0.9 * ((.length | rtrimstr("k") | tonumber) * 1024)) | .id' "$t/a")
[ -z "$bad" ] || fail "budget: $bad"

# every tier works
for l in 8k 64k 128k; do
	$g -l $l -n 1 > "$t/l" || fail "tier $l"
	[ "$(wc -l < "$t/l")" -eq 4 ] || fail "tier $l: not 4 cases"
done

# weekly singles: the date named lies in the week checked (the first date
# of each single's text, read by one date -f for all of them)
$g -l 16k -n 20 -t diary,menu > "$t/w"
jq -r '. as $r | [.checks[] | select(.kind == "single")] as $c
	| range(0; 5) | "\($r.gold.year) \($c[.].at) \($r.vars.single[.])"' "$t/w" > "$t/singles"
awk -v dates="$t/dates" '{
	text = $0
	sub(/^[^ ]+ [^ ]+ +/, "", text)
	if (!match(text, /(January|February|March|April|May|June|July|August|September|October|November|December) [0-9]+/)) {
		print "no date in: " text
		exit 1
	}
	print substr(text, RSTART, RLENGTH) " " $1 > dates
}' "$t/singles" > "$t/nodate" || fail "$(cat "$t/nodate")"
date -u -f "$t/dates" +%j > "$t/ydays" 2> "$t/date.err" ||
    fail "date cannot read: $(cat "$t/date.err")"
[ "$(wc -l < "$t/ydays")" -eq "$(wc -l < "$t/singles")" ] || fail "dates missing"
paste -d ' ' "$t/ydays" "$t/dates" "$t/singles" | awk '{
	week = int(($1 - 1) / 7) + 1
	if (week > 52)
		week = 52
	if (week != $6) {
		text = $0
		sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ [^ ]+ [^ ]+ +/, "", text)
		print $2 " " $3 " " $4 " is in week " week ", checked at " $6 ": " text
		exit 1
	}
}' > "$t/weeks" || fail "$(cat "$t/weeks")"

# the libraries: 20+ phrasings per type, 50+ items per library
for s in diary menu skyscraper city; do
	for k in single range periodic; do
		n=$(grep -c . "$TOP/share/templates/longgenbench/$s/$k.txt")
		[ "$n" -ge 20 ] || fail "$s/$k.txt: $n phrasings"
	done
	for f in "$TOP"/share/templates/longgenbench/$s/events-*.txt "$TOP"/share/templates/longgenbench/$s/facilities-*.txt; do
		[ -f "$f" ] || continue
		n=$(sort -u "$f" | grep -c .)
		[ "$n" -ge 50 ] || fail "$f: $n items"
	done
done

# usage errors
$g -t nosuch > /dev/null 2>&1 && fail "unknown task accepted"
$g -l 3k > /dev/null 2>&1 && fail "unknown tier accepted"
echo ok
