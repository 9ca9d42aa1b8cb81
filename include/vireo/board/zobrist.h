// Zobrist keys. Vireo uses Polyglot's Random64 table and rules, so a position's key is also
// its opening-book key: piece keys indexed 64 * (2 * type + is_white) + square, castling
// rights XORed one by one, the en-passant file only when a pawn of the side to move can
// capture there, and the turn key when white is to move.
#pragma once

#include <array>

#include "vireo/board/types.h"

namespace vireo::zobrist {

extern const std::array<Key, 781> RANDOM64;

inline Key piece_square(Piece p, Square s) {
  int polyglot_kind = 2 * type_of(p) + (color_of(p) == WHITE ? 1 : 0);
  return RANDOM64[64 * polyglot_kind + s];
}
Key castling(int rights);
inline Key en_passant_file(int file) { return RANDOM64[772 + file]; }
inline Key white_to_move() { return RANDOM64[780]; }

}  // namespace vireo::zobrist
