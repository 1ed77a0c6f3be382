#!/bin/sh
# lg-plot's charts of an oracle run and a degraded-oracle run (--drop,
# --stop-at): each new chart renders with rsvg-convert and shows ink; the
# intervals are lg-agg's to the printed digit (LongWeave cells under
# lg-agg's default groups, CR, STIC and the instruction types under -g
# length,gen.model); the oracle follows every type of instruction and the
# degraded oracle does not; the degraded outputs are shorter than the
# oracle's at every tier, and outputs without gen.output_tokens are counted
# and said so; --smooth is the centred moving average of the unsmoothed
# points; --min-count leaves out positions with fewer checks;
# --bootstrap 0 draws no bands, in lg-plot and lg-report; a long model
# name fits its legend.
set -eu
. "$TOP/tests/lib.sh"
command -v rsvg-convert >/dev/null || fail "rsvg-convert missing (mk/deps.sh check installs librsvg2-bin)"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
{
	lg-gen longweave -t kvg,sms -l 1k,2k,4k -n 4 --corpus "$t/corpus"
	lg-gen longgenbench -l 16k -n 6 -s 7
} | lg-prompt > "$t/cases"
score() { lg-split | lg-judge --rules | lg-kvcheck | lg-fsmcheck; }
lg-oracle < "$t/cases" | score > "$t/orc"
lg-oracle --model oracle-degraded --drop 0.3 -s 3 --stop-at 0.6 < "$t/cases" |
    score > "$t/deg"
cat "$t/orc" "$t/deg" > "$t/both"

# every new chart renders, with ink and the first colour
for k in lgb-types length position; do
	lg-plot -k $k --smooth 3 "$t/both" > "$t/$k.svg" 2> "$t/err" || fail "lg-plot -k $k: $(cat "$t/err")"
	rsvg-convert -o "$t/$k.png" "$t/$k.svg" 2> "$t/err" || fail "$k: rsvg-convert: $(cat "$t/err")"
	set -- $("$py" "$TOP/tests/lg-plot/inked.py" "$t/$k.png")
	[ "$1" -ge 20 ] || fail "$k: only $1 per mille of the pixels drawn"
	[ "$2" -ge 50 ] || fail "$k: the first series is not drawn ($2 blue pixels)"
done

# the intervals are lg-agg's
lg-plot --data -k longweave "$t/both" | awk -F'\t' 'NR > 1 { split($3, a, " ");
    printf "%s %s %s %.4f %.4f\n", $1, a[2], a[1], $5, $6 }' | sort > "$t/plot.ci"
lg-agg -f json "$t/both" | jq -r 'select(.bench == "longweave" and .row == "cell") |
    "\(.gen.model) \(.task) \(.length) \(.score_lo) \(.score_hi)"' |
    awk '{ printf "%s %s %s %.4f %.4f\n", $1, $2, $3, $4, $5 }' | sort > "$t/agg.ci"
[ -s "$t/agg.ci" ] && cmp -s "$t/plot.ci" "$t/agg.ci" ||
    fail "longweave intervals differ from lg-agg's: $(diff "$t/plot.ci" "$t/agg.ci")"
{ lg-plot --data -k lgb-tiers "$t/both"; lg-plot --data -k lgb-types "$t/both"; } |
    awk -F'\t' '$1 != "series" { split($3, a, " "); printf "%s %s %s %.4f %.4f %.4f\n",
    $1, a[2], tolower(a[1]), $4, $5, $6 }' | sort > "$t/plot.lgb"
lg-agg -g length,gen.model -f json "$t/both" | jq -r 'select(.bench == "longgenbench") |
    . as $r | ["cr", "stic1", "stic2", "single", "range", "periodic"][] as $m |
    "\($r.gen.model) \($r.length) \($m) \($r[$m]) \($r[$m + "_lo"]) \($r[$m + "_hi"])"' |
    sed 's/ stic1 / stic-1 /; s/ stic2 / stic-2 /' |
    awk '{ printf "%s %s %s %.4f %.4f %.4f\n", $1, $2, $3, $4, $5, $6 }' | sort > "$t/agg.lgb"
[ "$(wc -l < "$t/agg.lgb")" -eq 12 ] && cmp -s "$t/plot.lgb" "$t/agg.lgb" ||
    fail "LongGenBench intervals differ from lg-agg's: $(diff "$t/plot.lgb" "$t/agg.lgb")"

# Figure 3a: the oracle follows every type, the degraded oracle none whole
lg-plot --data -k lgb-types "$t/both" > "$t/types"
[ "$(awk -F'\t' '$1 == "lg-oracle" && $4 == 100' "$t/types" | wc -l)" -eq 3 ] ||
    fail "the oracle does not follow every type: $(cat "$t/types")"
[ "$(awk -F'\t' '$1 == "oracle-degraded" && $4 < 90 && $4 > 10' "$t/types" | wc -l)" -eq 3 ] ||
    fail "the degraded oracle: $(cat "$t/types")"

# Table 7: shorter outputs at every tier, counted by lg (no token counts)
lg-plot --data -k length "$t/both" > "$t/len"
for l in 1k 2k 4k; do
	o=$(awk -F'\t' -v l=$l '$1 == "lg-oracle" && $3 == l { print $4 }' "$t/len")
	d=$(awk -F'\t' -v l=$l '$1 == "oracle-degraded" && $3 == l { print $4 }' "$t/len")
	[ -n "$o" ] && [ -n "$d" ] && awk -v o="$o" -v d="$d" 'BEGIN { exit !(d < 0.75 * o) }' ||
	    fail "$l: degraded $d tokens, oracle $o"
done
grep -q '48 without gen.output_tokens (counted in cl100k_base tokens)' "$t/length.svg" ||
    fail "the length chart does not say its outputs were counted"
# an output's own count is taken as it is
grep '"longweave"' "$t/orc" | jq -c '.gen.output_tokens = 5000' | lg-plot --data -k length > "$t/len5"
[ "$(awk -F'\t' '$1 == "lg-oracle" && $4 == 5000' "$t/len5" | wc -l)" -eq 3 ] ||
    fail "gen.output_tokens not read: $(cat "$t/len5")"

# --smooth 3: the mean of each point and its neighbours
lg-plot --data --bootstrap 0 "$t/deg" | awk -F'\t' 'NR > 1 { print $4 }' > "$t/raw"
lg-plot --data --bootstrap 0 --smooth 3 "$t/deg" | awk -F'\t' 'NR > 1 { print $4 }' > "$t/smooth"
awk 'NR == FNR { v[FNR] = $1; n = FNR; next }
    { lo = FNR > 1 ? FNR - 1 : 1; hi = FNR < n ? FNR + 1 : n; s = 0
      for (i = lo; i <= hi; i++) s += v[i]
      m = s / (hi - lo + 1); if (m - $1 > 1e-3 || $1 - m > 1e-3) { print FNR, m, $1; bad = 1 } }
    END { exit bad }' "$t/raw" "$t/smooth" > "$t/sdiff" || fail "not a moving average: $(cat "$t/sdiff")"
[ "$(wc -l < "$t/raw")" -eq 10 ] || fail "$(wc -l < "$t/raw") positions, want 10"
# --min-count K: the positions with fewer than K checks left out, the
# others unchanged (the published curve: positions with 1 to 6 checks)
lg-plot --data --compat --bootstrap 0 "$t/deg" | awk -F'\t' 'NR > 1' > "$t/abs"
k=$(awk -F'\t' '{ print $7 }' "$t/abs" | sort -n | awk '{ v[NR] = $1 } END { print v[int(NR / 2) + 1] }')
awk -F'\t' -v k="$k" '$7 >= k' "$t/abs" > "$t/abs.want"
lg-plot --data --compat --bootstrap 0 --min-count "$k" "$t/deg" | awk -F'\t' 'NR > 1' > "$t/abs.got"
[ -s "$t/abs.got" ] && [ "$(wc -l < "$t/abs.got")" -lt "$(wc -l < "$t/abs")" ] &&
    cmp -s "$t/abs.want" "$t/abs.got" || fail "--min-count $k: $(diff "$t/abs.want" "$t/abs.got")"
lg-plot --data --compat --bootstrap 0 --min-count 1000 "$t/deg" > "$t/none"
[ "$(wc -l < "$t/none")" -eq 1 ] || fail "--min-count 1000 left points"

# bands by default, none with --bootstrap 0
grep -q 'fill-opacity=".10"' "$t/position.svg" || fail "no bands by default"
lg-plot --bootstrap 0 "$t/both" > "$t/nob.svg"
! grep -q 'fill-opacity=".10"' "$t/nob.svg" || fail "bands with --bootstrap 0"
grep -q 'No intervals (--bootstrap 0)' "$t/nob.svg" || fail "--bootstrap 0 not said"

# lg-report's charts: the same bands, as wide as the page; none with
# its --bootstrap 0
lg-report "$t/both" > "$t/page.html"
grep -q '<svg xmlns="http://www.w3.org/2000/svg" width="100%"' "$t/page.html" ||
    fail "the report's charts are not as wide as the page"
grep -q 'fill-opacity=".10"' "$t/page.html" || fail "no bands in the report"
lg-report --bootstrap 0 "$t/both" > "$t/page0.html"
! grep -q 'fill-opacity=".10"' "$t/page0.html" || fail "bands in the report with --bootstrap 0"

# a long model name is whole in the legend, and the legend within the chart
long=a-model-with-a-long-name-as-servers-give-them-v2.5-0.3
sed "s/oracle-degraded/$long/" "$t/both" | lg-plot -k lgb-types > "$t/long.svg"
"$py" - "$t/long.svg" "$long" <<'PY' || fail "the legend does not fit"
import re, sys
svg = open(sys.argv[1], encoding="utf-8").read()
w = float(re.search(r'viewBox="0 0 ([0-9.]+) ', svg).group(1))
found = False
for x, s in re.findall(r'<text x="([0-9.]+)" y="[0-9.]+">([^<]*)</text>', svg):
    found |= s == sys.argv[2]
    if float(x) + 7 * len(s) > w:
        print("FAIL: %r at %s runs past %g" % (s, x, w)); sys.exit(1)
if not found:
    print("FAIL: the name is not whole in the legend"); sys.exit(1)
PY
exit 0
