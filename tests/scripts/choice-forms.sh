#!/bin/sh
# lg-choice's reader, measured: every answer form of
# tests/adaleval/answer-forms.tsv (those lg-choice(1) lists and realistic
# variants) with its right reading: a designation, an order, or refused.
# Each is scored with the right reading as its gold: a misread is a form
# that does not pass, or, where it should be refused, one read as valid
# (a refusal where the answer is clear is a misread too).  The misreads
# are printed; the test fails above MAX per task (issue 34: 15).
set -eu
. "$TOP/tests/lib.sh"
MAX=15
cd "$BIN"
grep -v '^#' "$TOP/tests/adaleval/answer-forms.tsv" | jq -R -c '
    split("\t") as $f | ("\"" + $f[2] + "\"" | fromjson) as $out |
    {id: ("form-" + ($f[0]) + "-" + ($f[1]) + "-" + ($out | @base64)),
     bench: "adaleval", task: $f[0], want: $f[1], output: $out} |
    if .task == "bestanswer" then
	.gold = (if .want == "refused" then {answer: "A2", index: 2, n: 10}
	    else {answer: ("A" + .want), index: (.want | tonumber), n: 10} end)
    else
	.gold = {order: (if .want == "refused" then [3, 1, 2, 4]
	    else .want | split(",") | map(tonumber) end)}
    end' > "$t/in" || fail "the table does not read: $(cat "$t/in" | tail -1)"
forms=$(grep -c -v '^#' "$TOP/tests/adaleval/answer-forms.tsv")
[ "$(wc -l < "$t/in")" -eq "$forms" ] ||
    fail "the table: $(wc -l < "$t/in") of $forms lines read"
[ "$forms" -ge 100 ] || fail "only $forms forms"
./lg-choice < "$t/in" > "$t/out" 2> "$t/err" || :
[ "$(wc -l < "$t/out")" -eq "$(wc -l < "$t/in")" ] || fail "records lost: $(cat "$t/err")"
jq -r 'select((.want == "refused" and .scores.valid != 0) or
    (.want != "refused" and .verdicts[0].pass != true)) |
    [.task, .want, (.verdicts[0].answer // "-"), (.verdicts[0].why // "read"),
     (.output | tojson)] | @tsv' "$t/out" > "$t/misreads"
for task in bestanswer tsort; do
	n=$(jq -r --arg k "$task" 'select(.task == $k) | .id' "$t/out" | wc -l)
	m=$(awk -F '\t' -v k="$task" '$1 == k' "$t/misreads" | wc -l)
	echo "$task: $m misreads of $n forms"
done
if [ -s "$t/misreads" ]; then
	echo "misreads (task, right reading, read, why, output):"
	cat "$t/misreads"
fi
for task in bestanswer tsort; do
	m=$(awk -F '\t' -v k="$task" '$1 == k' "$t/misreads" | wc -l)
	[ "$m" -le "$MAX" ] || fail "$task: $m misreads, more than $MAX"
done
