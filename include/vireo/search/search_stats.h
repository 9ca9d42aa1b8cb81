// What the search did, counted when `SearchStats` is on: how well the moves are ordered, what
// the transposition table saves, how often each pruning and reduction fires. Off, the search
// pays one predictable branch per counter and counts nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace vireo {

enum Stat : int {
  STAT_NODES,               // main-search nodes (quiescence not included)
  STAT_QNODES,              // quiescence nodes
  STAT_TT_PROBES,           // main-search probes
  STAT_TT_HITS,
  STAT_TT_CUTOFFS,          // nodes answered by the TT alone
  STAT_BETA_CUTOFFS,        // nodes where a searched move reached beta
  STAT_FIRST_MOVE_CUTOFFS,  // ... with the first move searched
  STAT_CUTOFF_INDEX_SUM,    // sum of the (1-based) index of the move that cut
  STAT_REVERSE_FUTILITY,
  STAT_NULL_MOVE_TRIES,
  STAT_NULL_MOVE_CUTOFFS,
  STAT_LATE_MOVE_PRUNED,
  STAT_FUTILITY_PRUNED,
  STAT_HISTORY_PRUNED,
  STAT_SEE_PRUNED,          // quiet moves and captures below the SEE threshold
  STAT_DELTA_PRUNED,        // captures skipped in quiescence
  STAT_REDUCED,             // late moves searched with a reduction
  STAT_REDUCED_RESEARCHED,  // ... that beat alpha and were searched again at full depth
  STAT_PVS_RESEARCHED,      // null-window searches re-searched with the full window
  STAT_SINGULAR_TESTS,
  STAT_SINGULAR_EXTENDED,
  STAT_MULTI_CUTS,
  STAT_ASPIRATION_FAILS,
  STAT_COUNT
};

// The name of each counter, as in `info string stats` and the CSV header.
std::string_view stat_name(Stat s);

struct SearchCounters {
  std::array<std::uint64_t, STAT_COUNT> n{};

  std::uint64_t operator[](Stat s) const { return n[s]; }
  SearchCounters& operator+=(const SearchCounters& o) {
    for (int i = 0; i < STAT_COUNT; ++i) n[i] += o.n[i];
    return *this;
  }
  SearchCounters operator-(const SearchCounters& o) const {
    SearchCounters d = *this;
    for (int i = 0; i < STAT_COUNT; ++i) d.n[i] -= o.n[i];
    return d;
  }
};

// The counters of one iteration of iterative deepening.
struct DepthStats {
  int depth = 0;
  SearchCounters counters;
};

// Measures derived from one iteration's counters (and the one before it, for the branching factor).
struct StatsSummary {
  double ebf = 0;                  // nodes of this iteration / nodes of the previous one
  double first_move_cutoff = 0;    // share of beta cutoffs made by the first move
  double mean_cutoff_index = 0;    // 1 = perfect ordering
  double tt_hit = 0, tt_cutoff = 0;  // shares of main-search probes
  double qsearch_share = 0;        // quiescence nodes / all nodes
  double reduced_researched = 0;   // share of reduced searches redone at full depth
};
StatsSummary summarize(const SearchCounters& c, const SearchCounters* previous);

// One `info string stats ...` payload (without the prefix) for an iteration.
std::string format_stats(const DepthStats& d, const SearchCounters* previous);

}  // namespace vireo
