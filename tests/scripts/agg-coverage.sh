#!/bin/sh
# lg-agg --bootstrap: the 95% intervals cover the truth in 93-97% of 1,000
# seeded replications of synthetic records whose true rate is known.
#   LongWeave: 100 cases with a 0/1 score, pass rate 0.7 (truth 70).
#   LongGenBench: 100 cases of 10 checks each; a case passes each of its
#   checks with 0.3 or 0.9 (half the cases each), so checks cluster
#   within cases; the true STIC-2 is 60.  Resampling checks instead of
#   cases would cover far less often (about 70%); the last part shows it.
# Each replication is a group of its own (field rep), so one run of lg-agg
# does all 1,000 with their own resampling streams.
set -eu
. "$TOP/tests/lib.sh"
awk -v seed=7 -v reps=1000 -v n=100 'BEGIN {
	srand(seed)
	for (r = 0; r < reps; r++)
		for (i = 0; i < n; i++) {
			s = rand() < 0.7 ? 1 : 0
			printf "{\"bench\":\"longweave\",\"rep\":\"r%04d\",\"scores\":{\"score\":%d}}\n", r, s
			q = rand() < 0.5 ? 0.3 : 0.9
			k = 0
			for (j = 0; j < 10; j++)
				k += rand() < q
			printf "{\"bench\":\"longgenbench\",\"rep\":\"r%04d\",\"scores\":{\"entries_found\":10,\"entries_expected\":10,\"words\":100,\"stic_pass\":%d,\"stic_judged\":10,\"stic_total\":10}}\n", r, k
		}
}' > "$t/in"
lg-agg -g rep --bootstrap 1000 -f json "$t/in" > "$t/out" ||
    fail "lg-agg exited $?"
# the coverage of KEY's interval over TRUTH, in percent, for BENCH's rows
cover() {
	awk -v bench="$1" -v key="$2" -v truth="$3" '
	function num(k,   m) {
		if (!match($0, "\"" k "\":[-0-9.e+]+"))
			return "none"
		m = substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 3)
		return m + 0
	}
	index($0, "\"bench\":\"" bench "\"") {
		lo = num(key "_lo"); hi = num(key "_hi")
		if (lo == "none" || hi == "none")
			exit 1
		n++
		if (lo <= truth && truth <= hi)
			c++
	}
	END { if (n != want) exit 1; printf "%.1f\n", 100 * c / n }' want="${4:-1000}" "$t/out"
}
lw=$(cover longweave score 70) || fail "no 1000 longweave intervals"
lgb=$(cover longgenbench stic2 60) || fail "no 1000 longgenbench intervals"
echo "coverage of the 95% intervals over 1000 replications:"
echo "  longweave score (truth 70): $lw%"
echo "  longgenbench STIC-2 (truth 60): $lgb%"
for c in "$lw" "$lgb"; do
	awk -v c="$c" 'BEGIN { exit !(c >= 93 && c <= 97) }' ||
	    fail "coverage $c% outside 93-97%"
done
# the same intervals when checks are resampled one by one (each check made
# a case of its own) cover far less: the clustering matters (the first 100
# replications, 500 resamples: enough to tell 65% from 95%)
awk '/longgenbench/ && /"rep":"r00/ {
	match($0, /"stic_pass":[0-9]+/); k = substr($0, RSTART + 12, RLENGTH - 12) + 0
	match($0, /"rep":"r[0-9]+"/); r = substr($0, RSTART, RLENGTH)
	for (j = 0; j < 10; j++)
		printf "{\"bench\":\"longgenbench\",%s,\"scores\":{\"entries_found\":1,\"entries_expected\":1,\"words\":1,\"stic_pass\":%d,\"stic_judged\":1,\"stic_total\":1}}\n", r, j < k
}' "$t/in" > "$t/checks"
lg-agg -g rep --bootstrap 500 -f json "$t/checks" > "$t/out"
naive=$(cover longgenbench stic2 60 100) || fail "no check-level intervals"
echo "  longgenbench STIC-2, checks resampled instead of cases: $naive%"
awk -v c="$naive" 'BEGIN { exit !(c < 85) }' ||
    fail "check-level resampling covered $naive%: the test cannot tell"
