// Book learning: what happened after the engine left its book, kept per (position, book move)
// in a file of its own (the book itself is never written), and read back as a factor on that
// move's weight. A line whose games keep going badly is phased out.
//
// The learn file is text, one record per line, written whole to FILE.tmp and renamed over
// FILE, so a crash or a kill mid-write leaves the previous file:
//
//   vireo-book-learn 1
//   <key: 16 hex digits> <Polyglot move: 0..65535, promotion bits 0..4> <games> <sum of scores, cp> <wins> <draws>
//   <losses>
//   ...
//   end <number of records>
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vireo {

struct LearnRecord {
  std::uint32_t games = 0;                        // times the line was left with scores to learn from
  std::int64_t score_sum = 0;                     // the mean of each game's first scores out of book, summed
  std::uint32_t wins = 0, draws = 0, losses = 0;  // results, when they could be inferred

  double mean_score() const { return games ? double(score_sum) / games : 0.0; }
  // The move's value in pawns: its mean score, plus the results' balance (-1..1).
  double value() const;
  // The weight multiplier: 2^value within [1/8, 4]; 0 once three or more games average a
  // value of -1.5 or worse (the line is phased out).
  double factor() const;
};

class BookLearning {
 public:
  // Scores of this many searched moves after the book make one game's score of the line.
  static constexpr int MOVES_OUT_OF_BOOK = 4;
  // A score this far from zero when a new game starts counts as the game's result.
  static constexpr int RESIGNABLE_CP = 400;

  using Key = std::pair<std::uint64_t, std::uint16_t>;  // position key, Polyglot move

  // Reads `path`; a missing, truncated or malformed file (a bad record: its line number) is an
  // error, the records are then empty and the file is replaced at the next save.
  std::optional<std::string> load(const std::string& path);
  // Writes the records atomically; the error says why not.
  std::optional<std::string> save() const;
  const std::string& path() const { return path_; }

  // The engine, playing `color` (0 white, 1 black), played a book move.
  void book_move_played(std::uint64_t key, std::uint16_t move, int color);
  // The engine searched a move out of book and scored its position `score_cp`. Returns true
  // when this completed the line's record (time to save).
  bool searched_move(int score_cp);
  // The game ended: +1 the engine won, 0 drawn, -1 lost. Returns true when a record changed.
  bool game_over(int result);
  // A new game: an unfinished line is scored with what it has, and a resignable last score
  // counts as the result. Returns true when a record changed.
  bool new_game();
  // The engine's colour in the game being learned from, if one is.
  std::optional<int> learning_color() const;

  std::optional<LearnRecord> find(std::uint64_t key, std::uint16_t move) const;
  double factor(std::uint64_t key, std::uint16_t move) const;
  std::vector<std::pair<Key, LearnRecord>> records() const;

 private:
  bool finish_line();

  mutable std::mutex mutex_;
  std::string path_;
  std::map<Key, LearnRecord> records_;
  // The game being learned from: the last book move, the scores after it, and whether its
  // result may still be added.
  std::optional<Key> line_;
  int color_ = 0;
  std::vector<int> scores_;
  bool recorded_ = false;
  int last_score_ = 0;
};

// The lines of `vireo book learn --show FILE`.
std::vector<std::string> describe_learning(const BookLearning& learning);

}  // namespace vireo
