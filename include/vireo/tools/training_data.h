// The training-data record that `vireo datagen` writes and the trainer reads: one position
// with its search score and the game's result, in 32 bytes.
//
// Layout (little-endian, no padding between fields):
//   bytes  0-7   occupancy: bitboard of every occupied square (bit i = square i, a1 = 0)
//   bytes  8-23  pieces: one 4-bit code per occupied square, in increasing square order, low
//                nibble first; code = colour * 6 + type (white pawn 0 ... black king 11)
//   bytes 24-25  score: the search score in centipawns from white's view (int16)
//   byte  26     result: the game's result from white's view: 0 loss, 1 draw, 2 win
//   byte  27     side to move: 0 white, 1 black
//   byte  28     halfmove clock (rule 50), saturated at 255
//   byte  29     reserved, 0
//   bytes 30-31  game ply of the position (uint16)
// A file is a plain concatenation of records, so files can be appended and concatenated.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "vireo/board/position.h"

namespace vireo {

struct TrainingRecord {
  std::uint64_t occupancy = 0;
  std::array<std::uint8_t, 16> pieces{};
  std::int16_t score = 0;
  std::uint8_t result = 1;
  std::uint8_t stm = 0;
  std::uint8_t rule50 = 0;
  std::uint8_t reserved = 0;
  std::uint16_t ply = 0;
};
static_assert(sizeof(TrainingRecord) == 32, "the record layout is a file format");

enum RecordResult : std::uint8_t { RESULT_BLACK_WINS = 0, RESULT_DRAW = 1, RESULT_WHITE_WINS = 2 };

// Packs `pos` with a score from white's view; the result is filled in when the game ends.
TrainingRecord pack_record(const Position& pos, int white_score);

// Calls f(piece, square) for every piece of the record, in increasing square order.
template <class F>
void for_each_piece(const TrainingRecord& r, F&& f) {
  std::uint64_t occ = r.occupancy;
  for (int i = 0; occ; ++i, occ &= occ - 1) {
    const int code = (r.pieces[i / 2] >> (4 * (i % 2))) & 15;
    f(Piece(code), Square(__builtin_ctzll(occ)));
  }
}

// The record's position as FEN (no castling or en passant rights: the record keeps none).
// Only for a valid record.
std::string record_to_fen(const TrainingRecord& r);

// A record is well-formed when it holds at most 32 pieces with valid codes, one king per
// side, a valid result and side to move. The trainer skips records that are not.
bool record_is_valid(const TrainingRecord& r);

}  // namespace vireo
