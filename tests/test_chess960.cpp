#include <catch2/catch.hpp>

#include <set>

#include "test_util.h"
#include "vireo/board/chess960.h"
#include "vireo/board/position.h"

using namespace vireo;

TEST_CASE("Chess960 numbers give the standard arrangements", "[chess960]") {
  CHECK(chess960_back_rank(0) == "BBQNNRKR");
  CHECK(chess960_back_rank(CHESS960_CLASSICAL) == "RNBQKBNR");
  CHECK(chess960_back_rank(959) == "RKRNNQBB");
}

TEST_CASE("every Chess960 start FEN is the reference suite's line of that number", "[chess960]") {
  // chess960.epd lists the 960 starts in Scharnagl's order first.
  const auto suite = test::load_perft_suite("chess960.epd");
  REQUIRE(suite.size() >= CHESS960_POSITIONS);
  std::set<std::string> seen;
  for (int n = 0; n < CHESS960_POSITIONS; ++n) {
    const std::string fen = chess960_fen(n, n);
    std::string want = suite[std::size_t(n)].fen;
    want.erase(want.find_last_not_of(' ') + 1);
    CHECK(fen == want);
    seen.insert(fen);
  }
  CHECK(seen.size() == std::size_t(CHESS960_POSITIONS));
}

TEST_CASE("double Chess960 starts give each side its own arrangement", "[chess960]") {
  Position pos;
  const std::string fen = chess960_fen(0, 959);
  CHECK(fen == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1");
  REQUIRE_FALSE(pos.set_fen(fen).has_value());
  CHECK(pos.castling_rights() == ALL_CASTLING);
}
