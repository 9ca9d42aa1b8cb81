#include <catch2/catch.hpp>

#include <random>

#include "vireo/engine/strength.h"

using namespace vireo;

namespace {

// How often each line is chosen over many draws.
std::vector<int> choices(const StrengthLimit& s, const std::vector<RootLineResult>& lines, int draws) {
  std::mt19937_64 rng(1);
  std::vector<int> count(lines.size());
  for (int i = 0; i < draws; ++i) ++count[s.choose(lines, rng())];
  return count;
}

std::vector<RootLineResult> lines_scored(std::initializer_list<int> scores) {
  std::vector<RootLineResult> out;
  for (int s : scores) out.push_back({Move::none(), Move::none(), s, {}});
  return out;
}

}  // namespace

TEST_CASE("a lower Elo searches fewer nodes and overlooks more", "[strength]") {
  const StrengthLimit weak(StrengthLimit::MIN_ELO), strong(StrengthLimit::MAX_ELO);
  CHECK(weak.nodes() * 100 < strong.nodes());
  CHECK(weak.slack() > 10 * strong.slack());
  for (int elo = StrengthLimit::MIN_ELO; elo < StrengthLimit::MAX_ELO; elo += 100) {
    CHECK(StrengthLimit(elo).nodes() < StrengthLimit(elo + 100).nodes());
    CHECK(StrengthLimit(elo).slack() > StrengthLimit(elo + 100).slack());
  }
  CHECK(StrengthLimit(100).elo() == StrengthLimit::MIN_ELO);
  CHECK(StrengthLimit(9999).elo() == StrengthLimit::MAX_ELO);
}

TEST_CASE("mistakes are plausible moves, more of them at a lower Elo", "[strength]") {
  const auto lines = lines_scored({30, 20, -150, -900});
  const auto weak = choices(StrengthLimit(StrengthLimit::MIN_ELO), lines, 10000);
  const auto strong = choices(StrengthLimit(StrengthLimit::MAX_ELO), lines, 10000);
  // The best move stays the most likely; a near-equal one is the usual slip.
  CHECK(weak[0] > weak[1]);
  CHECK(weak[1] > weak[2]);
  CHECK(weak[1] > 2000);
  CHECK(weak[3] < 20);  // dropping a piece is all but never chosen
  CHECK(strong[0] > 7000);
  CHECK(strong[2] + strong[3] == 0);
  CHECK(weak[0] < strong[0]);
}

TEST_CASE("a mate is never missed, and a mated line never chosen", "[strength]") {
  const StrengthLimit weak(StrengthLimit::MIN_ELO);
  const auto mating = choices(weak, lines_scored({mate_in(3), 400, 350}), 2000);
  CHECK(mating[0] == 2000);
  const auto mated = choices(weak, lines_scored({0, -10, mated_in(4)}), 2000);
  CHECK(mated[2] == 0);
  CHECK(choices(weak, lines_scored({25}), 10)[0] == 10);
}

TEST_CASE("careful moves, searched as at full strength, grow from UCI_Elo 2000 to 2500", "[strength]") {
  const auto careful = [](int elo) {
    std::mt19937_64 rng(2);
    int n = 0;
    for (int i = 0; i < 10000; ++i) {
      const int lines = StrengthLimit(elo).lines(rng());
      CHECK((lines == 1 || lines == StrengthLimit::CANDIDATES));
      n += lines == 1;
    }
    return n;
  };
  CHECK(careful(StrengthLimit::MIN_ELO) == 0);
  CHECK(careful(2000) == 0);
  CHECK(careful(2250) > 4500);
  CHECK(careful(2250) < 5500);
  CHECK(careful(2500) == 10000);
  CHECK(careful(StrengthLimit::MAX_ELO) == 10000);
}
