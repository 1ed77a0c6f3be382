#!/bin/sh
# shard.sh CONF CASES DIR N K
#
# One unit of a fan-out: answer shard K of N of the suite CASES with the
# model of CONF (see answer.sh), into DIR/out.K-of-N.jsonl.  The scripts
# xargs.sh, parallel.sh and slurm-shard.sbatch only decide where and when
# this runs.  A shard whose output is already whole is left alone, so
# running every shard again after a crash redoes only what was missing
# (and, through lg-infer --resume, only the cases not yet answered).
#
# Which cases are in shard K depends on their ids only (lg-shard(1)), so
# the same K/N gives the same cases on any machine.
set -eu
[ $# -eq 5 ] || { echo "usage: shard.sh CONF CASES DIR N K" >&2; exit 2; }
conf=$1 cases=$2 dir=$3 n=$4 k=$5
[ -n "${LGBIN:-}" ] && PATH=$LGBIN:$PATH
here=$(cd "$(dirname "$0")" && pwd)
out=$dir/out.$k-of-$n.jsonl
[ -f "$out" ] && exit 0
mkdir -p "$dir"
lg-shard "$k/$n" "$cases" > "$out.cases"
sh "$here/answer.sh" "$conf" "$out" "$out.cases"
rm -f "$out.cases"
