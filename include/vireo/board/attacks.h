// Attack tables: leapers computed at compile time, sliders through magic bitboards or, where
// the CPU has fast BMI2, PEXT. Call attacks::init() once before the first slider lookup; the
// Position constructor does so.
#pragma once

#include <array>

#include "vireo/board/bitboard.h"

#if defined(USE_PEXT)
#include <immintrin.h>
#endif

namespace vireo::attacks {

void init();

namespace detail {

struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;
  const Bitboard* table = nullptr;
  unsigned shift = 0;

  unsigned index(Bitboard occupied) const {
#if defined(USE_PEXT)
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

extern std::array<Magic, 64> rook_magics;
extern std::array<Magic, 64> bishop_magics;
extern std::array<std::array<Bitboard, 64>, 64> between_table;
extern std::array<std::array<Bitboard, 64>, 64> line_table;

constexpr Bitboard leaper(Square s, const int (&deltas)[8][2]) {
  Bitboard b = 0;
  for (const auto& d : deltas) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(f, r));
  }
  return b;
}

constexpr int KNIGHT_DELTAS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KING_DELTAS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

template <const int (&Deltas)[8][2]>
constexpr std::array<Bitboard, 64> leaper_table() {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = leaper(Square(s), Deltas);
  return t;
}

constexpr std::array<std::array<Bitboard, 64>, 2> pawn_table() {
  std::array<std::array<Bitboard, 64>, 2> t{};
  for (int s = 0; s < 64; ++s) {
    t[WHITE][s] = pawn_attacks_bb<WHITE>(square_bb(Square(s)));
    t[BLACK][s] = pawn_attacks_bb<BLACK>(square_bb(Square(s)));
  }
  return t;
}

inline constexpr auto KNIGHT_ATTACKS = leaper_table<KNIGHT_DELTAS>();
inline constexpr auto KING_ATTACKS = leaper_table<KING_DELTAS>();
inline constexpr auto PAWN_ATTACKS = pawn_table();

}  // namespace detail

inline Bitboard pawn(Color c, Square s) { return detail::PAWN_ATTACKS[c][s]; }
inline Bitboard knight(Square s) { return detail::KNIGHT_ATTACKS[s]; }
inline Bitboard king(Square s) { return detail::KING_ATTACKS[s]; }
inline Bitboard bishop(Square s, Bitboard occupied) {
  const auto& m = detail::bishop_magics[s];
  return m.table[m.index(occupied)];
}
inline Bitboard rook(Square s, Bitboard occupied) {
  const auto& m = detail::rook_magics[s];
  return m.table[m.index(occupied)];
}
inline Bitboard queen(Square s, Bitboard occupied) { return bishop(s, occupied) | rook(s, occupied); }

// Attacks of a non-pawn piece type from s.
inline Bitboard piece(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT:
      return knight(s);
    case BISHOP:
      return bishop(s, occupied);
    case ROOK:
      return rook(s, occupied);
    case QUEEN:
      return queen(s, occupied);
    case KING:
      return king(s);
    default:
      return 0;
  }
}

// Squares strictly between a and b when they share a line, plus b itself (so a check's
// blocking squares and the checker come out of one lookup); just b when they share no line.
inline Bitboard between(Square a, Square b) { return detail::between_table[a][b]; }
// The whole line through a and b (edge to edge), or 0 when they share none.
inline Bitboard line(Square a, Square b) { return detail::line_table[a][b]; }

}  // namespace vireo::attacks
