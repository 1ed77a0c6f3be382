#!/bin/sh
# Install what lg needs on Debian or Ubuntu, or name what is missing.
#   deps.sh build    compiler, pkg-config and the three libraries
#   deps.sh demo     the above, plus python3 and flake8 (code-fixing scores)
#   deps.sh check    the above, plus what the test suite uses
set -u
mode=${1:-build}
missing=

need() {	# need PACKAGE TEST...
	pkg=$1; shift
	"$@" >/dev/null 2>&1 || missing="$missing $pkg"
}
have() { command -v "$1"; }
pc() { pkg-config --exists "$1"; }
fuzzer_links() {
	printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n)\n{ (void)d; (void)n; return 0; }\n' |
	    clang -fsanitize=fuzzer,address,undefined -x c -o /dev/null -
}

need gcc have cc
need make have make
need pkg-config have pkg-config
need libcjson-dev pc libcjson
need libcurl4-openssl-dev pc libcurl
need libpcre2-dev pc libpcre2-8
if [ "$mode" = check ]; then
	need mandoc have mandoc
	need jq have jq
	# examples/parallel.sh across hosts: GNU parallel over ssh to localhost
	need parallel have parallel
	need openssh-server test -x /usr/sbin/sshd
	need openssh-client have ssh-keygen
	need bsdutils have script
	# the fuzz targets: clang with libFuzzer and the sanitizer runtimes
	need clang have clang
	need libclang-rt-14-dev fuzzer_links
	# lg-plot's charts rendered to PNG, lg-report opened in a browser
	need librsvg2-bin have rsvg-convert
	need chromium have chromium
fi
if [ "$mode" = check ] || [ "$mode" = demo ]; then
	need python3 test -x /usr/bin/python3
	need flake8 /usr/bin/python3 -m flake8 --version
	# the lint families of LongWeave's code fixing that Debian packages
	need python3-pep8-naming /usr/bin/python3 -c 'import pep8ext_naming'
	need python3-flake8-comprehensions /usr/bin/python3 -c 'import flake8_comprehensions'
fi
[ -z "$missing" ] && exit 0

echo "lg: missing packages:$missing" >&2
if ! command -v apt-get >/dev/null 2>&1; then
	echo "lg: install them with your package manager, then run make again" >&2
	exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
	sudo=
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo -n"
else
	echo "lg: not root and no sudo: run apt-get install$missing as root" >&2
	exit 1
fi
echo "lg: installing with apt-get:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# apt's own lines go to a log, shown when it fails: a line per stage here
log=$(mktemp "${TMPDIR:-/tmp}/lg-apt.XXXXXX") || exit 1
trap 'rm -f "$log"' EXIT
# shellcheck disable=SC2086
if ! $sudo apt-get install -y -q $missing >"$log" 2>&1; then
	echo "lg: updating apt's package lists, then installing again" >&2
	$sudo apt-get update -q >"$log" 2>&1
	# shellcheck disable=SC2086
	if ! $sudo apt-get install -y -q $missing >>"$log" 2>&1; then
		tail -n 15 "$log" >&2
		echo "lg: apt-get install$missing failed (its last lines above); install them by hand" >&2
		exit 1
	fi
fi
echo "lg: installed:$missing" >&2
exit 0
