#include "vireo/tools/bench.h"

#include <fmt/format.h>

#include "vireo/board/movegen.h"
#include "vireo/engine/engine.h"

namespace vireo {

const std::vector<std::string_view>& bench_positions() {
  static const std::vector<std::string_view> positions = {
#include "positions.inc"
  };
  return positions;
}

BenchReport run_bench(int depth, std::shared_ptr<const nnue::Network> net,
                      const std::function<void(const std::string&)>& out, int threads) {
  Engine engine;  // its own default-sized table, whatever the session's Hash is
  engine.set_network(std::move(net));
  if (auto err = engine.set_threads(threads)) out("info string error: " + *err);
  BenchReport report;
  const auto& positions = bench_positions();
  const TimePoint start = now_ms();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    Position pos;
    if (auto err = pos.set_fen(positions[i])) {
      out(fmt::format("info string error: bench position {} is invalid: {}", i + 1, *err));
      continue;
    }
    engine.new_game();
    Limits limits;
    limits.depth = depth;
    SearchResult r = engine.search_sync(pos, limits);
    report.nodes += r.nodes;
    out(fmt::format("Position {:2}/{}: {} nodes, bestmove {}", i + 1, positions.size(), r.nodes,
                    r.best ? r.best.to_uci() : "(none)"));
  }
  report.ms = std::max<TimePoint>(1, now_ms() - start);
  out("");
  out("===========================");
  out(fmt::format("Total time (ms) : {}", report.ms));
  out(fmt::format("Nodes searched  : {}", report.nodes));
  out(fmt::format("Nodes/second    : {}", report.nodes * 1000 / std::uint64_t(report.ms)));
  return report;
}

}  // namespace vireo
