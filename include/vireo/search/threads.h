// Lazy SMP: the threads of a search share the transposition table and nothing else. Each
// searches the same root with its own position, stack and histories; the main thread reports
// and keeps time, the helpers fill the table from depths of their own, and the move played is
// voted on by all of them.
#pragma once

#include <memory>
#include <vector>

#include "vireo/search/search.h"

namespace vireo {

class ThreadPool {
 public:
  explicit ThreadPool(TranspositionTable& tt);

  // The number of search threads, 1 or more; between searches only.
  void resize(int threads);
  int size() const { return int(searchers_.size()); }

  void set_network(const std::shared_ptr<const nnue::Network>& net);
  void set_tablebase_settings(const TablebaseSettings& s);
  // Statistics are the main thread's: helpers search a different mix of depths.
  void set_stats(bool on);
  // The main thread's tree goes into `trace` (for the tree explorer, which searches alone).
  void set_trace(SearchTrace* trace) { searchers_[0]->set_trace(trace); }
  void clear();

  // Searches as Searcher::run does, on the calling thread (the main thread) and size() - 1
  // helpers, which stop when the main thread is done. The result is the vote's.
  SearchResult run(const Position& root, const Limits& limits, TimeManager& tm, SearchSignals& signals,
                   const SearchListeners& listeners, int multipv);

 private:
  TranspositionTable& tt_;
  std::shared_ptr<const nnue::Network> net_;
  TablebaseSettings tb_settings_;
  bool stats_ = false;
  std::vector<std::unique_ptr<Searcher>> searchers_;
};

// The move the threads agree on: each thread's best move gets votes by its depth and by how
// much better its score is than the worst thread's; a proven mate wins outright.
// `results[0]` is the main thread's, which wins ties.
const SearchResult& vote(const std::vector<SearchResult>& results);

}  // namespace vireo
