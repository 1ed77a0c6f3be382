#!/bin/sh
# SMS cases are seeded as published: the vector of STATE_MACHINE/1k_0 (seed
# and input string), the steps per tier, the published machine (next state
# and output (s + i) mod 3), and gold traces that follow the rules, also for
# larger machines drawn with --states and --inputs.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"

got=$(./lg-gen longweave -t sms -l 1k -n 1 | jq -r '[.id, .published_id, .seed,
    .vars.input, .vars.steps, .vars.initial, .gold.input, (.gold.trace | length),
    (.gold.trace[0:3] | map(join(",")) | join(";")), .vars.example_input,
    (.checks | tostring)] | map(tostring) | join(" ")')
in=2020112011201010121112012102100022202000222211212010110
want="longweave/sms/1k/0000 STATE_MACHINE/1k_0 3544513812 $in 55 S0 $in 55"
want="$want S0,2,S2,2;S2,0,S2,2;S2,2,S1,1 202 [{\"kind\":\"trace\",\"steps\":55}]"
[ "$got" = "$want" ] || fail "STATE_MACHINE/1k_0: $got"

# the published machine: nine rules, (s + i) mod 3
got=$(./lg-gen longweave -t sms -l 1k -n 1 | jq -r '.vars.rules |
    map("\(.state)\(.input)\(.next)\(.output)") | join(" ")')
[ "$got" = "S00S00 S01S11 S02S22 S10S11 S11S22 S12S00 S20S22 S21S00 S22S11" ] ||
    fail "published machine: $got"

# every trace follows its rules from S0, reads its input, has its length
check() {	# file
	bad=$(jq -c '
	    (.vars.rules | map({key: "\(.state)/\(.input)", value: [.next, .output]}) |
	        from_entries) as $m |
	    .gold.trace as $t |
	    select(
	        ($t | length) != ({"1k":55,"2k":110,"4k":220,"8k":440}[.length]) or
	        ($t | map(.[1]) | join("")) != .vars.input or
	        $t[0][0] != "S0" or
	        ([range(1; $t | length) | select($t[.][0] != $t[. - 1][2])] | length) > 0 or
	        ($t | map(select($m["\(.[0])/\(.[1])"] != [.[2], .[3]])) | length) > 0 or
	        .published_id != "STATE_MACHINE/\(.length)_\(.id[-4:] | tonumber)")
	    | .id' "$1" | head -n 3)
	[ -z "$bad" ] || fail "$1: traces break the rules: $bad"
}
./lg-gen longweave -t sms -n 5 > "$t/sms"
check "$t/sms"
[ "$(wc -l < "$t/sms")" -eq 20 ] || fail "not 20 cases"

# a larger machine: 5 states, inputs 0-3, 20 rules; the input is still the
# first draw, so it is the published input over a 4-symbol alphabet
./lg-gen longweave -t sms -n 5 --states 5 --inputs 4 > "$t/big"
check "$t/big"
bad=$(jq -c 'select((.vars.rules | length) != 20 or
    (.vars.input | test("^[0-3]+$") | not) or
    ([.vars.rules[] | .next] | unique | map(select(test("^S[0-4]$") | not)) | length) > 0 or
    ([.vars.rules[] | .output] | unique | map(select(test("^[0-3]$") | not)) | length) > 0)
    | .id' "$t/big" | head -n 3)
[ -z "$bad" ] || fail "larger machines: $bad"
echo ok
