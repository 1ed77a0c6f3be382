#!/bin/sh
# Real server bytes: each transcript of ../shared/data/realwire/*.http
# (status line, headers, body, as OpenAI, OpenRouter, vLLM, llama.cpp...
# sent them) replayed by bench/realwire.py to lg-infer, lg-judge and
# lg-ppl, whole and cut into 7-byte pieces; one line per transcript, tool
# and cut says what lg recorded:
#   lg-infer: output, reasoning (their starts), finish_reason, prompt and
#             output tokens, attempts, error (message, status)
#   lg-judge: the verdicts of a LongGenBench record's checks (judged by
#             the replayed reply: pass, fail, undecided), their problems
#   lg-ppl:   the TSort case's score, or the error
# A transcript named *-then-answer is served first, then 03's answer.
# The 7-byte lines are printed only where they differ from the whole one.
#   bench/realwire.sh [PATTERN]     (transcripts whose name holds PATTERN)
# SHARED=DIR reads DIR in place of ../shared (a worktree elsewhere).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$top/../shared}
data=$shared/data/realwire
pat=${1:-}
bin=$top/bin
tmp=${TMPDIR:-/tmp}/lg-realwire.$$
mkdir -p "$tmp"
pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
py=/usr/bin/python3
[ -x "$py" ] || py=python3
make -C "$top" --no-print-directory -s all >/dev/null
export LG_SHARE="$top/share"
unset LG_TOKENIZER LG_API_KEY OPENAI_API_KEY LG_BASE_URL 2>/dev/null || true

# inputs: a prompt; a LongGenBench record (answered by the oracle, split);
# a TSort case of the Austen novels
printf '{"id":"rw","prompt":"Say hello."}\n' > "$tmp/infer.in"
"$bin/lg-gen" longgenbench -l 16k -n 1 -t skyscraper | "$bin/lg-prompt" |
    "$bin/lg-oracle" | "$bin/lg-split" > "$tmp/judge.in"
"$bin/lg-gen" adaleval -t tsort -l 2k -n 1 \
    --corpus "$shared/data/corpora/austen" > "$tmp/ppl.in" 2>/dev/null

serve() {	# PIECE FILE...: start the replay server, its URL in $url
	rm -f "$tmp/port"
	"$py" "$top/bench/realwire.py" "$tmp/port" "$@" &
	pid=$!
	n=0
	while [ ! -s "$tmp/port" ]; do
		n=$((n + 1))
		[ "$n" -lt 500 ] || { echo "realwire: no server" >&2; exit 1; }
		kill -0 "$pid" 2>/dev/null || { echo "realwire: server died" >&2; exit 1; }
		sleep 0.01
	done
	url=http://127.0.0.1:$(cat "$tmp/port")
}

unserve() {
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	pid=
}

net='--retries 2 --backoff-base 0.01 --backoff-max 2 --timeout 900'

show_infer() {
	"$py" -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    g = r.get("gen", {})
    e = r.get("error")
    cut = lambda s: None if s is None else json.dumps(s[:40] + ("..." if len(s) > 40 else ""))
    print("output=%s reasoning=%s finish=%s usage=%s/%s attempts=%s%s" % (
        cut(r.get("output")), cut(r.get("reasoning")), g.get("finish_reason"),
        g.get("prompt_tokens"), g.get("output_tokens"), g.get("attempts"),
        "" if e is None else " error=%s (%s)" % (json.dumps(e["message"][:90]), e.get("status"))))
' "$1"
}

show_judge() {
	"$py" -c '
import json, sys, collections
for l in open(sys.argv[1]):
    r = json.loads(l)
    v = [x for x in r.get("verdicts") or [] if isinstance(x, dict)]
    c = collections.Counter("undecided" if x.get("undecided") else
                            "pass" if x.get("pass") else "fail" for x in v)
    p = sorted(set(x.get("problem", "")[:70] for x in v if x.get("problem")))
    e = r.get("error")
    print("verdicts=%s%s%s" % (dict(sorted(c.items())),
        "" if not p else " problems=%s" % json.dumps(p[:2]),
        "" if e is None else " error=%s" % json.dumps(e.get("message", "")[:90])))
' "$1"
}

show_ppl() {
	"$py" -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    e = r.get("error")
    print("scores=%s%s" % (json.dumps(r.get("scores")),
        "" if e is None else " error=%s" % json.dumps(e.get("message", "")[:90])))
' "$1"
}

# no record: what the tool said last (a wrong setup stops a run, exit 3)
said() {
	[ -s "$tmp/out" ] || echo "no record, exit $1: $(tail -n 1 "$tmp/err" |
	    sed "s,http://127.0.0.1:[0-9]*,URL,g" | cut -c1-150)"
}

run() {	# TOOL PIECE FILES...
	tool=$1
	shift
	serve "$@"
	rc=0
	case $tool in
	infer)
		api=
		case $name in *completions*) api=--completions ;; esac
		# shellcheck disable=SC2086
		"$bin/lg-infer" -q -m m --base-url "$url" -P 1 $net $api \
		    "$tmp/infer.in" > "$tmp/out" 2> "$tmp/err" || rc=$?
		show_infer "$tmp/out" ;;
	judge)
		# shellcheck disable=SC2086
		"$bin/lg-judge" --judge-base-url "$url" --judge-model m -P 32 \
		    --judge-retries 0 $net "$tmp/judge.in" > "$tmp/out" \
		    2> "$tmp/err" || rc=$?
		show_judge "$tmp/out" ;;
	ppl)
		# shellcheck disable=SC2086
		"$bin/lg-ppl" -m m --base-url "$url" -P 24 $net "$tmp/ppl.in" \
		    > "$tmp/out" 2> "$tmp/err" || rc=$?
		show_ppl "$tmp/out" ;;
	esac
	said "$rc"
	unserve
}

for f in "$data"/*.http; do
	name=${f##*/}
	name=${name%.http}
	case $name in *"$pat"*) ;; *) continue ;; esac
	files=$f
	case $name in *then-answer*) files="$f $data/03-openai-json-gpt4omini.http" ;; esac
	for tool in infer judge ppl; do
		# shellcheck disable=SC2086
		whole=$(run "$tool" 0 $files)
		# shellcheck disable=SC2086
		cut7=$(run "$tool" 7 $files)
		printf '%s %s: %s\n' "$name" "$tool" "$whole"
		[ "$cut7" = "$whole" ] ||
		    printf '%s %s 7-byte: %s\n' "$name" "$tool" "$cut7"
	done
done
