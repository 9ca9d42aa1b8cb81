#include <catch2/catch.hpp>

#include <memory>

#include "test_util.h"
#include "vireo/search/history.h"
#include "vireo/search/search.h"
#include "vireo/search/search_params.h"
#include "vireo/search/tt.h"
#include "vireo/tools/tree.h"

using namespace vireo;

namespace {

std::unique_ptr<Histories> fresh() {
  auto h = std::make_unique<Histories>();
  h->clear();
  return h;
}

}  // namespace

TEST_CASE("continuation histories: a bonus lands at (piece, destination) in each earlier move's table", "[history]") {
  auto h = fresh();
  const Piece knight = make_piece(WHITE, KNIGHT), pawn = make_piece(BLACK, PAWN), bishop = make_piece(WHITE, BISHOP);
  PieceToHistory* empty = h->continuation_of(NO_PIECE, A1);
  // The tables of the moves 1 and 2 plies back (Nf3 and ...e5); none 4 plies back.
  const ContinuationTables cont{h->continuation_of(knight, F3), h->continuation_of(pawn, E5), empty};
  const Move bg5(C1, G5);
  h->update_quiet(WHITE, bishop, bg5, cont, 1000);
  CHECK((*cont[0])[bishop][G5] > 0);
  CHECK((*cont[1])[bishop][G5] > 0);
  CHECK(h->butterfly[WHITE][C1][G5] > 0);
  // Nothing else moved: not the same destination for another piece, not another destination,
  // not the tables of other earlier moves, not the empty table every missing ply points to.
  CHECK((*cont[0])[make_piece(WHITE, QUEEN)][G5] == 0);
  CHECK((*cont[0])[bishop][G4] == 0);
  CHECK((*h->continuation_of(knight, G5))[bishop][G5] == 0);
  CHECK((*h->continuation_of(make_piece(BLACK, KNIGHT), F3))[bishop][G5] == 0);
  for (const auto& row : *empty)
    for (std::int16_t v : row) REQUIRE(v == 0);
  // The combined history is the butterfly entry plus each table's entry.
  CHECK(h->quiet(WHITE, bishop, bg5, cont) ==
        h->butterfly[WHITE][C1][G5] + (*cont[0])[bishop][G5] + (*cont[1])[bishop][G5]);
  // The continuation of a move is keyed by what moved and where it went, not by where from.
  CHECK(h->continuation_of(knight, F3) == h->continuation_of(knight, F3));
  CHECK(h->continuation_of(knight, F3) != h->continuation_of(knight, G5));
  CHECK(h->continuation_of(NO_PIECE, H8) == empty);
}

TEST_CASE("history gravity keeps every entry within its bound", "[history]") {
  auto h = fresh();
  const Piece rook = make_piece(BLACK, ROOK);
  const ContinuationTables cont{h->continuation_of(make_piece(WHITE, PAWN), E4), h->continuation_of(NO_PIECE, A1),
                                h->continuation_of(NO_PIECE, A1)};
  const Move m(A8, D8);
  for (int i = 0; i < 1000; ++i) h->update_quiet(BLACK, rook, m, cont, 5000);
  CHECK(h->butterfly[BLACK][A8][D8] <= HISTORY_MAX);
  CHECK(h->butterfly[BLACK][A8][D8] > HISTORY_MAX * 9 / 10);
  for (int i = 0; i < 1000; ++i) h->update_quiet(BLACK, rook, m, cont, -5000);
  CHECK(h->butterfly[BLACK][A8][D8] >= -HISTORY_MAX);
  CHECK(h->butterfly[BLACK][A8][D8] < -HISTORY_MAX * 9 / 10);
  for (int i = 0; i < 100; ++i) h->update_capture(rook, m, KNIGHT, 1 << 20);  // a bonus past the bound is clamped
  CHECK(h->capture_of(rook, m, KNIGHT) <= HISTORY_MAX);
}

TEST_CASE("correction history moves toward what searches found, and stays bounded", "[history]") {
  auto h = fresh();
  const Position pos = test::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  CHECK(h->correction(pos) == 0);
  // Searches that keep finding the position 40 cp better than the raw eval report what is
  // left once the correction is applied, as the search does.
  h->update_correction(pos, 40, 8);
  const int after_one = h->correction(pos);
  CHECK(after_one > 0);
  CHECK(after_one < 40);  // one search moves the correction only part of the way
  for (int i = 0; i < 300; ++i) h->update_correction(pos, 40 - h->correction(pos), 8);
  // Converged: the correction covers the whole error, not a fraction of it.
  CHECK(h->correction(pos) == Approx(40).margin(2));
  // However large the errors, the correction stays within the table's limit.
  for (int i = 0; i < 500; ++i) h->update_correction(pos, 100000, 30);
  // Every entry at the limit: the weighted sum of three entries, in 256ths.
  const int cap =
      (params::CORRECTION_PAWN_WEIGHT + 2 * params::CORRECTION_NON_PAWN_WEIGHT) * params::CORRECTION_LIMIT_CP / 256;
  CHECK(h->correction(pos) <= cap);
  CHECK(h->correction(pos) > 0);
  for (int i = 0; i < 500; ++i) h->update_correction(pos, -100000, 30);
  CHECK(h->correction(pos) >= -cap);
  // The other side to move has its own tables.
  const Position black = test::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4");
  CHECK(h->correction(black) == 0);
}

TEST_CASE("a singular test searches every move but the TT move", "[history][search]") {
  // The trace records each singular test as a node of the excluded move; its children are the
  // moves it searched. A middlegame at depth 8 (the first depth with singular tests) has some.
  const Position pos = test::from_fen("r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 6 11");
  const TreeRun run = run_tree(pos, 10, 0, 3000000);
  int tests = 0, children = 0;
  for (std::size_t i = 0; i < run.nodes.size(); ++i) {
    const TraceNode& n = run.nodes[i];
    if (n.parent < 0 || !run.nodes[n.parent].singular_test) continue;
    const TraceNode& test = run.nodes[n.parent];
    if (n.singular_test || n.null_move) continue;
    ++children;
    INFO("node " << i);
    CHECK(n.move != test.move);
  }
  for (const TraceNode& n : run.nodes) tests += n.singular_test;
  CHECK(tests > 0);
  CHECK(children > 0);
}

TEST_CASE("a quiet move whose every reply fails low earns a history bonus", "[history][search]") {
  // No cutoff ever rewards White's quiet moves in a depth-2 search: White moves only at the
  // root, whose window stays open. A later root move that beats the first one leaves Black's
  // null-window node failing low, and only the prior-move reward gives it a bonus.
  TranspositionTable tt;
  REQUIRE(tt.resize(1));
  Searcher searcher(tt);
  searcher.clear();
  Limits limits;
  limits.depth = 2;
  TimeManager tm(limits, WHITE, 0);
  SearchSignals signals;
  searcher.run(test::from_fen("4r1k1/5ppp/8/n7/8/8/5PPP/R5K1 w - - 0 1"), limits, tm, signals, SearchListeners{},
               SearchSettings{});
  int rewarded = 0;
  for (const auto& from : searcher.histories().butterfly[WHITE])
    for (const std::int16_t h : from) rewarded += h > 0;
  CHECK(rewarded > 0);
}
