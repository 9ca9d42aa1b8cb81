// Perft: counts the leaf nodes of the legal move tree, the standard check of a move generator.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "vireo/board/position.h"

namespace vireo {

std::uint64_t perft(Position& pos, int depth);

// Per-root-move counts, as `go perft N` prints them.
struct PerftDivide {
  std::vector<std::pair<Move, std::uint64_t>> moves;
  std::uint64_t total = 0;
};
PerftDivide perft_divide(Position& pos, int depth);

}  // namespace vireo
