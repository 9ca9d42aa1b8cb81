#include <fmt/format.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "vireo/book/book_learn.h"

#include "test_util.h"

using namespace vireo;
using vireo::test::temp_path;
namespace fs = std::filesystem;

namespace {

// One game out of book: the book move, then `scores`, then the result (or none).
void play(BookLearning& l, std::uint64_t key, std::uint16_t move, std::initializer_list<int> scores,
          std::optional<int> result) {
  l.book_move_played(key, move, 0);
  for (int s : scores) l.searched_move(s);
  if (result)
    l.game_over(*result);
  else
    l.new_game();
}

}  // namespace

TEST_CASE("a line's first scores out of book and its results make its record", "[book][learn]") {
  BookLearning l;
  l.book_move_played(0xABC, 796, 0);
  CHECK_FALSE(l.searched_move(-100));
  CHECK_FALSE(l.searched_move(-200));
  CHECK_FALSE(l.searched_move(-300));
  CHECK(l.searched_move(-400));        // the fourth score completes the game's record
  CHECK_FALSE(l.searched_move(-900));  // later scores only remember the last one
  CHECK(l.game_over(-1));
  auto r = l.find(0xABC, 796);
  REQUIRE(r);
  CHECK(r->games == 1);
  CHECK(r->score_sum == -250);
  CHECK(r->losses == 1);
  CHECK(r->value() == Approx(-3.5));
  CHECK(r->factor() == Approx(0.125));  // down to the floor, not yet phased out (one game)
  CHECK(l.factor(0xABC, 1) == 1.0);     // nothing learned: unchanged
  // A game cut short: the scores it has count; a resignable last score is the result.
  play(l, 0xABC, 796, {-50, -600}, std::nullopt);
  r = l.find(0xABC, 796);
  CHECK(r->games == 2);
  CHECK(r->losses == 2);
  play(l, 0xABC, 796, {-300, -300, -300, -300}, 0);
  CHECK(l.find(0xABC, 796)->factor() == 0.0);  // three bad games: phased out
  // A good line is raised, within the ceiling.
  play(l, 0xDEF, 11, {150, 150, 200, 250}, 1);
  CHECK(l.factor(0xDEF, 11) == Approx(4.0));
  play(l, 0x123, 12, {10, 0, -10, 0}, 0);
  CHECK(l.factor(0x123, 12) == Approx(1.0));
}

TEST_CASE("learned records survive a restart, written atomically", "[book][learn]") {
  const fs::path file = temp_path("learn.txt");
  fs::remove(file);
  BookLearning l;
  CHECK(l.load(file.string()).has_value());  // missing: an error, learning starts afresh
  play(l, 0x463b96181691fc9cULL, 796, {20, 30, 40, 50}, 1);
  play(l, 0x823c9b50fd114196ULL, 2468, {-80, -90, -100, -110}, -1);
  REQUIRE_FALSE(l.save().has_value());
  CHECK_FALSE(fs::exists(file.string() + ".tmp"));
  BookLearning again;
  REQUIRE_FALSE(again.load(file.string()).has_value());
  REQUIRE(again.records().size() == 2);
  CHECK(again.find(0x463b96181691fc9cULL, 796)->score_sum == 35);
  CHECK(again.find(0x823c9b50fd114196ULL, 2468)->losses == 1);
  CHECK(again.factor(0x823c9b50fd114196ULL, 2468) == Approx(l.factor(0x823c9b50fd114196ULL, 2468)));
  const auto lines = describe_learning(again);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].rfind("463b96181691fc9c e2e4 ", 0) == 0);  // 796: e2 to e4 in Polyglot's encoding
}

TEST_CASE("a learn file cut at any byte is refused or read, never a crash", "[book][learn]") {
  const fs::path file = temp_path("full.txt"), cut = temp_path("cut.txt");
  BookLearning l;
  (void)l.load(file.string());
  for (std::uint16_t m = 1; m <= 5; ++m) play(l, 0x1000 + m, m, {m * 10, 0, 0, 0}, m % 3 - 1);
  REQUIRE_FALSE(l.save().has_value());
  const std::string bytes = vireo::test::file_bytes(file);
  int accepted = 0;
  for (std::size_t n = 0; n <= bytes.size(); ++n) {
    std::ofstream(cut, std::ios::binary | std::ios::trunc).write(bytes.data(), long(n));
    BookLearning r;
    const auto err = r.load(cut.string());
    if (err) {
      CHECK(r.records().empty());  // refused: learning starts afresh
    } else {
      ++accepted;
      CHECK(r.records().size() == 5);  // only the whole file (perhaps without its last newline) reads
    }
  }
  CHECK(accepted >= 1);
  CHECK(accepted <= 2);
  // Garbage and a wrong count are refused too.
  std::ofstream(cut, std::ios::trunc) << "vireo-book-learn 1\nzz 1 1 1 1 1 1\nend 1\n";
  CHECK(BookLearning().load(cut.string()).has_value());
  std::ofstream(cut, std::ios::trunc) << "vireo-book-learn 1\n0000000000001001 1 1 10 0 0 0\nend 2\n";
  CHECK(BookLearning().load(cut.string()).has_value());
}

TEST_CASE("a learn file that is missing, a FIFO or a folder is refused at once", "[book][learn]") {
  const fs::path missing = temp_path("missing-learn.txt");
  fs::remove(missing);
  const auto err = BookLearning().load(missing.string());
  REQUIRE(err);
  CHECK(*err == "cannot open learn file '" + missing.string() + "'");
  const fs::path fifo = vireo::test::make_fifo("learn.fifo");
  BookLearning l;
  const auto fifo_err = vireo::test::load_without_blocking(fifo, [&] { return l.load(fifo.string()); });
  REQUIRE(fifo_err);
  CHECK_THAT(*fifo_err, Catch::Contains("is not a regular file"));
  const auto folder_err = l.load(fs::temp_directory_path().string());
  REQUIRE(folder_err);
  CHECK_THAT(*folder_err, Catch::Contains("is not a regular file"));
}

TEST_CASE("a record with no Polyglot move or a negative count is refused with its line", "[book][learn]") {
  const fs::path file = temp_path("bad-record.txt");
  const auto load_record = [&](const std::string& record) {
    std::ofstream(file, std::ios::trunc) << "vireo-book-learn 1\n0000000000001001 796 1 10 0 0 0\n"
                                         << record << "\nend 2\n";
    BookLearning l;
    auto err = l.load(file.string());
    if (err) CHECK(l.records().empty());
    return err;
  };
  CHECK_FALSE(load_record("0000000000001002 16384 1 -10 1 0 0"));  // promotion 4 (queen), a negative score sum
  // Promotion bits 5..7 name no piece (20480, 24576, 28672).
  for (const char* move : {"20480", "24576", "28672"}) {
    const auto err = load_record(fmt::format("0000000000001002 {} 1 10 0 0 0", move));
    REQUIRE(err);
    CHECK_THAT(*err, Catch::Contains("line 3: a bad move"));
  }
  for (const char* record :
       {"0000000000001002 796 -1 10 0 0 0", "0000000000001002 796 1 10 -1 0 0", "0000000000001002 796 1 10 0 +1 0",
        "0000000000001002 65536 1 10 0 0 0", "0000000000001002 -796 1 10 0 0 0", "000000000001002 796 1 10 0 0 0"}) {
    INFO(record);
    const auto err = load_record(record);
    REQUIRE(err);
    CHECK_THAT(*err, Catch::Contains("line 3: a "));
  }
}
