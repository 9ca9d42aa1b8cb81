#include "vireo/search/see.h"

namespace vireo {

bool see_ge(const Position& pos, Move m, int threshold) {
  // Castling, en passant and promotions rarely lose material; treat them as even trades.
  if (m.kind() != Move::NORMAL) return 0 >= threshold;

  const Square from = m.from(), to = m.to();
  int swap = (pos.empty(to) ? 0 : SEE_VALUE[type_of(pos.piece_on(to))]) - threshold;
  if (swap < 0) return false;  // even keeping the capture falls short
  swap = SEE_VALUE[type_of(pos.piece_on(from))] - swap;
  if (swap <= 0) return true;  // even losing the mover for nothing reaches the threshold

  Bitboard occupied = pos.pieces() ^ square_bb(from) ^ square_bb(to);
  Color stm = pos.side_to_move();
  Bitboard attackers = pos.attackers_to(to, occupied);
  const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
  bool result = true;  // true while the side that made m is ahead of the threshold

  while (true) {
    stm = ~stm;
    attackers &= occupied;
    Bitboard mine = attackers & pos.pieces(stm);
    if (!mine) break;
    result = !result;

    PieceType pt = PAWN;
    while (!(mine & pos.pieces(pt))) pt = PieceType(pt + 1);
    if (pt == KING) {
      // The king may only take last: if the other side still attacks, the capture is illegal.
      return (attackers & ~pos.pieces(stm)) ? !result : result;
    }
    swap = SEE_VALUE[pt] - swap;
    if (swap < int(result)) break;
    occupied ^= square_bb(lsb(mine & pos.pieces(pt)));
    // Removing the capturer can open a line for a slider behind it.
    if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= attacks::bishop(to, occupied) & diagonal;
    if (pt == ROOK || pt == QUEEN) attackers |= attacks::rook(to, occupied) & straight;
  }
  return result;
}

}  // namespace vireo
