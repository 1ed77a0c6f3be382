# Sourced by tests/scripts/infer-*.sh: tests/lib.sh (the scratch folder $t,
# fail, no_crash, py), then the fake server.
#   fake_start NAME [fakeapi options]   start a server; its URL goes to $url
#   fake_stop NAME                      stop it; fail on a sanitizer report
#   fake_count NAME                     requests it has logged
set -eu
. "$TOP/tests/lib.sh"
# the server: OBJ's, or FAKEAPI when set (tests/check.sh gives the
# sanitizer suite the plain build's: the sanitizers are there for lg's
# tools, and the server's own C stays under them in the scripts and
# goldens that start OBJ's themselves: judge-*.sh, infer-batch.sh, the
# lg-judge goldens of fakejudge.sh)
FAKE=${FAKEAPI:-$OBJ/helpers/fakeapi}
[ -x "$FAKE" ] || fail "no test server at $FAKE"
fake_pids=

fake_start() {
	name=$1
	shift
	rm -f "$t/$name.port"
	"$FAKE" --port-file "$t/$name.port" --log "$t/$name.log" \
	    --idle-exit 600 --lifetime 3600 "$@" > /dev/null 2> "$t/$name.err" &
	echo $! > "$t/$name.pid"
	fake_pids="$fake_pids $!"
	wait_ready "$t/$name.port" $! "server $name"
	url=http://127.0.0.1:$(cat "$t/$name.port")
}

fake_stop() {
	pid=$(cat "$t/$1.pid")
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	no_crash "$t/$1.err"
}

fake_count() {
	if [ -f "$t/$1.log" ]; then
		wc -l < "$t/$1.log" | tr -d ' '
	else
		echo 0
	fi
}

fake_cleanup() {
	for p in $fake_pids; do
		kill "$p" 2>/dev/null || true
	done
	wait 2>/dev/null || true
}
at_exit fake_cleanup
