// What the search learns about moves as it goes, for move ordering, pruning and reductions.
// Every table takes the same "gravity" update: a bonus shrinks as the value nears ±MAX, so a
// table never saturates and recent results keep their weight.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "vireo/board/position.h"
#include "vireo/board/types.h"

namespace vireo {

constexpr int HISTORY_MAX = 16384;

inline void gravity_update(std::int16_t& h, int bonus, int max = HISTORY_MAX) {
  bonus = std::clamp(bonus, -max, max);
  h = std::int16_t(h + bonus - h * std::abs(bonus) / max);
}

// Indexed by a move's piece and destination square.
using PieceToHistory = std::array<std::array<std::int16_t, 64>, PIECE_NB>;

// The continuation tables that apply at a node: those of the moves 1, 2 and 4 plies back
// (a move and its follow-up from the same side). A missing move (null move, near the root)
// points at a table that is never updated, so it reads as zero.
using ContinuationTables = std::array<PieceToHistory*, 3>;
constexpr std::array<int, 3> CONTINUATION_PLIES = {1, 2, 4};

// Static-evaluation correction: what the search found minus what the evaluation said, kept
// summed up per pawn structure and per side's piece placement, so that positions
// the evaluation keeps misjudging are judged better before pruning looks at them.
// Its weights and limit are tunables (search_params.h); an entry's size bounds the limit.
constexpr int CORRECTION_SIZE = 16384;  // entries per table (keys are folded onto them)
constexpr int CORRECTION_GRAIN = 128;   // units per centipawn in an entry
static_assert(CORRECTION_GRAIN * 255 <= INT16_MAX, "CORRECTION_LIMIT_CP's range must fit an entry");
using CorrectionTable = std::array<std::int16_t, CORRECTION_SIZE>;

struct Histories {
  // Quiet moves by side, from and to.
  std::array<std::array<std::array<std::int16_t, 64>, 64>, COLOR_NB> butterfly{};
  // Captures by moving piece, destination and captured piece type.
  std::array<std::array<std::array<std::int16_t, PIECE_TYPE_NB>, 64>, PIECE_NB> capture{};
  // Quiet moves by the (piece, destination) of an earlier move; row NO_PIECE is the empty table.
  std::array<std::array<PieceToHistory, 64>, PIECE_NB + 1> continuation{};
  // The quiet move that last refuted a (piece, destination).
  std::array<std::array<Move, 64>, PIECE_NB> countermove{};
  // Corrections by side to move: pawn structure, and each side's non-pawn pieces.
  std::array<CorrectionTable, COLOR_NB> pawn_correction{};
  std::array<std::array<CorrectionTable, COLOR_NB>, COLOR_NB> non_pawn_correction{};

  void clear();
  PieceToHistory* continuation_of(Piece moved, Square to) { return &continuation[moved][moved == NO_PIECE ? 0 : to]; }

  // The combined history of a quiet move: what ordering, pruning and reductions compare.
  int quiet(Color us, Piece pc, Move m, const ContinuationTables& cont) const {
    int h = butterfly[us][m.from()][m.to()];
    for (const PieceToHistory* t : cont) h += (*t)[pc][m.to()];
    return h;
  }
  int capture_of(Piece pc, Move m, PieceType victim) const { return capture[pc][m.to()][victim]; }

  void update_quiet(Color us, Piece pc, Move m, const ContinuationTables& cont, int bonus);
  void update_capture(Piece pc, Move m, PieceType victim, int bonus) {
    gravity_update(capture[pc][m.to()][victim], bonus);
  }

  // The correction in centipawns for this position's static evaluation.
  int correction(const Position& pos) const;
  // Adds `diff` (search result minus corrected static eval: the error left over) to the
  // entries, weighted by the depth of the search that found it.
  void update_correction(const Position& pos, int diff, int depth);
};

}  // namespace vireo
