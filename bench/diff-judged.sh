#!/bin/sh
# Judge a few hundred LongWeave biog, sr and nw answers (oracle answers,
# degraded ones, odd ones) with lg-judge --compat and with the published
# judge's code, unmodified, against the same fake judge, whose replies take
# the forms the published readers meet; report the differences in requests
# and in scores (bench/diff-judged.py says what is compared).
#   bench/diff-judged.sh [-n CASES] [-s SEED] [-v] [--records FILE]
# Builds bin/ first; needs /usr/bin/python3 with PyYAML and tqdm (Debian
# python3-yaml, python3-tqdm) and $SHARED/reference/LongWeave (SHARED:
# ../shared).  Exits 1 on any difference.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
make -C "$top" --no-print-directory all >/dev/null
exec /usr/bin/python3 "$top/bench/diff-judged.py" "$top/bin" "$@"
