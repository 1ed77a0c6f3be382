#!/bin/sh
# lg(7)'s rows for the tables and figures of LongWeave and Ada-LEval (its
# sections "LongWeave's tables and figures" and "Ada-LEval's tables and
# figures"): every command they give (each .Dl line, in order) runs on
# the records of the demo (mk/demo.sh, one case per task and tier, in a
# folder of its own) under the names those sections use: lw.cases,
# lw.scored, ada.cases and ada.scored.  A command that fails, writes
# nothing, or a sanitizer report fails the test; so do sections with
# fewer commands than their tables and figures need.
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
d=$t/demo
DEMO_BIN=$BIN DEMO_DIR=$d N=1 sh "$TOP/mk/demo.sh" > "$t/demo.out" 2> "$t/demo.err" ||
    fail "make demo: $(tail -5 "$t/demo.err")"
no_crash "$t/demo.err"
w=$t/w
mkdir -p "$w"
cp "$d/lw.cases" "$d/ada.cases" "$d/ada.scored" "$w/"
# the last stage of the demo's LongWeave scoring
cp "$d"/lw.out*.lg-judge "$w/lw.scored" || fail "no scored LongWeave records"
# the commands, unescaped as mandoc prints them
awk '
function unescape(s) {
	gsub(/\\e/, "\\", s); gsub(/\\-/, "-", s); gsub(/\\\(aq/, "'"'"'", s)
	gsub(/\\&/, "", s)
	return s
}
/^\.Ss LongWeave.s tables and figures$/ { on = 1; next }
/^\.Ss Running large experiments$/ { on = 0 }
/^\.S[sh] / && !/tables and figures$/ { on = 0 }
on && /^\.Dl / { print unescape(substr($0, 5)) }
' "$TOP/man/lg.7" > "$t/cmds"
n=$(wc -l < "$t/cmds")
[ "$n" -ge 20 ] || fail "lg(7): $n commands in the paper items, want 20 or more"
grep -q -- '--table 1 ' "$t/cmds" && grep -q -- '--table 9 ' "$t/cmds" ||
    fail "lg(7): the items lack --table 1 or --table 9"
i=0
while IFS= read -r c; do
	i=$((i + 1))
	(cd "$w" && bash -e -o pipefail -c "$c") > "$t/out$i" 2> "$t/err$i" ||
	    fail "lg(7) item command $i: exit $?: $c: $(tail -3 "$t/err$i")"
	no_crash "$t/err$i"
	# its output, on stdout or in the file it redirects to
	f=$(printf '%s\n' "$c" | sed -n 's/.*> *\([^ ]*\)$/\1/p')
	if [ -n "$f" ]; then
		[ -s "$w/$f" ] || fail "lg(7) item command $i wrote an empty $f: $c"
	else
		[ -s "$t/out$i" ] || fail "lg(7) item command $i printed nothing: $c"
	fi
done < "$t/cmds"
