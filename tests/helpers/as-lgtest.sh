#!/bin/sh
# Run a test script again as the throwaway user lgtest, made when missing:
#   sh as-lgtest.sh SCRIPT
# as root, with BIN naming the build.  Copies of SCRIPT, of lg-flake8 and
# of tests/lib.sh go where lgtest can read them, and SCRIPT --body runs
# there with BIN naming the copy, TOP the folder holding tests/lib.sh and
# TMPDIR=/tmp; its exit status is this one's.
set -u
id lgtest >/dev/null 2>&1 ||
    useradd --system --no-create-home --shell /usr/sbin/nologin lgtest \
    >/dev/null 2>&1
id lgtest >/dev/null 2>&1 || { echo "cannot make the user lgtest"; exit 1; }
c=$(mktemp -d /tmp/lg-lgtest.XXXXXX) || exit 1
trap 'rm -rf "$c"' EXIT
chmod 755 "$c"
mkdir "$c/tests" &&
    cp "$BIN/lg-flake8" "$c/lg-flake8" && cp "$1" "$c/test.sh" &&
    cp "$TOP/tests/lib.sh" "$c/tests/lib.sh" || exit 1
chmod 755 "$c/lg-flake8" "$c/test.sh" "$c/tests"
chmod 644 "$c/tests/lib.sh"
cd / || exit 1
setpriv --reuid=lgtest --regid=lgtest --init-groups env -i \
    PATH=/usr/bin:/bin HOME=/ LC_ALL=C TMPDIR=/tmp BIN="$c" TOP="$c" \
    ASAN_OPTIONS="${ASAN_OPTIONS:-}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-}" \
    sh "$c/test.sh" --body
rc=$?
exit $rc
