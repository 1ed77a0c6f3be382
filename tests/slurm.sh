#!/bin/sh
# make check-slurm: a real single-node SLURM cluster on this machine runs
# examples/slurm.sh, a job array of 8 shards and a merge job that depends
# on it, and the merged records must be byte for byte those of one process.
#
# Installs slurm-wlm and munge from Debian when missing (apt-get update
# first), then starts munged, slurmctld and slurmd on 127.0.0.1 with
# their configuration, keys, state and logs in a scratch folder, as root
# (SlurmUser root): nothing under /etc is changed.  When a daemon cannot
# run here, it says why and fails.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
t=$(mktemp -d "${TMPDIR:-/tmp}/lg-slurm.XXXXXX")
chmod 700 "$t"
pids=
say() { echo "check-slurm: $*"; }
fail() {
	say "FAIL: $*"
	for f in munged.log slurmctld.log slurmd.log; do
		[ -s "$t/$f" ] && { echo "--- $f"; tail -15 "$t/$f"; }
	done
	exit 1
}
cleanup() {
	[ -n "${SLURM_CONF:-}" ] && [ -n "$pids" ] && scancel --user="$(id -un)" 2> /dev/null
	for p in $pids; do kill "$p" 2> /dev/null; done
	sleep 0.5
	for p in $pids; do kill -9 "$p" 2> /dev/null; done
	rm -rf "$t"
}
trap cleanup EXIT INT TERM

[ "$(id -u)" -eq 0 ] ||
    fail "the daemons run as root here (slurmd starts jobs as their user); run as root"
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
	say "installing slurm-wlm and munge"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q > "$t/apt.log" 2>&1 &&
	    apt-get install -y -q slurm-wlm munge >> "$t/apt.log" 2>&1 ||
	    { tail -5 "$t/apt.log"; fail "apt-get install slurm-wlm munge failed"; }
fi
[ -x "$bin/lg-shard" ] || fail "build first: make"

# munge: a throwaway key, its socket in the scratch folder
mkdir -p "$t/munge"
chmod 700 "$t/munge"
dd if=/dev/urandom of="$t/munge/key" bs=1024 count=1 2> /dev/null
chmod 400 "$t/munge/key"
sock=$t/munge/socket
munged --force --key-file="$t/munge/key" --socket="$sock" \
    --pid-file="$t/munge/pid" --seed-file="$t/munge/seed" \
    --log-file="$t/munged.log" > "$t/munged.out" 2>&1 ||
    fail "munged would not start: $(cat "$t/munged.out")"
pids="$pids $(cat "$t/munge/pid")"
echo test | munge --socket="$sock" | unmunge --socket="$sock" > /dev/null 2>&1 ||
    fail "munge does not work: credentials do not round-trip"

port() {
	/usr/bin/python3 -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
host=$(hostname -s)
mkdir -p "$t/state" "$t/spool"
cat > "$t/slurm.conf" <<X
ClusterName=lgtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(port)
SlurmdPort=$(port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/slurmctld.log
SlurmdLogFile=$t/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
MaxArraySize=1001
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=lg Nodes=$host Default=YES MaxTime=INFINITE State=UP
X
SLURM_CONF=$t/slurm.conf
export SLURM_CONF
slurmctld -D -i > "$t/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D > "$t/slurmd.out" 2>&1 &
pids="$pids $!"
i=0
until sinfo -h -o '%T' 2> /dev/null | grep -q -e idle -e mixed; do
	i=$((i + 1))
	for p in $pids; do
		kill -0 "$p" 2> /dev/null || fail "a daemon died: $(cat "$t"/slurm*.out | tail -5)"
	done
	[ "$i" -le 120 ] || fail "the node never came up: $(sinfo 2>&1 | tail -3)"
	sleep 0.5
done
say "cluster up: $(sinfo -h -o '%P %D %T %c CPUs' | head -1)"

# the suite, and what one process makes of it
w=$t/work
mkdir -p "$w"
export PATH="$bin:$PATH" LG_SHARE="$top/share" LGBIN="$bin"
lg-gen longgenbench -l 16k -n 8 -s 11 | lg-prompt > "$w/cases"
printf 'ENGINE=oracle\nARGS="--drop 0.25 -s 4"\n' > "$w/oracle.conf"
lg-oracle --drop 0.25 -s 4 "$w/cases" > "$w/one"
lg-split "$w/one" | lg-judge --rules | lg-agg -f md > "$w/one.md"

ids=$(sh "$top/examples/slurm.sh" "$w/oracle.conf" "$w/cases" "$w/run" 8) ||
    fail "sbatch: $ids"
array=${ids% *}
merge=${ids#* }
say "submitted array job $array (8 tasks) and merge job $merge"
squeue -h -j "$merge" -o '%i %T %E' | sed 's/^/check-slurm: /'
i=0
while [ -n "$(squeue -h -j "$array,$merge" 2> /dev/null)" ]; do
	i=$((i + 1))
	[ "$i" -le 600 ] || fail "the jobs did not end: $(squeue)"
	sleep 0.5
done
for f in "$w"/run/log/*; do
	[ -s "$f" ] && { echo "--- ${f##*/}"; cat "$f"; }
done
n=$(ls "$w"/run/out.*-of-8.jsonl 2> /dev/null | wc -l)
[ "$n" -eq 8 ] || fail "$n of 8 shard outputs"
[ -f "$w/run/out.jsonl" ] || fail "the merge job wrote nothing"
cmp "$w/one" "$w/run/out.jsonl" || fail "the merged records differ from one process"
cmp "$w/one.md" "$w/run/report.md" || fail "the report differs from one process"
n=$(ls "$w"/run/log/shard-"$array"-*.log | wc -l)
[ "$n" -eq 8 ] || fail "$n array tasks left a log, want 8"
say "8 array tasks ran, shards of $(for f in "$w"/run/out.*-of-8.jsonl; do wc -l < "$f"; done | tr '\n' ' ')records"
say "merged: $(wc -l < "$w/run/out.jsonl") records, identical to one process"
say "report identical: $(wc -l < "$w/run/report.md") lines"
say ok
