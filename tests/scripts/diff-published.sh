#!/bin/sh
# The --compat scorers agree with the published rules, written again in
# Python (tests/diff/published.py), on generated answers of every odd kind,
# and lg-agg --compat with the published means.
set -u
. "$TOP/tests/lib.sh"
"$py" "$TOP/tests/diff/published.py" "$BIN" -n 3 -s 2 ||
    fail "the --compat scorers and the published rules differ"
