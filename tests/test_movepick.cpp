#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <vector>

#include "test_util.h"
#include "vireo/search/movepick.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

std::vector<Move> picked(const Position& pos, Move tt_move, Histories& hist, const Killers& killers = {}) {
  const ContinuationTables cont{hist.continuation_of(NO_PIECE, A1), hist.continuation_of(NO_PIECE, A1),
                                hist.continuation_of(NO_PIECE, A1)};
  MovePicker picker(pos, tt_move, hist, cont, killers, Move::none());
  std::vector<Move> out;
  for (Move m = picker.next(); m; m = picker.next()) out.push_back(m);
  return out;
}

bool same_moves(std::vector<Move> a, const MoveList& list) {
  std::vector<Move> b;
  for (const ExtMove& e : list) b.push_back(e.move);
  auto order = [](Move x, Move y) { return x.raw() < y.raw(); };
  std::sort(a.begin(), a.end(), order);
  std::sort(b.begin(), b.end(), order);
  return a == b;
}

}  // namespace

// A legal TT move comes first; a TT word that is no move here (another position's entry) is
// ignored; every legal move comes exactly once whatever the TT move is.
TEST_CASE("the picker hands out every legal move once, a legal TT move first", "[movepick]") {
  auto hist = std::make_unique<Histories>();
  for (const auto& c : test::load_perft_suite("random-walks.epd")) {
    const Position pos = from_fen(c.fen);
    const MoveList legal = legal_moves(pos);
    INFO(c.fen);
    CHECK(same_moves(picked(pos, Move::none(), *hist), legal));
    for (const ExtMove& e : legal) {
      const std::vector<Move> moves = picked(pos, e.move, *hist);
      REQUIRE(!moves.empty());
      CHECK(moves.front() == e.move);
      CHECK(same_moves(moves, legal));
    }
    // Words that are no move here, or not everywhere: a corner-to-corner slide, a null step,
    // a knight promotion from the middle of the board.
    for (Move bogus : {Move(A1, H8), Move(D4, D4), Move(E4, E5, Move::PROMOTION, KNIGHT)})
      if (!legal.contains(bogus)) CHECK(same_moves(picked(pos, bogus, *hist), legal));
  }
}

TEST_CASE("winning captures before killers before quiets before losing captures", "[movepick]") {
  auto hist = std::make_unique<Histories>();
  // Two captures: exd5 wins a pawn, Qxf7+ gives the queen for one (the king takes back).
  const Position pos = from_fen("r1bqkbnr/ppp2ppp/2n5/3p4/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 4");
  const Killers killers{Move(B1, C3), Move::none()};
  const std::vector<Move> moves = picked(pos, Move::none(), *hist, killers);
  auto at = [&](Move m) { return std::find(moves.begin(), moves.end(), m) - moves.begin(); };
  REQUIRE(same_moves(moves, legal_moves(pos)));
  CHECK(moves.front() == Move(E4, D5));
  CHECK(at(Move(B1, C3)) == 1);
  CHECK(at(Move(F3, F7)) == std::ptrdiff_t(moves.size()) - 1);
}
