#include "vireo/search/history.h"

#include <cstring>
#include <type_traits>

namespace vireo {

// All zero is every table's empty state (Move::none() is zero too); memset avoids building a
// megabyte-sized temporary on a thread's stack.
void Histories::clear() {
  static_assert(std::is_trivially_copyable_v<Histories>);
  std::memset(static_cast<void*>(this), 0, sizeof(*this));
}

void Histories::update_quiet(Color us, Piece pc, Move m, const ContinuationTables& cont, int bonus) {
  gravity_update(butterfly[us][m.from()][m.to()], bonus);
  const PieceToHistory* empty = &continuation[NO_PIECE][0];
  for (PieceToHistory* t : cont)
    if (t != empty) gravity_update((*t)[pc][m.to()], bonus);
}

namespace {

std::size_t slot(Key key) { return std::size_t(key % CORRECTION_SIZE); }

void average_in(std::int16_t& entry, int target, int weight) {
  entry = std::int16_t((entry * (256 - weight) + target * weight) / 256);
}

}  // namespace

int Histories::correction(const Position& pos) const {
  const Color us = pos.side_to_move();
  // Weights 2 : 1 : 1, a starting point for tuning.
  const int sum = 2 * pawn_correction[us][slot(pos.pawn_key())] +
                  non_pawn_correction[us][WHITE][slot(pos.non_pawn_key(WHITE))] +
                  non_pawn_correction[us][BLACK][slot(pos.non_pawn_key(BLACK))];
  return sum / (2 * CORRECTION_GRAIN);
}

void Histories::update_correction(const Position& pos, int diff, int depth) {
  const Color us = pos.side_to_move();
  const int target = std::clamp(diff * CORRECTION_GRAIN, -CORRECTION_LIMIT, CORRECTION_LIMIT);
  const int weight = std::min(depth + 1, 16);
  average_in(pawn_correction[us][slot(pos.pawn_key())], target, weight);
  for (Color c : {WHITE, BLACK}) average_in(non_pawn_correction[us][c][slot(pos.non_pawn_key(c))], target, weight);
}

}  // namespace vireo
