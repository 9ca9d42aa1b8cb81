#include <catch2/catch.hpp>

#include "vireo/board/movegen.h"
#include "vireo/engine/book_offer.h"

#include "test_util.h"

using namespace vireo;

namespace {

Limits game_clock() {
  Limits l;
  l.time[WHITE] = l.time[BLACK] = 60000;
  return l;
}

}  // namespace

TEST_CASE("the book may answer a game's clock only, with one line and no analysis", "[book]") {
  const SearchSettings one_line;
  CHECK(book_may_answer(game_clock(), one_line, false));
  CHECK_FALSE(book_may_answer(game_clock(), one_line, true));  // UCI_AnalyseMode
  CHECK_FALSE(book_may_answer(Limits{}, one_line, false));
  SearchSettings lines = one_line;
  lines.multipv = 2;
  CHECK_FALSE(book_may_answer(game_clock(), lines, false));
  const std::function<void(Limits&)> analysis[] = {
      [](Limits& l) { l.depth = 4; },
      [](Limits& l) { l.nodes = 1000; },
      [](Limits& l) { l.mate = 2; },
      [](Limits& l) { l.movetime = 100; },
      [](Limits& l) { l.infinite = true; },
      [](Limits& l) { l.ponder = true; },
      [](Limits& l) { l.searchmoves = {parse_uci_move(Position(), "e2e4")}; },
  };
  for (const auto& ask : analysis) {
    Limits l = game_clock();
    ask(l);
    CHECK_FALSE(book_may_answer(l, one_line, false));
  }
}

TEST_CASE("a book offer carries the book's move, its share and the check to make", "[book]") {
  const Position start;
  const Move e4 = parse_uci_move(start, "e2e4"), d4 = parse_uci_move(start, "d2d4");
  const auto file = test::temp_path("offer.bin");
  test::write_book(file, {{start.key(), PolyglotBook::encode_move(start, e4), 3, 0},
                          {start.key(), PolyglotBook::encode_move(start, d4), 1, 0}});
  BookPlayer book;
  REQUIRE_FALSE(book.open(true, file.string()));
  BookSettings settings;
  settings.selection = BookSelection::Best;
  settings.check_depth = 4;
  settings.check_margin = 30;
  const auto offer = offer_book_move(book, settings, start, game_clock(), SearchSettings{}, false);
  REQUIRE(offer);
  CHECK(offer->move == e4);
  CHECK(offer->share == Approx(0.75));
  CHECK(offer->check_depth == 4);
  CHECK(offer->margin == 30);
  CHECK_FALSE(offer_book_move(book, settings, start, test::depth_limit(6), SearchSettings{}, false));
}
