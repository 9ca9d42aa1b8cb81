// `vireo stats`: the search statistics (search_stats.h) over the bench positions, per depth:
// branching factor, move-ordering quality, TT use, and how often each pruning and reduction
// fired. A table, CSV, or an SVG plot of the figures that change with depth.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "vireo/eval/nnue.h"
#include "vireo/search/search_stats.h"

namespace vireo {

// Searches every bench position to `depth` with statistics on; entry d-1 sums depth d's
// iteration over all positions. `progress` gets one call per position searched.
std::vector<DepthStats> collect_bench_stats(int depth, std::shared_ptr<const nnue::Network> net,
                                            const std::function<void(int done, int total)>& progress);

std::string stats_table(const std::vector<DepthStats>& by_depth);
std::string stats_csv(const std::vector<DepthStats>& by_depth);
// Two panels over depth: effective branching factor, and first-move cutoff rate.
std::string stats_svg(const std::vector<DepthStats>& by_depth);

// The command line: vireo stats [DEPTH] [--csv] [--svg FILE] [--hce].
inline constexpr const char* STATS_USAGE = "[DEPTH] [--csv] [--svg FILE] [--hce]";
int stats_main(const std::vector<std::string>& args);

}  // namespace vireo
