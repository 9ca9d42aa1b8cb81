#include "vireo/search/search_params.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace vireo::params {

namespace {

#define VIREO_CHECK_TUNABLE(name, value, min, max, step) \
  static_assert((min) <= (value) && (value) <= (max) && (step) > 0 && (step) <= (max) - (min), #name);
VIREO_SEARCH_TUNABLES(VIREO_CHECK_TUNABLE)
#undef VIREO_CHECK_TUNABLE

#define VIREO_TUNABLE_ENTRY(name, value, min, max, step) Tunable{#name, value, min, max, step},
constexpr std::array TABLE = {VIREO_SEARCH_TUNABLES(VIREO_TUNABLE_ENTRY)};
#undef VIREO_TUNABLE_ENTRY

// The reduction for each (depth, move number), computed once from the two LMR tunables (and
// again in a tune build whenever one of them is set: searches read the table, never the formula).
class ReductionTable {
 public:
  ReductionTable() { rebuild(); }
  void rebuild() {
    const double base = LMR_BASE_PCT / 100.0, divisor = LMR_DIVISOR_PCT / 100.0;
    for (int d = 0; d < SIZE; ++d)
      for (int m = 0; m < SIZE; ++m) r_[d][m] = (d && m) ? int(base + std::log(d) * std::log(m) / divisor) : 0;
  }
  int at(int depth, int moves) const { return r_[std::min(depth, SIZE - 1)][std::min(moves, SIZE - 1)]; }

 private:
  static constexpr int SIZE = 64;
  int r_[SIZE][SIZE];
};

// Built before main: searches run only after it starts.
ReductionTable reductions;

#ifdef VIREO_TUNE
int* variable_of(std::string_view name) {
#define VIREO_TUNABLE_VARIABLE(n, value, min, max, step) \
  if (name == #n) return &n;
  VIREO_SEARCH_TUNABLES(VIREO_TUNABLE_VARIABLE)
#undef VIREO_TUNABLE_VARIABLE
  return nullptr;
}
#endif

}  // namespace

std::span<const Tunable> tunables() { return TABLE; }

int tunable_value(const Tunable& t) {
#ifdef VIREO_TUNE
  return *variable_of(t.name);
#else
  return t.default_value;
#endif
}

bool set_tunable(std::string_view name, int value) {
#ifdef VIREO_TUNE
  const auto it = std::find_if(TABLE.begin(), TABLE.end(), [&](const Tunable& t) { return t.name == name; });
  if (it == TABLE.end() || value < it->min || value > it->max) return false;
  *variable_of(name) = value;
  if (name == "LMR_BASE_PCT" || name == "LMR_DIVISOR_PCT") reductions.rebuild();
  return true;
#else
  (void)name;
  (void)value;
  return false;
#endif
}

int lmr_reduction(int depth, int moves) { return reductions.at(depth, moves); }

}  // namespace vireo::params
