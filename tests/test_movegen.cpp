#include <catch2/catch.hpp>

#include <set>

#include "test_util.h"
#include "vireo/board/movegen.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

std::set<std::string> uci_set(const MoveList& list) {
  std::set<std::string> s;
  for (const auto& e : list) s.insert(e.move.to_uci());
  return s;
}

}  // namespace

TEST_CASE("noisy and quiet generation partition the legal moves", "[movegen]") {
  for (const auto& c : test::load_perft_suite("random-walks.epd")) {
    Position pos = from_fen(c.fen);
    MoveList all, noisy, quiet;
    generate<GenType::ALL>(pos, all);
    generate<GenType::NOISY>(pos, noisy);
    generate<GenType::QUIET>(pos, quiet);
    INFO(c.fen);
    REQUIRE(all.size() == noisy.size() + quiet.size());
    auto a = uci_set(all), n = uci_set(noisy), q = uci_set(quiet);
    for (auto& m : n) CHECK(a.count(m) == 1);
    for (auto& m : q) CHECK(a.count(m) == 1);
    for (const auto& e : noisy)
      CHECK((pos.is_capture(e.move) || (e.move.kind() == Move::PROMOTION && e.move.promotion() == QUEEN)));
  }
}

TEST_CASE("en passant that exposes the king along the rank is illegal", "[movegen]") {
  Position pos = from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
  CHECK(parse_uci_move(pos, "e5d6").is_none());
  Position ok = from_fen("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
  CHECK(parse_uci_move(ok, "e5d6").kind() == Move::EN_PASSANT);
}

TEST_CASE("en passant may capture a checking pawn", "[movegen]") {
  Position pos = from_fen("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  REQUIRE(pos.in_check());
  CHECK_FALSE(parse_uci_move(pos, "e4d3").is_none());
}

TEST_CASE("castling through or out of an attacked square is illegal", "[movegen]") {
  Position through = from_fen("r3k2r/8/8/8/8/8/8/R3K1r1 w Qkq - 0 1");
  CHECK(parse_uci_move(through, "e1g1").is_none());
  Position attacked_f1 = from_fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
  CHECK(parse_uci_move(attacked_f1, "e1g1").is_none());
  CHECK(parse_uci_move(attacked_f1, "e1c1").kind() == Move::CASTLING);
  Position b1_attacked = from_fen("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1");
  CHECK(parse_uci_move(b1_attacked, "e1c1").kind() == Move::CASTLING);  // only the rook crosses b1
  Position in_check = from_fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
  CHECK(parse_uci_move(in_check, "e1g1").is_none());
}

TEST_CASE("Chess960 castling needs a clear path and an unattacked king's way", "[movegen][chess960]") {
  CHECK(parse_uci_move(from_fen("4k3/pppppppp/8/8/8/8/8/1R3K2 w B - 0 1"), "f1b1").kind() == Move::CASTLING);
  CHECK(parse_uci_move(from_fen("4k3/pppppppp/8/8/8/8/8/1R1N1K2 w B - 0 1"), "f1b1").is_none());  // d1 taken
  CHECK(parse_uci_move(from_fen("4k3/pppppppp/8/8/8/8/8/RK1N4 w A - 0 1"), "b1a1").is_none());    // rook lands on d1
  CHECK(parse_uci_move(from_fen("4k3/pppppppp/8/8/8/b7/8/1R3K2 w B - 0 1"), "f1b1").is_none());   // c1 attacked
  // The castling rook screens the king's destination from a1 only until it moves.
  CHECK(parse_uci_move(from_fen("4k3/pppppppp/8/8/8/8/8/rR3K2 w B - 0 1"), "f1b1").is_none());
}

TEST_CASE("castling reads in both notations and prints in the one asked for", "[movegen][chess960]") {
  const Position standard = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move oo = parse_uci_move(standard, "e1g1");
  REQUIRE(oo.kind() == Move::CASTLING);
  CHECK(parse_uci_move(standard, "e1h1") == oo);
  CHECK(move_to_uci(standard, oo, false) == "e1g1");
  CHECK(move_to_uci(standard, oo, true) == "e1h1");
  CHECK(move_to_uci(standard, parse_uci_move(standard, "e1f1"), true) == "e1f1");
  // King f1, rook h1: f1g1 is the king's step, castling is f1h1.
  const Position next_to = from_fen("4k3/pppppppp/8/8/8/8/8/R4K1R w HA - 0 1");
  CHECK(parse_uci_move(next_to, "f1g1").kind() == Move::NORMAL);
  const Move castle = parse_uci_move(next_to, "f1h1");
  CHECK(castle.kind() == Move::CASTLING);
  CHECK(move_to_uci(next_to, castle, true) == "f1h1");
}

TEST_CASE("a pinned piece moves only along the pin", "[movegen]") {
  Position pos = from_fen("4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1");
  auto moves = uci_set(legal_moves(pos));
  CHECK(moves.count("e2e4") == 1);
  CHECK(moves.count("e2e3") == 1);
  CHECK(moves.count("e2d2") == 0);
  Position pinned_knight = from_fen("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
  auto knight_moves = uci_set(legal_moves(pinned_knight));
  REQUIRE_FALSE(knight_moves.empty());
  for (auto& m : knight_moves) CHECK(m.substr(0, 2) != "d2");
}

TEST_CASE("double check allows only king moves", "[movegen]") {
  Position pos = from_fen("4k3/8/8/8/8/5n2/8/R3K2r w - - 0 1");
  REQUIRE(popcount(pos.checkers()) == 2);
  for (const auto& e : legal_moves(pos)) CHECK(e.move.from() == E1);
}

TEST_CASE("promotions come in four pieces with UCI suffixes", "[movegen]") {
  Position pos = from_fen("3n3k/4P3/8/8/8/8/8/K7 w - - 0 1");
  auto moves = uci_set(legal_moves(pos));
  for (const char* m : {"e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7d8q", "e7d8n"}) CHECK(moves.count(m) == 1);
}

TEST_CASE("parse_uci_move rejects illegal and garbled text", "[movegen]") {
  Position pos;
  CHECK(parse_uci_move(pos, "e2e5").is_none());
  CHECK(parse_uci_move(pos, "e7e5").is_none());
  CHECK(parse_uci_move(pos, "zz").is_none());
  CHECK(parse_uci_move(pos, "").is_none());
  CHECK(parse_uci_move(pos, "e2e4").from() == E2);
}

// Every plain from-to word in every position of the random walks and one move beyond each,
// checks, pins and double checks among them: is_legal agrees with the generator's list.
TEST_CASE("is_legal accepts exactly the generated moves", "[movegen]") {
  auto agree = [](const Position& pos) {
    const MoveList legal = legal_moves(pos);
    int accepted = 0;
    for (int from = 0; from < 64; ++from)
      for (int to = 0; to < 64; ++to) {
        const Move m{Square(from), Square(to)};
        const bool ok = is_legal(pos, m);
        if (ok != legal.contains(m)) FAIL(pos.fen() << " " << m.to_uci() << " is_legal " << ok);
        accepted += ok;
      }
    for (const ExtMove& e : legal) CHECK(is_legal(pos, e.move));
    return accepted;
  };
  int accepted = 0;
  for (const auto& c : test::load_perft_suite("random-walks.epd")) {
    Position pos = from_fen(c.fen);
    accepted += agree(pos);
    for (const ExtMove& e : legal_moves(pos)) {
      pos.make_move(e.move);
      accepted += agree(pos);
      pos.unmake_move(e.move);
    }
  }
  CHECK(accepted > 100000);  // the walks reach real positions, not only empty lists
  Position start;
  CHECK_FALSE(is_legal(start, Move::none()));
  CHECK_FALSE(is_legal(start, Move(E2, E4, Move::PROMOTION, QUEEN)));
  CHECK_FALSE(is_legal(start, Move::from_raw(Move(G1, F3).raw() | 1 << 12)));  // stray promotion bits
}
