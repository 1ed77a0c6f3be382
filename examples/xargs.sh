#!/bin/sh
# xargs.sh CONF CASES DIR [N [JOBS]]
#
# Answer the suite CASES with the model of CONF on this machine, cut into N
# shards (default 8) of which JOBS (default 4) run at once, then merge the
# shards into DIR/out.jsonl, in the order of CASES.  Running it again after
# a crash or a kill redoes only the missing shards, and in them only the
# missing cases (shard.sh).
#
#   lg-gen longgenbench -l 16k -n 25 | lg-prompt > cases.jsonl
#   sh xargs.sh models/oracle.conf cases.jsonl run/ 8 4
#   lg-split run/out.jsonl | lg-judge --rules | lg-agg
set -eu
[ $# -ge 3 ] || { echo "usage: xargs.sh CONF CASES DIR [N [JOBS]]" >&2; exit 2; }
conf=$1 cases=$2 dir=$3 n=${4:-8} jobs=${5:-4}
[ -n "${LGBIN:-}" ] && PATH=$LGBIN:$PATH
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
# one line per shard number; xargs -n 1 appends it to the command as K
seq 1 "$n" | xargs -P "$jobs" -n 1 sh "$here/shard.sh" "$conf" "$cases" "$dir" "$n"
# every id of CASES once, or a message and no output
lg-shard --merge --order "$cases" "$dir"/out.*-of-"$n".jsonl > "$dir/out.jsonl.tmp"
mv "$dir/out.jsonl.tmp" "$dir/out.jsonl"
