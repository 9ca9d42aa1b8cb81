// What the search did, counted when `SearchStats` is on: how well the moves are ordered, what
// the transposition table saves, how often each pruning and reduction fires. Off, the search
// pays one predictable branch per counter and counts nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace vireo {

// Every counter, declared once: X(ID, name, listed). The name is the one `info string stats`
// and the CSV use. `listed` says where a counter appears by itself: NONE (only in the summary
// measures: ordering, TT, quiescence share), TABLE (the stats tool's per-1000-nodes table of
// pruning and reductions) or INFO (that table and `info string stats`). The pruning and
// reduction counters come in the order the search meets them.
// The table stays as written: one counter a line.
// clang-format off
#define VIREO_SEARCH_STATS(X)                                                                       \
  X(NODES, "nodes", NONE)                       /* main-search nodes (quiescence apart) */          \
  X(QNODES, "qnodes", NONE)                     /* quiescence nodes */                              \
  X(TT_PROBES, "tt_probes", NONE)               /* main-search probes */                            \
  X(TT_HITS, "tt_hits", NONE)                                                                       \
  X(TT_CUTOFFS, "tt_cutoffs", TABLE)            /* nodes answered by the TT alone */                \
  X(BETA_CUTOFFS, "beta_cutoffs", NONE)         /* nodes where a searched move hit beta */          \
  X(FIRST_MOVE_CUTOFFS, "first_cutoffs", NONE)  /* ... with the first move searched */              \
  X(CUTOFF_INDEX_SUM, "cutoff_index_sum", NONE) /* sum of the cutting moves' 1-based index */       \
  X(REVERSE_FUTILITY, "reverse_futility", INFO)                                                     \
  X(NULL_MOVE_TRIES, "null_tries", INFO)                                                            \
  X(NULL_MOVE_CUTOFFS, "null_cutoffs", INFO)                                                        \
  X(SINGULAR_TESTS, "singular_tests", INFO)                                                         \
  X(SINGULAR_EXTENDED, "singular_ext", INFO)                                                        \
  X(MULTI_CUTS, "multi_cuts", INFO)                                                                 \
  X(LATE_MOVE_PRUNED, "late_move", INFO)                                                            \
  X(FUTILITY_PRUNED, "futility", INFO)                                                              \
  X(HISTORY_PRUNED, "history", INFO)                                                                \
  X(SEE_PRUNED, "see", INFO)                    /* quiet moves and captures below SEE */            \
  X(REDUCED, "reduced", INFO)                   /* late moves searched with a reduction */          \
  X(REDUCED_RESEARCHED, "reduced_redone", TABLE) /* ... searched again at full depth */              \
  X(PVS_RESEARCHED, "pvs_redone", INFO)         /* null windows redone with the full one */         \
  X(DELTA_PRUNED, "delta", INFO)                /* captures skipped in quiescence */                \
  X(ASPIRATION_FAILS, "aspiration_fails", INFO)
// clang-format on

#define VIREO_STAT_ID(id, name, listed) STAT_##id,
enum Stat : int { VIREO_SEARCH_STATS(VIREO_STAT_ID) STAT_COUNT };
#undef VIREO_STAT_ID

enum class StatListed { NONE, TABLE, INFO };

struct StatInfo {
  std::string_view name;
  StatListed listed;
};

#define VIREO_STAT_INFO(id, name, listed) StatInfo{name, StatListed::listed},
inline constexpr std::array<StatInfo, STAT_COUNT> STAT_INFO = {VIREO_SEARCH_STATS(VIREO_STAT_INFO)};
#undef VIREO_STAT_INFO

// The name of each counter, as in `info string stats` and the CSV header.
constexpr std::string_view stat_name(Stat s) { return STAT_INFO[s].name; }

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
  double ebf = 0;                    // nodes of this iteration / nodes of the previous one
  double first_move_cutoff = 0;      // share of beta cutoffs made by the first move
  double mean_cutoff_index = 0;      // 1 = perfect ordering
  double tt_hit = 0, tt_cutoff = 0;  // shares of main-search probes
  double qsearch_share = 0;          // quiescence nodes / all nodes
  double reduced_researched = 0;     // share of reduced searches redone at full depth
};
StatsSummary summarize(const SearchCounters& c, const SearchCounters* previous);

// One `info string stats ...` payload (without the prefix) for an iteration.
std::string format_stats(const DepthStats& d, const SearchCounters* previous);

}  // namespace vireo
