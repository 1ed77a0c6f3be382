# Oracle answers and degraded ones, scored: a LongGenBench suite (judged by
# rules: lg-split, lg-judge), Ada-LEval cases imported from the official
# files' fixtures and built from a Q&A corpus (lg-choice).
fx=../../adaleval
d=$(mktemp -d) || exit
lg-gen longgenbench -l 16k,32k -n 1 -s 3 | lg-prompt > "$d/lgb" &&
{ lg-oracle "$d/lgb"; lg-oracle --stop-at 0.5 --model half "$d/lgb";
  lg-oracle --drop 0.3 -s 2 --model drop "$d/lgb"; } | lg-split |
    lg-judge --rules
{ lg-gen adaleval -t bestanswer --import $fx/stackselect_1k.json
  lg-gen adaleval -t bestanswer --import $fx/stackselect_4k.json
  lg-gen adaleval -t tsort --import $fx/textsort_2k.json
  lg-gen adaleval -t bestanswer --corpus $fx/qa.jsonl -l 2k -n 4
} 2>/dev/null | lg-prompt > "$d/ada" &&
{ lg-oracle "$d/ada"; lg-oracle --drop 0.5 -s 3 --model drop "$d/ada"; } |
    lg-choice
rm -rf "$d"
