#include "vireo/board/bitboard.h"

namespace vireo {

std::string square_to_string(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string Move::to_uci() const {
  if (is_none()) return "0000";
  std::string s = square_to_string(from()) + square_to_string(to());
  if (kind() == PROMOTION) s += "nbrq"[promotion() - KNIGHT];
  return s;
}

std::string bitboard_to_string(Bitboard b) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) out += (b & square_bb(make_square(file, rank))) ? 'X' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace vireo
