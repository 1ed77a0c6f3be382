#!/bin/sh
# Every EXAMPLES block of every man page runs, twice, and gives the same
# output both times (an example that reads its own outputs on a second run
# fails); in the sanitizer suite (RUN_SAN=1) once, as the second run
# differs only by the files the first left (outputs resumed or appended
# to, caches), whose C runs under the sanitizers in infer-resume*.sh,
# judge-resume-*.sh, ppl-resume.sh, infer-cache.sh, flake8-cache.sh and
# judge-llm.sh.  The blocks come from the mdoc source: each .Bd -literal ... .Ed
# and each .Dl line of the EXAMPLES section, with the escapes \e, \- and
# \(aq undone and a leading "$ " dropped.  The blocks of a page run in
# order, with bash -e -o pipefail, in a folder of the page's own (the pages
# in three lanes side by side, sharing one test server) that holds the
# files the examples name:
#   cases.jsonl out.jsonl    a small LongGenBench suite, prompted / answered
#   answers.jsonl            LongWeave answers of every built task
#   scored.jsonl             both scored, for lg-agg
#   base.jsonl tuned.jsonl   LongWeave kvg answers of two models, base-7b
#                            and tuned-7b, scored (a baseline and a
#                            candidate, for lg-report --baseline)
#   ruler.tsv                an outside score of scored.jsonl's model
#                            (model, length, score), for --correlate
#   results.json             an official LongGenBench result file
#   stackselect_1k.json      a small Ada-LEval BestAnswer file
#   cl100k_base.tiktoken     a rank table (the tests' small one, by that name)
#   texts/ corpus/           documents for the pr task (tests/mkcorpus.sh)
#   books/                   a copy of texts/, for TSort
#   mytemplates/             a copy of share/templates
#   tests/                   the test folder (for sh tests/mkcorpus.sh)
#   ~/venv/bin/flake8        the flake8 at hand (HOME is the folder)
# A block that names a server (a URL http://HOST:PORT, with or without
# /v1) runs against tests/helpers/fakeapi instead: every such URL becomes
# the test server's.  The test server is no judge, so such a block may end
# with status 1 (some records failed); any other block must end with 0.
# A file an example needs and this list lacks fails the test: add it here.
set -eu
. "$TOP/tests/lg-infer/fake.sh"
need_py
fake_start api --lifetime 1200 --idle-exit 600
export LG_SHARE="$TOP/share"

fixtures() {	# DIR
	mkdir -p "$1/home/venv/bin"
	(
		cd "$1"
		ln -s "$TOP/tests" tests
		cp -R "$TOP/share/templates" mytemplates
		printf '#!/bin/sh\nexec %s -m flake8 "$@"\n' "$py" > home/venv/bin/flake8
		chmod +x home/venv/bin/flake8
		sh "$TOP/tests/mkcorpus.sh" texts > /dev/null
		sh "$TOP/tests/mkcorpus.sh" corpus 2 40 > /dev/null
		cp -R texts books
		cp "$TOP/tests/lg-gen/import-result/results.json" results.json
		cp "$TOP/tests/adaleval/stackselect_1k.json" stackselect_1k.json
		cp "$TOP/tests/bpe/tiny.tiktoken" cl100k_base.tiktoken
		lg-gen longgenbench -l 16k -n 1 | lg-prompt > cases.jsonl
		lg-oracle --stop-at 0.5 cases.jsonl > out.jsonl
		lg-gen longweave -t kvg,sms,pr,cf -l 1k -n 2 --corpus corpus |
		    lg-prompt | lg-oracle > answers.jsonl
		{
			lg-split out.jsonl | lg-judge --rules
			lg-kvcheck answers.jsonl | lg-fsmcheck | lg-tau | lg-flake8
		} > scored.jsonl
		lg-gen longweave -t kvg -l 1k -n 4 | lg-prompt > kvg.cases
		lg-oracle --model base-7b --drop 0.3 -s 1 kvg.cases |
		    lg-kvcheck > base.jsonl
		lg-oracle --model tuned-7b --drop 0.3 -s 2 kvg.cases |
		    lg-kvcheck > tuned.jsonl
		rm kvg.cases
		printf 'model\tlength\tscore\n' > ruler.tsv
		printf 'lg-oracle\t16k\t70.1\n' >> ruler.tsv
	)
}

# the blocks of a page, one per file: DIR/N.sh
blocks() {	# PAGE DIR
	awk -v dir="$2" '
	function unescape(s) {
		gsub(/\\e/, "\\", s); gsub(/\\-/, "-", s); gsub(/\\\(aq/, "'"'"'", s)
		gsub(/\\&/, "", s); sub(/^\$ /, "", s)
		return s
	}
	/^\.Sh / { ex = ($0 == ".Sh EXAMPLES"); next }
	!ex { next }
	/^\.Bd -literal/ { n++; lit = 1; next }
	/^\.Ed/ { lit = 0; next }
	lit { print unescape($0) > (dir "/" n ".sh"); next }
	/^\.Dl / { n++; print unescape(substr($0, 5)) > (dir "/" n ".sh") }
	' "$1"
}

# a page: its blocks in order, each twice; "N examples" at the end
page() {	# PAGE
	name=${1##*/}
	mkdir -p "$t/blocks/$name"
	blocks "$1" "$t/blocks/$name"
	n=$(ls "$t/blocks/$name" | wc -l)
	[ "$n" -gt 0 ] || fail "$name: no examples"
	d=$t/run/$name
	cp -R "$t/fixtures" "$d"
	for b in $(ls "$t/blocks/$name" | sort -n); do
		blk=$t/blocks/$name/$b
		allowed=0
		if grep -q 'https\{0,1\}://[^ /]*:[0-9]' "$blk"; then
			sed -i "s|https\{0,1\}://[^ /]*:[0-9][0-9]*|$url|g" "$blk"
			allowed=1
		fi
		start=$(date +%s)
		for run in $runs; do
			rc=0
			(cd "$d" && HOME=$d/home bash -e -o pipefail "$blk") \
			    > "$d.out.$run" 2> "$d.err.$run" || rc=$?
			no_crash "$d.err.$run"
			if [ "$rc" -gt "$allowed" ]; then
				cat "$blk"
				head -n 20 "$d.err.$run"
				fail "$name, example $b, run $run: exit status $rc"
			fi
		done
		[ "$runs" = 1 ] || cmp -s "$d.out.1" "$d.out.2" || {
			cat "$blk" "$d.err.2"
			diff "$d.out.1" "$d.out.2" | head -n 10
			fail "$name, example $b: a second run prints something else"
		}
		echo "$name, example $b: $(($(date +%s) - start)) s"
	done
	echo "$n examples"
}

runs="1 2"
[ "${RUN_SAN:-}" = 1 ] && runs=1
fixtures "$t/fixtures"
mkdir -p "$t/run"
# the pages in $lanes lanes side by side (each page has its own folder;
# the lanes share the test server), a lane's pages one after the other
lanes=3
i=0
for page in "$TOP"/man/*.1 "$TOP"/man/*.7; do
	echo "$page" >> "$t/lane$((i % lanes))"
	i=$((i + 1))
done
pids=
i=0
while [ $i -lt $lanes ] && [ -f "$t/lane$i" ]; do
	(
		while read -r p; do
			page "$p"
		done < "$t/lane$i"
	) > "$t/lane$i.out" 2>&1 &
	pids="$pids $!"
	i=$((i + 1))
done
i=0
bad=
for p in $pids; do
	wait "$p" || bad="$bad $i"
	cat "$t/lane$i.out"
	i=$((i + 1))
done
[ -z "$bad" ] || fail "the examples of lane(s)$bad failed (above)"
total=$(awk '/^[0-9]+ examples$/ { n += $1 } END { print n + 0 }' "$t"/lane*.out)
fake_stop api
echo "$total examples"
