#!/bin/sh
# Throughput of the LongWeave suite: generation (lg-gen, lg-prompt, lg-oracle)
# and scoring (lg-kvcheck, lg-fsmcheck, lg-tau, lg-flake8) of the tasks kvg,
# sms, pr and cf at 1k 2k 4k 8k, N cases each (default 200: the full
# 4 x 4 x 200 suite), over the reference answers and over degraded ones
# (lg-oracle --drop 0.3).  Prints cases per second per stage and scorer, the
# mean and lowest score (the reference answers must score 1), and where
# lg-flake8 spends its time: in flake8, in Python running the answers, and
# in the rest.
#   bench/longweave.sh [N]      (JN=N: cases per task and tier of the judge part)
# lg-flake8 also with the originals' results carried in the records
# (--prepare --no-cache once, then scoring with an empty cache).
# Then lg-judge on biog, sr and nw: judge calls per case by rules, by the
# model and --hybrid (judge_bench, at the end).
# A scorer whose binary is missing is skipped with a note; pr needs a
# corpus, made with tests/mkcorpus.sh when that script is there.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
export LG_SHARE=$top/share
n=${1:-200}
py=/usr/bin/python3
tmp=${TMPDIR:-/tmp}/lg-bench-lw.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM

now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc -l; }

tasks=kvg,sms,cf
corpus=
if [ -f "$top/tests/mkcorpus.sh" ]; then
	sh "$top/tests/mkcorpus.sh" "$tmp/corpus" >/dev/null
	corpus="--corpus $tmp/corpus"
	tasks=kvg,sms,pr,cf
else
	echo "note: no tests/mkcorpus.sh: pr is left out (it needs --corpus)"
fi

row() {	# stage answers cases seconds [mean min]
	printf '%-12s %-9s %6d %9.2f %9.1f %7s %7s\n' "$1" "$2" "$3" "$4" \
	    "$(echo "$3 / $4" | bc -l)" "${5:--}" "${6:--}"
}
scores() {	# file -> "mean min" of scores.score
	awk '{
		if (match($0, /"scores":\{"score":[-0-9.e+]+/)) {
			v = substr($0, RSTART + 18, RLENGTH - 18) + 0
			s += v; k++
			if (k == 1 || v < m) m = v
		}
	} END { if (k) printf "%.4f %.4f\n", s / k, m; else print "- -" }' "$1"
}

printf '%-12s %-9s %6s %9s %9s %7s %7s\n' stage answers cases seconds \
    cases/s mean min
t0=$(now)
# shellcheck disable=SC2086
"$bin/lg-gen" longweave -t "$tasks" -l 1k,2k,4k,8k -n "$n" $corpus > "$tmp/suite"
cases=$(wc -l < "$tmp/suite")
row lg-gen - "$cases" "$(since "$t0")"
t0=$(now)
"$bin/lg-prompt" "$tmp/suite" > "$tmp/prompts"
row lg-prompt - "$cases" "$(since "$t0")"
t0=$(now)
"$bin/lg-oracle" "$tmp/prompts" > "$tmp/oracle"
row lg-oracle reference "$cases" "$(since "$t0")"
t0=$(now)
"$bin/lg-oracle" --drop 0.3 "$tmp/prompts" > "$tmp/degraded"
row lg-oracle degraded "$cases" "$(since "$t0")"

for pair in kvg:lg-kvcheck sms:lg-fsmcheck pr:lg-tau cf:lg-flake8; do
	task=${pair%%:*}
	tool=${pair#*:}
	case ,$tasks, in *,"$task",*) ;; *) continue ;; esac
	if [ ! -x "$bin/$tool" ]; then
		echo "note: $tool is not built: $task is not scored"
		continue
	fi
	for answers in oracle degraded; do
		grep -F "\"task\":\"$task\"" "$tmp/$answers" > "$tmp/$task.$answers" || true
		k=$(wc -l < "$tmp/$task.$answers")
		# lg-flake8 with a cache of its own, empty at first: cold on
		# the reference answers, warm on the degraded ones (the same
		# originals), never a cache left by an earlier run
		set --
		[ "$tool" = lg-flake8 ] && set -- --cache "$tmp/f8cache"
		t0=$(now)
		"$bin/$tool" "$@" "$tmp/$task.$answers" > "$tmp/$task.$answers.scored" || true
		secs=$(since "$t0")
		[ "$answers" = oracle ] && name=reference || name=degraded
		# shellcheck disable=SC2046
		row "$tool" "$name" "$k" "$secs" $(scores "$tmp/$task.$answers.scored")
		[ "$task.$answers" = cf.oracle ] && cf_n=$k
	done
done
[ -z "${cf_n:-}" ] || echo "note: lg-flake8 reference: cold (an empty cache);" \
    "degraded: warm (the originals' counts and outputs from the reference run)"
# lg-flake8 with the originals' results carried in the records: the
# one-time lg-flake8 --prepare --no-cache over the cf prompts (carry), then
# the reference answers made from them, scored with an empty cache
# (carried); the checksum of every case's scores beside the cold run's
sums() {	# file -> 12 digits of the SHA-256 of each record's id and scores
	"$py" -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    print(r["id"], json.dumps(r.get("scores"), sort_keys=True))' "$1" |
	    sha256sum | cut -c1-12
}
if [ -n "${cf_n:-}" ]; then
	grep -F '"task":"cf"' "$tmp/prompts" > "$tmp/cf.prompts" || true
	t0=$(now)
	"$bin/lg-flake8" --prepare --no-cache "$tmp/cf.prompts" > "$tmp/cf.carry" || true
	row lg-flake8 carry "$cf_n" "$(since "$t0")"
	"$bin/lg-oracle" "$tmp/cf.carry" > "$tmp/cf.carried"
	t0=$(now)
	"$bin/lg-flake8" --cache "$tmp/f8empty" "$tmp/cf.carried" > "$tmp/cf.carried.scored" || true
	secs=$(since "$t0")
	# shellcheck disable=SC2046
	row lg-flake8 carried "$cf_n" "$secs" $(scores "$tmp/cf.carried.scored")
	echo "note: lg-flake8 scores: $(sums "$tmp/cf.oracle.scored") cold," \
	    "$(sums "$tmp/cf.carried.scored") carried (the same: the same scores" \
	    "on every case); cache entries written by carried:" \
	    "$(find "$tmp/f8empty" -name '*.json' 2>/dev/null | wc -l)"
fi

# where lg-flake8's CPU time goes (user+system, children included), on the
# same reference cases: lg-flake8 without a cache; flake8 alone, one
# process over all the answers, then over all the originals (--jobs=1, as
# lg-flake8 runs it); python alone running each answer and each original
# once.  The rest is the parser helper, the start of each flake8 and
# parser run (one per chunk), the sandbox and lg-flake8 itself.  flake8
# and the runs are a floor no scheduling goes under: their CPU time over
# the processors is the shortest a cold run (answers and originals) or a
# prepared one (answers only) can take on this machine.
cpu() {	# shell command: its CPU seconds
	/usr/bin/time -f '%U %S' -o "$tmp/cpu" sh -c "$1" > /dev/null 2>&1 || true
	# the last line: a first one says when the command failed
	tail -n 1 "$tmp/cpu" | { read -r u s; echo "$u + $s" | bc -l; }
}
if [ -n "${cf_n:-}" ] && "$py" -m flake8 --version >/dev/null 2>&1; then
	mkdir -p "$tmp/files"
	"$py" - "$tmp/cf.oracle" "$tmp/files" <<'PY'
import json, sys
for i, line in enumerate(open(sys.argv[1])):
    r = json.loads(line)
    open("%s/f%d.py" % (sys.argv[2], i), "w").write(r["gold"]["clean"])
    open("%s/o%d.py" % (sys.argv[2], i), "w").write(r["vars"]["code"])
PY
	all=$(cpu "'$bin/lg-flake8' --no-cache '$tmp/cf.oracle'")
	f8="cd '$tmp/files' && '$py' -m flake8 --isolated --jobs=1"
	f8="$f8 --select=E,W,F,B,N,SIM,C4 --format='%(path)s'"
	f8f=$(cpu "$f8 ./f*.py")
	f8o=$(cpu "$f8 ./o*.py")
	runs="for f in '$tmp'/files/"
	runf=$(cpu "${runs}f*.py; do '$py' -I -B \"\$f\"; done")
	runo=$(cpu "${runs}o*.py; do '$py' -I -B \"\$f\"; done")
	np=$(getconf _NPROCESSORS_ONLN)
	part() {	# name seconds
		printf '  %-38s %7.1f CPU s  %5.1f%%\n' "$1" "$2" \
		    "$(echo "100 * $2 / $all" | bc -l)"
	}
	echo
	echo "lg-flake8 on $cf_n reference cases without a cache: $(printf '%.1f' "$all")" \
	    "CPU s; $np processors, load $(cut -d' ' -f1-3 /proc/loadavg)"
	part "flake8 alone, the answers" "$f8f"
	part "flake8 alone, the originals" "$f8o"
	part "python alone, running the answers" "$runf"
	part "python alone, running the originals" "$runo"
	part "the rest" "$(echo "$all - $f8f - $f8o - $runf - $runo" | bc -l)"
	floor=$(echo "($f8f + $f8o + $runf + $runo) / $np" | bc -l)
	printf '  floor of a cold run:     %.1f s on %d processors, %.1f cases/s\n' \
	    "$floor" "$np" "$(echo "$cf_n / $floor" | bc -l)"
	floor=$(echo "($f8f + $runf) / $np" | bc -l)
	printf '  floor of a prepared run: %.1f s on %d processors, %.1f cases/s\n' \
	    "$floor" "$np" "$(echo "$cf_n / $floor" | bc -l)"
fi

# ---- the judged tasks (biog, sr, nw): judge calls per case ----
# lg-judge by rules, by the model, and --hybrid, over the reference and the
# degraded answers of JN cases per task and tier (default 10), against the
# judge of LG_JUDGE_BASE_URL and LG_JUDGE_MODEL, else the test server
# (build/obj/helpers/fakeapi, which decides from the fenced text).  Prints
# per task, answers and mode: cases, judge calls, calls per case, seconds
# and the mean score.
judge_mean() {	# file -> mean of scores.score, wherever it sits in scores
	awk '{
		if (match($0, /"scores":\{[^{}]*"score":[-0-9.e+]+/)) {
			x = substr($0, RSTART, RLENGTH)
			sub(/.*"score":/, "", x)
			s += x; k++
		}
	} END { if (k) printf "%.4f\n", s / k; else print "-" }' "$1"
}
judge_bench() {
	jn=${JN:-10}
	jurl=${LG_JUDGE_BASE_URL:-}
	jmodel=${LG_JUDGE_MODEL:-test}
	fpid=
	if [ -z "$jurl" ]; then
		fake=$top/build/obj/helpers/fakeapi
		if [ ! -x "$fake" ]; then
			echo "note: no judge (LG_JUDGE_BASE_URL) and no $fake: model modes left out"
		else
			"$fake" -p 0 --port-file "$tmp/jport" --idle-exit 60 \
			    --lifetime 3600 > /dev/null 2>&1 &
			fpid=$!
			i=0
			while [ ! -s "$tmp/jport" ] && [ $i -lt 200 ]; do
				sleep 0.05
				i=$((i + 1))
			done
			jurl=http://127.0.0.1:$(cat "$tmp/jport")/v1
		fi
	fi
	"$bin/lg-gen" longweave -t biog,sr,nw -l 1k,2k,4k,8k -n "$jn" |
	    "$bin/lg-prompt" > "$tmp/jprompts"
	"$bin/lg-oracle" "$tmp/jprompts" > "$tmp/j.reference"
	"$bin/lg-oracle" --drop 0.3 "$tmp/jprompts" > "$tmp/j.degraded"
	echo
	printf '%-5s %-9s %-7s %6s %7s %9s %9s %7s\n' task answers mode cases \
	    calls calls/case seconds mean
	for task in biog sr nw; do
		for answers in reference degraded; do
			grep -F "\"task\":\"$task\"" "$tmp/j.$answers" > "$tmp/j.in" || true
			k=$(wc -l < "$tmp/j.in")
			for mode in rules model hybrid; do
				case $mode in
				rules) set -- --rules ;;
				model) set -- --judge-base-url "$jurl" --judge-model "$jmodel" ;;
				hybrid) set -- --hybrid --judge-base-url "$jurl" --judge-model "$jmodel" ;;
				esac
				[ $mode = rules ] || [ -n "$jurl" ] || continue
				t0=$(now)
				"$bin/lg-judge" "$@" "$tmp/j.in" > "$tmp/j.out" 2> "$tmp/j.err" || true
				secs=$(since "$t0")
				calls=$(sed -n 's/.* \([0-9][0-9]*\) judge calls .*/\1/p' "$tmp/j.err")
				calls=${calls:-0}
				printf '%-5s %-9s %-7s %6d %7d %9.2f %9.2f %7s\n' "$task" \
				    "$answers" "$mode" "$k" "$calls" \
				    "$(echo "$calls / $k" | bc -l)" "$secs" \
				    "$(judge_mean "$tmp/j.out")"
			done
		done
	done
	[ -z "$fpid" ] || kill "$fpid" 2>/dev/null || true
}
judge_bench

# lg-flake8 beside its baseline: cold, warm, and --prepare then scoring
sh "$top/bench/lw-flake8.sh"
