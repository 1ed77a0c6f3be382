#!/bin/sh
# Man pages: mandoc -Tlint clean to its style notes, and every option in a tool's --help
# appears in its man page and the other way round.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 3
pass=0
fail=0
for m in man/*.1 man/*.7; do
	# style notes too, but for pages of ours not installed and the
	# machine's own outdated index
	out=$(mandoc -Tlint -Wstyle "$m" 2>&1 |
	    grep -v -e 'referenced manual not found' -e 'outdated mandoc.db')
	if [ -z "$out" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: mandoc -Tlint $m"
		echo "$out" | head -10 | sed 's/^/    /'
	fi
done
for b in bin/lg-*; do
	t=${b#bin/}
	m=man/$t.1
	if [ ! -f "$m" ]; then
		fail=$((fail + 1))
		echo "FAIL: $t has no man page"
		continue
	fi
	h=$("$b" --help 2>&1 | grep -o -e '--[a-z][a-z0-9-]*' -e '\(^\|[^a-zA-Z-]\)-[a-zA-Z]\b' |
	    sed 's/^[^-]*//' | sort -u)
	# options documented as .Fl x or .Fl \-long (mandoc renders \- as -)
	mo=$(grep '^\.It Fl ' "$m" | grep -o 'Fl [^ ]*' | sed -e 's/^Fl //' -e 's/\\//g' -e 's/^/-/' | sort -u)
	miss=$(printf '%s\n' "$h" | grep -v '^$' | while read -r o; do
		printf '%s\n' "$mo" | grep -qx -e "$o" || echo "$o"
	done)
	extra=$(printf '%s\n' "$mo" | grep -v '^$' | while read -r o; do
		printf '%s\n' "$h" | grep -qx -e "$o" || echo "$o"
	done)
	if [ -z "$miss$extra" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $t --help and $m disagree: only in --help: $(echo $miss); only in man: $(echo $extra)"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
