#!/bin/sh
# lg-agg --sample-size and --cases-for against a hand computation: a cell
# of N cases scoring 0 or 1, half of each, has a score whose 95% interval
# is about 2 x 1.96 x sqrt(0.25 / n) x 100 points wide for a sample of n
# cases (a binomial proportion): 19.6 at n = 100, 9.8 at n = 400.  The
# bootstrap's widths must land near those, narrow as n grows, reach at n =
# N the interval of the long layout, and --cases-for must extrapolate to
# about N (w / WIDTH)^2 cases.
set -eu
. "$TOP/tests/lib.sh"
awk 'BEGIN { for (i = 0; i < 400; i++)
	printf "{\"id\":\"c%d\",\"bench\":\"longweave\",\"task\":\"kvg\",\"length\":\"1k\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":%d}}\n", i, i % 2 }' \
    > "$t/half.jsonl"
lg-agg --sample-size --bootstrap 4000 -f tsv "$t/half.jsonl" > "$t/sizes" ||
    fail "lg-agg --sample-size failed"
# n and width, from the rows after the title and the header
awk -F'\t' 'NR > 2 { print $7, $8 }' "$t/sizes" > "$t/w"
[ "$(awk '{ print $1 }' "$t/w" | tr '\n' ' ')" = "10 20 50 100 200 400 " ] ||
    fail "sample sizes: $(cat "$t/w")"
awk '{ ref = 2 * 1.96 * sqrt(0.25 / $1) * 100
	if ($2 < 0.85 * ref || $2 > 1.15 * ref) {
		printf "n %d: width %s, binomial %.1f\n", $1, $2, ref; bad = 1 }
	if (NR > 1 && $2 >= last) { printf "n %d: not narrower\n", $1; bad = 1 }
	last = $2 }
	END { exit bad }' "$t/w" > "$t/err" || fail "$(cat "$t/err")"
# at n = N, the interval of the long layout (width = 2 x its half-width)
full=$(awk '$1 == 400 { print $2 }' "$t/w")
hw=$(lg-agg --bootstrap 4000 -f tsv "$t/half.jsonl" |
    awk -F'\t' '$3 == "1k" { print $6 }')
[ "$(awk -v a="$full" -v b="$hw" 'BEGIN { print (a - 2 * b < 0.11 && 2 * b - a < 0.11) }')" = 1 ] ||
    fail "width at n = N $full, the long layout's half-width $hw"
# 400 cases measure about 9.8 points: 4.9 points need about 1600 cases
lg-agg --cases-for 4.9 --bootstrap 4000 -f json "$t/half.jsonl" > "$t/cf"
need=$(sed 's/.*"cases_needed":\([0-9]*\).*/\1/' "$t/cf")
w=$(sed 's/.*"width":\([0-9.]*\).*/\1/' "$t/cf")
[ "$need" = "$(awk -v w="$w" 'BEGIN { x = 400 * (w / 4.9)^2; n = int(x); if (n < x - 1e-9) n++; print n }')" ] ||
    fail "cases needed $need for width $w"
[ "$need" -ge 1400 ] && [ "$need" -le 1800 ] ||
    fail "cases needed $need, binomial 1600"
grep -q '"method":"extrapolated' "$t/cf" || fail "not said extrapolated: $(cat "$t/cf")"
# a cell without spread cannot be extrapolated: no number
awk 'BEGIN { for (i = 0; i < 20; i++)
	printf "{\"id\":\"c%d\",\"bench\":\"longweave\",\"task\":\"kvg\",\"length\":\"1k\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":1}}\n", i }' \
    > "$t/flat.jsonl"
lg-agg --cases-for 5 -f json "$t/flat.jsonl" | grep -q '"cases_needed":null' ||
    fail "a cell without spread got a number of cases"
