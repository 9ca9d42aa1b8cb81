// Builds a Polyglot book from PGN games: each (position, move) pair met in the first plies
// of the games is weighted by the results for the side that played it (win 2, draw 1).
// Games can be chosen by their tags, dubious moves pruned with everything below them, and the
// remaining moves checked by Vireo's own search.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "vireo/board/types.h"

namespace vireo {

struct MakeBookOptions {
  std::vector<std::string> pgn_files;
  std::string out;
  int max_ply = 30;                // positions after more plies than this are left out
  std::optional<Color> only_side;  // only positions with this side to move

  // Which games and moves count.
  int min_elo = 0;                 // both players rated at least this (a missing rating fails)
  int min_elo_side = 0;            // the side whose move is kept rated at least this
  std::string from_date, to_date;  // YYYY.MM.DD, inclusive; `?` in a game's date matches anything
  enum class Results { ALL, WINS, WINS_AND_DRAWS } results = Results::ALL;  // whose moves are kept
  std::string event, player;  // case-insensitive substrings of Event and White/Black

  // Pruning: a move below these goes, with every line that only it leads to.
  int min_games = 1;  // played in at least this many counted games
  int min_score = 0;  // scoring at least this percentage for the side that played it

  // Verification by search: a move more than verify_margin centipawns below the best move
  // the search finds in its position goes (with its lines). Off when both limits are 0.
  int verify_depth = 0;
  std::uint64_t verify_nodes = 0;
  int verify_margin = 50;
  int threads = 1;
};

struct MakeBookStats {
  std::uint64_t games = 0;          // games counted
  std::uint64_t skipped_games = 0;  // all skipped games; by reason in `skipped`
  std::map<std::string, std::uint64_t> skipped;
  std::uint64_t positions = 0;   // (position, move) occurrences counted
  std::uint64_t candidates = 0;  // distinct (position, move) pairs counted
  // Entries each step removed, in the order the steps run.
  std::uint64_t removed_min_games = 0, removed_no_points = 0, removed_min_score = 0, removed_unreachable = 0,
                removed_verify = 0;
  std::uint64_t verified_positions = 0;
  double verify_seconds = 0;
  std::uint64_t entries = 0;  // entries written
};

// Reads the options from `vireo makebook ...` arguments; on error returns a message.
std::optional<std::string> parse_makebook_args(const std::vector<std::string>& args, MakeBookOptions& opts);

// Builds the book. Problems with single games go to `log` and the game is skipped; a file
// that cannot be read or written ends the build with an error message. Verification reports
// its progress through `log` too.
std::optional<std::string> make_book(const MakeBookOptions& opts, MakeBookStats& stats,
                                     const std::function<void(const std::string&)>& log);

// The summary printed at the end: one line per figure.
std::vector<std::string> makebook_summary(const MakeBookStats& stats, const MakeBookOptions& opts);

// `vireo makebook ...`: returns the process exit code.
inline constexpr const char* MAKEBOOK_USAGE =
    "--pgn games.pgn [--pgn more.pgn] --out book.bin [--max-ply N]\n"
    "  games:   [--min-elo N] [--min-elo-side N] [--from YYYY.MM.DD] [--to YYYY.MM.DD]\n"
    "           [--result win|win-draw|all] [--event TEXT] [--player TEXT] [--only-white|--only-black]\n"
    "  pruning: [--min-games N] [--min-score PERCENT]\n"
    "  search:  [--verify DEPTH | --verify-nodes N] [--verify-margin CP] [--threads N]";
int makebook_main(const std::vector<std::string>& args);

}  // namespace vireo
