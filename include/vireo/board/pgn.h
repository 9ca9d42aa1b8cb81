// A PGN reader: tag pairs, SAN movetext with comments, variations, NAGs and results. Games
// come out one at a time as a start position, legal moves and a result.
#pragma once

#include <istream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vireo/board/position.h"

namespace vireo {

enum class GameResult { WhiteWins, BlackWins, Draw, Unknown };

struct PgnGame {
  std::map<std::string, std::string> tags;
  std::string start_fen{Position::START_FEN};
  std::vector<Move> moves;
  GameResult result = GameResult::Unknown;
};

// The legal move `san` names in `pos` (checks, annotations, `0-0` and `e8Q` accepted), or
// Move::none() when it names no legal move or is ambiguous.
Move parse_san(const Position& pos, std::string_view san);
std::string to_san(const Position& pos, Move m);

class PgnReader {
 public:
  explicit PgnReader(std::istream& in) : in_(in) {}

  // The next game, or nullopt at the end of the input. A game with a bad FEN or a move that
  // is not legal is returned with `error` set, naming the game number and the move.
  struct Item {
    PgnGame game;
    std::optional<std::string> error;
  };
  std::optional<Item> next();
  int games_read() const { return games_; }

 private:
  int get() { return in_.get(); }
  int peek() { return in_.peek(); }
  void skip_until(char end);
  void skip_variation();
  std::string read_tag_value();
  bool read_tag(PgnGame& game);
  std::string read_token(int first);

  std::istream& in_;
  int games_ = 0;
};

}  // namespace vireo
