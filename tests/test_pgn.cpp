#include <catch2/catch.hpp>

#include <sstream>

#include "test_util.h"
#include "vireo/board/movegen.h"
#include "vireo/board/pgn.h"

using namespace vireo;
using vireo::test::from_fen;

namespace {

std::string san_to_uci(const Position& pos, const char* san) {
  Move m = parse_san(pos, san);
  return m ? m.to_uci() : "none";
}

}  // namespace

TEST_CASE("SAN: pieces, pawns, captures, checks and annotations", "[pgn]") {
  Position start;
  CHECK(san_to_uci(start, "e4") == "e2e4");
  CHECK(san_to_uci(start, "Nf3") == "g1f3");
  CHECK(san_to_uci(start, "Nf3!?") == "g1f3");
  CHECK(san_to_uci(start, "e5") == "none");
  CHECK(san_to_uci(start, "Ke2") == "none");
  CHECK(san_to_uci(start, "Zf3") == "none");
  CHECK(san_to_uci(start, "") == "none");
  Position ep = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  CHECK(san_to_uci(ep, "exd6") == "e5d6");
  Position check = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK(san_to_uci(check, "Ra8+") == "a1a8");
  CHECK(san_to_uci(check, "Ra8#") == "a1a8");
}

TEST_CASE("SAN: disambiguation by file, rank and square", "[pgn]") {
  Position knights = from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  CHECK(san_to_uci(knights, "Nd2") == "none");  // ambiguous
  CHECK(san_to_uci(knights, "Nbd2") == "b1d2");
  CHECK(san_to_uci(knights, "Nfd2") == "f1d2");
  Position rooks = from_fen("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
  CHECK(san_to_uci(rooks, "Ra2") == "none");
  CHECK(san_to_uci(rooks, "R1a2") == "a1a2");
  CHECK(san_to_uci(rooks, "R4a2") == "a4a2");
  Position queens = from_fen("4k3/8/8/8/7Q/8/8/4K2Q w - - 0 1");
  CHECK(san_to_uci(queens, "Qh4e1") == "none");  // e1 holds the king: illegal
  Position three = from_fen("1k6/8/8/8/Q6Q/8/8/K6Q w - - 0 1");
  CHECK(san_to_uci(three, "Qh4e1") == "h4e1");
  CHECK(san_to_uci(three, "Qhe1") == "none");  // h4 and h1 both reach e1
}

TEST_CASE("SAN: castling and promotion spellings", "[pgn]") {
  Position castle = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(san_to_uci(castle, "O-O") == "e1g1");
  CHECK(san_to_uci(castle, "0-0-0") == "e1c1");
  CHECK(san_to_uci(castle, "O-O-O+") == "e1c1");
  // Chess960: the side is the rook's, whatever the king's step (none at all, for O-O here).
  Position chess960 = from_fen("r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1");
  CHECK(move_to_uci(chess960, parse_san(chess960, "O-O"), true) == "g1h1");
  CHECK(move_to_uci(chess960, parse_san(chess960, "O-O-O"), true) == "g1a1");
  CHECK(to_san(chess960, parse_uci_move(chess960, "g1h1")) == "O-O");
  CHECK(to_san(chess960, parse_uci_move(chess960, "g1a1")) == "O-O-O");
  Position promo = from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(san_to_uci(promo, "a8=Q") == "a7a8q");
  CHECK(san_to_uci(promo, "a8Q") == "a7a8q");
  CHECK(san_to_uci(promo, "axb8=N") == "a7b8n");
  CHECK(san_to_uci(promo, "a8") == "none");  // a promotion must name its piece
  CHECK(san_to_uci(promo, "a8=K") == "none");
}

TEST_CASE("to_san and parse_san round-trip every legal move", "[pgn]") {
  int moves = 0;
  for (const auto& c : test::load_perft_suite("random-walks.epd")) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(c.fen).has_value());
    for (const auto& e : legal_moves(pos)) {
      const std::string san = to_san(pos, e.move);
      INFO(c.fen << " " << san);
      CHECK(parse_san(pos, san) == e.move);
      ++moves;
    }
  }
  CHECK(moves > 1000);
}

TEST_CASE("PGN reader: tags, comments, variations, NAGs, move numbers, results", "[pgn]") {
  std::istringstream in(
      "[Event \"Test \\\"quoted\\\"\"]\n[White \"A\"]\n[Result \"1-0\"]\n\n"
      "1. e4 {a comment\nover lines} e5 2.Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 $1 ; rest of line\n"
      "3. Bb5 a6 1-0\n\n"
      "[Event \"Second\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 1/2-1/2\n"
      "[Event \"No result\"]\n\n1. d4 d5\n");
  PgnReader reader(in);
  auto g1 = reader.next();
  REQUIRE(g1);
  CHECK_FALSE(g1->error);
  CHECK(g1->game.tags["Event"] == "Test \"quoted\"");
  CHECK(g1->game.result == GameResult::WhiteWins);
  REQUIRE(g1->game.moves.size() == 6);
  CHECK(g1->game.moves[2].to_uci() == "g1f3");
  CHECK(g1->game.moves[5].to_uci() == "a7a6");
  auto g2 = reader.next();
  REQUIRE(g2);
  CHECK_FALSE(g2->error);
  CHECK(g2->game.result == GameResult::Draw);
  REQUIRE(g2->game.moves.size() == 2);
  CHECK(g2->game.moves[0].to_uci() == "e1g1");
  auto g3 = reader.next();
  REQUIRE(g3);
  CHECK(g3->game.result == GameResult::Unknown);
  CHECK(g3->game.moves.size() == 2);
  CHECK_FALSE(reader.next());
  CHECK(reader.games_read() == 3);
}

TEST_CASE("PGN reader names the game and move of an illegal move", "[pgn]") {
  std::istringstream in(
      "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 Nc6 0-1\n\n[Result \"*\"]\n\n1. d4 *\n");
  PgnReader reader(in);
  REQUIRE_FALSE(reader.next()->error);
  auto bad = reader.next();
  REQUIRE(bad);
  REQUIRE(bad->error);
  CHECK(bad->error->find("game 2, move 2. 'Ke3'") != std::string::npos);
  auto after = reader.next();  // the reader carries on with the next game
  REQUIRE(after);
  CHECK_FALSE(after->error);
  CHECK(after->game.moves.size() == 1);
}
