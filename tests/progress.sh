#!/bin/sh
# The progress reader of tests/check.sh: a line for each line that
# tests/run-one.sh writes as a test ends ("STATUS SECONDS LABEL: NAME"),
# with the running count.  It is the shell's read, not awk: mawk (Debian's
# awk) holds input from a pipe until its buffer fills, so that the lines
# would come in bursts, the first after minutes; read takes a line as soon
# as it is whole.
set -u
n=0
f=0
while IFS=' ' read -r status secs label name; do
	n=$((n + 1))
	[ "$status" = fail ] && f=$((f + 1))
	printf '%-4s %6ss  %-56s [%d done, %d failed]\n' \
	    "$status" "$secs" "$label $name" "$n" "$f"
done
