#include <catch2/catch.hpp>

#include "vireo/board/attacks.h"

using namespace vireo;

namespace {

Bitboard walk(Square s, Bitboard occ, int df, int dr) {
  Bitboard b = 0;
  for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
    b |= square_bb(make_square(f, r));
    if (occ & square_bb(make_square(f, r))) break;
  }
  return b;
}

}  // namespace

TEST_CASE("slider attacks match a ray walk for random occupancies", "[attacks]") {
  attacks::init();
  std::uint64_t x = 0x1234567887654321ULL;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    Bitboard occ = x & (x >> 3);
    Square s = Square(i % 64);
    Bitboard rook = walk(s, occ, 1, 0) | walk(s, occ, -1, 0) | walk(s, occ, 0, 1) | walk(s, occ, 0, -1);
    Bitboard bishop = walk(s, occ, 1, 1) | walk(s, occ, 1, -1) | walk(s, occ, -1, 1) | walk(s, occ, -1, -1);
    REQUIRE(attacks::rook(s, occ) == rook);
    REQUIRE(attacks::bishop(s, occ) == bishop);
  }
}

TEST_CASE("leaper attacks stay on the board", "[attacks]") {
  CHECK(attacks::knight(A1) == (square_bb(B3) | square_bb(C2)));
  CHECK(popcount(attacks::knight(D4)) == 8);
  CHECK(attacks::king(H8) == (square_bb(G8) | square_bb(G7) | square_bb(H7)));
  CHECK(attacks::pawn(WHITE, A2) == square_bb(B3));
  CHECK(attacks::pawn(BLACK, H7) == square_bb(G6));
  CHECK(attacks::pawn(WHITE, H8) == 0);
}

TEST_CASE("between and line tables", "[attacks]") {
  attacks::init();
  CHECK(attacks::between(A1, D4) == (square_bb(B2) | square_bb(C3) | square_bb(D4)));
  CHECK(attacks::between(A1, B3) == square_bb(B3));  // no shared line: just the target
  CHECK(attacks::line(A1, C3) == (attacks::bishop(A1, 0) | square_bb(A1)));
  CHECK(attacks::line(A1, B3) == 0);
}
