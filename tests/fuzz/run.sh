#!/bin/sh
# Runs every fuzz target for SECONDS each, starting from seed corpora made from the project's
# own test data, and prints each target's executions. Exits non-zero on the first crash,
# leaving the crashing input under the work directory.
#   usage: tests/fuzz/run.sh BUILD_DIR [SECONDS] [WORK_DIR]
set -eu
build=$(cd "$1" && pwd)
seconds=${2:-30}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${3:-$(mktemp -d /tmp/vireo-fuzz.XXXXXX)}
mkdir -p "$work/fen" "$work/uci" "$work/pgn" "$work/book"

# Seeds: one FEN a file from the perft suites, one game a file from the test games, the UCI
# scripts kept here, and a book built from the test games (plus a cut-off copy of it).
cut -d';' -f1 "$root/tests/data/classic.epd" "$root/tests/data/random-walks.epd" |
  awk -v d="$work/fen" '{ printf "%s", $0 > (d "/seed-" NR) }'
awk -v d="$work/pgn" '/^\[Event /{ n++ } n { print > (d "/seed-" n) }' "$root/tests/data/games.pgn"
cp "$root"/tests/fuzz/uci-seeds/*.txt "$work/uci/"
"$build/vireo" makebook --pgn "$root/tests/data/games.pgn" --out "$work/book/seed.bin" --max-ply 12 2>/dev/null
head -c 1000 "$work/book/seed.bin" > "$work/book/seed-cut.bin"

for target in fen uci pgn book; do
  log="$work/$target.log"
  if ! "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -print_final_stats=1 -max_len=4096 \
      -artifact_prefix="$work/crash-$target-" "$work/$target" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz_$target: CRASH, input saved under $work" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  echo "fuzz_$target: $runs executions in ${seconds}s, no crash"
done
