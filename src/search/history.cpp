#include "vireo/search/history.h"

#include <cstring>
#include <type_traits>

#include "vireo/search/search_params.h"

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

// `diff` is what the search found minus the already corrected eval, the error left over: it
// is added on (as a bonus that shrinks near the limit, like the move histories), so the
// entries keep moving until the correction covers the whole error. An average towards the
// leftover would stop short of it, at a fraction set by the tables' weights.
void accumulate(std::int16_t& entry, int bonus) {
  const int limit = params::CORRECTION_LIMIT_CP * CORRECTION_GRAIN;
  gravity_update(entry, std::clamp(bonus, -limit / 4, limit / 4), limit);
}

}  // namespace

int Histories::correction(const Position& pos) const {
  const Color us = pos.side_to_move();
  // The weights are in 128ths, and the sum of entries at full weight counts half.
  const int sum = params::CORRECTION_PAWN_WEIGHT * pawn_correction[us][slot(pos.pawn_key())] +
                  params::CORRECTION_NON_PAWN_WEIGHT * (non_pawn_correction[us][WHITE][slot(pos.non_pawn_key(WHITE))] +
                                                        non_pawn_correction[us][BLACK][slot(pos.non_pawn_key(BLACK))]);
  return sum / (256 * CORRECTION_GRAIN);
}

void Histories::update_correction(const Position& pos, int diff, int depth) {
  const Color us = pos.side_to_move();
  // Deeper searches know better: a result from CORRECTION_FULL_DEPTH (15) moves the correction
  // by an eighth of the leftover error, a depth-3 one by a thirty-second.
  const int bonus = diff * CORRECTION_GRAIN * std::min(depth + 1, params::CORRECTION_FULL_DEPTH + 1) / 256;
  accumulate(pawn_correction[us][slot(pos.pawn_key())], bonus);
  for (Color c : {WHITE, BLACK}) accumulate(non_pawn_correction[us][c][slot(pos.non_pawn_key(c))], bonus);
}

}  // namespace vireo
