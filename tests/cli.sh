#!/bin/sh
# The command line: `help`, an unknown subcommand, a bad bench depth, and the default book found
# by an executable copied away from its build folder (the compiled-in source-tree fallback).
vireo="$1"
fail() { echo "FAIL: $*"; exit 1; }

"$vireo" help | grep -q "bench \[DEPTH" || fail "help does not list bench"
"$vireo" --help | grep -q "makebook" || fail "--help does not list makebook"

out=$("$vireo" frobnicate 2>&1); rc=$?
[ $rc -eq 2 ] || fail "unknown subcommand exits $rc, not 2"
echo "$out" | grep -q "unknown subcommand 'frobnicate'" || fail "unknown subcommand not named: $out"

out=$("$vireo" bench 0 2>&1); rc=$?
[ $rc -eq 2 ] || fail "bench 0 exits $rc, not 2"
echo "$out" | grep -q "^info string error: bench takes" || fail "bench 0 gives no error line: $out"

out=$("$vireo" epd "$(dirname "$0")/data/mini.epd" --depth 5 2>/dev/null); rc=$?
[ $rc -eq 0 ] || fail "epd exits $rc"
echo "$out" | grep -q "^5 of 5 solved" || fail "epd does not solve the mini suite: $out"
out=$("$vireo" epd "$(dirname "$0")/data/mini.epd" --depth 3 --csv 2>/dev/null)
[ "$(echo "$out" | wc -l)" -eq 6 ] || fail "epd --csv is not a header and 5 rows: $out"
"$vireo" epd /nonexistent.epd 2>/dev/null; [ $? -eq 1 ] || fail "epd on a missing file does not exit 1"
"$vireo" epd "$(dirname "$0")/data/mini.epd" --depth 3 --nodes 5 2>/dev/null; [ $? -eq 2 ] || fail "two limits are not refused"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$vireo" "$dir/vireo"
printf 'book\nquit\n' | "$dir/vireo" | grep -q "^Book entries: [1-9]" || fail "a copied executable finds no book"
echo "cli: all passed"
