#!/bin/sh
# Write a small synthetic plain-text corpus for the longweave pr task.
#   tests/mkcorpus.sh DIR [DOCS [PARAGRAPHS]]
# DIR gets DOCS files (default 6) named doc01.txt, doc02.txt, ..., each a
# title and PARAGRAPHS paragraphs (default 130) of made-up sentences, drawn
# from the word lists below by a fixed linear congruential generator, so the
# same arguments always give the same bytes.  Paragraphs are separated by
# blank lines; even-numbered documents are hard-wrapped at 72 columns and
# the third has extra blank lines and trailing blanks, as real text has.
# The defaults give enough paragraphs for every tier up to 8k.
set -eu
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
	echo "usage: mkcorpus.sh DIR [DOCS [PARAGRAPHS]]" >&2
	exit 2
fi
dir=$1
docs=${2:-6}
paras=${3:-130}
mkdir -p "$dir"
LC_ALL=C awk -v dir="$dir" -v docs="$docs" -v paras="$paras" '
function rnd(n) {	# 0..n-1, Park-Miller minimal standard generator
	seed = (seed * 16807) % 2147483647
	return seed % n
}
function pick(list,   n, a) {
	n = split(list, a, " ")
	return a[rnd(n) + 1]
}
function sentence(   s, k, i) {
	k = rnd(4)
	s = pick(dets) " " pick(adjs) " " pick(nouns) " " pick(verbs) " " \
	    pick(dets) " " pick(nouns)
	if (k >= 1)
		s = s " " pick(preps) " " pick(dets) " " pick(adjs) " " pick(places)
	if (k >= 2)
		s = s " " pick(links) " " pick(dets) " " pick(nouns) " " \
		    pick(verbs) " " pick(advs)
	if (k == 3)
		s = s ", " pick(preps) " " pick(dets) " " pick(nouns)
	s = toupper(substr(s, 1, 1)) substr(s, 2) "."
	return s
}
function wrap(text, width,   out, n, w, i, line) {
	n = split(text, w, " ")
	out = ""
	line = w[1]
	for (i = 2; i <= n; i++) {
		if (length(line) + 1 + length(w[i]) > width) {
			out = out line "\n"
			line = w[i]
		} else
			line = line " " w[i]
	}
	return out line
}
BEGIN {
	dets = "the a one each every this that another some no"
	adjs = "amber brisk careful distant eager faded gentle hollow idle " \
	    "jagged keen lofty mellow narrow oblique patient quiet rustic " \
	    "silver tidy upper vivid weary yellow zealous ancient bitter " \
	    "crimson dusty early frozen golden humble inner lunar mossy " \
	    "northern open pale rapid solemn tender urban velvet wooden"
	nouns = "archive beacon cartographer delta engine ferry glacier " \
	    "harbor island journal kiln lantern meadow notary orchard " \
	    "pilgrim quarry river saddler tannery umbrella vineyard " \
	    "weaver xylophone yardstick zephyr anvil bellows chapel " \
	    "dynamo estuary foundry granary hedgerow inkwell jetty " \
	    "keeper loom mill nettle observatory printer quay reservoir " \
	    "sextant telegraph upland viaduct windmill"
	verbs = "admired borrowed carried described examined followed " \
	    "gathered hid inspected joined kept lifted measured noticed " \
	    "opened painted questioned repaired sketched traded unpacked " \
	    "visited watched yielded zoned balanced counted drafted " \
	    "echoed fastened guarded harvested"
	advs = "slowly quickly quietly again later early carefully openly " \
	    "rarely often twice calmly boldly gladly"
	preps = "near beyond under above beside across behind toward past " \
	    "around within along"
	places = "valley ridge coast plateau marsh village square bridge " \
	    "canal market tower garden shore pass"
	links = "while because although until after before since whenever"
	for (d = 1; d <= docs; d++) {
		seed = 1000 + 7919 * d
		file = sprintf("%s/doc%02d.txt", dir, d)
		printf "The %s of the %s %s\n", pick(nouns), pick(adjs), \
		    pick(places) > file
		for (p = 1; p <= paras; p++) {
			k = 2 + rnd(5)
			text = ""
			for (i = 0; i < k; i++)
				text = text (i ? " " : "") sentence()
			if (d % 2 == 0)
				text = wrap(text, 72)
			if (d == 3 && p % 5 == 0)
				printf "\n  \n\n%s   \n", text > file
			else
				printf "\n%s\n", text > file
		}
		close(file)
	}
}'
