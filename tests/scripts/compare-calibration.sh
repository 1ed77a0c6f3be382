#!/bin/sh
# lg-compare's tests and intervals are calibrated: on synthetic pairs of
# runs drawn from the same model (each case has a difficulty; A and B
# score it independently, alike), over 200 seeded replications,
#   - the permutation test (scores in [0, 1]) rejects at p < 0.05 in 1-9%
#     of them, and the 95% interval holds 0 in 89-99%;
#   - the exact McNemar test (pass/fail cases) rejects in at most 9%;
# and when B is truly better (+0.15 on every case) the permutation test
# rejects in most (over 80%), McNemar, on 40 pass/fail cases, in some.
# The draws come from a linear congruential generator written out here,
# so every awk gives the same records.  The replications are groups of
# one input (the field rep), compared by one lg-compare run.
set -eu
. "$TOP/tests/lib.sh"
reps=200
gen() {	# shift of B: two files, for each replication (the field rep) 40
	# cases of a mean-score task and 40 of a pass/fail task
	awk -v reps=$reps -v up="$1" -v a="$t/a" -v b="$t/b" '
	function rnd() { x = (1664525 * x + 1013904223) % 4294967296; return x / 4294967296 }
	function clamp(v) { return v < 0 ? 0 : v > 1 ? 1 : v }
	BEGIN {
		for (r = 1; r <= reps; r++) {
			x = r * 7919 + 1
			for (i = 0; i < 40; i++) {
				d = rnd()
				sa = clamp(d + (rnd() - 0.5) * 0.6)
				sb = clamp(d + up + (rnd() - 0.5) * 0.6)
				f = "{\"id\":\"c%d\",\"bench\":\"x\",\"task\":\"mean\",\"length\":\"1k\",\"rep\":%d,\"scores\":{\"score\":%.6f}}\n"
				printf f, i, r, sa > a
				printf f, i, r, sb > b
				pa = rnd() < d ? 1 : 0
				pb = rnd() < clamp(d + up) ? 1 : 0
				f = "{\"id\":\"c%d\",\"bench\":\"x\",\"task\":\"pass\",\"length\":\"1k\",\"rep\":%d,\"scores\":{\"score\":%d}}\n"
				printf f, i, r, pa > a
				printf f, i, r, pb > b
			}
		}
	}'
}
# one lg-compare over every replication: each is a group of its own (the
# field rep), and a group's draws come from the seed and its values alone
run() {	# shift: one line per replication and task: task p lo hi test
	gen "$1"
	"$BIN/lg-compare" -f json -b 500 -s 1 -g bench,task,length,rep "$t/a" "$t/b" |
	    jq -r 'select(.row == "metric") | "\(.task) \(.p) \(.lo) \(.hi) \(.test) \(.rep)"'
}
run 0 > "$t/null"
run 0.15 > "$t/alt"
awk -v reps=$reps '
$1 == "mean" && $5 != "perm" { print "mean: test " $5; bad = 1 }
$1 == "pass" && $5 != "mcnemar" { print "pass: test " $5; bad = 1 }
{ n[$1]++; seen[$1 " " $6]++; if ($2 < 0.05) rej[$1]++; if ($3 <= 0 && $4 >= 0) cov[$1]++ }
END {
	m = rej["mean"] / reps; p = rej["pass"] / reps; c = cov["mean"] / reps
	printf "same model: perm rejects %.3f, interval holds 0 %.3f, McNemar rejects %.3f\n", m, c, p
	if (n["mean"] != reps || n["pass"] != reps || length(seen) != 2 * reps) { print "rows missing"; bad = 1 }
	if (m < 0.01 || m > 0.09) { print "perm: false rejections off"; bad = 1 }
	if (c < 0.89 || c > 0.99) { print "interval: coverage off"; bad = 1 }
	if (p > 0.09) { print "McNemar: false rejections off"; bad = 1 }
	exit bad
}' "$t/null" || fail "not calibrated under the null"
awk -v reps=$reps '
{ if ($2 < 0.05) rej[$1]++ }
END {
	m = rej["mean"] / reps; p = rej["pass"] / reps
	printf "B better by 0.15: perm rejects %.3f, McNemar rejects %.3f\n", m, p
	exit !(m > 0.8 && p > 0.15)
}' "$t/alt" || fail "no power against a real difference"
