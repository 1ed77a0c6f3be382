#!/bin/sh
# One pipeline over a mixed suite: lg-tau scores the pr records and passes
# every other record through byte for byte, answered or not.
set -eu
. "$TOP/tests/lib.sh"
d=$t

sh "$TOP/tests/mkcorpus.sh" "$d/corpus" 2 40
{
	lg-gen longgenbench -n 2 -l 16k
	lg-gen longweave -t pr -l 1k,2k -n 3 --corpus "$d/corpus"
} > "$d/cases"
lg-oracle "$d/cases" > "$d/answered" || :	# other writers may still be stubs
lg-tau "$d/answered" > "$d/scored"
[ "$(wc -l < "$d/scored")" -eq "$(wc -l < "$d/cases")" ] || fail "records lost"
grep -v '"task":"pr"' "$d/answered" > "$d/other.in"
grep -v '"task":"pr"' "$d/scored" > "$d/other.out"
[ -s "$d/other.in" ] || fail "no other records to pass through"
cmp -s "$d/other.in" "$d/other.out" || fail "other records changed"
[ "$(grep -c '"task":"pr".*"scores":{"score":1,' "$d/scored")" -eq 6 ] ||
    fail "pr records not at the maximum"
# a second pass changes nothing: scores are replaced, not added twice
lg-tau "$d/scored" | cmp -s - "$d/scored" || fail "scoring twice differs"
