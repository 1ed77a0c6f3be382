# bench/report-run.sh, sourced by bench/report.sh and bench/report-scale.sh
# (with top set): bin/ first in PATH, a scratch folder $w removed on exit,
# Chromium checked for, and the run they report on.
#   report_run FILE       LongWeave kvg, sms, pr, biog, sr and nw at 1k
#                         and 2k, Ada-LEval tsort and bestanswer and,
#                         unless LGB=0, LongGenBench at 16k, answered by
#                         lg-oracle and the degraded oracle, scored
#   report_repeat BASE N OUT
#                         the records of BASE repeated under new ids
#                         (rK/ID) up to N records
PATH=$top/bin:$PATH
export LG_SHARE=$top/share
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
trap 'exit 130' INT TERM
command -v chromium >/dev/null || { echo "bench: chromium missing (sh mk/deps.sh check)" >&2; exit 1; }

report_run() {
	books=$top/share/corpora/austen
	{
		lg-gen longweave -t kvg,sms,pr,biog,sr,nw -l 1k,2k -n 4 -s 5 --corpus "$books"
		lg-gen adaleval -t tsort -l 2k -n 4 -s 5 --corpus "$books" 2>/dev/null
		lg-gen adaleval -t bestanswer -l 1k -n 4 -s 5 \
		    --corpus "$top/tests/adaleval/qa.jsonl" 2>/dev/null
		[ "${LGB:-1}" = 0 ] || lg-gen longgenbench -l 16k -n 1 -s 5
	} | lg-prompt > "$w/cases"
	{
		lg-oracle < "$w/cases"
		lg-oracle --model degraded --stop-at 0.8 --forget-after 0.6 \
		    --drop 0.2 < "$w/cases"
	} | lg-split | lg-judge --rules | lg-kvcheck | lg-fsmcheck | lg-tau |
	    lg-choice > "$1"
}

report_repeat() {
	awk -v n="$2" -v b="$(wc -l < "$1")" 'NR == FNR { l[FNR] = $0; next }
	    END { for (i = 0; i < n; i++) { s = l[i % b + 1];
	        sub(/"id":"/, "\"id\":\"r" int(i / b) "/", s); print s } }' \
	    "$1" /dev/null > "$3"
}
