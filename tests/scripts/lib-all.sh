#!/bin/sh
# Every test script stands on tests/lib.sh: each tests/scripts/*.sh sources
# it (itself, or through a file of tests/ that does, as tests/lg-infer/
# fake.sh), and none defines a fail() or sets a trap of its own on EXIT,
# INT, TERM or HUP (lib.sh's fail, at_exit and $t do that; ignoring a
# signal, as trap '' XFSZ, is not cleanup).  The check is first run on
# made-up scripts, one per fault, which it must refuse.
# plain build only: it reads the test scripts
. "$TOP/tests/lib.sh"

sourced() {	# FILE: the files of tests/ that FILE sources, one a line
	sed -n 's/^[[:space:]]*\.[[:space:]]\{1,\}"\$TOP\/\(tests\/[^"]*\)".*/\1/p' "$1"
}

on_lib() {	# FILE [DEPTH]: true if FILE sources tests/lib.sh, itself or
		# through the files it sources, three deep at most
	for s in $(sourced "$1"); do
		[ "$s" = tests/lib.sh ] && return 0
		[ "${2:-0}" -lt 3 ] && [ -f "$root/$s" ] &&
		    on_lib "$root/$s" $((${2:-0} + 1)) && return 0
	done
	return 1
}

# trap where a command starts, its action (quoted or a word), then signals
# among which one that cleanup catches
trap_re="(^|[;&|({])[[:space:]]*trap[[:space:]]+('[^']*'|\"[^\"]*\"|[^[:space:];&|)'\"]+)([[:space:]]+[A-Z0-9]+)*[[:space:]]+(EXIT|INT|TERM|HUP|0)([[:space:];)]|\$)"

check() {	# SCRIPT...: print what is wrong with each
	for f in "$@"; do
		n=${f##*/}
		on_lib "$f" || echo "$n: does not source tests/lib.sh"
		grep -n '^[[:space:]]*fail[[:space:]]*()' "$f" |
		    sed "s/^/$n:/; s/\$/: a fail() of its own/"
		grep -n -E "$trap_re" "$f" |
		    sed "s/^/$n:/; s/\$/: a trap of its own/"
	done
}

# the check refuses each fault (the word is not written where the check of
# this very script would read it as one)
w=trap
root=$t/fake
s=$root/tests/scripts
mkdir -p "$s" "$root/tests/x"
printf '. "$TOP/tests/lib.sh"\n' > "$root/tests/x/helper.sh"
printf '. "$TOP/tests/x/helper.sh"\necho ok\n' > "$s/via.sh"
printf '. "$TOP/tests/lib.sh"\necho ok\n' > "$s/good.sh"
printf 'set -u\necho ok\n' > "$s/nolib.sh"
printf '# . "$TOP/tests/lib.sh"\n' > "$s/comment.sh"
printf '. "$TOP/tests/lib.sh"\nfail() { exit 1; }\n' > "$s/ownfail.sh"
printf '. "$TOP/tests/lib.sh"\nd=x; %s "rm -rf $d" EXIT\n' "$w" > "$s/owntrap.sh"
printf '. "$TOP/tests/lib.sh"\n%s '"'"'rm "$d"; kill $p'"'"' INT TERM\n' "$w" > "$s/owntrap2.sh"
printf '. "$TOP/tests/lib.sh"\n(%s "" XFSZ; ulimit -f 0)\n' "$w" > "$s/xfsz.sh"
check "$s"/*.sh | sed 's/:[0-9]*:/: /' > "$t/got"
{
	echo 'comment.sh: does not source tests/lib.sh'
	echo 'nolib.sh: does not source tests/lib.sh'
	echo 'ownfail.sh: fail() { exit 1; }: a fail() of its own'
	echo "owntrap.sh: d=x; $w \"rm -rf \$d\" EXIT: a $w of its own"
	echo "owntrap2.sh: $w 'rm \"\$d\"; kill \$p' INT TERM: a $w of its own"
} > "$t/want"
diff "$t/want" "$t/got" || fail "the check does not see each fault"

# the scripts of the suite
root=$TOP
check "$TOP"/tests/scripts/*.sh > "$t/bad"
if [ -s "$t/bad" ]; then
	sed 's/^/  /' "$t/bad"
	fail "scripts not on tests/lib.sh (see the comment at its top)"
fi
[ "$(ls "$TOP"/tests/scripts/*.sh | wc -l)" -gt 50 ] || fail "too few scripts found"
exit 0
