#!/bin/sh
# Every kind of lg-plot chart renders with a real SVG renderer (librsvg's
# rsvg-convert) to a PNG that is not blank: some share of its pixels are
# not white, and the first series' colour (Okabe-Ito blue) is drawn.  A
# blank SVG is shown to fail the same check, and a model name full of
# markup characters must still give well-formed SVG.
set -eu
. "$TOP/tests/lib.sh"
command -v rsvg-convert >/dev/null || fail "rsvg-convert missing (mk/deps.sh check installs librsvg2-bin)"
in=$TOP/tests/lg-plot/small.jsonl

inked() { "$py" "$TOP/tests/lg-plot/inked.py" "$1"; }

# the check can fail: a blank SVG has no ink
printf '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#fff"/></svg>\n' > "$t/blank.svg"
rsvg-convert -o "$t/blank.png" "$t/blank.svg" || fail "rsvg-convert cannot render a blank SVG"
set -- $(inked "$t/blank.png")
[ "$1" -eq 0 ] && [ "$2" -eq 0 ] || fail "the check sees ink in a blank image: $*"

for k in position lgb-tiers longweave adaleval bias; do
	lg-plot -k $k "$in" > "$t/$k.svg" 2> "$t/err" || fail "lg-plot -k $k: $(cat "$t/err")"
	rsvg-convert -o "$t/$k.png" "$t/$k.svg" 2> "$t/err" || fail "$k: rsvg-convert: $(cat "$t/err")"
	set -- $(inked "$t/$k.png")
	[ "$1" -ge 20 ] || fail "$k: only $1 per mille of the pixels drawn"
	[ "$2" -ge 50 ] || fail "$k: the first series is not drawn ($2 blue pixels)"
done
lg-plot --compat "$in" > "$t/compat.svg"
rsvg-convert -o "$t/compat.png" "$t/compat.svg" || fail "position --compat does not render"

# markup in names and lengths stays text
sed -e 's/"model-a"/"a<b \& \\"c\\" '"'"'d'"'"' <\/svg>"/' "$in" > "$t/markup.jsonl"
grep -q '</svg>' "$t/markup.jsonl" || fail "the markup fixture was not made"
for k in position lgb-tiers longweave adaleval bias; do
	lg-plot -k $k "$t/markup.jsonl" > "$t/m.svg"
	rsvg-convert -o "$t/m.png" "$t/m.svg" 2> "$t/err" || fail "$k: markup in a model name breaks the SVG: $(cat "$t/err")"
	grep -q 'a&lt;b &amp; &quot;c&quot; &#39;d&#39;' "$t/m.svg" || fail "$k: the model name is not escaped"
done
# no data: an empty chart still renders
: > "$t/empty.jsonl"
lg-plot -k bias "$t/empty.jsonl" > "$t/e.svg"
grep -q 'no data' "$t/e.svg" || fail "an empty chart does not say no data"
rsvg-convert -o "$t/e.png" "$t/e.svg" || fail "an empty chart does not render"
exit 0
