// Builds a Polyglot book from PGN games: each (position, move) pair met in the first plies
// of the games is weighted by the results for the side that played it (win 2, draw 1).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vireo/types.h"

namespace vireo {

struct MakeBookOptions {
  std::vector<std::string> pgn_files;
  std::string out;
  int max_ply = 30;                // positions after more plies than this are left out
  int min_games = 1;               // a move must have been played in this many games
  std::optional<Color> only_side;  // only positions with this side to move
};

struct MakeBookStats {
  std::uint64_t games = 0;
  std::uint64_t skipped_games = 0;  // unreadable games and games without a result
  std::uint64_t positions = 0;      // (position, move) occurrences counted
  std::uint64_t entries = 0;        // entries written
};

// Reads the options from `vireo makebook ...` arguments; on error returns a message.
std::optional<std::string> parse_makebook_args(const std::vector<std::string>& args, MakeBookOptions& opts);

// Builds the book. Problems with single games go to `log` and the game is skipped; a file
// that cannot be read or written ends the build with an error message.
std::optional<std::string> make_book(const MakeBookOptions& opts, MakeBookStats& stats,
                                     const std::function<void(const std::string&)>& log);

// `vireo makebook ...`: returns the process exit code.
int makebook_main(const std::vector<std::string>& args);

}  // namespace vireo
