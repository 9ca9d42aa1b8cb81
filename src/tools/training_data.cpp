#include "vireo/tools/training_data.h"

#include <algorithm>
#include <iterator>

namespace vireo {

TrainingRecord pack_record(const Position& pos, int white_score) {
  TrainingRecord r;
  r.occupancy = pos.pieces();
  int i = 0;
  for (Bitboard b = r.occupancy; b; b &= b - 1, ++i)
    r.pieces[i / 2] |= std::uint8_t(pos.piece_on(Square(__builtin_ctzll(b))) << (4 * (i % 2)));
  r.score = std::int16_t(std::clamp(white_score, -32000, 32000));
  r.stm = std::uint8_t(pos.side_to_move());
  r.rule50 = std::uint8_t(std::min(pos.rule50(), 255));
  r.ply = std::uint16_t(std::min(pos.game_ply(), 65535));
  return r;
}

std::string record_to_fen(const TrainingRecord& r) {
  Piece board[SQUARE_NB];
  std::fill(std::begin(board), std::end(board), NO_PIECE);
  for_each_piece(r, [&](Piece p, Square s) { board[s] = p; });
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board[make_square(file, rank)];
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += "PNBRQKpnbrqk"[p];
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  fen += r.stm ? " b - - " : " w - - ";
  return fen + std::to_string(r.rule50) + " " + std::to_string(std::max(1, r.ply / 2 + 1));
}

bool record_is_valid(const TrainingRecord& r) {
  if (__builtin_popcountll(r.occupancy) > 32 || r.result > 2 || r.stm > 1) return false;
  int kings[2] = {0, 0};
  bool ok = true;
  for_each_piece(r, [&](Piece p, Square) {
    if (p >= PIECE_NB)
      ok = false;
    else if (type_of(p) == KING)
      ++kings[color_of(p)];
  });
  return ok && kings[WHITE] == 1 && kings[BLACK] == 1;
}

}  // namespace vireo
