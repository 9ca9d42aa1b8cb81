// Lazy SMP: the threads of a search share the transposition table and nothing else. Each
// searches the same root with its own position, stack and histories; the main thread reports
// and keeps time, the helpers fill the table from depths of their own, and the move played is
// voted on by all of them.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "vireo/search/search.h"

namespace vireo {

// The helpers are OS threads that live as long as the pool's size: created by resize, parked
// on a condition variable between searches and woken for each. Creating them per search cost
// more than the search itself with hundreds of threads on a few cores.
class ThreadPool {
 public:
  explicit ThreadPool(TranspositionTable& tt);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // The number of search threads, 1 or more; between searches only. False when the threads
  // or their searchers cannot be allocated: the pool then keeps the threads it had.
  bool resize(int threads);
  int size() const { return int(searchers_.size()); }

  void set_network(const std::shared_ptr<const nnue::Network>& net);
  // The main thread's tree goes into `trace` (for the tree explorer, which searches alone).
  void set_trace(SearchTrace* trace) { searchers_[0]->set_trace(trace); }
  void clear();

  // Searches as Searcher::run does, on the calling thread (the main thread) and size() - 1
  // helpers. The helpers stop on signals.stop, which is raised when the main thread is done;
  // a helper that had not started by then sits this search out. The result is the vote's.
  SearchResult run(const Position& root, const Limits& limits, TimeManager& tm, SearchSignals& signals,
                   const SearchListeners& listeners, const SearchSettings& settings);

 private:
  // What the helpers of the search under way search, and where they leave their results.
  struct Job {
    const Position* root = nullptr;
    Limits limits;
    SearchSettings settings;
    SearchSignals* signals = nullptr;
    std::vector<TimeManager> clocks;
    std::vector<SearchResult> results;  // [0] is the main thread's
  };

  void grow(std::size_t threads);
  void shrink(std::size_t threads);
  void helper_loop(std::size_t index, std::uint64_t generation);
  void start_helpers(const Position& root, const Limits& limits, const SearchSettings& settings,
                     SearchSignals& signals);
  void finish_helpers(SearchSignals& signals);
  SearchResult team_result(const Limits& limits, const SearchListeners& listeners, int multipv, TimePoint start) const;

  TranspositionTable& tt_;
  std::shared_ptr<const nnue::Network> net_;
  std::vector<std::unique_ptr<Searcher>> searchers_;
  std::vector<std::thread> helpers_;  // helpers_[i - 1] searches with searchers_[i]
  Job job_;

  // Guards the fields below, which tell the helpers what to do.
  std::mutex mutex_;
  std::condition_variable wake_;      // a search starts, or helpers must quit
  std::condition_variable finished_;  // the last running helper is done
  std::uint64_t generation_ = 0;      // counts searches; a helper searches once per value
  std::size_t wanted_ = 1;            // helpers whose index is at least this quit
  bool open_ = false;                 // the search under way still takes helpers that wake late
  int running_ = 0;                   // helpers searching now
};

// The move the threads agree on: each thread's best move gets votes by its depth and by how
// much better its score is than the worst thread's; a proven mate wins outright.
// `results[0]` is the main thread's, which wins ties.
const SearchResult& vote(const std::vector<SearchResult>& results);

}  // namespace vireo
