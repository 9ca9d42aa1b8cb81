#include <catch2/catch.hpp>

#include <algorithm>

#include <fmt/format.h>

#include "test_util.h"
#include "vireo/board/cuckoo.h"
#include "vireo/board/movegen.h"
#include "vireo/board/zobrist.h"

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

// Walks the whole tree to `depth`, checking at every node that the incremental keys equal the
// keys from scratch, that gives_check foretells in_check, and that unmake restores the exact
// position.
void walk_keys(Position& pos, int depth, int& nodes) {
  REQUIRE(pos.key() == pos.compute_key());
  const StateInfo keys = pos.compute_piece_keys();
  REQUIRE(pos.pawn_key() == keys.pawn_key);
  REQUIRE(pos.non_pawn_key(WHITE) == keys.non_pawn_key[WHITE]);
  REQUIRE(pos.non_pawn_key(BLACK) == keys.non_pawn_key[BLACK]);
  ++nodes;
  if (depth == 0) return;
  const std::string before = pos.fen();
  for (const auto& e : legal_moves(pos)) {
    const bool check = pos.gives_check(e.move);
    pos.make_move(e.move);
    REQUIRE(check == pos.in_check());
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

TEST_CASE("incremental keys match keys from scratch and gives_check is right over whole trees", "[position]") {
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

TEST_CASE("a FEN at the counters' limits still prints as a FEN set_fen reads after a move", "[position]") {
  // Found by fuzz_fen: halfmove 10000 became 10001 after a quiet move, and the printed FEN was
  // refused.
  Position pos = test::from_fen("8/p1b3k1/P3q3/2B1P1p1/1r4BP/NP4R1/5r2/1K6 b - - 10000 100000");
  pos.make_move(parse_uci_move(pos, "e6e7"));
  Position again;
  INFO(pos.fen());
  REQUIRE_FALSE(again.set_fen(pos.fen()).has_value());
  CHECK(again.key() == pos.key());
  CHECK(again.rule50() == 10000);
}

TEST_CASE("Chess960 FEN: Shredder-FEN in, X-FEN out, and back", "[position][chess960]") {
  for (const auto& c : test::load_perft_suite("chess960.epd")) {
    const Position pos = test::from_fen(c.fen);
    const Position again = test::from_fen(pos.fen());
    INFO(c.fen << " -> " << pos.fen());
    CHECK(again.fen() == pos.fen());
    CHECK(again.key() == pos.key());
    for (int right : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
      if (pos.castling_rights() & right) CHECK(again.castling_path(right).rook == pos.castling_path(right).rook);
  }
  // In a start position each side has one rook on either side of its king: X-FEN says KQkq.
  const Position shredder = test::from_fen("bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1");
  CHECK(shredder.fen() == "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1");
  CHECK(test::from_fen(shredder.fen()).key() == shredder.key());
  CHECK(shredder.castling_path(WHITE_OO).rook == G1);
  CHECK(shredder.castling_path(BLACK_OOO).rook == E8);
}

TEST_CASE("X-FEN's K and Q name the outermost rook, a file letter an inner one", "[position][chess960]") {
  const std::string board = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK2R1R1 w ";
  CHECK(test::from_fen(board + "K - 0 1").castling_path(WHITE_OO).rook == G1);
  CHECK(test::from_fen(board + "G - 0 1").fen() == board + "K - 0 1");
  const Position inner = test::from_fen(board + "E - 0 1");
  CHECK(inner.castling_path(WHITE_OO).rook == E1);
  CHECK(inner.fen() == board + "E - 0 1");
  CHECK(test::from_fen(board + "AEq - 0 1").fen() == board + "EQq - 0 1");
  CHECK(test::from_fen(board + "Eb - 0 1").fen() == board + "Eq - 0 1");
}

TEST_CASE("castling rights need the king on its first rank and a rook on that side", "[position][chess960]") {
  struct Bad {
    const char* fen;
    const char* message;
  };
  const Bad bad[] = {
      {"4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", "the white king is not on its first rank"},
      {"r6r/4k3/8/8/8/8/8/4K3 w ha - 0 1", "the black king is not on its first rank"},
      {"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "'K' needs a white rook on the king side of its king"},
      {"4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "'q' needs a black rook on the queen side of its king"},
      {"4k3/8/8/8/8/8/8/R3K2R w B - 0 1", "'B' needs a white rook on b1"},
      {"4k3/8/8/8/8/8/8/R3K2R w E - 0 1", "'E' needs a white rook on e1"},
      {"4k3/8/8/8/8/8/8/R3KR1R w KF - 0 1", "two white king side rights"},
  };
  Position pos;
  const std::string before = pos.fen();
  for (const auto& b : bad) {
    INFO(b.fen);
    const auto err = pos.set_fen(b.fen);
    REQUIRE(err.has_value());
    CHECK_THAT(*err, Catch::Contains(b.message));
    CHECK(pos.fen() == before);
  }
}

TEST_CASE("Chess960 castling moves king and rook, swapped or still, and takes back", "[position][chess960]") {
  struct Case {
    const char* fen;
    const char* castle;  // king-takes-rook
    const char* after;
  };
  const Case cases[] = {
      // King and rook swap squares.
      {"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1", "f1g1",
       "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"},
      // The king stays on g1; only the rook moves.
      {"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", "g1h1", "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"},
      // Queen side: the king crosses the rook's start and the rook the king's.
      {"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", "g1a1", "r5kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"},
      // Black, queen side from b8: the king steps right, the rook jumps it.
      {"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 b GAga - 0 1", "b8a8",
       "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQ - 1 2"},
  };
  for (const auto& c : cases) {
    Position pos = test::from_fen(c.fen);
    INFO(c.fen << " " << c.castle);
    const Move m = parse_uci_move(pos, c.castle);
    REQUIRE(m.kind() == Move::CASTLING);
    CHECK_FALSE(pos.is_capture(m));
    pos.make_move(m);
    CHECK(pos.fen() == c.after);
    CHECK(pos.key() == pos.compute_key());
    pos.unmake_move(m);
    CHECK(pos.fen() == test::from_fen(c.fen).fen());
    CHECK(pos.key() == test::from_fen(c.fen).key());
  }
}

TEST_CASE("incremental keys and gives_check match the position over Chess960 trees", "[position][chess960]") {
  int nodes = 0;
  const auto suite = test::load_perft_suite("chess960.epd");
  for (std::size_t i = 960; i < suite.size(); i += 4) {
    Position pos = test::from_fen(suite[i].fen);
    walk_keys(pos, 3, nodes);
  }
  CHECK(nodes > 100000);
}

TEST_CASE("malformed FEN is rejected with a message and leaves the position unchanged", "[position]") {
  const char* bad[] = {
      "",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",                 // 7 ranks
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",      // 9 ranks
      "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",        // 9 squares
      "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",         // 7 squares
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",        // bad piece
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",        // bad side
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",        // bad castling char
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkA - 0 1",        // A is the a1 rook: Q twice
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",        // repeated right
      "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",        // k right without h8 rook
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",        // no white king
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",          // two white kings
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",       // ep on the wrong rank
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",       // ep without a pawn
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",       // garbage ep
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",        // bad halfmove
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1",       // negative halfmove
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",  // 7 fields
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",                   // 2 fields
      "4k3/8/8/8/8/8/8/4K2R b - - 0 1",                                  // wait: legal (control)
      "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",                                  // side not to move in check
      "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",                                  // pawn on the last rank
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

TEST_CASE("the cuckoo table holds every reversible move once", "[position]") {
  CHECK(cuckoo::size() == 3668);
  const Key knight_g1_f3 = zobrist::piece_square(make_piece(WHITE, KNIGHT), G1) ^
                           zobrist::piece_square(make_piece(WHITE, KNIGHT), F3) ^ zobrist::white_to_move();
  const auto found = cuckoo::find(knight_g1_f3);
  REQUIRE(found.has_value());
  CHECK(std::minmax(found->first, found->second) == std::minmax(G1, F3));
  CHECK_FALSE(cuckoo::find(knight_g1_f3 ^ zobrist::white_to_move()).has_value());
}

TEST_CASE("upcoming repetitions", "[position]") {
  Position pos;
  play(pos, {"g1f3", "g8f6", "f3g1"});
  CHECK(pos.has_upcoming_repetition(4));        // ...Ng8 returns to a position of the tree
  CHECK_FALSE(pos.has_upcoming_repetition(3));  // the root itself, seen once: no draw
  CHECK_FALSE(pos.has_upcoming_repetition(0));
  play(pos, {"f6g8", "g1f3", "g8f6", "f3g1"});
  CHECK(pos.has_upcoming_repetition(0));  // ...Ng8 would be the start position's third time

  // The rook went round by b1 and b3 while the king walked a square; its way back from a3 to
  // a1 is blocked by the knight.
  Position blocked, open;
  REQUIRE_FALSE(blocked.set_fen("7k/8/8/8/8/8/N7/R3K3 b - - 0 1").has_value());
  REQUIRE_FALSE(open.set_fen("7k/8/8/8/8/8/8/R3K3 b - - 0 1").has_value());
  for (Position* p : {&blocked, &open}) play(*p, {"h8g8", "a1b1", "g8g7", "b1b3", "g7h7", "b3a3", "h7h8"});
  CHECK_FALSE(blocked.has_upcoming_repetition(20));
  CHECK(open.has_upcoming_repetition(20));
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
