// `vireo tunables`: the search tunables in OpenBench's SPSA input format, one per line:
// `NAME, int, VALUE, MIN, MAX, C_END, R_END` (C_END is the tunable's step). bench/spsa reads it too.
#pragma once

#include <string>
#include <vector>

namespace vireo {

inline constexpr const char* TUNABLES_USAGE = "";
int tunables_main(const std::vector<std::string>& args);

}  // namespace vireo
