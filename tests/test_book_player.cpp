#include <catch2/catch.hpp>

#include <filesystem>

#include "vireo/board/movegen.h"
#include "vireo/book/book_player.h"

#include "test_util.h"

using namespace vireo;
using vireo::test::from_fen;
using vireo::test::temp_path;
namespace fs = std::filesystem;

TEST_CASE("the book offers a move only while open and before Book Depth; a failed open keeps it", "[book]") {
  const Position start;
  const Move e4 = parse_uci_move(start, "e2e4");
  const fs::path file = temp_path("player.bin"), missing = temp_path("player-missing.bin");
  test::write_book(file, {{start.key(), PolyglotBook::encode_move(start, e4), 10, 0}});
  fs::remove(missing);
  BookPlayer player;
  BookSettings settings;
  CHECK_FALSE(player.choose(start, settings).move);  // no book open yet
  REQUIRE_FALSE(player.open(true, file.string()));
  const BookChoice choice = player.choose(start, settings);
  CHECK(choice.move == e4);
  CHECK(choice.share == 1.0);
  settings.max_ply = 0;
  CHECK_FALSE(player.choose(start, settings).move);
  settings.max_ply = 40;
  const auto err = player.open(true, missing.string());
  REQUIRE(err);
  CHECK(err->find("keeping '" + file.string() + "'") != std::string::npos);
  CHECK(player.choose(start, settings).move == e4);
  CHECK_FALSE(player.open(false, file.string()));  // OwnBook false: no book, and no error
  CHECK_FALSE(player.book().is_open());
}

TEST_CASE("learning scores the moves searched after the book's, and a mate ends the line as a loss", "[book][learn]") {
  const fs::path file = temp_path("player-learn.txt");
  fs::remove(file);
  BookPlayer player;
  CHECK(player.set_learning(true));  // no learn file to keep it in
  bool afresh = false;
  REQUIRE_FALSE(player.load_learning(file.string(), [&](bool a) { afresh = a; }));
  CHECK(afresh);
  REQUIRE_FALSE(player.set_learning(true));
  CHECK(player.load_learning("", [](bool) { FAIL("a refused file is not used"); }));
  // White plays 1. f3 from the book, searches 2. g4?? and is mated: the fool's mate.
  const Position start;
  const Move f3 = parse_uci_move(start, "f2f3");
  player.book_move_played(start, f3);
  CHECK_FALSE(player.move_played(0));  // the book's own move scores nothing
  CHECK_FALSE(player.move_played(-50));
  CHECK_FALSE(player.position_set(from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")));
  const std::uint16_t move = PolyglotBook::encode_move(start, f3);
  const auto learned = player.learning().find(start.key(), move);
  REQUIRE(learned);
  CHECK(learned->games == 1);
  CHECK(learned->score_sum == -50);
  CHECK(learned->losses == 1);
  BookLearning saved;
  REQUIRE_FALSE(saved.load(file.string()));
  CHECK(saved.find(start.key(), move)->losses == 1);
}
