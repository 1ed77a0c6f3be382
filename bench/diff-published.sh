#!/bin/sh
# Score a few hundred generated answers per task, odd ones included, with
# lg's --compat scorers and with the published rules written again in
# Python (tests/diff/published.py), and report the disagreements per task
# and kind.
#   bench/diff-published.sh [-n CASES] [-s SEED] [-v]
# Builds bin/ first; needs python3.  Exits 1 on any disagreement (make
# check runs a smaller round: tests/scripts/diff-published.sh).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
make -C "$top" --no-print-directory all >/dev/null
exec python3 "$top/tests/diff/published.py" "$top/bin" "$@"
