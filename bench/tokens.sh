#!/bin/sh
# bench/tokens.sh: lg-tokens against js-tiktoken (npm) counting cl100k_base
# tokens of the same text in one run, each on one core: the six Austen
# novels of ../shared cut into records of about 4 KB (as prompts are), and
# each novel whole as one record.  Prints both times, the ratio and whether
# lg-tokens is at least twice as fast, and checks that the counts agree.
# Times are CPU seconds of the whole process (user + system, best of
# ROUNDS), which a busy machine disturbs less than wall time.
#
#   sh bench/tokens.sh            from the top of the tree
#   SHARED=dir ROUNDS=5 sh bench/tokens.sh
#
# It needs the table (SHARED/data/tokenizers/cl100k_base.tiktoken or
# LG_TOKENIZER), the novels (SHARED/data/corpora/austen) and node with npm;
# it installs js-tiktoken under build/bench and skips what it lacks.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$top/../shared}
table=${LG_TOKENIZER:-$shared/data/tokenizers/cl100k_base.tiktoken}
books=$shared/data/corpora/austen
rounds=${ROUNDS:-3}

skip() { echo "bench/tokens.sh: skipped: $*"; exit 0; }
[ -f "$table" ] || skip "no rank table at $table"
[ -d "$books" ] || skip "no novels in $books"
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 ||
    skip "node and npm are needed for js-tiktoken"
command -v jq >/dev/null 2>&1 || skip "jq is needed"
[ -x /usr/bin/time ] || skip "/usr/bin/time is needed (Debian package time)"

work=$top/build/bench
mkdir -p "$work"
if [ ! -d "$work/node_modules/js-tiktoken" ]; then
	echo "bench: installing js-tiktoken under build/bench" >&2
	(cd "$work" && npm install --no-save --silent js-tiktoken >/dev/null) ||
	    skip "npm install js-tiktoken failed"
fi
cp "$top/bench/tokens.mjs" "$work/tokens.mjs"
make -C "$top" --no-print-directory bin/lg-tokens >/dev/null
one=
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"

# records: paragraphs gathered to about 4 KB; and each novel whole
cat "$books"/*.txt | jq -Rsc 'split("\n\n") | reduce .[] as $p ([[""]];
    if (.[-1][0] | length) > 4000 then . + [[$p]]
    else .[-1][0] += (if .[-1][0] == "" then "" else "\n\n" end) + $p end)
    | .[] | {text: .[0]}' > "$work/chunks.jsonl"
for f in "$books"/*.txt; do jq -Rsc '{text: .}' "$f"; done > "$work/books.jsonl"

best() {	# the least of the numbers on stdin
	sort -g | head -n 1
}
cpu() {	# run a command, add its CPU seconds (user + system) to $work/cpu
	/usr/bin/time -f '%U %S' -o "$work/time" "$@"
	awk '{ print $1 + $2 }' "$work/time" >> "$work/cpu"
}

status=0
for set in chunks books; do
	in=$work/$set.jsonl
	: > "$work/cpu"
	for _ in $(seq "$rounds"); do
		cpu $one "$top/bin/lg-tokens" --tokenizer "$table" -f text "$in" > "$work/out"
	done
	lg_best=$(best < "$work/cpu")
	lg=$(jq -s 'map(.tokens.text) | add' "$work/out")
	: > "$work/cpu"
	for _ in $(seq "$rounds"); do
		js=$(cd "$work" && cpu $one node tokens.mjs "$in")
	done
	js_best=$(best < "$work/cpu")
	js_count=$(echo "$js" | cut -d' ' -f1)
	ratio=$(echo "$js_best / $lg_best" | bc -l)
	printf '%s: %s records, %s bytes, %s tokens\n' "$set" "$(wc -l < "$in")" \
	    "$(jq -j '.text' "$in" | wc -c)" "$lg"
	printf '  lg-tokens    %.3f s CPU (best of %s; table loading included)\n' "$lg_best" "$rounds"
	printf '  js-tiktoken  %.3f s CPU (best of %s; node start-up included)\n' "$js_best" "$rounds"
	printf '  ratio        %.1fx\n' "$ratio"
	if [ "$lg" != "$js_count" ]; then
		echo "  counts differ: js-tiktoken $js_count"
		status=1
	fi
	if [ "$(echo "$ratio >= 2" | bc)" -eq 1 ]; then
		echo "  target (2x): met"
	else
		echo "  target (2x): NOT met"
		status=1
	fi
done
exit $status
