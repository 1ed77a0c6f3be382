#!/bin/sh
# KVG cases are seeded as published: the vectors of GEN_KV_DICT/1k_0 and
# GEN_KV_DICT/8k_199 (seed of the id, key, value, percent and index), the
# entries per tier, and the index rule round(percent/100 * (n-1)).
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"

got=$(./lg-gen longweave -t kvg -l 1k -n 1 | jq -r '[.id, .published_id, .seed,
    .gold.key, .gold.value, .gold.percent, .gold.index, .gold.entries,
    .vars.key, .vars.value, .vars.index, .vars.entries,
    .checks[0].key, .checks[0].value, .checks[0].at] | map(tostring) | join(" ")')
want="longweave/kvg/1k/0000 GEN_KV_DICT/1k_0 2128227474"
want="$want DKUNULZASGUKBXPBVUNROMKQMOKMTFBC iwidr01birzxfv6s8hkdxysaoyw8ce4i 65 12 20"
want="$want DKUNULZASGUKBXPBVUNROMKQMOKMTFBC iwidr01birzxfv6s8hkdxysaoyw8ce4i 12 20"
want="$want DKUNULZASGUKBXPBVUNROMKQMOKMTFBC iwidr01birzxfv6s8hkdxysaoyw8ce4i 12"
[ "$got" = "$want" ] || fail "GEN_KV_DICT/1k_0: $got"

# the last published case of the 8k tier (draws checked against CPython)
got=$(./lg-gen longweave -t kvg -l 8k -n 200 | tail -n 1 | jq -r '[.published_id,
    .seed, .gold.key, .gold.value, .gold.percent, .gold.index, .gold.entries] |
    map(tostring) | join(" ")')
want="GEN_KV_DICT/8k_199 2537571191 SGELOSYSTLSQHWHCPVOTJHXNUCBWEHCN"
want="$want jr3m369rcmk1kz8w1hw49z60nd17nygp 35 56 160"
[ "$got" = "$want" ] || fail "GEN_KV_DICT/8k_199: $got"

# entries per tier; every index follows the rule; keys and values look right
./lg-gen longweave -t kvg -n 200 > "$t/kvg"
bad=$(jq -c 'select(
    .gold.entries != ({"1k":20,"2k":40,"4k":80,"8k":160}[.length]) or
    .gold.percent % 5 != 0 or .gold.percent < 5 or .gold.percent > 95 or
    .gold.index != ((.gold.percent / 100 * (.gold.entries - 1)) | round) or
    (.gold.key | test("^[A-Z]{32}$") | not) or
    (.gold.value | test("^[a-z0-9]{32}$") | not) or
    .published_id != "GEN_KV_DICT/\(.length)_\(.id[-4:] | tonumber)")
    | .id' "$t/kvg" | head -n 3)
[ -z "$bad" ] || fail "cases break the rules: $bad"
[ "$(wc -l < "$t/kvg")" -eq 800 ] || fail "not 800 cases"
[ "$(jq -r .gold.key "$t/kvg" | sort -u | wc -l)" -eq 800 ] || fail "keys repeat"

# a suite seed gives other cases, the same ids and published ids
a=$(./lg-gen longweave -t kvg -l 1k -n 1 -s 5 | jq -r '[.id, .published_id, .gold.key] | join(" ")')
case $a in
"longweave/kvg/1k/0000 GEN_KV_DICT/1k_0 DKUNULZASGUKBXPBVUNROMKQMOKMTFBC") fail "-s 5 changed nothing" ;;
"longweave/kvg/1k/0000 GEN_KV_DICT/1k_0 "[A-Z]*) ;;
*) fail "-s 5: $a" ;;
esac
echo ok
