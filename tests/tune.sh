#!/bin/sh
# The tune build (-DVIREO_TUNE=ON) against the normal one: each line of `vireo tunables` is a UCI
# spin option of the tune build with the same default and bounds (and none of the normal build's);
# at the defaults both search the same bench; setting a tunable changes it, and a value out of
# range is refused with one error, the old value kept.
#   tests/tune.sh TUNE_VIREO NORMAL_VIREO
tune="$1"; normal="$2"
fail() { echo "FAIL: $*"; exit 1; }
bench_nodes() { grep "^Nodes searched" | tr -dc 0-9; }

count=0
tune_uci=$(printf 'uci\nquit\n' | "$tune")
normal_uci=$(printf 'uci\nquit\n' | "$normal")
for line in $("$normal" tunables | tr -d ' '); do
  IFS=, read -r name type value min max step rate <<END
$line
END
  echo "$tune_uci" | grep -qx "option name $name type spin default $value min $min max $max" ||
    fail "the tune build has no option $name default $value min $min max $max"
  echo "$normal_uci" | grep -q "option name $name " && fail "the normal build offers $name"
  count=$((count + 1))
done
[ "$count" -gt 40 ] || fail "only $count tunables listed"

default_nodes=$(printf 'bench 8\nquit\n' | "$normal" | bench_nodes)
[ "$(printf 'bench 8\nquit\n' | "$tune" | bench_nodes)" = "$default_nodes" ] || fail "the tune build's bench differs at the defaults"
for setting in "RFP_MARGIN value 120" "LMR_DIVISOR_PCT value 300" "CORRECTION_PAWN_WEIGHT value 128"; do
  nodes=$(printf 'setoption name %s\nbench 8\nquit\n' "$setting" | "$tune" | bench_nodes)
  [ -n "$nodes" ] && [ "$nodes" != "$default_nodes" ] || fail "setting $setting leaves bench at $nodes"
done
out=$(printf 'setoption name RFP_MARGIN value 9999\nbench 8\nquit\n' | "$tune")
[ "$(echo "$out" | grep -c '^info string error: .*RFP_MARGIN')" = 1 ] || fail "an out-of-range value is not refused once: $out"
[ "$(echo "$out" | bench_nodes)" = "$default_nodes" ] || fail "a refused value changed the search"
echo "tune: $count tunables, all passed"
