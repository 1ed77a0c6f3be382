#!/bin/sh
# parallel.sh CONF CASES DIR N LOGIN...
#
# The same as xargs.sh, across machines with GNU parallel: each shard runs
# over ssh on one of the LOGINs (an --sshlogin: "host", "user@host",
# "4/host" for 4 jobs on host, ":" for this machine).
#
# Needs, on every host: lg on PATH (or LGBIN set here, copied over with
# --env, as LG_SHARE is when set), ssh access without a password, and
# DIR, CASES, CONF and this folder at the same absolute paths: a shared
# file system (NFS and the like).  Paths are made absolute here.  Each
# shard writes only its own files, and renames them into place when
# whole, so hosts never write the same file; a shared lg-infer --cache
# (CACHE) is safe too, its entries being renamed into place.
#
#   sh parallel.sh models/m.conf cases.jsonl /shared/run 32 8/gpu1 8/gpu2
set -eu
[ $# -ge 5 ] || { echo "usage: parallel.sh CONF CASES DIR N LOGIN..." >&2; exit 2; }
abs() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
conf=$(abs "$1") cases=$(abs "$2") dir=$(abs "$3") n=$4
shift 4
[ -n "${LGBIN:-}" ] && PATH=$LGBIN:$PATH
here=$(cd "$(dirname "$0")" && pwd)
export LGBIN="${LGBIN:-}" CACHE="${CACHE:-}"
# variables copied to the remote commands (never an API key: it would show
# in the command line; give lg-infer --api-key-file in ARGS instead)
opts="--env LGBIN --env CACHE"
[ -n "${LG_SHARE:-}" ] && opts="$opts --env LG_SHARE"
for l in "$@"; do opts="$opts --sshlogin $l"; done
mkdir -p "$dir"
# --halt: stop at the first failed shard; its rerun resumes it.  --quote:
# parallel hands the command to a shell (over ssh, two), which would split
# a path at its blanks and run what a '$(...)' in it says; quoted, each
# argument arrives as it is
# shellcheck disable=SC2086
seq 1 "$n" | parallel $opts --halt now,fail=1 --quote \
    sh "$here/shard.sh" "$conf" "$cases" "$dir" "$n" {}
lg-shard --merge --order "$cases" "$dir"/out.*-of-"$n".jsonl > "$dir/out.jsonl.tmp"
mv "$dir/out.jsonl.tmp" "$dir/out.jsonl"
