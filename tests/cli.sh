#!/bin/sh
# The command line: `help`, each subcommand's --help and usage errors, an unknown subcommand, a bad bench depth, files that
# are folders, FIFOs or missing, a book cut while in use, epd, stats, tree, and the default book found
# by an executable copied away from its build folder (the compiled-in source-tree fallback).
vireo="$1"
fail() { echo "FAIL: $*"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$vireo" help | grep -q "bench \[DEPTH" || fail "help does not list bench"
"$vireo" --help | grep -q "makebook" || fail "--help does not list makebook"

out=$("$vireo" frobnicate 2>&1); rc=$?
[ $rc -eq 2 ] || fail "unknown subcommand exits $rc, not 2"
echo "$out" | grep -q "unknown subcommand 'frobnicate'" || fail "unknown subcommand not named: $out"

for sub in bench makebook book datagen epd stats tree tunables; do
  out=$("$vireo" $sub --help 2>/dev/null); rc=$?
  [ $rc -eq 0 ] || fail "$sub --help exits $rc"
  echo "$out" | grep -q "^usage: vireo $sub " || fail "$sub --help prints no usage on stdout: $out"
done
out=$("$vireo" makebook --frobnicate 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] || fail "a bad makebook option exits $rc, not 2"
echo "$out" | grep -q "^makebook: error: " || fail "a bad makebook option names no error: $out"
echo "$out" | grep -q "^usage: vireo makebook --pgn" || fail "a bad makebook option shows no usage: $out"

out=$("$vireo" bench 0 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] || fail "bench 0 exits $rc, not 2"
echo "$out" | grep -q "^bench: error: bench takes" || fail "bench 0 gives no error on stderr: $out"
echo "$out" | grep -q "^usage: vireo bench " || fail "bench 0 shows no usage: $out"

# A folder, a missing file or a FIFO where a file is read: exit 1 and the subcommand's error.
mkdir "$dir/folder"
mkfifo "$dir/fifo"
expect_error() {  # expect_error SUBCOMMAND MESSAGE ARGS...
  sub=$1 message=$2; shift 2
  out=$(timeout 20 "$vireo" $sub "$@" 2>&1 >/dev/null); rc=$?
  [ $rc -eq 1 ] || fail "$sub $* exits $rc, not 1"
  echo "$out" | grep -q "^$sub: error: .*$message" || fail "$sub $* says: $out"
}
expect_error epd "is not a regular file" "$dir/folder"
expect_error epd "is not a regular file" "$dir/fifo"
printf '[Result "1-0"]\n\n1. e4 e5 1-0\n' > "$dir/g.pgn"
expect_error makebook "PGN file '$dir/folder' is not a regular file" --pgn "$dir/folder" --out "$dir/x.bin"
[ -e "$dir/x.bin" ] && fail "makebook on a folder wrote a book"
expect_error makebook "cannot open PGN file '/nonexistent.pgn'" --pgn /nonexistent.pgn --out "$dir/x.bin"
expect_error makebook "is a folder" --pgn "$dir/g.pgn" --out "$dir/folder"
expect_error book "cannot open learn file '/nonexistent'" learn --show /nonexistent

# A book cut while the engine has it open: the engine searches on.
cp "$(dirname "$0")/../books/vireo.bin" "$dir/cut.bin"
out=$( (printf 'setoption name BookFile value %s\nisready\n' "$dir/cut.bin"; sleep 1; : > "$dir/cut.bin"
        printf 'position startpos moves e2e4\ngo depth 1\n'; sleep 1; echo quit) | timeout 20 "$vireo"); rc=$?
[ $rc -eq 0 ] || fail "a book cut while open: the engine exits $rc"
echo "$out" | grep -q "^bestmove " || fail "a book cut while open: no bestmove: $out"
# A FIFO as EvalFile or BookLearnFile: refused, and the engine still answers.
for option in EvalFile BookLearnFile; do
  out=$(printf 'setoption name %s value %s\nisready\nquit\n' $option "$dir/fifo" | timeout 20 "$vireo"); rc=$?
  [ $rc -eq 0 ] || fail "a FIFO as $option: exit $rc"
  echo "$out" | grep -q "^info string error: .*is not a regular file" || fail "a FIFO as $option is not refused: $out"
  echo "$out" | grep -q "^readyok" || fail "a FIFO as $option: no readyok: $out"
done

out=$("$vireo" epd "$(dirname "$0")/data/mini.epd" --depth 5 2>/dev/null); rc=$?
[ $rc -eq 0 ] || fail "epd exits $rc"
echo "$out" | grep -q "^5 of 5 solved" || fail "epd does not solve the mini suite: $out"
out=$("$vireo" epd "$(dirname "$0")/data/mini.epd" --depth 3 --csv 2>/dev/null)
[ "$(echo "$out" | wc -l)" -eq 6 ] || fail "epd --csv is not a header and 5 rows: $out"
"$vireo" epd /nonexistent.epd 2>/dev/null; [ $? -eq 1 ] || fail "epd on a missing file does not exit 1"
"$vireo" epd "$(dirname "$0")/data/mini.epd" --depth 3 --nodes 5 2>/dev/null; [ $? -eq 2 ] || fail "two limits are not refused"
out=$("$vireo" epd "$(dirname "$0")/data/mini.epd" --depth 5 --threads 2 2>/dev/null)
echo "$out" | grep -q "^5 of 5 solved" || fail "epd with 2 threads does not solve the mini suite: $out"

out=$("$vireo" stats 3 --csv --svg "$dir/stats.svg" 2>/dev/null); rc=$?
[ $rc -eq 0 ] || fail "stats exits $rc"
[ "$(echo "$out" | wc -l)" -eq 4 ] || fail "stats --csv is not a header and 3 rows: $out"
grep -q "</svg>" "$dir/stats.svg" || fail "stats --svg wrote no SVG"
if command -v xmllint >/dev/null; then xmllint --noout "$dir/stats.svg" || fail "stats.svg is not well-formed XML"; fi
"$vireo" stats 0 2>/dev/null; [ $? -eq 2 ] || fail "stats 0 is not refused"

out=$("$vireo" tree --moves e2e4 e7e5 --depth 2 --dot "$dir/tree.dot" --html "$dir/tree.html"); rc=$?
[ $rc -eq 0 ] || fail "tree exits $rc"
echo "$out" | grep -q "^tree: bestmove " || fail "tree says no best move: $out"
grep -q "^digraph search {" "$dir/tree.dot" || fail "tree wrote no DOT"
grep -q "<script>" "$dir/tree.html" || fail "tree wrote no HTML page"
if command -v dot >/dev/null; then
  dot -Tsvg "$dir/tree.dot" -o /dev/null || fail "dot cannot read the tree's DOT"
  "$vireo" tree --depth 3 --svg "$dir/tree.svg" >/dev/null && grep -q "</svg>" "$dir/tree.svg" || fail "tree --svg"
  [ ! -e "$dir/tree.svg.dot" ] || fail "tree --svg left its DOT source beside the SVG"
fi
"$vireo" tree --compare --depth 3 | grep -q "^minimax .* 8902$" || fail "tree --compare: minimax is not perft(3)"
"$vireo" tree --depth 9 2>/dev/null; [ $? -eq 2 ] || fail "tree --depth 9 is not refused"
out=$("$vireo" tree --bogus 2>&1); [ $? -eq 2 ] || fail "tree --bogus is not refused"
echo "$out" | grep -q "unknown option '--bogus'" || fail "tree --bogus: $out"
out=$(cd "$dir" && "$vireo" tree --depth 1 --dot -); rc=$?
[ $rc -eq 0 ] || fail "tree --dot - exits $rc"
echo "$out" | grep -q "^digraph search {" || fail "tree --dot - prints no DOT: $out"
[ -e "$dir/-" ] && fail "tree --dot - wrote a file named -"
out=$(printf 'tree --fen 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1 --depth 1\nquit\n' | "$vireo")
echo "$out" | grep -q "^info string tree: bestmove g1g7" || fail "tree --fen at the UCI prompt: $out"
"$vireo" tree --moves e2e5 2>/dev/null; [ $? -eq 1 ] || fail "an illegal tree move is not refused"

cp "$vireo" "$dir/vireo"
printf 'book\nquit\n' | "$dir/vireo" | grep -q "^Book entries: [1-9]" || fail "a copied executable finds no book"
"$vireo" tunables | grep -q "^RFP_MARGIN, int, [0-9]*, [0-9]*, [0-9]*, [0-9]*, 0.002$" || fail "tunables does not list RFP_MARGIN"
"$vireo" tunables extra 2>/dev/null; [ $? -eq 2 ] || fail "tunables with an argument is not a usage error"
echo "cli: all passed"
