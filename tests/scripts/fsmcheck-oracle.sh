#!/bin/sh
# lg-oracle's sms failures score as documented: --stop-at F writes the
# first floor(F*L) steps; --forget-after F makes every step from floor(F*L)
# on wrong in next state and output, and the states after it; --drop P
# makes outputs wrong.  The published reading (--compat) agrees on them.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"
./lg-gen longweave -t sms -l 1k,2k,4k,8k -n 10 > "$t/cases"

run() {	# name, oracle options...
	name=$1
	shift
	./lg-oracle "$@" < "$t/cases" > "$t/$name.o"
	./lg-fsmcheck < "$t/$name.o" > "$t/$name"
	./lg-fsmcheck --compat < "$t/$name.o" > "$t/$name.c"
	jq -c '[.id, .scores.score]' "$t/$name" > "$t/$name.s"
	jq -c '[.id, .scores.score]' "$t/$name.c" | cmp -s - "$t/$name.s" ||
	    fail "$name: --compat scores differently"
}
expect() {	# name, jq condition every record must meet
	bad=$(jq -c "select(($2) | not) | [.id, .scores]" "$t/$1" | head -n 3)
	[ -z "$bad" ] || fail "$1: $bad"
}

run stop --stop-at 0.5
expect stop '(.gold.trace | length) as $l | ($l / 2 | floor) as $k |
    .scores.prefix == $k and .scores.rows == $k and .scores.steps == $l and
    .scores.score == $k / $l and .scores.exact == 0 and .verdicts[0].pass == false'

run forget --forget-after 0.2
expect forget '(.gold.trace | length) as $l | (0.2 * $l | floor) as $k |
    .scores.prefix == $k and .scores.rows == $l and .scores.score == $k / $l and
    .scores.input_acc == 1 and .scores.next_acc == $k / $l and
    .scores.output_acc == $k / $l and .scores.state_acc == ($k + 1) / $l'

run drop --drop 0.1
expect drop '.scores.rows == (.gold.trace | length) and .scores.state_acc == 1 and
    .scores.input_acc == 1 and .scores.next_acc == 1 and .scores.output_acc < 1 and
    .scores.output_acc > 0.8'
got=$(jq -s 'map(.scores.output_acc) | add / length | . > 0.85 and . < 0.95' "$t/drop")
[ "$got" = true ] || fail "--drop 0.1: mean output accuracy out of range"

run drop1 --drop 1
expect drop1 '.scores.prefix == 0 and .scores.output_acc == 0 and .scores.next_acc == 1'

run full
expect full '.scores.score == 1 and .scores.exact == 1'
echo ok
