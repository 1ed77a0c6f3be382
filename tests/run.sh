#!/bin/sh
# Run the test suite against one build.
#   tests/run.sh BINDIR OBJDIR
# Golden tests: tests/lg-X/NAME/ holds args (the arguments, shell-quoted) or
# cmd (a shell pipeline, with BINDIR first in PATH), and in / in.sh (stdin,
# or a script whose output is stdin), out, err, rc (expected; rc defaults to
# 0, a missing out or err means stdout or stderr must be empty).  A crash or a sanitizer
# report is always a failure.  Unit tests: OBJDIR/unit/*.  Script tests:
# tests/scripts/*.sh, run with BIN=BINDIR, pass on exit 0.
# Prints "N passed, N failed" last.
set -u
bindir=$(cd "$1" && pwd)
objdir=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
only=${TESTS:-}

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

crashed() {	# rc stderr-file
	[ "$1" -ge 128 ] && [ "$1" -ne 141 ] && return 0
	grep -q -e 'AddressSanitizer' -e 'LeakSanitizer' -e 'runtime error:' "$2" && return 0
	return 1
}

for t in "$top"/tests/lg-*/*/; do
	t=${t%/}
	name=${t#"$top"/tests/}
	case $name in *"$only"*) ;; *) continue ;; esac
	tool=${name%%/*}
	(
		cd "$t" || exit 99
		export PATH="$bindir:$PATH" LG_SHARE="$top/share" LC_ALL=C
		if [ -f in.sh ]; then
			sh in.sh > "$tmp/in"
		elif [ -f in ]; then
			cp in "$tmp/in"
		else
			: > "$tmp/in"
		fi
		if [ -f cmd ]; then
			sh ./cmd < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
		else
			eval "set -- $(cat args 2>/dev/null)"
			"$bindir/$tool" "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
		fi
		echo $? > "$tmp/rc"
	)
	rc=$(cat "$tmp/rc")
	want_rc=0
	[ -f "$t/rc" ] && want_rc=$(cat "$t/rc")
	if crashed "$rc" "$tmp/err"; then
		bad "$name: crashed (status $rc)"
		sed 's/^/    /' "$tmp/err" | head -20
		continue
	fi
	if [ "$rc" != "$want_rc" ]; then
		bad "$name: exit status $rc, want $want_rc"
		sed 's/^/    /' "$tmp/err" | head -5
		continue
	fi
	want_out=/dev/null
	[ -f "$t/out" ] && want_out=$t/out
	if ! cmp -s "$want_out" "$tmp/out"; then
		bad "$name: stdout differs"
		diff "$want_out" "$tmp/out" | head -10 | sed 's/^/    /'
		continue
	fi
	want_err=/dev/null
	[ -f "$t/err" ] && want_err=$t/err
	if ! cmp -s "$want_err" "$tmp/err"; then
		bad "$name: stderr differs"
		diff "$want_err" "$tmp/err" | head -10 | sed 's/^/    /'
		continue
	fi
	ok
done

for u in "$objdir"/unit/*; do
	[ -x "$u" ] || continue
	case unit/${u##*/} in *"$only"*) ;; *) continue ;; esac
	if "$u" > "$tmp/uout" 2>&1; then
		ok
	else
		bad "unit/${u##*/}"
		grep -v '^[0-9]* passed' "$tmp/uout" | head -20 | sed 's/^/    /'
	fi
done

for s in "$top"/tests/scripts/*.sh; do
	[ -f "$s" ] || continue
	case scripts/${s##*/} in *"$only"*) ;; *) continue ;; esac
	if BIN="$bindir" OBJ="$objdir" TOP="$top" LG_SHARE="$top/share" \
	    TMPDIR="$tmp" sh "$s" > "$tmp/sout" 2>&1 &&
	    ! grep -q -e 'Sanitizer' -e 'runtime error:' "$tmp/sout"; then
		ok
	else
		bad "scripts/${s##*/}"
		tail -20 "$tmp/sout" | sed 's/^/    /'
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
