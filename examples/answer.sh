#!/bin/sh
# answer.sh CONF OUT [CASES ...]
#
# Answer the cases (files, or standard input) with the model that CONF
# describes, and leave the records in OUT.  The work goes to OUT.part
# first and OUT appears, by a rename, only when the run ended well, so an
# OUT that exists is always whole: make and the fan-out scripts can trust it.
#
# CONF is a shell file of variable settings (see models/*.conf):
#   ENGINE     "oracle" (lg-oracle, the reference model: no server needed)
#              or "infer" (lg-infer, any OpenAI-compatible server)
#   MODEL      the model name the server knows (infer)
#   BASE_URL   one or more server URLs, blank-separated: replicas of the
#              same model, lg-infer spreads the requests over them (infer)
#   ARGS       more options for lg-oracle or lg-infer
# and, from the environment, CACHE: a folder of answers shared by every
# process (lg-infer --cache), and LGBIN: a folder put first in PATH.
#
# With lg-infer, OUT.part is resumed (--resume): a run that was killed is
# started again with the same command and only the cases not yet in
# OUT.part are asked.  Cases that failed after lg-infer's retries are
# written with an error and scored as failures; OUT is made all the same,
# with a message that says how to ask them again.
set -eu
[ $# -ge 2 ] || { echo "usage: answer.sh CONF OUT [CASES ...]" >&2; exit 2; }
conf=$1
out=$2
shift 2
[ -n "${LGBIN:-}" ] && PATH=$LGBIN:$PATH
ENGINE=infer MODEL= BASE_URL= ARGS=
case $conf in */*) ;; *) conf=./$conf ;; esac
. "$conf"
case $ENGINE in
oracle)
	# deterministic and fast: no resume, the shard is simply done again
	# shellcheck disable=SC2086
	lg-oracle $ARGS "$@" > "$out.part"
	;;
infer)
	LG_BASE_URL=$BASE_URL
	export LG_BASE_URL
	# status 1: some cases failed, and went out with an error (scored as
	# failures); the output is whole all the same
	rc=0
	# shellcheck disable=SC2086
	lg-infer -q -m "$MODEL" ${CACHE:+--cache "$CACHE"} --resume "$out.part" \
	    $ARGS "$@" >> "$out.part" || rc=$?
	[ "$rc" -le 1 ] || exit "$rc"
	# the command to ask them again, with the paths quoted for a shell
	q=$(printf '%s\n' "$out" | sed "s/'/'\\\\''/g; s/^/'/; s/\$/'/")
	[ "$rc" -eq 0 ] || echo "answer.sh: $out: some cases failed; to ask" \
	    "them again: jq -c 'select(.error == null)' $q > $q.part;" \
	    "rm $q; then run again" >&2
	;;
*)
	echo "answer.sh: $conf: ENGINE must be oracle or infer" >&2
	exit 2
	;;
esac
mv "$out.part" "$out"
