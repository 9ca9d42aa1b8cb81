#include "vireo/tools/tunables.h"

#include <fmt/format.h>

#include "vireo/search/search_params.h"
#include "vireo/tools/usage.h"

namespace vireo {

namespace {

// OpenBench's suggested learning rate at the end of a run: each step moves a value by about
// R_END * C_END^2 / C_END per game pair won.
constexpr double R_END = 0.002;

}  // namespace

int tunables_main(const std::vector<std::string>& args) {
  if (!args.empty()) return usage_error("tunables", "it takes no arguments", TUNABLES_USAGE);
  for (const params::Tunable& t : params::tunables())
    fmt::print("{}, int, {}, {}, {}, {}, {}\n", t.name, params::tunable_value(t), t.min, t.max, t.step, R_END);
  return 0;
}

}  // namespace vireo
