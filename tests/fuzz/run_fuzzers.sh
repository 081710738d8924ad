#!/bin/sh
# Runs the libFuzzer targets of tests/fuzz, one after another, for MINUTES each
# (default 10), at low priority, with a 1 s CPU bound per input (the targets
# check it: runWithCpuLimit in fuzz_entries.h; libFuzzer's -timeout counts wall
# time, which on a loaded machine measures the load, so it is 30 s here, a
# guard against hangs), leak detection,
# the dictionaries and the committed corpus as seeds. New inputs go to
# WORK/corpus-TARGET and crashes to WORK/TARGET-crash-* (WORK defaults to
# /tmp/wb-fuzz); the last lines of each log (WORK/TARGET.log) are the numbers.
#
#   tests/fuzz/run_fuzzers.sh [MINUTES] [TARGET...]     # from the repository root
#   tests/fuzz/run_fuzzers.sh 10 loader expression dice checkpoint targets embedded results description
#
# Needs the fuzz preset built: cmake --preset fuzz && cmake --build --preset fuzz
set -eu
minutes=${1:-10}
[ $# -gt 0 ] && shift
targets=${*:-loader expression dice checkpoint targets embedded results description}
work=${WORK:-/tmp/wb-fuzz}
mkdir -p "$work"
for t in $targets; do
  bin=build-fuzz/bin/fuzz_$t
  [ -x "$bin" ] || { echo "no $bin: cmake --preset fuzz && cmake --build --preset fuzz" >&2; exit 2; }
  mkdir -p "$work/corpus-$t"
  case $t in
    loader|checkpoint|targets|embedded|results) max_len=65536 ;;
    expression) max_len=12000 ;;
    *) max_len=16384 ;;
  esac
  echo "== fuzz_$t for $minutes minutes (log $work/$t.log)"
  # exit status: 0 when no crash; libFuzzer stops at the first crash, leak or timeout.
  nice -n 15 "$bin" -max_total_time=$((minutes * 60)) -timeout=30 -rss_limit_mb=2048 -detect_leaks=1 \
    -max_len=$max_len -dict=tests/fuzz/dict/$t.dict -artifact_prefix="$work/$t-" -print_final_stats=1 \
    "$work/corpus-$t" tests/fuzz/corpus/$t > "$work/$t.log" 2>&1 || echo "fuzz_$t stopped with a finding: see $work/$t.log"
  tail -n 15 "$work/$t.log"
done
