#!/bin/sh
# The command line: `help`, an unknown subcommand, a bad bench depth, and the default book found
# by an executable copied away from its build folder (the compiled-in source-tree fallback).
vireo="$1"
fail() { echo "FAIL: $*"; exit 1; }

"$vireo" help | grep -q "bench \[DEPTH\]" || fail "help does not list bench"
"$vireo" --help | grep -q "makebook" || fail "--help does not list makebook"

out=$("$vireo" frobnicate 2>&1); rc=$?
[ $rc -eq 2 ] || fail "unknown subcommand exits $rc, not 2"
echo "$out" | grep -q "unknown subcommand 'frobnicate'" || fail "unknown subcommand not named: $out"

out=$("$vireo" bench 0 2>&1); rc=$?
[ $rc -eq 2 ] || fail "bench 0 exits $rc, not 2"
echo "$out" | grep -q "^info string error: bench takes" || fail "bench 0 gives no error line: $out"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$vireo" "$dir/vireo"
printf 'book\nquit\n' | "$dir/vireo" | grep -q "^Book entries: [1-9]" || fail "a copied executable finds no book"
echo "cli: all passed"
