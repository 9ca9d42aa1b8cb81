// The accumulators: the first layer's output for a position, one half per perspective, and the
// stack that keeps them up to date along the search's line, move by move.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "vireo/board/position.h"
#include "vireo/eval/nnue/network.h"
#include "vireo/eval/score.h"

namespace vireo::nnue {

struct alignas(64) Accumulator {
  std::array<std::array<std::int16_t, HIDDEN>, COLOR_NB> values;
};

// From scratch: the biases plus the weights of every piece on the board.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// The same by the scalar reference kernels, which the tests hold the SIMD back end to.
void reference_refresh(const Network& net, const Position& pos, Accumulator& acc);
// Shorthand for a full refresh and output (tests, `eval`, the trainer's check).
int evaluate(const Network& net, const Position& pos);

// The accumulators along the search's current line. push() records what a move changes;
// the arithmetic is done lazily, only when a position is actually evaluated, starting from
// the nearest ancestor that is up to date.
//
// Each perspective's half is brought up to date on its own: with mirrored inputs a king move
// across the d/e line makes its own side's half start again from the board (king buckets would
// start it from a cache of per-bucket accumulators), while the other half goes on being updated
// move by move.
class AccumulatorStack {
 public:
  void reset(const Network& net, const Position& pos);
  // Call before pos.make_move(m).
  void push(const Position& pos, Move m);
  void push_null() { next_entry(); }
  void pop() { --top_; }
  // The accumulators of `pos`, the position after the moves pushed, brought up to date.
  const Accumulator& current(const Position& pos);
  int evaluate(const Position& pos) { return output(*net_, current(pos), pos); }

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
    std::array<bool, COLOR_NB> computed = {};      // per perspective: acc.values[c] is up to date
    std::array<bool, COLOR_NB> king_crossed = {};  // c's king crossed the d/e line in this move
  };
  Entry& next_entry();
  void update(Color perspective, const Position& pos);
  void apply(Color perspective, bool flip, const Entry& parent, Entry& e) const;

  const Network* net_ = nullptr;
  // Deeper than any line: the search stops at MAX_PLY, and a push happens once per ply.
  std::vector<Entry> entries_ = std::vector<Entry>(MAX_PLY + 8);
  int top_ = 0;
};

}  // namespace vireo::nnue
