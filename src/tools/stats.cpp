#include "vireo/tools/stats.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>

#include "vireo/engine/engine.h"
#include "vireo/tools/bench.h"
#include "vireo/tools/usage.h"

namespace vireo {

namespace {

const SearchCounters* previous_of(const std::vector<DepthStats>& v, std::size_t i) {
  return i > 0 ? &v[i - 1].counters : nullptr;
}

}  // namespace

std::vector<DepthStats> collect_bench_stats(int depth, std::shared_ptr<const nnue::Network> net,
                                            const std::function<void(int done, int total)>& progress) {
  Engine engine;
  engine.set_network(std::move(net));
  SearchSettings counting;
  counting.stats = true;
  std::vector<DepthStats> sum(depth);
  for (int d = 0; d < depth; ++d) sum[d].depth = d + 1;
  const auto& positions = bench_positions();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    Position pos;
    if (pos.set_fen(positions[i])) continue;
    engine.new_game();
    Limits limits;
    limits.depth = depth;
    for (const DepthStats& d : engine.search_sync(pos, limits, counting).depth_stats)
      sum[d.depth - 1].counters += d.counters;
    if (progress) progress(int(i) + 1, int(positions.size()));
  }
  return sum;
}

std::string stats_table(const std::vector<DepthStats>& by_depth) {
  std::string out = fmt::format("{:>5} {:>12} {:>6} {:>9} {:>7} {:>7} {:>7} {:>7} {:>9}\n", "depth", "nodes", "ebf",
                                "1st-cut%", "cut-idx", "tt-hit%", "tt-cut%", "qnodes%", "lmr-redo%");
  SearchCounters total;
  for (std::size_t i = 0; i < by_depth.size(); ++i) {
    const SearchCounters& c = by_depth[i].counters;
    const StatsSummary s = summarize(c, previous_of(by_depth, i));
    total += c;
    out += fmt::format("{:>5} {:>12} {:>6} {:>9.1f} {:>7.2f} {:>7.1f} {:>7.1f} {:>7.1f} {:>9.1f}\n", by_depth[i].depth,
                       c[STAT_NODES] + c[STAT_QNODES], i ? fmt::format("{:.2f}", s.ebf) : "-",
                       100 * s.first_move_cutoff, s.mean_cutoff_index, 100 * s.tt_hit, 100 * s.tt_cutoff,
                       100 * s.qsearch_share, 100 * s.reduced_researched);
  }
  const std::uint64_t nodes = total[STAT_NODES], all = nodes + total[STAT_QNODES];
  out += fmt::format("\nAll depths: {} nodes ({} main search, {} quiescence)\n", all, nodes, total[STAT_QNODES]);
  out += fmt::format("{:<18} {:>12} {:>14}\n", "pruning/reduction", "times", "per 1000 nodes");
  for (int i = 0; i < STAT_COUNT; ++i) {
    const Stat k = Stat(i);
    if (STAT_INFO[k].listed != StatListed::NONE)
      out += fmt::format("{:<18} {:>12} {:>14.1f}\n", stat_name(k), total[k],
                         all ? 1000.0 * double(total[k]) / double(all) : 0.0);
  }
  return out;
}

std::string stats_csv(const std::vector<DepthStats>& by_depth) {
  std::string out = "depth,ebf,first_cutoff,cutoff_index,tt_hit,tt_cutoff,qnodes_share,reduced_redone";
  for (int k = 0; k < STAT_COUNT; ++k) out += fmt::format(",{}", stat_name(Stat(k)));
  out += '\n';
  for (std::size_t i = 0; i < by_depth.size(); ++i) {
    const SearchCounters& c = by_depth[i].counters;
    const StatsSummary s = summarize(c, previous_of(by_depth, i));
    out += fmt::format("{},{:.4f},{:.4f},{:.4f},{:.4f},{:.4f},{:.4f},{:.4f}", by_depth[i].depth, s.ebf,
                       s.first_move_cutoff, s.mean_cutoff_index, s.tt_hit, s.tt_cutoff, s.qsearch_share,
                       s.reduced_researched);
    for (int k = 0; k < STAT_COUNT; ++k) out += fmt::format(",{}", c[Stat(k)]);
    out += '\n';
  }
  return out;
}

namespace {

// One line chart at vertical offset `top`: points (depth, value), a y axis from 0 to a round
// maximum with gridlines, the depths along x.
std::string svg_panel(int top, const std::string& title, const std::vector<std::pair<int, double>>& points,
                      const char* unit) {
  constexpr int LEFT = 60, WIDTH = 560, HEIGHT = 200;
  double max_y = 0;
  for (const auto& p : points) max_y = std::max(max_y, p.second);
  const double step = max_y <= 2 ? 0.5 : max_y <= 5 ? 1 : max_y <= 20 ? 5 : max_y <= 50 ? 10 : 20;
  max_y = std::max(step, std::ceil(max_y / step) * step);
  const int first = points.empty() ? 1 : points.front().first, last = points.empty() ? 2 : points.back().first;
  auto x_of = [&](int d) { return LEFT + (last == first ? WIDTH / 2.0 : double(d - first) * WIDTH / (last - first)); };
  auto y_of = [&](double v) { return top + HEIGHT - v / max_y * HEIGHT; };

  std::string s = fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n", LEFT, top - 12, title);
  for (double v = 0; v <= max_y + 1e-9; v += step)
    s += fmt::format(
        "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>"
        "<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" font-size=\"11\">{:g}{}</text>\n",
        LEFT, LEFT + WIDTH, y_of(v), y_of(v), LEFT - 6, y_of(v) + 4, v, unit);
  for (const auto& p : points)
    s += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>\n", x_of(p.first),
                     top + HEIGHT + 16, p.first);
  s += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">depth</text>\n", LEFT + WIDTH / 2,
                   top + HEIGHT + 32);
  std::string line;
  for (const auto& p : points) line += fmt::format("{:.1f},{:.1f} ", x_of(p.first), y_of(p.second));
  s += fmt::format("<polyline fill=\"none\" stroke=\"#2a6fb0\" stroke-width=\"2\" points=\"{}\"/>\n", line);
  for (const auto& p : points)
    s += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"#2a6fb0\"><title>depth {}: {:.2f}</title></circle>\n",
        x_of(p.first), y_of(p.second), p.first, p.second);
  return s;
}

}  // namespace

std::string stats_svg(const std::vector<DepthStats>& by_depth) {
  std::vector<std::pair<int, double>> ebf, cutoff;
  for (std::size_t i = 0; i < by_depth.size(); ++i) {
    const StatsSummary s = summarize(by_depth[i].counters, previous_of(by_depth, i));
    if (i > 0) ebf.emplace_back(by_depth[i].depth, s.ebf);
    cutoff.emplace_back(by_depth[i].depth, 100 * s.first_move_cutoff);
  }
  std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"660\" height=\"600\" font-family=\"sans-serif\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += svg_panel(40, "Effective branching factor (nodes of depth d / depth d-1)", ebf, "");
  svg += svg_panel(340, "Beta cutoffs made by the first move searched", cutoff, "%");
  return svg + "</svg>\n";
}

namespace {

struct StatsArgs {
  int depth = BENCH_DEFAULT_DEPTH;
  bool csv = false, hce = false;
  std::string svg;
};

std::optional<std::string> parse_stats_args(const std::vector<std::string>& args, StatsArgs& a) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "--csv")
      a.csv = true;
    else if (key == "--hce")
      a.hce = true;
    else if (key == "--svg") {
      if (i + 1 >= args.size()) return std::string("--svg needs a file name");
      a.svg = args[++i];
    } else {
      int v = 0;
      auto [ptr, ec] = std::from_chars(key.data(), key.data() + key.size(), v);
      if (ec != std::errc() || ptr != key.data() + key.size() || v < 1 || v > 64)
        return fmt::format("'{}' is neither an option nor a depth from 1 to 64", key);
      a.depth = v;
    }
  }
  return std::nullopt;
}

}  // namespace

int stats_main(const std::vector<std::string>& args) {
  StatsArgs a;
  if (auto err = parse_stats_args(args, a)) return usage_error("stats", *err, STATS_USAGE);
  const TimePoint start = now_ms();
  const auto by_depth =
      collect_bench_stats(a.depth, a.hce ? nullptr : nnue::embedded_network(),
                          [](int done, int total) { std::fprintf(stderr, "\rstats: %d/%d positions", done, total); });
  const TimePoint ms = std::max<TimePoint>(now_ms() - start, 1);
  std::fprintf(stderr, "\n");
  std::uint64_t nodes = 0;
  for (const DepthStats& d : by_depth) nodes += d.counters[STAT_NODES] + d.counters[STAT_QNODES];
  std::fputs((a.csv ? stats_csv(by_depth) : stats_table(by_depth)).c_str(), stdout);
  const std::string timing =
      fmt::format("{} nodes in {} ms, {} nodes/second with statistics on", nodes, ms, nodes * 1000 / std::uint64_t(ms));
  if (a.csv)
    std::fprintf(stderr, "stats: %s\n", timing.c_str());
  else
    std::printf("%s\n", timing.c_str());
  if (!a.svg.empty()) {
    std::ofstream svg(a.svg);
    svg << stats_svg(by_depth);
    if (!svg) {
      std::fprintf(stderr, "stats: error: cannot write '%s'\n", a.svg.c_str());
      return 1;
    }
  }
  return 0;
}

}  // namespace vireo
