#include "vireo/search/search_stats.h"

#include <fmt/format.h>

namespace vireo {

namespace {

// Names are what `info string stats` and the CSV header are read by: each one once.
constexpr bool names_distinct() {
  for (int a = 0; a < STAT_COUNT; ++a) {
    if (STAT_INFO[a].name.empty()) return false;
    for (int b = a + 1; b < STAT_COUNT; ++b)
      if (STAT_INFO[a].name == STAT_INFO[b].name) return false;
  }
  return true;
}
static_assert(names_distinct(), "every search counter needs a name of its own");

double ratio(std::uint64_t a, std::uint64_t b) { return b ? double(a) / double(b) : 0.0; }

}  // namespace

StatsSummary summarize(const SearchCounters& c, const SearchCounters* previous) {
  StatsSummary s;
  const std::uint64_t all = c[STAT_NODES] + c[STAT_QNODES];
  if (previous) s.ebf = ratio(all, (*previous)[STAT_NODES] + (*previous)[STAT_QNODES]);
  s.first_move_cutoff = ratio(c[STAT_FIRST_MOVE_CUTOFFS], c[STAT_BETA_CUTOFFS]);
  s.mean_cutoff_index = ratio(c[STAT_CUTOFF_INDEX_SUM], c[STAT_BETA_CUTOFFS]);
  s.tt_hit = ratio(c[STAT_TT_HITS], c[STAT_TT_PROBES]);
  s.tt_cutoff = ratio(c[STAT_TT_CUTOFFS], c[STAT_TT_PROBES]);
  s.qsearch_share = ratio(c[STAT_QNODES], all);
  s.reduced_researched = ratio(c[STAT_REDUCED_RESEARCHED], c[STAT_REDUCED]);
  return s;
}

std::string format_stats(const DepthStats& d, const SearchCounters* previous) {
  const SearchCounters& c = d.counters;
  const StatsSummary s = summarize(c, previous);
  std::string out = fmt::format(
      "stats depth {} nodes {} ebf {:.2f} first_cutoff {:.1f}% cutoff_index {:.2f} "
      "tt_hit {:.1f}% tt_cutoff {:.1f}% qnodes {:.1f}% reduced_redone {:.1f}%",
      d.depth, c[STAT_NODES] + c[STAT_QNODES], s.ebf, 100 * s.first_move_cutoff, s.mean_cutoff_index, 100 * s.tt_hit,
      100 * s.tt_cutoff, 100 * s.qsearch_share, 100 * s.reduced_researched);
  for (int k = 0; k < STAT_COUNT; ++k)
    if (STAT_INFO[k].listed == StatListed::INFO) out += fmt::format(" {} {}", stat_name(Stat(k)), c[Stat(k)]);
  return out;
}

}  // namespace vireo
