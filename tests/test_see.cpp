#include <catch2/catch.hpp>

#include "test_util.h"
#include "vireo/board/movegen.h"
#include "vireo/search/see.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

Move move(const Position& pos, const char* text) {
  Move m = parse_uci_move(pos, text);
  REQUIRE_FALSE(m.is_none());
  return m;
}

}  // namespace

TEST_CASE("static exchange evaluation on known exchanges", "[see]") {
  Position free_knight = from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
  Move m = move(free_knight, "e4d5");
  CHECK(see_ge(free_knight, m, SEE_VALUE[KNIGHT]));
  CHECK_FALSE(see_ge(free_knight, m, SEE_VALUE[KNIGHT] + 1));

  Position defended_pawn = from_fen("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1");
  m = move(defended_pawn, "d1d5");
  CHECK(see_ge(defended_pawn, m, SEE_VALUE[PAWN] - SEE_VALUE[ROOK]));
  CHECK_FALSE(see_ge(defended_pawn, m, SEE_VALUE[PAWN] - SEE_VALUE[ROOK] + 1));
  CHECK_FALSE(see_ge(defended_pawn, m, 0));

  // Doubled rooks win the pawn through the x-ray: +P -R +R.
  Position xray = from_fen("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1");
  m = move(xray, "d2d5");
  CHECK(see_ge(xray, m, SEE_VALUE[PAWN]));
  CHECK_FALSE(see_ge(xray, m, SEE_VALUE[PAWN] + 1));

  Position quiet = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK(see_ge(quiet, move(quiet, "a1a5"), 0));
  Position hanging = from_fen("4k3/8/1p6/8/8/8/8/R3K3 w - - 0 1");
  CHECK_FALSE(see_ge(hanging, move(hanging, "a1a5"), 0));
}
