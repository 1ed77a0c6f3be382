#!/bin/sh
# lg-report's copy of the records carries the output's tokens
# (output_tokens_counted) of every record that lg-agg --lengths and
# --table 7 would count, whatever its bench: its runs of lg-agg count no
# output again.  Its lg-agg here has a tokenizer table that cannot be
# read, which it would die of on counting; the page is the one of the
# plain tools byte for byte, every table made.  An output counted so is
# not in the copy: its words are (output_words_counted).
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" 2 300 > /dev/null
{
	lg-gen longweave -t kvg,sms -l 1k -n 2 -s 2 --corpus "$t/corpus"
	lg-gen longgenbench -t diary -l 16k -n 2 -s 2
	lg-gen adaleval -t tsort -l 2k -n 2 -s 2 --corpus "$t/corpus" 2>/dev/null
} | lg-prompt > "$t/cases"
lg-oracle < "$t/cases" | lg-split | lg-judge --rules | lg-kvcheck |
    lg-fsmcheck | lg-tau | lg-choice > "$t/run"
mkdir "$t/bin"
cp "$BIN/lg-report" "$t/bin/"
for x in lg-compare lg-tags; do
	ln -s "$BIN/$x" "$t/bin/$x"
done
printf '#!/bin/sh\ncat > %s/copy\nLG_TOKENIZER=%s/none exec %s/lg-agg "$@" < %s/copy\n' \
    "$t" "$t" "$BIN" "$t" > "$t/bin/lg-agg"
chmod +x "$t/bin/lg-agg"
lg-report "$t/run" > "$t/plain" || fail "plain tools: status $?"
"$t/bin/lg-report" "$t/run" > "$t/page" 2> "$t/err" ||
    fail "status $?: $(cat "$t/err")"
! grep -q 'Missing, as it could not be made' "$t/page" ||
    fail "a table failed: lg-agg counted an output"
cmp -s "$t/plain" "$t/page" || fail "the page differs from the plain tools'"
grep -q '"output_words_counted":' "$t/copy" || fail "no words counted in the copy"
! grep '"output_tokens_counted":' "$t/copy" | grep -q '"output":' ||
    fail "an output counted is in the copy"
