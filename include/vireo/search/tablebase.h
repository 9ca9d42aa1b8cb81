// Syzygy endgame tablebases, probed with Fathom (Debian's libfathom-dev). The tables are
// process-wide, as Fathom keeps them: load them once, before searching, from the UCI thread.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "vireo/board/position.h"

namespace vireo::tablebase {

// From the side to move's view. A cursed win is a win that the 50-move rule turns into a draw
// with best defence; a blessed loss, the loss it saves.
enum class Wdl { LOSS, BLESSED_LOSS, DRAW, CURSED_WIN, WIN };

struct LoadReport {
  int wdl_files = 0, dtz_files = 0;
  int max_pieces = 0;  // the largest table found; 0: none
};

// Loads the tables of the ':'-separated folders in `paths` (each folder once), replacing those
// loaded before; "" or "<empty>" unloads them. A folder that does not exist or cannot be read,
// a list of separators only, or folders without a single whole WDL table are an error, and
// then nothing changes. The report counts the tables Fathom takes: each name once, and only
// files of a table's size and magic number.
std::optional<std::string> load(const std::string& paths, LoadReport* report = nullptr);

// Pieces (kings included) of the largest table loaded; 0 when none is.
int max_pieces();

// WDL of the position, if it is in a loaded table. Tables hold positions without castling
// rights and with a fresh 50-move counter, so any other position is not probed.
std::optional<Wdl> probe_wdl(const Position& pos);

// A root move with what the tables say of the position it leads to, from the mover's view:
// `dtz` counts the plies to the next capture or pawn move with best play (0 for a draw).
struct RootMove {
  Move move;
  Wdl wdl;
  int dtz;
};

// Every legal move of `pos` with its WDL and DTZ, the 50-move counter accounted for; empty if
// the position is not in the tables or a DTZ table it needs is missing.
std::vector<RootMove> probe_root(const Position& pos);

// The moves that keep the best result: for a win, those that reach the next capture or pawn
// move soonest (so the win is converted within the 50-move rule); for a loss, those that put it
// off longest; for a draw, every drawing move. With `rule50` false, cursed wins count as wins
// and blessed losses as losses.
std::vector<RootMove> best_root_moves(const std::vector<RootMove>& moves, bool rule50);

}  // namespace vireo::tablebase
