#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "test_util.h"
#include "vireo/movegen.h"

using namespace vireo;

namespace {

void play(Position& pos, std::initializer_list<const char*> moves) {
  for (const char* text : moves) {
    Move m = parse_uci_move(pos, text);
    INFO(text);
    REQUIRE_FALSE(m.is_none());
    pos.make_move(m);
  }
}

// Walks the whole tree to `depth`, checking at every node that the incremental key equals the
// key from scratch and that unmake restores the exact position.
void walk_keys(Position& pos, int depth, int& nodes) {
  REQUIRE(pos.key() == pos.compute_key());
  ++nodes;
  if (depth == 0) return;
  const std::string before = pos.fen();
  for (const auto& e : legal_moves(pos)) {
    pos.make_move(e.move);
    walk_keys(pos, depth - 1, nodes);
    pos.unmake_move(e.move);
    REQUIRE(pos.fen() == before);
  }
}

}  // namespace

TEST_CASE("Polyglot key test vectors", "[position]") {
  struct Vector {
    std::initializer_list<const char*> moves;
    Key key;
  };
  const Vector vectors[] = {
      {{}, 0x463b96181691fc9cULL},
      {{"e2e4"}, 0x823c9b50fd114196ULL},
      {{"e2e4", "d7d5"}, 0x0756b94461c50fb0ULL},
      {{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4ULL},
      {{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78ULL},
      {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1ULL},
      {{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9ULL},
      {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637ULL},
      {{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560ULL},
  };
  for (const auto& v : vectors) {
    Position pos;
    play(pos, v.moves);
    INFO(pos.fen());
    CHECK(pos.key() == v.key);
    CHECK(pos.compute_key() == v.key);
  }
}

TEST_CASE("the same keys come from FEN as from moves", "[position]") {
  Position pos;
  REQUIRE_FALSE(pos.set_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").has_value());
  CHECK(pos.key() == 0x22a48b5a8e47ff78ULL);
  REQUIRE_FALSE(pos.set_fen("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3").has_value());
  CHECK(pos.key() == 0x3c8123ea7b067637ULL);
}

TEST_CASE("incremental keys match keys from scratch over whole trees", "[position]") {
  int nodes = 0;
  for (const auto& c : test::load_perft_suite("classic.epd")) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(c.fen).has_value());
    walk_keys(pos, 3, nodes);
  }
  CHECK(nodes > 100000);
}

TEST_CASE("FEN round trips", "[position]") {
  for (const auto& c : test::load_perft_suite("classic.epd")) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(c.fen).has_value());
    Position again;
    REQUIRE_FALSE(again.set_fen(pos.fen()).has_value());
    CHECK(again.fen() == pos.fen());
    CHECK(again.key() == pos.key());
  }
}

TEST_CASE("malformed FEN is rejected with a message and leaves the position unchanged", "[position]") {
  const char* bad[] = {
      "",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",                  // 7 ranks
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",       // 9 ranks
      "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",         // 9 squares
      "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",          // 7 squares
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",         // bad piece
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",         // bad side
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkA - 0 1",         // bad castling char
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",         // repeated right
      "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",         // k right without h8 rook
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",         // no white king
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",           // two white kings
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",        // ep on the wrong rank
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",        // ep without a pawn
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",        // garbage ep
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",         // bad halfmove
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1",        // negative halfmove
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",   // 7 fields
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",                    // 2 fields
      "4k3/8/8/8/8/8/8/4K2R b - - 0 1",                                   // wait: legal (control)
      "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",                                   // side not to move in check
      "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",                                   // pawn on the last rank
  };
  Position pos;
  const std::string before = pos.fen();
  int rejected = 0;
  for (const char* fen : bad) {
    auto err = pos.set_fen(fen);
    if (std::string(fen) == "4k3/8/8/8/8/8/8/4K2R b - - 0 1") {
      CHECK_FALSE(err.has_value());
      REQUIRE_FALSE(pos.set_fen(before).has_value());
      continue;
    }
    INFO(fen);
    REQUIRE(err.has_value());
    CHECK_FALSE(err->empty());
    CHECK(pos.fen() == before);
    ++rejected;
  }
  CHECK(rejected == int(std::size(bad)) - 1);
}

TEST_CASE("an en-passant square nobody can use is dropped", "[position]") {
  Position pos;
  REQUIRE_FALSE(pos.set_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").has_value());
  CHECK(pos.ep_square() == NO_SQUARE);
  CHECK(pos.key() == 0x823c9b50fd114196ULL);
}

TEST_CASE("repetition and fifty-move draws", "[position]") {
  Position pos;
  play(pos, {"e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8"});
  CHECK(pos.is_draw(6));        // one repetition after the search's root is enough
  CHECK_FALSE(pos.is_draw(4));  // a repetition of the root itself is not
  CHECK_FALSE(pos.is_draw(0));  // and a game repetition needs three occurrences
  play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
  CHECK(pos.is_draw(0));

  Position fifty;
  REQUIRE_FALSE(fifty.set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").has_value());
  CHECK_FALSE(fifty.is_draw(0));
  play(fifty, {"a1a2"});
  CHECK(fifty.is_draw(0));
}

TEST_CASE("insufficient material", "[position]") {
  auto insufficient = [](const char* fen) {
    Position p;
    REQUIRE_FALSE(p.set_fen(fen).has_value());
    return p.has_insufficient_material();
  };
  CHECK(insufficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
  CHECK(insufficient("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"));
  CHECK(insufficient("4k3/8/8/8/8/8/8/3BKB2 w - - 0 1"));  // d1 and f1: one square colour
  CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"));
  CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"));
  CHECK_FALSE(insufficient("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
}
