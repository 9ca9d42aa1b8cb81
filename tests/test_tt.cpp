#include <catch2/catch.hpp>

#include "vireo/search/tt.h"

using namespace vireo;

TEST_CASE("TT stores and returns entries, mate scores relative to the node", "[tt]") {
  TranspositionTable tt;
  const Key key = 0x123456789ABCDEF0ULL;
  TTData d;
  CHECK_FALSE(tt.probe(key, 0, d));
  // Found at ply 5: mate in 3 plies from the root means mate 2 plies after this node.
  tt.store(key, 5, Move(E2, E4), mate_in(7), 12, 9, BOUND_EXACT, true);
  REQUIRE(tt.probe(key, 3, d));
  CHECK(d.score == mate_in(5));  // seen from a node at ply 3, still mate 2 plies later
  CHECK(d.move == Move(E2, E4));
  CHECK(d.depth == 9);
  CHECK(d.bound == BOUND_EXACT);
  CHECK(d.eval == 12);
  tt.store(key, 2, Move::none(), mated_in(6), 0, 10, BOUND_UPPER, false);
  REQUIRE(tt.probe(key, 4, d));
  CHECK(d.score == mated_in(8));
  CHECK(d.move == Move(E2, E4));  // a store without a move keeps the old one
  tt.store(key, 0, Move(D2, D4), 50, 0, 3, BOUND_LOWER, false);
  REQUIRE(tt.probe(key, 0, d));
  CHECK(d.depth == 10);  // a much shallower, non-exact result does not replace a deep one
  tt.clear();
  CHECK_FALSE(tt.probe(key, 0, d));
}

TEST_CASE("TT resize refuses impossible sizes and keeps its table", "[tt]") {
  TranspositionTable tt;
  CHECK(tt.resize(2));
  CHECK(tt.size_mb() == 2);
  CHECK_FALSE(tt.resize(0));
  CHECK_FALSE(tt.resize(TranspositionTable::MAX_MB + 1));
  CHECK(tt.size_mb() == 2);
  tt.store(42, 0, Move(A2, A3), 10, 10, 5, BOUND_EXACT, false);
  TTData d;
  CHECK(tt.probe(42, 0, d));
  CHECK(tt.hashfull() >= 0);
}

TEST_CASE("A stored score decides a window only on the side its bound proves", "[tt]") {
  TTData d;
  d.score = 50;
  d.bound = BOUND_EXACT;
  CHECK(d.decides(0, 40));  // exact: whatever the window
  CHECK(d.decides(60, 100));
  d.bound = BOUND_LOWER;  // at least 50
  CHECK(d.decides(0, 50));
  CHECK(d.decides(0, 40));
  CHECK_FALSE(d.decides(0, 51));    // could still fall short of beta
  CHECK_FALSE(d.decides(60, 100));  // at least 50 says nothing about staying below 60
  d.bound = BOUND_UPPER;            // at most 50
  CHECK(d.decides(50, 100));
  CHECK(d.decides(60, 100));
  CHECK_FALSE(d.decides(49, 100));  // could still rise above alpha
  CHECK_FALSE(d.decides(0, 40));
  d.bound = BOUND_NONE;  // an entry that holds only an eval decides nothing
  CHECK_FALSE(d.decides(0, 40));
  CHECK_FALSE(d.decides(60, 100));
}
