// Legal move generation. Pins, checks and en passant are resolved while generating, so every
// move produced is legal and perft can count leaves without making them.
#pragma once

#include <algorithm>
#include <string_view>

#include "vireo/board/position.h"

namespace vireo {

// NOISY: captures (every promotion piece) and quiet promotions to a queen — what quiescence
// searches. QUIET: everything else (quiet moves, castling, quiet under-promotions).
// NOISY and QUIET together are exactly ALL.
enum class GenType { ALL, NOISY, QUIET };

struct ExtMove {
  Move move;
  int score = 0;
};

// Enough for any legal position (the known maximum is 218).
class MoveList {
 public:
  MoveList() {}
  void push(Move m) { moves_[size_++] = ExtMove{m}; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  ExtMove* begin() { return moves_; }
  ExtMove* end() { return moves_ + size_; }
  const ExtMove* begin() const { return moves_; }
  const ExtMove* end() const { return moves_ + size_; }
  ExtMove& operator[](std::size_t i) { return moves_[i]; }
  const ExtMove& operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const {
    return std::any_of(begin(), end(), [m](const ExtMove& e) { return e.move == m; });
  }

 private:
  // Left uninitialised: a list is made at every node and only its first size_ entries are read.
  union {
    ExtMove moves_[256];
  };
  std::size_t size_ = 0;
};

template <GenType T>
void generate(const Position& pos, MoveList& list);

inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate<GenType::ALL>(pos, list);
  return list;
}

// Whether `m`, any 16-bit word (a TT move may come from another position), is one of the
// moves legal_moves lists, decided without generating them for the common plain moves.
bool is_legal(const Position& pos, Move m);

// A move's UCI text. Castling is the king's two-step (e1g1) in standard chess and, with
// UCI_Chess960, the king taking its own rook (e1h1): the only spelling that stays unambiguous
// when the king starts next to or on its destination. `pos` may also be an earlier position
// of the game, such as a PV's root: the castling rooks stay put until they castle.
std::string move_to_uci(const Position& pos, Move m, bool chess960);

// The legal move whose UCI text is `text` in either notation, or Move::none() when there is none.
Move parse_uci_move(const Position& pos, std::string_view text);

}  // namespace vireo
