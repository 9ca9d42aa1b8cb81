#include <catch2/catch.hpp>

#include "test_util.h"
#include "vireo/board/perft.h"

using namespace vireo;

namespace {

// Runs perft(d) for each position of a suite and depth d that `wanted(index, d, count)` picks.
template <class Wanted>
int check_suite(const std::string& file, Wanted wanted) {
  int checked = 0;
  const auto suite = test::load_perft_suite(file);
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const auto& c = suite[i];
    Position pos;
    INFO(c.fen);
    REQUIRE_FALSE(pos.set_fen(c.fen).has_value());
    for (std::size_t d = 1; d <= c.counts.size(); ++d) {
      if (!wanted(i, d, c.counts[d - 1])) continue;
      INFO("depth " << d);
      CHECK(perft(pos, int(d)) == c.counts[d - 1]);
      ++checked;
    }
  }
  return checked;
}

// The depths whose count is within [min_nodes, max_nodes), so the quick run and the slow run
// split the depths between them without overlap.
int check_suite(const std::string& file, std::uint64_t min_nodes, std::uint64_t max_nodes) {
  return check_suite(file, [=](std::size_t, std::size_t, std::uint64_t n) { return n >= min_nodes && n < max_nodes; });
}

}  // namespace

TEST_CASE("perft counts of the classic positions up to 5M nodes", "[perft]") {
  CHECK(check_suite("classic.epd", 0, 5'000'000) > 100);
}

TEST_CASE("perft counts of the random-walk positions", "[perft]") {
  CHECK(check_suite("random-walks.epd", 0, 5'000'000) > 500);
}

TEST_CASE("perft counts of the classic positions at full depth", "[perft][slow]") {
  int checked = check_suite("classic.epd", 5'000'000, UINT64_MAX);
  checked += check_suite("random-walks.epd", 5'000'000, UINT64_MAX);
  CHECK(checked >= 8);
}

// chess960.epd (counts from Stockfish 15.1): the 960 start positions in Shredder-FEN, then
// 120 positions from games, with castling rights partly lost, to depth 5.
TEST_CASE("Chess960 perft counts of every position to depth 4", "[perft][chess960]") {
  CHECK(check_suite("chess960.epd", [](std::size_t, std::size_t d, std::uint64_t) { return d <= 4; }) == 1080 * 4);
}

TEST_CASE("Chess960 perft counts at depth 5 of every eighth position", "[perft][chess960][slow]") {
  const auto every_eighth = [](std::size_t i, std::size_t d, std::uint64_t) { return d == 5 && i % 8 == 0; };
  CHECK(check_suite("chess960.epd", every_eighth) == 135);
}

TEST_CASE("perft divide sums to the total and lists every root move", "[perft]") {
  Position pos;
  auto d = perft_divide(pos, 3);
  CHECK(d.moves.size() == 20);
  CHECK(d.total == 8902);
  std::uint64_t sum = 0;
  for (auto& [m, n] : d.moves) sum += n;
  CHECK(sum == d.total);
}
