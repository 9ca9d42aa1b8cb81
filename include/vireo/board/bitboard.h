// Bitboard constants and bit tricks. One bit per square, bit 0 = a1, bit 63 = h8.
#pragma once

#include <bit>
#include <string>

#include "vireo/board/types.h"

namespace vireo {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
constexpr Bitboard DARK_SQUARES_BB = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard square_bb(Square s) { return 1ULL << s; }
constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }
constexpr Bitboard relative_rank_bb(Color c, int rank) { return rank_bb(c == WHITE ? rank : 7 - rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

enum Direction : int {
  NORTH = 8,
  SOUTH = -8,
  EAST = 1,
  WEST = -1,
  NORTH_EAST = 9,
  NORTH_WEST = 7,
  SOUTH_EAST = -7,
  SOUTH_WEST = -9
};

// Shifts that drop bits falling off the a- or h-file instead of wrapping to the next rank.
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH) return b << 8;
  if constexpr (D == SOUTH) return b >> 8;
  if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
  if constexpr (D == WEST) return (b & ~FILE_A_BB) >> 1;
  if constexpr (D == NORTH_EAST) return (b & ~FILE_H_BB) << 9;
  if constexpr (D == NORTH_WEST) return (b & ~FILE_A_BB) << 7;
  if constexpr (D == SOUTH_EAST) return (b & ~FILE_H_BB) >> 7;
  if constexpr (D == SOUTH_WEST) return (b & ~FILE_A_BB) >> 9;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  return C == WHITE ? shift<NORTH_WEST>(pawns) | shift<NORTH_EAST>(pawns)
                    : shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns);
}

// An 8x8 picture of the set bits, rank 8 on top; for debugging and test failure messages.
std::string bitboard_to_string(Bitboard b);

}  // namespace vireo
