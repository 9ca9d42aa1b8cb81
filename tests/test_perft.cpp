#include <catch2/catch.hpp>

#include "test_util.h"
#include "vireo/perft.h"

using namespace vireo;

namespace {

// Runs every position of a suite at each depth whose count is within [min_nodes, max_nodes),
// so the quick run and the slow run split the depths between them without overlap.
int check_suite(const std::string& file, std::uint64_t min_nodes, std::uint64_t max_nodes) {
  int checked = 0;
  for (const auto& c : test::load_perft_suite(file)) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(c.fen).has_value());
    for (std::size_t d = 1; d <= c.counts.size(); ++d) {
      if (c.counts[d - 1] < min_nodes || c.counts[d - 1] >= max_nodes) continue;
      INFO(c.fen << " depth " << d);
      CHECK(perft(pos, int(d)) == c.counts[d - 1]);
      ++checked;
    }
  }
  return checked;
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

TEST_CASE("perft divide sums to the total and lists every root move", "[perft]") {
  Position pos;
  auto d = perft_divide(pos, 3);
  CHECK(d.moves.size() == 20);
  CHECK(d.total == 8902);
  std::uint64_t sum = 0;
  for (auto& [m, n] : d.moves) sum += n;
  CHECK(sum == d.total);
}
