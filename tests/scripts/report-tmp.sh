#!/bin/sh
# lg-report keeps the cases' details in a temporary file until the page is
# written: the file is made in TMPDIR, and when it cannot be written whole
# (a full disk; here a file size limit of 0, so that even its last buffer,
# written only when the page is, fails) lg-report says so and exits 3
# without a page, never a page without its cases and status 0.
set -eu
. "$TOP/tests/lib.sh"
printf '%s\n' '{"id":"a","bench":"longweave","task":"kvg","length":"1k","gen":{"model":"m"},"output":"x","scores":{"score":1}}' > "$t/in"

# a limit of 0 bytes: every write to a file fails (EFBIG; the signal is
# ignored so that it is the write that fails, as on a full disk); the
# page goes to a pipe, which the limit does not touch
{
	rc=0
	(trap '' XFSZ; ulimit -f 0; exec lg-report "$t/in") 2> /dev/null || rc=$?
	echo "status $rc" > "$t/st"
} | cat > "$t/page"
st=$(cat "$t/st")
[ "$st" = "status 3" ] || fail "with no room for the details: $st, want status 3"
[ ! -s "$t/page" ] || fail "with no room for the details a page was written ($(wc -c < "$t/page") bytes)"

# the message: stderr through a pipe, out of the limit's reach
msg=$( { (trap '' XFSZ; ulimit -f 0; exec lg-report "$t/in" > /dev/null) 2>&1; } | cat)
case $msg in
*"temporary file: write failed"*) ;;
*) fail "no message for the failed temporary file: $msg" ;;
esac

# TMPDIR is where the file goes: a folder that does not exist fails
if TMPDIR=$t/none lg-report "$t/in" > "$t/page2" 2> "$t/err2"; then
	fail "TMPDIR=$t/none: lg-report did not use TMPDIR"
else
	[ $? -eq 3 ] || fail "TMPDIR missing: status, want 3"
fi
grep -q "temporary file $t/none/lg-report" "$t/err2" || fail "TMPDIR missing: $(cat "$t/err2")"
mkdir "$t/tmp"
TMPDIR=$t/tmp lg-report "$t/in" > "$t/page3" || fail "TMPDIR=$t/tmp: status $?"
grep -q 'id="d0"' "$t/page3" || fail "TMPDIR=$t/tmp: the case is missing from the page"
[ -z "$(ls "$t/tmp")" ] || fail "lg-report left $(ls "$t/tmp") in TMPDIR"
exit 0
