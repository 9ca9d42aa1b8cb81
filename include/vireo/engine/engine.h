// The façade between the UCI text layer and the search: a position, a search thread that
// parks between searches, the hash table and what a search needs that outlives it (threads,
// network, tables). The settings that shape a search come with each search (SearchSettings).
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "vireo/board/perft.h"
#include "vireo/engine/book_offer.h"
#include "vireo/engine/strength.h"
#include "vireo/search/search.h"
#include "vireo/search/tablebase.h"
#include "vireo/search/threads.h"

namespace vireo {

class Engine {
 public:
  using BestMoveFn = std::function<void(const SearchResult&)>;
  using BookFn = std::function<void(const BookVerdict&)>;

  Engine();
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // `on_book` hears what became of each offered book move, before its bestmove.
  void set_listeners(SearchListeners listeners, BestMoveFn on_bestmove, BookFn on_book = {});

  // Each of these first stops a running search and waits for it.
  void set_position(const Position& pos);
  void new_game();
  bool set_hash_mb(std::size_t mb);
  void clear_hash();
  // The network that evaluates; none: the hand-written evaluation. Default: the embedded one.
  void set_network(std::shared_ptr<const nnue::Network> net);
  // Search threads (Lazy SMP); 1 searches alone, deterministically. An error (the threads
  // cannot be allocated) leaves the threads there were.
  std::optional<std::string> set_threads(int n);
  int threads() const { return pool_.size(); }
  // Records the next searches' trees into `trace` (none: stop); see search_trace.h.
  void set_trace(SearchTrace* trace);
  // Loads the Syzygy tables of `paths` (see tablebase::load); an error leaves the old ones.
  std::optional<std::string> load_tablebases(const std::string& paths, tablebase::LoadReport* report);

  const Position& position() const { return position_; }
  std::size_t hash_mb() const { return tt_.size_mb(); }
  const std::shared_ptr<const nnue::Network>& network() const { return net_; }

  // Starts a search in the background; the result arrives through on_bestmove. With a book
  // offer the book move is played unless its check fails, within the same clock and `stop`.
  void go(const Limits& limits, const SearchSettings& settings, std::optional<BookOffer> book = std::nullopt);
  void stop();
  void ponderhit();
  void wait();
  bool searching() const;

  // Runs a search on the calling thread (bench, tests) at full strength: UCI_LimitStrength is
  // for games, through `go`. Listeners are not called.
  SearchResult search_sync(const Position& pos, const Limits& limits, const SearchSettings& settings = {});
  PerftDivide perft(int depth);

 private:
  void worker_loop();
  SearchResult run_job(const Position& pos, const Limits& limits, const SearchSettings& settings, TimeManager& tm,
                       const std::optional<BookOffer>& book);
  std::optional<SearchResult> play_book(const Position& pos, Limits limits, SearchSettings settings, TimeManager& tm,
                                        const BookOffer& book);
  SearchResult run_limited(const Position& pos, Limits limits, SearchSettings settings, TimeManager& tm);
  void rearm_stop();

  Position position_;
  TranspositionTable tt_;
  std::shared_ptr<const nnue::Network> net_ = nnue::embedded_network();
  ThreadPool pool_;
  SearchSignals signals_;
  std::atomic<bool> stop_requested_ = false;  // by the GUI, through stop(), since the last go
  SearchListeners listeners_;
  BestMoveFn on_bestmove_;
  BookFn on_book_;
  std::mt19937_64 rng_{std::random_device{}()};

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  bool job_pending_ = false;
  bool busy_ = false;
  bool quit_ = false;
  Limits job_limits_;
  SearchSettings job_settings_;
  std::optional<BookOffer> job_book_;
  TimeManager job_tm_;
  Position job_position_;
  std::thread worker_;
};

}  // namespace vireo
