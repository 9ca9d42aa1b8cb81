// A record of the tree the search walked, for the tree explorer (`vireo tree`): one entry per
// node with its window, result and what pruned, reduced or cut it. Recorded only when a trace
// is attached to the search; each new root search starts the record afresh, so what remains
// is the tree of the final iteration's last search.
#pragma once

#include <cstddef>
#include <vector>

#include "vireo/board/types.h"
#include "vireo/eval/score.h"
#include "vireo/search/search_stats.h"

namespace vireo {

struct TraceNode {
  int parent = -1;  // index of the parent node; -1 for the root
  Move move;        // the move from the parent; none for the root and a null move
  bool null_move = false;
  bool singular_test = false;  // a search of this node without its TT move (`move`)
  bool qsearch = false;
  int depth = 0;            // plies left (0 in quiescence)
  int alpha = 0, beta = 0;  // the window on entry, from the side to move's view
  int score = SCORE_NONE;   // what the node returned (SCORE_NONE: the search was aborted)
  bool tt_hit = false;
  int reduction = 0;        // late-move reduction of this search, in plies
  bool research = false;    // searched again after a reduced or null-window search of the same move
  bool pruned = false;      // a move the search skipped without searching it
  Stat event = STAT_COUNT;  // what decided the node: a pruning, a TT, null-move or multi-cut
                            // cutoff, a singular extension; STAT_COUNT: none of them
};

class SearchTrace {
 public:
  // At most `max_nodes` are kept; the rest are only counted.
  explicit SearchTrace(std::size_t max_nodes) : max_nodes_(max_nodes) {}

  // Called by the search.
  void begin_root() {
    nodes_.clear();
    open_.clear();
    dropped_ = 0;
  }
  void open(const TraceNode& entry);
  void close(int score);
  void tt_hit();
  void event(Stat s);
  void pruned(Move move, Stat why);
  // The next child opened is reduced by `r` plies, or is a re-search.
  void next_reduction(int r) { next_reduction_ = r; }
  void next_research() { next_research_ = true; }

  const std::vector<TraceNode>& nodes() const { return nodes_; }
  std::size_t dropped() const { return dropped_; }

 private:
  int current() const { return open_.empty() ? -1 : open_.back(); }

  std::size_t max_nodes_;
  std::vector<TraceNode> nodes_;
  std::vector<int> open_;  // nodes entered and not yet left; -1 for one not kept
  std::size_t dropped_ = 0;
  int next_reduction_ = 0;
  bool next_research_ = false;
};

}  // namespace vireo
