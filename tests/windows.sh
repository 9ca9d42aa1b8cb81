#!/bin/sh
# The Windows build, checked under Wine: its bench signature must equal the Linux build's, its
# book, tablebases and threads must work from a Windows path, and a short real match against the
# Linux build (bench's selfplay) must end without an illegal move, time loss, crash or stall.
#   usage: tests/windows.sh WINDOWS_EXE LINUX_BUILD_DIR [GAMES]
# LINUX_BUILD_DIR holds the Linux `vireo` and the `selfplay` driver (VIREO_BUILD_BENCH).
set -eu
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
linux=$(cd "$2" && pwd)
games=${3:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A prefix of its own, and Wine's own diagnostics off: only the engine's output is compared.
export WINEPREFIX="$work/prefix" WINEDEBUG=-all
wine wineboot --init >/dev/null 2>&1 || true

nodes() { grep -E "^Nodes searched *: [0-9]+" | tr -dc '0-9'; }
linux_nodes=$("$linux/vireo" bench 2>/dev/null | nodes)
windows_nodes=$(wine "$exe" bench 2>/dev/null | tr -d '\r' | nodes)
echo "bench: Linux $linux_nodes nodes, Windows (Wine) $windows_nodes nodes"
[ -n "$linux_nodes" ] && [ "$linux_nodes" = "$windows_nodes" ] || fail "bench signatures differ"

# Lines end in "\n" alone, as on Linux: a manager that splits at "\n" must not read "\r" into a move.
crlf=$(printf 'uci\nisready\nquit\n' | wine "$exe" 2>/dev/null | grep -c "$(printf '\r')" || true)
[ "$crlf" = 0 ] || fail "vireo.exe wrote $crlf lines ending in \\r\\n"

# The book beside the executable, a tablebase probe through a drive-letter path with a space in
# it, and two threads: one Windows session, each answer awaited before the next command.
mkdir -p "$work/Vireo Engine"
cp "$exe" "$work/Vireo Engine/vireo.exe"
cp "$root/books/vireo.bin" "$work/Vireo Engine/vireo.bin"
cp -r "$root/tests/data/syzygy" "$work/Vireo Engine/tb"
printf '#!/bin/sh\nexec wine "%s" "$@"\n' "$work/Vireo Engine/vireo.exe" > "$work/session-wine"
chmod +x "$work/session-wine"
tb="Z:$(printf '%s' "$work/Vireo Engine/tb" | tr '/' '\\')"
PYTHONPATH="$root/bench" python3 - "$work/session-wine" "$tb" <<'PY' || fail "Windows session"
import sys
from ucipipe import UciPipe
e = UciPipe(sys.argv[1], "windows.sh", [("SyzygyPath", sys.argv[2]), ("Threads", "2")])
e.send("uci")
lines = e.read_until("uciok")
assert any("name BookFile type string default" in l and l.rstrip().endswith("vireo.bin") for l in lines), lines
e.send("position startpos")
e.send("go wtime 10000 btime 10000")
lines = e.read_until("bestmove")
assert any(l.startswith("info string book move ") for l in lines), lines
e.send("position fen 8/8/8/8/8/2k5/8/K6Q w - - 0 1")
e.send("go depth 6")
lines = e.read_until("bestmove")
assert any(" tbhits " in l and " tbhits 0 " not in l for l in lines), lines
e.close()
print("book beside vireo.exe, tablebases from " + sys.argv[2] + ", two threads under Wine: ok")
PY

printf '#!/bin/sh\nexec wine "%s" "$@"\n' "$exe" > "$work/vireo-wine"
chmod +x "$work/vireo-wine"
"$linux/selfplay" --engine "$work/vireo-wine" --engine2 "$linux/vireo" --games "$games" --tc 2+0.02 \
  --concurrency 2 --pgn "$work/wine.pgn" | tail -n 1
