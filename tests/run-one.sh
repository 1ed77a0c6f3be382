#!/bin/sh
# One test for tests/run.sh (which sets RUN_BIN, RUN_OBJ, RUN_TOP, RUN_TMP):
#   tests/run-one.sh KIND NAME ID
# KIND is golden, unit or script.  Writes RUN_TMP/res/ID.rc (pass, skip,
# fail, or updated: a golden rewritten under UPDATE=1), ID.why (what
# failed), ID.log (what the test printed) and ID.ms (its milliseconds,
# then the milliseconds of processor time its processes took).
set -u
kind=$1 name=$2 id=$3
bindir=$RUN_BIN objdir=$RUN_OBJ top=$RUN_TOP
res=$RUN_TMP/res/$id
w=$RUN_TMP/w/$id
mkdir -p "$w/san" "$w/tmp"
# sanitizer reports go to files of this test's own, wherever its stderr goes
export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}log_path=$w/san/asan"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-}${UBSAN_OPTIONS:+:}log_path=$w/san/ubsan"
# caches (lg-flake8's) start empty and stay out of the user's home
export XDG_CACHE_HOME="$w/cache"
: > "$res.log"
t0=$(date +%s%N)
# the progress pipe is this run's: a test that runs the suite's scripts
# itself (harness.sh) must not report its inner tests there
progress=${RUN_PROGRESS:-}
unset RUN_PROGRESS

secs_ms() {	# "1m2.345678s" (the shell's times) as milliseconds
	m=${1%%m*} f=${1#*m}
	f=${f%s}
	sec=${f%%.*}
	f=${f#"$sec"}
	f=${f#.}000
	f=${f%"${f#???}"}
	echo $(((m * 60 + sec) * 1000 + 1$f - 1000))
}

cpu_ms() {	# cpu=the user and system time of this test's processes, in ms
		# (in this shell: a subshell would not have waited for them)
	times > "$w/times"
	{ read -r _ _; read -r u s; } < "$w/times"
	cpu=$(($(secs_ms "$u") + $(secs_ms "$s")))
}

result() {	# pass | skip | fail WHY
	[ "$1" = fail ] && echo "$2" > "$res.why"
	echo "$1" > "$res.rc"
	# how long it took, for tests/run.sh's order of the next run, and the
	# processor time of what it ran (user and system, children included)
	ms=$((($(date +%s%N) - t0) / 1000000))
	cpu_ms
	rm -rf "$w"
	echo "$ms $cpu" > "$res.ms"
	# one line as each test ends, for tests/check.sh's progress (a line is
	# far below PIPE_BUF, so lines of tests ending together never mix)
	if [ -n "$progress" ]; then
		printf '%s %d.%d %s%s\n' "$1" $((ms / 1000)) $((ms % 1000 / 100)) \
		    "${RUN_LABEL:-}${RUN_LABEL:+: }" "$name" >> "$progress"
	fi
	exit 0
}

reports() {	# sanitizer report files, appended to the log
	set -- "$w"/san/*
	[ -e "$1" ] || return 1
	for f in "$@"; do
		echo "--- ${f##*/}"
		head -n 40 "$f"
	done >> "$res.log"
	return 0
}

update() {	# FOLDER: write this run's out, err and rc over the golden's,
		# in the files it has (a missing one stands for empty or 0, and
		# is written only when that is no longer so); true if any changed
	changed=1
	for f in out err; do
		[ -f "$1/$f" ] || [ -s "$w/$f" ] || continue
		if ! cmp -s "$w/$f" "$1/$f"; then
			cp "$w/$f" "$1/$f" || result fail "cannot write $1/$f"
			changed=0
		fi
	done
	if [ "$rc" != "$want_rc" ]; then
		echo "$rc" > "$1/rc" || result fail "cannot write $1/rc"
		want_rc=$rc
		changed=0
	fi
	return $changed
}

same() {	# WANT GOT: GOT is WANT's bytes (a missing WANT: GOT is empty,
		# told without a process); else the start of their diff in
		# the log
	if [ -f "$1" ]; then
		cmp -s "$1" "$2" && return 0
		diff "$1" "$2" | head -n 10 >> "$res.log"
	else
		[ -s "$2" ] || return 0
		diff /dev/null "$2" | head -n 10 >> "$res.log"
	fi
	return 1
}

crashed() {	# status stderr-file
	[ "$1" -ge 128 ] && [ "$1" -ne 141 ] && return 0
	[ -s "$2" ] && grep -q -e 'AddressSanitizer' -e 'LeakSanitizer' -e 'runtime error:' "$2"
}

case $kind in
golden)
	t=$top/tests/$name
	tool=${name%%/*}
	(
		cd "$t" || exit 99
		export PATH="$bindir:$PATH" LG_SHARE="$top/share" LC_ALL=C
		in=/dev/null
		[ -f in ] && in=in
		if [ -f in.sh ]; then
			sh in.sh > "$w/in"
			in=$w/in
		fi
		if [ -f cmd ]; then
			sh ./cmd < "$in" > "$w/out" 2> "$w/err"
		else
			args=
			[ -f args ] && args=$(cat args)
			eval "set -- $args"
			"$bindir/$tool" "$@" < "$in" > "$w/out" 2> "$w/err"
		fi
		echo $? > "$w/rc"
	)
	read -r rc < "$w/rc"
	want_rc=0
	[ -f "$t/rc" ] && read -r want_rc < "$t/rc"
	if crashed "$rc" "$w/err"; then
		head -n 20 "$w/err" >> "$res.log"
		reports || :
		result fail "crashed (status $rc)"
	fi
	reports && result fail "sanitizer report"
	status=pass
	[ -n "${UPDATE:-}" ] && update "$t" && status=updated
	if [ "$rc" != "$want_rc" ]; then
		head -n 5 "$w/err" >> "$res.log"
		result fail "exit status $rc, want $want_rc"
	fi
	same "$t/out" "$w/out" || result fail "stdout differs"
	same "$t/err" "$w/err" || result fail "stderr differs"
	result "$status"
	;;
unit)
	"$objdir/$name" > "$w/out" 2>&1
	rc=$?
	grep -v '^[0-9]* passed' "$w/out" >> "$res.log"
	reports && result fail "sanitizer report"
	[ "$rc" -eq 77 ] && result skip
	[ "$rc" -eq 0 ] || result fail "exit status $rc"
	result pass
	;;
script)
	BIN="$bindir" OBJ="$objdir" TOP="$top" LG_SHARE="$top/share" \
	    TMPDIR="$w/tmp" sh "$top/tests/$name" >> "$res.log" 2>&1
	rc=$?
	reports && result fail "sanitizer report"
	grep -q -e 'Sanitizer' -e 'runtime error:' "$res.log" &&
	    result fail "sanitizer report"
	[ "$rc" -eq 77 ] && result skip
	[ "$rc" -eq 0 ] || result fail "exit status $rc"
	result pass
	;;
esac
result fail "unknown kind $kind"
