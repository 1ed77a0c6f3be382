#!/bin/sh
# Output errors: a reader that leaves ends a tool by SIGPIPE, silently (as
# git does); a full disk is exit status 3 with a message.
set -u
. "$TOP/tests/lib.sh"
cd "$BIN"
./lg-gen longgenbench -l 32k -n 6 | ./lg-prompt | ./lg-oracle > "$t/cases"
# lg-agg reads scored records (unscored ones it names on stderr, rightly)
./lg-split < "$t/cases" | ./lg-judge --rules > "$t/scored" 2> /dev/null
for p in "lg-gen longgenbench -l 32k -n 30" "lg-prompt --force" "lg-oracle" "lg-split" \
    "lg-judge --rules" lg-kvcheck lg-fsmcheck lg-tau lg-agg; do
	set -- $p
	case $1 in
	lg-gen) (./"$@" 2> "$t/err"; echo $? > "$t/rc") | head -c 1 > /dev/null ;;
	lg-judge) (./lg-split < "$t/cases" | ./"$@" 2> "$t/err"; echo $? > "$t/rc") | head -c 1 > /dev/null ;;
	lg-agg) (./"$@" < "$t/scored" 2> "$t/err"; echo $? > "$t/rc") | head -c 1 > /dev/null ;;
	*) (./"$@" < "$t/cases" 2> "$t/err"; echo $? > "$t/rc") | head -c 1 > /dev/null ;;
	esac
	# lg-agg writes its small table at the end, into a pipe already closed
	[ "$(cat "$t/rc")" -eq 141 ] || [ "$1" = lg-agg ] ||
	    fail "$p: status $(cat "$t/rc") when the reader left"
	[ ! -s "$t/err" ] || fail "$p: said something on SIGPIPE: $(cat "$t/err")"
	if [ -w /dev/full ]; then
		case $1 in
		lg-gen) ./"$@" > /dev/full 2> "$t/err" ;;
		lg-agg) ./"$@" < "$t/scored" > /dev/full 2> "$t/err" ;;
		*) ./"$@" < "$t/cases" > /dev/full 2> "$t/err" ;;
		esac
		rc=$?
		[ "$rc" -eq 3 ] || fail "$p: status $rc on a full disk"
		grep -q 'write error' "$t/err" || fail "$p: no message on a full disk"
	fi
done
echo ok
