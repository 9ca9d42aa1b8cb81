#include "vireo/search/search_stats.h"

#include <fmt/format.h>

namespace vireo {

namespace {

constexpr std::array<std::string_view, STAT_COUNT> NAMES = {
    "nodes",          "qnodes",         "tt_probes",         "tt_hits",          "tt_cutoffs",
    "beta_cutoffs",   "first_cutoffs",  "cutoff_index_sum",  "reverse_futility", "null_tries",
    "null_cutoffs",   "late_move",      "futility",          "history",          "see",
    "delta",          "reduced",        "reduced_redone",    "pvs_redone",       "singular_tests",
    "singular_ext",   "multi_cuts",     "aspiration_fails",
};

double ratio(std::uint64_t a, std::uint64_t b) { return b ? double(a) / double(b) : 0.0; }

}  // namespace

std::string_view stat_name(Stat s) { return NAMES[s]; }

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
  std::string out = fmt::format("stats depth {} nodes {} ebf {:.2f} first_cutoff {:.1f}% cutoff_index {:.2f} "
                                "tt_hit {:.1f}% tt_cutoff {:.1f}% qnodes {:.1f}% reduced_redone {:.1f}%",
                                d.depth, c[STAT_NODES] + c[STAT_QNODES], s.ebf, 100 * s.first_move_cutoff,
                                s.mean_cutoff_index, 100 * s.tt_hit, 100 * s.tt_cutoff, 100 * s.qsearch_share,
                                100 * s.reduced_researched);
  for (Stat k : {STAT_REVERSE_FUTILITY, STAT_NULL_MOVE_TRIES, STAT_NULL_MOVE_CUTOFFS, STAT_LATE_MOVE_PRUNED,
                 STAT_FUTILITY_PRUNED, STAT_HISTORY_PRUNED, STAT_SEE_PRUNED, STAT_DELTA_PRUNED, STAT_REDUCED,
                 STAT_PVS_RESEARCHED, STAT_SINGULAR_TESTS, STAT_SINGULAR_EXTENDED, STAT_MULTI_CUTS,
                 STAT_ASPIRATION_FAILS})
    out += fmt::format(" {} {}", stat_name(k), c[k]);
  return out;
}

}  // namespace vireo
