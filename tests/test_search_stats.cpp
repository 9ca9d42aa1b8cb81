#include <catch2/catch.hpp>

#include <algorithm>

#include "test_util.h"
#include "vireo/engine/engine.h"
#include "vireo/tools/stats.h"

using namespace vireo;

namespace {

const char* const MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";

SearchResult search_with_stats(bool on, int depth) {
  Engine engine;
  SearchSettings settings;
  settings.stats = on;
  return engine.search_sync(test::from_fen(MIDDLEGAME), test::depth_limit(depth), settings);
}

}  // namespace

TEST_CASE("counting changes nothing the search does, and counts every node once", "[stats]") {
  const SearchResult off = search_with_stats(false, 9), on = search_with_stats(true, 9);
  CHECK(off.depth_stats.empty());
  CHECK(on.nodes == off.nodes);
  CHECK(on.best == off.best);
  CHECK(on.score == off.score);
  REQUIRE(on.depth_stats.size() == 9);
  std::uint64_t nodes = 0;
  for (std::size_t i = 0; i < on.depth_stats.size(); ++i) {
    const SearchCounters& c = on.depth_stats[i].counters;
    CHECK(on.depth_stats[i].depth == int(i) + 1);
    nodes += c[STAT_NODES] + c[STAT_QNODES];
  }
  CHECK(nodes == on.nodes);
}

TEST_CASE("the counters are consistent with one another", "[stats]") {
  const SearchResult r = search_with_stats(true, 10);
  SearchCounters all;
  for (const DepthStats& d : r.depth_stats) all += d.counters;
  CHECK(all[STAT_BETA_CUTOFFS] > 0);
  CHECK(all[STAT_FIRST_MOVE_CUTOFFS] <= all[STAT_BETA_CUTOFFS]);
  CHECK(all[STAT_CUTOFF_INDEX_SUM] >= all[STAT_BETA_CUTOFFS]);
  CHECK(all[STAT_TT_HITS] <= all[STAT_TT_PROBES]);
  CHECK(all[STAT_TT_CUTOFFS] <= all[STAT_TT_HITS]);
  CHECK(all[STAT_TT_PROBES] <= all[STAT_NODES]);
  CHECK(all[STAT_NULL_MOVE_CUTOFFS] <= all[STAT_NULL_MOVE_TRIES]);
  CHECK(all[STAT_REDUCED_RESEARCHED] <= all[STAT_REDUCED]);
  CHECK(all[STAT_SINGULAR_EXTENDED] + all[STAT_MULTI_CUTS] <= all[STAT_SINGULAR_TESTS]);
  // A middlegame at depth 10 exercises every pruning the search has.
  for (Stat s : {STAT_REVERSE_FUTILITY, STAT_NULL_MOVE_TRIES, STAT_LATE_MOVE_PRUNED, STAT_FUTILITY_PRUNED,
                 STAT_SEE_PRUNED, STAT_REDUCED, STAT_DELTA_PRUNED, STAT_QNODES}) {
    INFO(stat_name(s));
    CHECK(all[s] > 0);
  }
  const SearchCounters& last = r.depth_stats.back().counters;
  const SearchCounters& before = r.depth_stats[r.depth_stats.size() - 2].counters;
  const StatsSummary s = summarize(last, &before);
  // One iteration may cost less than the one before it (the TT already holds most of its
  // answers), so the EBF is checked against the counts it comes from, and the tree's growth
  // over five iterations.
  const auto tree = [](const SearchCounters& c) { return double(c[STAT_NODES] + c[STAT_QNODES]); };
  CHECK(s.ebf == Approx(tree(last) / tree(before)));
  CHECK(tree(last) > tree(r.depth_stats[4].counters));
  CHECK(s.first_move_cutoff > 0.5);  // ordering worth the name puts the cutting move first mostly
  CHECK(s.mean_cutoff_index >= 1.0);
}

TEST_CASE("summaries of hand-made counters", "[stats]") {
  SearchCounters prev, c;
  prev.n[STAT_NODES] = 100;
  c.n[STAT_NODES] = 300;
  c.n[STAT_QNODES] = 100;
  c.n[STAT_BETA_CUTOFFS] = 10;
  c.n[STAT_FIRST_MOVE_CUTOFFS] = 9;
  c.n[STAT_CUTOFF_INDEX_SUM] = 12;
  c.n[STAT_TT_PROBES] = 200;
  c.n[STAT_TT_HITS] = 50;
  const StatsSummary s = summarize(c, &prev);
  CHECK(s.ebf == Approx(4.0));
  CHECK(s.first_move_cutoff == Approx(0.9));
  CHECK(s.mean_cutoff_index == Approx(1.2));
  CHECK(s.tt_hit == Approx(0.25));
  CHECK(s.qsearch_share == Approx(0.25));
  CHECK(summarize(SearchCounters{}, nullptr).ebf == 0.0);  // nothing to divide by: zero, not NaN
  const std::string line = format_stats(DepthStats{7, c}, &prev);
  CHECK(line.rfind("stats depth 7 nodes 400 ebf 4.00 first_cutoff 90.0%", 0) == 0);
}

TEST_CASE("stats over the bench positions: table, CSV and SVG", "[stats]") {
  const auto by_depth = collect_bench_stats(4, nnue::embedded_network(), nullptr);
  REQUIRE(by_depth.size() == 4);
  const std::string csv = stats_csv(by_depth);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 5);
  CHECK(csv.rfind("depth,ebf,", 0) == 0);
  const std::string table = stats_table(by_depth);
  CHECK(table.find("reverse_futility") != std::string::npos);
  const std::string svg = stats_svg(by_depth);
  CHECK(svg.rfind("<svg ", 0) == 0);
  CHECK(svg.find("</svg>") == svg.size() - 7);
  std::size_t polylines = 0;
  for (std::size_t at = svg.find("<polyline"); at != std::string::npos; at = svg.find("<polyline", at + 1)) ++polylines;
  CHECK(polylines == 2);
  CHECK(svg.find("nan") == std::string::npos);
}

TEST_CASE("every counter has its place in the CSV, the table and the info line", "[stats]") {
  SearchCounters c;
  for (int k = 0; k < STAT_COUNT; ++k) c.n[k] = 1000 + k;
  const std::vector<DepthStats> by_depth = {DepthStats{1, c}};
  const std::string csv = stats_csv(by_depth), table = stats_table(by_depth), info = format_stats(by_depth[0], nullptr);
  for (int k = 0; k < STAT_COUNT; ++k) {
    const Stat s = Stat(k);
    const std::string name(stat_name(s)), count = std::to_string(1000 + k);
    INFO(name);
    CHECK(csv.find("," + name) != std::string::npos);
    CHECK((table.find("\n" + name + " ") != std::string::npos) == (STAT_INFO[s].listed != StatListed::NONE));
    CHECK((info.find(" " + name + " " + count) != std::string::npos) == (STAT_INFO[s].listed == StatListed::INFO));
  }
}
