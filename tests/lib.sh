# Sourced by every tests/scripts/*.sh (tests/run.sh gives them BIN, OBJ,
# TOP and TMPDIR), which then defines no fail() and sets no trap of its own
# (tests/scripts/lib-all.sh checks).  It does not change the caller's `set`
# options.
#   $t                a scratch folder of the script's own, removed on exit
#   fail MESSAGE      print "FAIL: MESSAGE" and exit 1
#   skip MESSAGE      print "skipped: MESSAGE" and exit 77; only for what
#                     mk/deps.sh cannot install (a missing package fails)
#   at_exit COMMAND   run COMMAND on exit as well (kill a server, ...)
#   wait_ready FILE PID WHAT
#                     wait until FILE is written (a server's port file),
#                     failing when the process PID ends first: readiness,
#                     never a time limit
#   no_crash FILE...  fail on a sanitizer report in FILEs
#   browser_start     start one headless Chromium for the script's pages
#                     (tests/helpers/browser.py), stopped on exit
#   browse_page OUT URL [BUDGET-MS [PNG WIDTH HEIGHT]]
#                     load URL in it: its DOM in OUT.out, its log (script
#                     errors, console) in OUT.log, a screenshot in PNG
#   need_py           fail unless Python 3 and flake8 are there ($py)
#   py 'code' ARGS    run Python 3 code (json and sys are imported)
#   boot_spread REF PAD MIN RUN...
#                     each "KEY VALUE" line of REF (a former bootstrap's
#                     interval endpoints) within the spread of the RUN
#                     files' values of KEY (new draws, one file a seed),
#                     widened by half that spread and PAD; at least MIN
#                     endpoints, as many in each run; else print them
#                     and return 1
#   check_sums SUMS GOT WHAT
#                     the lists of hashes GOT against the reference SUMS:
#                     with UPDATE=1 write GOT over SUMS; else fail, naming
#                     the runs that differ, with "WHAT differ from the
#                     reference"
# PATH starts with BIN; the proxies and the API variables are unset.
PATH=$BIN:$PATH
export PATH
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY \
    LG_API_KEY OPENAI_API_KEY LG_BASE_URL 2>/dev/null || true
export NO_PROXY=127.0.0.1 no_proxy=127.0.0.1
py=/usr/bin/python3
PY=$py
lib_name=${0##*/}
t=$(mktemp -d "${TMPDIR:-/tmp}/${lib_name%.sh}.XXXXXX") || {
	echo "FAIL: no scratch folder"
	exit 1
}
lib_exit=

fail() {
	echo "FAIL: $*"
	exit 1
}

skip() {
	echo "skipped: $*"
	exit 77
}

wait_ready() {	# FILE PID WHAT: wait, however long, until FILE is written,
		# failing as soon as the process PID has ended without it
	while [ ! -s "$1" ]; do
		kill -0 "$2" 2>/dev/null || [ -s "$1" ] || fail "$3 did not start"
		sleep 0.02
	done
}

at_exit() {
	lib_exit="$lib_exit
$1"
}

lib_cleanup() {
	lib_rc=$?
	trap - EXIT INT TERM
	eval "$lib_exit" 2>/dev/null || true
	rm -rf "$t"
	exit "$lib_rc"
}
trap lib_cleanup EXIT
trap 'exit 130' INT TERM

no_crash() {
	for f in "$@"; do
		if grep -q -e AddressSanitizer -e LeakSanitizer -e 'runtime error:' "$f"; then
			head -30 "$f"
			fail "sanitizer report in $f"
		fi
	done
}

browser_start() {
	command -v chromium >/dev/null ||
	    fail "chromium missing (mk/deps.sh check installs it)"
	mkdir -p "$t/browser"
	"$py" "$TOP/tests/helpers/browser.py" serve "$t/browser" &
	lib_browser=$!
	at_exit "kill $lib_browser; wait $lib_browser"
	wait_ready "$t/browser/ready" "$lib_browser" "the browser"
}

browse_page() {	# OUT URL [BUDGET-MS [PNG WIDTH HEIGHT]]
	"$py" "$TOP/tests/helpers/browser.py" get "$t/browser" "$@" ||
	    fail "the browser failed on $2: $(tail -n 5 "$t/browser/profile.log")"
}

need_py() {	# Python 3 and flake8: mk/deps.sh check installs both
	"$py" -m flake8 --version >/dev/null 2>&1 ||
	    fail "no flake8 for $py (make deps-check installs it)"
}

py() {
	lib_code=$1
	shift
	"$py" -c "import json, sys
$lib_code" "$@"
}

boot_spread() {	# ref pad min run...
	py '
ref = {}
for line in open(sys.argv[1]):
    k, v = line.rsplit(" ", 1)
    ref[k] = float(v)
runs = []
for path in sys.argv[4:]:
    runs.append({})
    for line in open(path):
        k, v = line.rsplit(" ", 1)
        runs[-1][k] = float(v)
bad = []
for k, v in ref.items():
    vals = [r[k] for r in runs if k in r]
    if not vals:
        bad.append("%s: no interval now" % k)
        continue
    lo, hi = min(vals), max(vals)
    d = 0.5 * (hi - lo) + float(sys.argv[2])
    if not lo - d <= v <= hi + d:
        bad.append("%s: former %.4f, now %.4f to %.4f" % (k, v, lo, hi))
if len(ref) < int(sys.argv[3]) or len(runs[0]) != len(ref):
    bad.append("%d endpoints in the reference, %d now" % (len(ref),
               len(runs[0])))
print("\n".join(bad[:20]))
sys.exit(1 if bad else 0)
' "$@"
}

check_sums() {	# sums got what
	if [ -n "${UPDATE:-}" ]; then
		cp "$2" "$1"
		echo "wrote $1"
		exit 0
	fi
	if ! diff "$1" "$2" > "$2.diff"; then
		grep '^[<>]' "$2.diff" | sed 's/^/  /' | head -40
		fail "$3 differ from the reference"
	fi
}
