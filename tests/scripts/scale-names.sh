#!/bin/sh
# Every script of examples/ takes paths as they are: settings, cases,
# output folders and LGBIN under a folder whose name holds a blank, both
# quotes, '$(id>PWNED)', a backquoted command, ';', '*', '&' and '%a'.
# answer.sh, shard.sh, xargs.sh, parallel.sh (on this machine, login ':')
# and slurm.sh with its two jobs (under a stand-in sbatch that names logs
# as sbatch does) give the records of one lg-oracle process, no command
# in a name is run, and the command answer.sh prints for cases that
# failed works as printed.  The Makefile runs from such a folder, with lg
# only through an LGBIN of such a name (make reads no '$' in it), and
# refuses model files named llama3:8b.conf or m#1.conf, W=a#b, with a
# message and before running anything.
. "$TOP/tests/lg-infer/fake.sh"
ex=$TOP/examples
command -v parallel > /dev/null || fail "GNU parallel is missing (make deps-check installs it)"
# (a mark of this run's own: a file left by another is not this run's)
pw=PWNED$(basename "$t" | tr -dc A-Za-z0-9)
w="$t/a b'c\"d\$(id>$pw)e\`id>$pw\`f;g*h&i%aj"
mkdir -p "$w/bin" "$t/cwd"
for f in "$BIN"/lg-*; do
	ln -s "$f" "$w/bin/"
done
cd "$t/cwd"
pwned() {	# fail when a command in a name was run
	if find "$t" "$HOME" -maxdepth 8 -name "$pw*" 2>/dev/null | grep -q .; then
		fail "$1: a command in a path was run"
	fi
}

lg-gen longgenbench -l 16k -n 2 -s 4 | lg-prompt > "$w/cases"
lg-gen longweave -t kvg -l 1k -n 2 | lg-prompt >> "$w/cases"
printf 'ENGINE=oracle\nARGS="--drop 0.3 -s 5"\n' > "$w/oracle.conf"
lg-oracle --drop 0.3 -s 5 "$w/cases" > "$t/one"

# answer.sh
LGBIN=$w/bin sh "$ex/answer.sh" "$w/oracle.conf" "$w/answer out" "$w/cases" \
    2> "$t/err" || fail "answer.sh: $(cat "$t/err")"
cmp "$t/one" "$w/answer out" || fail "answer.sh: records differ"
pwned answer.sh

# shard.sh and xargs.sh
LGBIN=$w/bin sh "$ex/xargs.sh" "$w/oracle.conf" "$w/cases" "$w/x dir" 4 2 \
    2> "$t/err" || fail "xargs.sh: $(cat "$t/err")"
cmp "$t/one" "$w/x dir/out.jsonl" || fail "xargs.sh: records differ"
pwned xargs.sh

# parallel.sh on this machine; LGBIN goes through --env
LGBIN=$w/bin sh "$ex/parallel.sh" "$w/oracle.conf" "$w/cases" "$w/p dir" 4 : \
    > "$t/log" 2>&1 || fail "parallel.sh: $(tail -5 "$t/log")"
cmp "$t/one" "$w/p dir/out.jsonl" || fail "parallel.sh: records differ"
pwned parallel.sh

# slurm.sh, under a stand-in sbatch that runs each job at once: an array
# job once per task, its log named from --output as sbatch names it ('%%'
# is '%', %A the array's id, %a the task's, %j the job's, any other
# pattern an error; none with a backslash in the name), a job whose
# afterok dependency failed not at all
mkdir -p "$t/fakebin" "$t/slurm"
cat > "$t/fakebin/sbatch" <<'X'
#!/bin/sh
set -u
array= output= dep=
while [ $# -gt 0 ]; do
	case $1 in
	--parsable) ;;
	--array=*) array=${1#--array=} ;;
	--output=*) output=${1#--output=} ;;
	--dependency=*) dep=${1#--dependency=} ;;
	--*) ;;
	*) break ;;
	esac
	shift
done
script=$1
shift
id=$(($(cat "$FAKE_SLURM/next" 2>/dev/null || echo 100) + 1))
echo "$id" > "$FAKE_SLURM/next"
echo "$id"
# sbatch runs a copy of the script, from its spool
mkdir -p "$FAKE_SLURM/spool"
cp "$script" "$FAKE_SLURM/spool/$id"
case $dep in
afterok:*) [ -e "$FAKE_SLURM/failed.${dep#afterok:}" ] && exit 0 ;;
esac
name() {	# job task: the log's name
	/usr/bin/python3 - "$output" "$1" "$2" <<'P'
import re, sys
p, j, a = sys.argv[1:]
if "\\" in p:
    print(p)
    sys.exit(0)
def sub(m):
    c = m.group(1)
    if c not in "%Aaj":
        sys.exit("fake sbatch: pattern %" + c + " in " + p)
    return {"%": "%", "A": j, "a": a, "j": j}[c]
print(re.sub(r"%(.)", sub, p))
P
}
if [ -n "$array" ]; then
	for k in $(seq "${array%-*}" "${array#*-}"); do
		log=$(name "$id" "$k") || { touch "$FAKE_SLURM/failed.$id"; continue; }
		SLURM_ARRAY_TASK_ID=$k SLURM_JOB_ID=$id sh "$FAKE_SLURM/spool/$id" \
		    "$@" > "$log" 2>&1 || touch "$FAKE_SLURM/failed.$id"
	done
else
	log=$(name "$id" 4294967294) || { touch "$FAKE_SLURM/failed.$id"; exit 0; }
	SLURM_JOB_ID=$id sh "$FAKE_SLURM/spool/$id" "$@" > "$log" 2>&1 ||
	    touch "$FAKE_SLURM/failed.$id"
fi
X
chmod +x "$t/fakebin/sbatch"
PATH=$t/fakebin:$PATH LGBIN=$w/bin FAKE_SLURM=$t/slurm SCORE=cat \
    sh "$ex/slurm.sh" "$w/oracle.conf" "$w/cases" "$w/s dir" 4 \
    > "$t/ids" 2> "$t/err" || fail "slurm.sh: $(cat "$t/err")"
[ "$(cat "$t/ids")" = "101 102" ] || fail "slurm.sh: job ids $(cat "$t/ids")"
[ ! -e "$t/slurm/failed.101" ] || fail "slurm.sh: a shard failed: $(cat "$w/s dir/log"/* 2>&1 | tail -5)"
[ ! -e "$t/slurm/failed.102" ] || fail "slurm.sh: the merge failed: $(cat "$w/s dir/log"/* 2>&1 | tail -5)"
cmp "$t/one" "$w/s dir/out.jsonl" || fail "slurm.sh: records differ"
[ -s "$w/s dir/report.md" ] || fail "slurm.sh: no report"
for k in 1 2 3 4; do
	[ -f "$w/s dir/log/shard-101-$k.log" ] || fail "slurm.sh: no log for task $k: $(ls "$w/s dir/log")"
done
[ -f "$w/s dir/log/merge-102.log" ] || fail "slurm.sh: no merge log: $(ls "$w/s dir/log")"
pwned slurm.sh

# answer.sh with lg-infer and a case the server refuses: the command it
# prints to ask again, run as printed, keeps the answered cases
fake_start n
printf 'ENGINE=infer\nMODEL=fake\nBASE_URL="%s"\n' "$url" > "$w/infer.conf"
printf '{"id":"refused","prompt":"FAULT:400"}\n{"id":"fine","prompt":"q"}\n' > "$w/bad"
CACHE="$w/cache dir" LGBIN=$w/bin sh "$ex/answer.sh" "$w/infer.conf" \
    "$w/i out" "$w/bad" 2> "$t/err" || fail "answer.sh infer: $(cat "$t/err")"
[ -d "$w/cache dir" ] || fail "answer.sh: CACHE was not used as given"
again=$(sed -n 's/.*to ask them again: \(.*\); then run again$/\1/p' "$t/err")
[ -n "$again" ] || fail "answer.sh infer: $(cat "$t/err")"
(cd "$t/cwd" && sh -c "$again") || fail "the printed command failed: $again"
[ ! -e "$w/i out" ] || fail "the printed command left the output"
[ "$(jq -r .id "$w/i out.part")" = fine ] || fail "the printed command: $(cat "$w/i out.part")"
fake_stop n
pwned "answer.sh infer"

# the Makefile, from a folder of such a name
cp -R "$ex" "$w/ex"
mk() {	# lg only through LGBIN
	PATH=/usr/bin:/bin make -C "$w/ex" LGBIN="$w/bin" N=1 TIERS_longgenbench=16k \
	    TIERS_longweave=1k "$@"
}
mk -j2 MODELS=weak > "$t/log" 2>&1 || { tail -5 "$t/log"; fail "make"; }
[ -s "$w/ex/runs/report.md" ] || fail "make: no report"
pwned make
rm -rf "$w/ex/runs"
for name in 'llama3:8b' 'm#1'; do
	cp "$w/ex/models/oracle.conf" "$w/ex/models/$name.conf"
	rc=0
	mk > "$t/log" 2>&1 || rc=$?
	rm "$w/ex/models/$name.conf"
	[ "$rc" -ne 0 ] || fail "make with models/$name.conf: status 0"
	grep -q "models/$name.conf: a model's name holds only letters, digits" "$t/log" ||
	    fail "make with models/$name.conf: $(tail -3 "$t/log")"
	[ ! -e "$w/ex/runs" ] || fail "make with models/$name.conf: something ran"
done
rc=0
mk W='a#b' > "$t/log" 2>&1 || rc=$?
[ "$rc" -ne 0 ] && grep -q "W=a#b: the folder's name holds only" "$t/log" ||
    fail "make W=a#b: $(tail -3 "$t/log")"
pwned make
echo ok
