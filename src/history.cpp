#include "vireo/history.h"

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

}  // namespace vireo
