// NNUE evaluation, in parts that change separately:
//   nnue/network.h       the architecture and its quantisation
//   nnue/network_file.h  the file format, which the trainer shares
//   this file            the accumulators and the output layer
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "vireo/board/position.h"
#include "vireo/eval/nnue/network.h"
#include "vireo/eval/nnue/network_file.h"
#include "vireo/eval/score.h"

namespace vireo::nnue {

struct alignas(64) Accumulator {
  std::array<std::array<std::int16_t, HIDDEN>, COLOR_NB> values;
};

// From scratch: the biases plus the weights of every piece on the board.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// The network's output for the side to move, in centipawns; `acc` holds pos's accumulators.
int output(const Network& net, const Accumulator& acc, const Position& pos);
// Shorthand for a full refresh and output (tests, `eval`, the trainer's check).
int evaluate(const Network& net, const Position& pos);

// The accumulators along the search's current line. push() records what a move changes;
// the arithmetic is done lazily, only when a position is actually evaluated, starting from
// the nearest ancestor that is up to date.
class AccumulatorStack {
 public:
  void reset(const Network& net, const Position& pos);
  // Call before pos.make_move(m).
  void push(const Position& pos, Move m);
  void push_null();
  void pop() { --top_; }
  int evaluate(const Position& pos);

 private:
  // A piece leaving `from` and arriving at `to`; NO_SQUARE on one side for a capture or a
  // promotion's pawn and piece.
  struct PieceChange {
    Piece piece;
    Square from, to;
  };
  struct Entry {
    Accumulator acc;
    std::array<PieceChange, 3> changes;
    int change_count = 0;
    bool computed = false;
  };
  void apply(const Entry& parent, Entry& e) const;

  const Network* net_ = nullptr;
  // Deeper than any line: the search stops at MAX_PLY, and a push happens once per ply.
  std::vector<Entry> entries_ = std::vector<Entry>(MAX_PLY + 8);
  int top_ = 0;
};

}  // namespace vireo::nnue
