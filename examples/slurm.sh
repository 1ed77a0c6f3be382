#!/bin/sh
# slurm.sh CONF CASES DIR [N] [sbatch options ...]
#
# Submit the suite CASES to SLURM as a job array of N shards (default 8),
# one shard per array task, each answered by the model of CONF, and a
# merge job that waits for the whole array (afterok) and then merges,
# scores and aggregates into DIR/report.md.  Prints the two job ids.
# DIR must be on a file system every node sees; paths are made absolute.
# A task that failed is resubmitted with the same command: tasks whose
# shard is whole end at once, the others resume.
#   sh slurm.sh models/m.conf cases.jsonl /shared/run 64 --partition=gpu
set -eu
[ $# -ge 3 ] || { echo "usage: slurm.sh CONF CASES DIR [N] [sbatch options]" >&2; exit 2; }
abs() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
conf=$(abs "$1") cases=$(abs "$2") dir=$(abs "$3") n=${4:-8}
shift 3
[ $# -gt 0 ] && shift
LG_EXAMPLES=$(cd "$(dirname "$0")" && pwd)
export LG_EXAMPLES
# sbatch reads patterns in the log's name: '%%' is a '%', and a backslash
# anywhere turns them all off, %A and %a too
case $dir in
*\\*)
	echo "slurm.sh: $dir: a backslash in DIR would keep sbatch from naming each task's log" >&2
	exit 2
	;;
esac
log=$(printf '%s\n' "$dir/log" | sed 's/%/%%/g')
mkdir -p "$dir/log"
# --parsable prints the job id alone; %A is the array's id, %a the task's
array=$(sbatch --parsable --array=1-"$n" --output="$log/shard-%A-%a.log" \
    "$@" "$LG_EXAMPLES/slurm-shard.sbatch" "$conf" "$cases" "$dir" "$n")
merge=$(sbatch --parsable --dependency=afterok:"$array" \
    --output="$log/merge-%j.log" "$@" \
    "$LG_EXAMPLES/slurm-merge.sbatch" "$cases" "$dir" "$n")
echo "$array $merge"
