// `bench`: a fixed-depth search of a fixed list of positions. Its node count is the build's
// signature (the same on every run and machine); its speed is the build's nps figure.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "vireo/eval/nnue.h"
#include "vireo/search/timeman.h"

namespace vireo {

constexpr int BENCH_DEFAULT_DEPTH = 12;

const std::vector<std::string_view>& bench_positions();

struct BenchReport {
  std::uint64_t nodes = 0;
  TimePoint ms = 0;
};

// Searches every position with a fresh 16 MB table and cleared histories, evaluating with
// `net` (none: the hand-written evaluation), on `threads` threads (with one, the node count is
// the same on every run). Progress goes to `out` line by line, ending with Stockfish's summary
// block.
BenchReport run_bench(int depth, std::shared_ptr<const nnue::Network> net,
                      const std::function<void(const std::string&)>& out, int threads = 1);

}  // namespace vireo
