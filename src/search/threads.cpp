#include "vireo/search/threads.h"

#include <algorithm>
#include <map>
#include <thread>

namespace vireo {

ThreadPool::ThreadPool(TranspositionTable& tt) : tt_(tt) { resize(1); }

void ThreadPool::resize(int threads) {
  threads = std::max(threads, 1);
  while (int(searchers_.size()) > threads) searchers_.pop_back();
  while (int(searchers_.size()) < threads) {
    searchers_.push_back(std::make_unique<Searcher>(tt_));
    searchers_.back()->set_network(net_);
    searchers_.back()->set_tablebase_settings(tb_settings_);
  }
  for (int i = 0; i < threads; ++i) searchers_[i]->set_team(i, threads > 1 ? &searchers_ : nullptr);
  searchers_[0]->set_stats(stats_);
}

void ThreadPool::set_stats(bool on) {
  stats_ = on;
  searchers_[0]->set_stats(on);
}

void ThreadPool::set_network(const std::shared_ptr<const nnue::Network>& net) {
  net_ = net;
  for (auto& s : searchers_) s->set_network(net);
}

void ThreadPool::set_tablebase_settings(const TablebaseSettings& settings) {
  tb_settings_ = settings;
  for (auto& s : searchers_) s->set_tablebase_settings(settings);
}

void ThreadPool::clear() {
  for (auto& s : searchers_) s->clear();
}

SearchResult ThreadPool::run(const Position& root, const Limits& limits, TimeManager& tm, SearchSignals& signals,
                             const SearchListeners& listeners, int multipv) {
  const TimePoint start = now_ms();
  tt_.new_search();
  if (size() == 1) return searchers_[0]->run(root, limits, tm, signals, listeners, multipv);

  // Helpers know no clock, depth or mate target: the main thread decides when all stop. Under
  // a depth limit a helper that skips the last depth would otherwise sit idle through the main
  // thread's deepest, costliest iteration. They do watch the team's node count, so a node limit
  // holds however the threads are scheduled.
  Limits helper_limits;
  helper_limits.nodes = limits.nodes;
  helper_limits.searchmoves = limits.searchmoves;
  SearchSignals helper_signals;
  for (auto& s : searchers_) s->reset_published_nodes();
  std::vector<SearchResult> results(searchers_.size());
  std::vector<TimeManager> clocks(searchers_.size(), TimeManager(helper_limits, root.side_to_move(), 0));
  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < searchers_.size(); ++i)
    helpers.emplace_back([&, i] {
      results[i] = searchers_[i]->run(root, helper_limits, clocks[i], helper_signals, SearchListeners{}, 1);
    });
  results[0] = searchers_[0]->run(root, limits, tm, signals, listeners, multipv);
  helper_signals.stop = true;
  for (std::thread& t : helpers) t.join();

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
