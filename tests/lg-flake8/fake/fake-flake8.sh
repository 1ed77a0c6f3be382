#!/bin/sh
# A stand-in for flake8, so that counts do not depend on the plugins a
# machine has: each line holding BAD is an E501, each holding NAMING an
# N802, and without --disable-noqa a line with "# noqa" counts nothing; a
# file holding CRASH makes the whole run fail.  It
# insists on the options lg-flake8 must pass (FAKE_COMPAT=1: no
# --disable-noqa, as under --compat).
if [ "$1" = --version ]; then
	printf '%s\n' '6.1.0 (flake8-bugbear: 23.1.0, mccabe: 0.7.0,' \
	    'pycodestyle: 2.11.0, pyflakes: 3.1.0) CPython 3.11.2 on' 'Linux'
	exit 0
fi
for want in --isolated --select=E,W,F,B,N,SIM,C4; do
	case " $* " in
	*" $want "*) ;;
	*) echo "fake-flake8: $want missing: $*" >&2; exit 2 ;;
	esac
done
case " $* " in
*" --disable-noqa "*) [ "${FAKE_COMPAT:-0}" = 0 ] || exit 2 ;;
*) [ "${FAKE_COMPAT:-0}" = 1 ] || exit 2 ;;
esac
# a file holding CRASH makes it fail as a plugin crash would
for a; do
	case $a in -*) continue ;; esac
	if grep -q CRASH "$a"; then
		echo "Traceback (most recent call last):" >&2
		exit 1
	fi
done
st=0
for a; do
	case $a in -*) continue ;; esac
	for pat in BAD:E501 NAMING:N802; do
		if [ "${FAKE_COMPAT:-0}" = 1 ]; then
			i=$(grep -v '# noqa' "$a" | grep -c "${pat%%:*}")
		else
			i=$(grep -c "${pat%%:*}" "$a")
		fi
		while [ "$i" -gt 0 ]; do
			echo "$a:${pat#*:}"
			i=$((i - 1))
			st=1
		done
	done
done
exit $st
