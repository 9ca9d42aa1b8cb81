#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>

#include "vireo/search/search_params.h"

using namespace vireo;

TEST_CASE("every search tunable is listed once, with its default inside its range") {
  std::set<std::string> names;
  for (const params::Tunable& t : params::tunables()) {
    INFO(t.name);
    CHECK(names.insert(std::string(t.name)).second);
    CHECK(t.min <= t.default_value);
    CHECK(t.default_value <= t.max);
    CHECK(t.step > 0);
    CHECK(params::tunable_value(t) == t.default_value);
  }
  CHECK(names.count("RFP_MARGIN") == 1);
  CHECK(names.size() == params::tunables().size());
}

TEST_CASE("the table's defaults are the constants the search reads") {
  for (const params::Tunable& t : params::tunables()) {
    if (t.name == "RFP_MARGIN") CHECK(t.default_value == params::RFP_MARGIN);
    if (t.name == "LMR_DIVISOR_PCT") CHECK(t.default_value == params::LMR_DIVISOR_PCT);
    if (t.name == "TM_HARD_FACTOR") CHECK(t.default_value == params::TM_HARD_FACTOR);
  }
}

TEST_CASE("a normal build refuses to set a tunable") {
  if constexpr (!params::TUNING) {
    CHECK_FALSE(params::set_tunable("RFP_MARGIN", 80));
    CHECK(params::RFP_MARGIN == 75);
  }
}

TEST_CASE("late-move reductions follow ln(depth) * ln(moves)") {
  const double base = params::LMR_BASE_PCT / 100.0, divisor = params::LMR_DIVISOR_PCT / 100.0;
  for (int depth : {1, 2, 5, 10, 30, 63})
    for (int moves : {1, 2, 4, 10, 40, 63}) {
      INFO(depth << " " << moves);
      CHECK(params::lmr_reduction(depth, moves) == int(base + std::log(depth) * std::log(moves) / divisor));
    }
  CHECK(params::lmr_reduction(0, 10) == 0);
  CHECK(params::lmr_reduction(10, 0) == 0);
  // Beyond the table's end, the last entry stands.
  CHECK(params::lmr_reduction(200, 500) == params::lmr_reduction(63, 63));
  // More moves or more depth never reduce less.
  for (int d = 1; d < 63; ++d)
    for (int m = 1; m < 63; ++m) {
      CHECK(params::lmr_reduction(d + 1, m) >= params::lmr_reduction(d, m));
      CHECK(params::lmr_reduction(d, m + 1) >= params::lmr_reduction(d, m));
    }
}
