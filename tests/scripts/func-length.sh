#!/bin/sh
# Function length: no function in cmd/ or common/ over 150 lines and no
# main() over 60 (HACKING).  A function is counted from its "{" at column 0
# to its "}" at column 0, both included; its name is the identifier before
# the first "(" of the declarator line above the "{".  Every offender is
# named, as FILE:LINE: NAME() N lines (limit L), before the script fails.
# plain build only: it reads the source text
set -eu
. "$TOP/tests/lib.sh"
cd "$TOP"

# A function is its declarator (a line starting at column 0 with an
# identifier, holding a "("), then "{" alone at column 0.
measure() {	# FILE...: print FILE:LINE: NAME() N lines (limit L) per offender
	awk '
	FNR == 1 { name = ""; start = 0 }
	/^[A-Za-z_]/ && /\(/ && !/;[ \t]*$/ && start == 0 {
		s = $0
		sub(/\(.*/, "", s)
		n = split(s, w, /[^A-Za-z0-9_]+/)
		name = ""
		for (i = n; i >= 1; i--)
			if (w[i] != "") { name = w[i]; break }
		next
	}
	/^[;}]/ || /;[ \t]*$/ { if (start == 0) name = "" }
	/^\{/ && start == 0 && name != "" { start = FNR; next }
	/^\}/ && start != 0 {
		len = FNR - start + 1
		limit = name == "main" ? 60 : 150
		if (len > limit)
			printf "%s:%d: %s() %d lines (limit %d)\n", FILENAME,
			    start, name, len, limit
		start = 0
		name = ""
	}' "$@"
}

# The measure must see what it is meant to: a 151-line function and a
# 61-line main() are offenders, a 150-line one and a 60-line main() are not.
mkdir "$t/cmd"
gen() {	# NAME BODY-LINES: a function of BODY-LINES + 2 lines
	printf 'static int\n%s(int a, char **b)\n{\n' "$1"
	i=0
	while [ "$i" -lt "$2" ]; do
		echo '	a++;'
		i=$((i + 1))
	done
	printf '}\n\n'
}
{ gen long 149; gen short 148; gen main 59; } > "$t/cmd/a.c"
{ gen main 58; 
    printf 'int proto(void);\nstatic const int x[] =\n{\n'; gen k 200 | sed 1,3d; } > "$t/cmd/b.c"
got=$(measure "$t/cmd/a.c" "$t/cmd/b.c" | sed "s|$t/||")
want='cmd/a.c:3: long() 151 lines (limit 150)
cmd/a.c:310: main() 61 lines (limit 60)'
[ "$got" = "$want" ] || fail "the measure itself is wrong: got
$got
want
$want"

out=$(measure $(find cmd common -name '*.[ch]' | sort))
if [ -n "$out" ]; then
	echo "$out"
	fail "$(echo "$out" | wc -l | tr -d ' ') function(s) over the limit"
fi
