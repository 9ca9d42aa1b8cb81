#include "vireo/search/threads.h"

#include <algorithm>
#include <map>
#include <new>
#include <system_error>

namespace vireo {

ThreadPool::ThreadPool(TranspositionTable& tt) : tt_(tt) { grow(1); }

ThreadPool::~ThreadPool() { shrink(1); }

bool ThreadPool::resize(int threads) {
  const std::size_t before = searchers_.size(), wanted = std::size_t(std::max(threads, 1));
  bool made = true;
  try {
    if (wanted < before)
      shrink(wanted);
    else
      grow(wanted);
  } catch (const std::bad_alloc&) {
    made = false;
  } catch (const std::system_error&) {  // the OS refused a thread (its stack, a thread limit)
    made = false;
  }
  if (!made) shrink(before);
  for (std::size_t i = 0; i < searchers_.size(); ++i)
    searchers_[i]->set_team(int(i), size() > 1 ? &searchers_ : nullptr);
  return made;
}

// Adds searchers and their helper threads up to `threads`; throws std::bad_alloc or
// std::system_error when one cannot be had, leaving those made so far for shrink to undo.
void ThreadPool::grow(std::size_t threads) {
  searchers_.reserve(threads);
  helpers_.reserve(threads - 1);
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    wanted_ = threads;
    generation = generation_;
  }
  while (searchers_.size() < threads) {
    auto searcher = std::make_unique<Searcher>(tt_);
    searcher->set_network(net_);
    searchers_.push_back(std::move(searcher));
    if (const std::size_t index = searchers_.size() - 1; index > 0)
      helpers_.emplace_back([this, index, generation] { helper_loop(index, generation); });
  }
}

// Joins the helpers from index `threads` on and drops their searchers.
void ThreadPool::shrink(std::size_t threads) {
  {
    std::lock_guard lock(mutex_);
    wanted_ = threads;
  }
  wake_.notify_all();
  while (helpers_.size() >= threads) {
    helpers_.back().join();
    helpers_.pop_back();
  }
  searchers_.resize(threads);
}

// A helper parks until a search starts, searches it and parks again; it quits when the pool
// shrinks below its index. `seen` is the generation it has searched (or was created in).
void ThreadPool::helper_loop(std::size_t index, std::uint64_t seen) {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return index >= wanted_ || generation_ != seen; });
    if (index >= wanted_) return;
    seen = generation_;
    // Scheduled only after the main thread finished (hundreds of threads on a few cores):
    // its search is over, and starting it now would only delay the bestmove.
    if (!open_) continue;
    ++running_;
    lock.unlock();
    job_.results[index] = searchers_[index]->run(*job_.root, job_.limits, job_.clocks[index], *job_.signals,
                                                 SearchListeners{}, job_.settings);
    lock.lock();
    if (--running_ == 0) finished_.notify_all();
  }
}

void ThreadPool::set_network(const std::shared_ptr<const nnue::Network>& net) {
  net_ = net;
  for (auto& s : searchers_) s->set_network(net);
}

void ThreadPool::clear() {
  for (auto& s : searchers_) s->clear();
}

SearchResult ThreadPool::run(const Position& root, const Limits& limits, TimeManager& tm, SearchSignals& signals,
                             const SearchListeners& listeners, const SearchSettings& settings) {
  const TimePoint start = now_ms();
  tt_.new_search();
  if (size() == 1) return searchers_[0]->run(root, limits, tm, signals, listeners, settings);
  start_helpers(root, limits, settings, signals);
  job_.results[0] = searchers_[0]->run(root, limits, tm, signals, listeners, settings);
  finish_helpers(signals);
  return team_result(limits, listeners, settings.multipv, start);
}

void ThreadPool::start_helpers(const Position& root, const Limits& limits, const SearchSettings& settings,
                               SearchSignals& signals) {
  // Helpers know no clock, depth or mate target: the main thread decides when all stop. Under
  // a depth limit a helper that skips the last depth would otherwise sit idle through the main
  // thread's deepest, costliest iteration. They do watch the team's node count, so a node limit
  // holds however the threads are scheduled.
  job_.limits = Limits{};
  job_.limits.nodes = limits.nodes;
  job_.limits.searchmoves = limits.searchmoves;
  // One line each, and statistics are the main thread's: helpers search a different mix of depths.
  job_.settings = settings;
  job_.settings.multipv = 1;
  job_.settings.stats = false;
  job_.root = &root;
  job_.signals = &signals;
  job_.clocks.assign(searchers_.size(), TimeManager(job_.limits, root.side_to_move(), 0));
  job_.results.assign(searchers_.size(), SearchResult{});
  for (auto& s : searchers_) s->reset_published_nodes();
  {
    std::lock_guard lock(mutex_);
    ++generation_;
    open_ = true;
  }
  wake_.notify_all();
}

// The helpers search on the main thread's signals, so that a `stop` reaches them at once, not
// after the main thread (one of many on a few cores) gets its turn to notice it. Raising the
// flag here stops them when the main thread ends on its own (depth, time, mate found).
void ThreadPool::finish_helpers(SearchSignals& signals) {
  signals.stop = true;
  std::unique_lock lock(mutex_);
  open_ = false;
  finished_.wait(lock, [this] { return running_ == 0; });
}

SearchResult ThreadPool::team_result(const Limits& limits, const SearchListeners& listeners, int multipv,
                                     TimePoint start) const {
  const std::vector<SearchResult>& results = job_.results;
  std::uint64_t nodes = 0;
  for (const SearchResult& r : results) nodes += r.nodes;
  // MultiPV lines and a mate search are the main thread's to report as searched.
  SearchResult chosen = multipv > 1 || limits.mate ? results[0] : vote(results);
  chosen.nodes = nodes;
  chosen.depth_stats = results[0].depth_stats;
  // The GUI's last line must be the move played (tournament managers check that `bestmove`
  // starts the last PV) and its score: a helper's result is shown with its own depth and PV.
  const bool helpers_choice =
      chosen.best != results[0].best || chosen.score != results[0].score || chosen.depth != results[0].depth;
  if (helpers_choice && !chosen.lines.empty() && listeners.on_info) {
    SearchInfo info = chosen.lines.front().info;
    info.nodes = nodes;
    info.time_ms = now_ms() - start;
    listeners.on_info(info);
  }
  return chosen;
}

const SearchResult& vote(const std::vector<SearchResult>& results) {
  int worst = SCORE_INFINITE;
  for (const SearchResult& r : results)
    if (r.depth > 0) worst = std::min(worst, r.score);
  std::map<std::uint16_t, long long> votes;
  for (const SearchResult& r : results)
    if (r.depth > 0 && r.best) votes[r.best.raw()] += (long long)(r.score - worst + 20) * r.depth;
  const SearchResult* best = &results[0];
  for (const SearchResult& r : results) {
    if (r.depth == 0 || !r.best) continue;
    // A shorter proven mate beats any vote; short of that, the move with most votes, and for
    // it the deepest thread.
    if (is_mate_score(r.score) && r.score > 0) {
      if (r.score > best->score) best = &r;
      continue;
    }
    if (is_mate_score(best->score) && best->score > 0) continue;
    const long long v = votes[r.best.raw()], b = votes[best->best.raw()];
    if (v > b || (v == b && r.best == best->best && r.depth > best->depth)) best = &r;
  }
  return *best;
}

}  // namespace vireo
