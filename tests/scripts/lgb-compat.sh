#!/bin/sh
# The published rule on an official-format result file: a hand-worked
# example.  Case 1 (Week, 52 entries): blocks " The first week." (no
# number: the prefix was not prepended), "Week 2 ...", "week 3" (lowercase:
# not counted by the published rule), "Week 2 again" (duplicate), "Week 60"
# (out of range): 1 of 52 entries = 1.923%.  Case 2 (Floor, number 4):
# "Floor 1", "**Floor 2**" (counted: the pattern is searched anywhere),
# "Floor 3 and Floor 4" (first match only: 3): 3 of 4 = 75%.
# CR = (1.923 + 75) / 2 = 38.46.  The default rule finds 1 (leading text),
# 2 and 3 in case 1 (3/52) and 1 and 3 in case 2 (2/4: "x **Floor 2** y"
# is not a header, since text stands before it on its line).
set -eu
. "$TOP/tests/lib.sh"
cat > "$t/results.json" <<'JSON'
[{"input":"p","checks_once":{"2":"dentist"},"checks_range":{},"checks_periodic":{},"type":"Week",
  "output_blocks":[" The first week, cold and long and full of snow and quiet evenings.","Week 2: dentist.","\nweek 3: rain","Week 2 again","Week 60"],"word_count":20},
 {"input":"p","checks_once":{"1":"gym"},"checks_range":{},"checks_periodic":{},"type":"Floor","number":4,
  "output_blocks":["Floor 1: gym","x **Floor 2** y","Floor 3 and Floor 4"],"word_count":9}]
JSON
cd "$BIN"
./lg-gen longgenbench --import "$t/results.json" > "$t/recs"
cr=$(./lg-split --compat < "$t/recs" | jq -s '(map(.scores.cr) | add / length) * 100 | round')
[ "$cr" = 3846 ] || fail "compat CR x100 = $cr, want 3846"
cr=$(./lg-split < "$t/recs" | jq -s '(map(.scores.cr) | add / length) * 100 | round')
# (3/52 + 2/4) / 2 = 0.27885
[ "$cr" = 2788 ] || fail "default CR x100 = $cr, want 2788"
# and lg-agg reports it for records no judge has seen, STIC left empty
agg=$(./lg-split --compat < "$t/recs" | ./lg-agg -g bench -f json)
[ "$(printf '%s\n' "$agg" | jq '.cr * 100 | round')" = 3846 ] || fail "lg-agg CR: $agg"
[ "$(printf '%s\n' "$agg" | jq '.stic2')" = null ] || fail "lg-agg STIC-2 without a judge: $agg"
echo ok
