# Sourced by tests/scripts/infer-*.sh: a scratch folder, the fake server,
# and checks.  Needs BIN, OBJ and TMPDIR from tests/run.sh.
#   fake_start NAME [fakeapi options]   start a server; its URL goes to $url
#   fake_stop NAME                      stop it; fail on a sanitizer report
#   fake_count NAME                     requests it has logged
#   no_crash FILE...                    fail on a sanitizer report in FILEs
#   fail MESSAGE                        print and exit 1
#   py 'code' ARGS                      run Python 3 code (json is imported)
set -eu
FAKE=$OBJ/helpers/fakeapi
[ -x "$FAKE" ] || { echo "no test server at $FAKE"; exit 1; }
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY \
    LG_API_KEY OPENAI_API_KEY LG_BASE_URL 2>/dev/null || true
export NO_PROXY=127.0.0.1 no_proxy=127.0.0.1
PATH=$BIN:$PATH
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
t=$(mktemp -d "${TMPDIR:-/tmp}/infer.XXXXXX")
fake_pids=

fail() {
	echo "FAIL: $*"
	exit 1
}

no_crash() {
	for f in "$@"; do
		if grep -q -e AddressSanitizer -e LeakSanitizer -e 'runtime error:' "$f"; then
			head -30 "$f"
			fail "sanitizer report in $f"
		fi
	done
}

fake_start() {
	name=$1
	shift
	rm -f "$t/$name.port"
	"$FAKE" --port-file "$t/$name.port" --log "$t/$name.log" \
	    --idle-exit 60 --lifetime 120 "$@" > /dev/null 2> "$t/$name.err" &
	echo $! > "$t/$name.pid"
	fake_pids="$fake_pids $!"
	i=0
	while [ ! -s "$t/$name.port" ]; do
		i=$((i + 1))
		[ "$i" -le 200 ] || fail "server $name did not start"
		sleep 0.05
	done
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

py() {
	code=$1
	shift
	"$PY" -c "import json, sys
$code" "$@"
}

fake_cleanup() {
	for p in $fake_pids; do
		kill "$p" 2>/dev/null || true
	done
	wait 2>/dev/null || true
	rm -rf "$t"
}
trap fake_cleanup EXIT INT TERM
