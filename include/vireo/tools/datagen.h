// `vireo datagen`: self-play games for training the evaluation network. Each game starts
// from a few random legal plies (from a Chess960 arrangement in a share of them), is kept only
// if a search scores the start as playable, and is played with a fixed node budget per move.
// Quiet positions are written as TrainingRecords (training_data.h) once the game's result is
// known; the games themselves, in their compact form (game_record.h), to a second file that
// `--expand` turns back into the same records.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vireo {

struct DatagenConfig {
  std::string out;              // appended to; created when missing
  std::string games;            // the compact copy, appended to likewise; empty: none
  std::string expand;           // a games file to turn into records at `out` instead of playing
  int chess960_percent = 20;    // share of games from Chess960 starts (15 until s1337)
  std::uint64_t positions = 0;  // stop after this many records (0: no limit)
  double seconds = 0;           // stop after this long (0: no limit)
  int threads = 1;
  std::uint64_t nodes = 5000;  // node budget of every move's search
  std::uint64_t seed = 1;
  int random_plies = 8;      // random opening plies; one more in every other game
  int opening_margin = 500;  // a start scored beyond +-this (cp) is thrown away
  bool use_nnue = true;      // false: the hand-written evaluation plays
  std::string net;           // a network file; empty: the embedded network
};

// Parses `datagen` arguments; on error returns the message.
std::optional<std::string> parse_datagen_args(const std::vector<std::string>& args, DatagenConfig& cfg);

struct DatagenStats {
  std::uint64_t games = 0;
  std::uint64_t positions = 0;
  // Counted by expand_games, for the data manifest: games from a Chess960 start, and those of
  // them whose two sides' arrangements differ (double Chess960).
  std::uint64_t chess960_games = 0;
  std::uint64_t double_chess960_games = 0;
};

// Plays until a limit is reached or SIGINT/SIGTERM arrives; only whole games are written, so
// the file stays valid and can be appended to by a later run. Progress goes to stderr.
DatagenStats run_datagen(const DatagenConfig& cfg);

// Appends the records of every game in the games file `cfg.expand` to `cfg.out`; returns the
// games and records, or throws with the offset of the first malformed game (nothing written).
DatagenStats expand_games(const DatagenConfig& cfg);

// The command-line entry point: returns the process's exit code.
inline constexpr const char* DATAGEN_USAGE =
    "--out FILE [--games FILE] [--positions N] [--time SECONDS] [--threads N]\n"
    "                     [--nodes N] [--seed N] [--random-plies N] [--opening-margin CP]\n"
    "                     [--chess960 PERCENT] [--eval nnue|hce] [--net FILE]\n"
    "       vireo datagen --expand GAMES_FILE --out FILE";
int datagen_main(const std::vector<std::string>& args);

}  // namespace vireo
