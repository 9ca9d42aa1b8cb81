// The options that shape a search, in one value handed over with each search as Limits is.
// The engine takes them from the UCI options when a search starts, so that a new search
// option is one registration and one field, not a chain of setters through the engine, the
// thread pool and each searcher. Options that act when they are set (Hash, Threads, the files
// to load) are not here.
#pragma once

namespace vireo {

// How the search uses the Syzygy tables loaded by tablebase::load.
struct TablebaseSettings {
  int probe_limit = 7;  // probe positions with at most this many pieces
  int probe_depth = 1;  // positions as large as the largest table: only from this depth
  bool rule50 = true;   // false: cursed wins and blessed losses count as wins and losses
};

// Each field is the UCI option named beside it, and its default is the option's.
struct SearchSettings {
  int multipv = 1;               // MultiPV: the lines searched and reported
  bool stats = false;            // SearchStats: the main thread counts (search_stats.h)
  int move_overhead = 30;        // Move Overhead: ms kept back from each move's time
  bool limit_strength = false;   // UCI_LimitStrength: play as a player of `elo` (engine/strength.h)
  int elo = 2600;                // UCI_Elo
  TablebaseSettings tablebases;  // SyzygyProbeLimit, SyzygyProbeDepth, Syzygy50MoveRule
};

}  // namespace vireo
