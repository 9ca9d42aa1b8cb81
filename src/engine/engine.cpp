#include "vireo/engine/engine.h"

#include <fmt/format.h>

namespace vireo {

Engine::Engine() : pool_(tt_), worker_([this] { worker_loop(); }) { pool_.set_network(net_); }

Engine::~Engine() {
  stop();
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  cv_.notify_all();
  worker_.join();
}

void Engine::set_listeners(SearchListeners listeners, BestMoveFn on_bestmove, BookFn on_book) {
  wait();
  listeners_ = std::move(listeners);
  on_bestmove_ = std::move(on_bestmove);
  on_book_ = std::move(on_book);
}

void Engine::worker_loop() {
  while (true) {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return job_pending_ || quit_; });
    if (quit_) return;
    job_pending_ = false;
    Limits limits = job_limits_;
    const SearchSettings settings = job_settings_;
    Position pos = job_position_;
    TimeManager tm = job_tm_;
    const std::optional<BookOffer> book = job_book_;
    lock.unlock();

    const SearchResult result = run_job(pos, limits, settings, tm, book);
    if (on_bestmove_) on_bestmove_(result);

    lock.lock();
    busy_ = false;
    cv_.notify_all();
  }
}

SearchResult Engine::run_job(const Position& pos, const Limits& limits, const SearchSettings& settings, TimeManager& tm,
                             const std::optional<BookOffer>& book) {
  if (book) {
    if (auto played = play_book(pos, limits, settings, tm, *book)) return *played;
    rearm_stop();
  }
  if (settings.limit_strength) return run_limited(pos, limits, settings, tm);
  return pool_.run(pos, limits, tm, signals_, listeners_, settings);
}

// The checks search with the game's clock and signals, so a short clock or a `stop` ends them
// early; a check cut short before its first depth keeps the book move. A move that fails its
// check is left to the search that follows, on the same clock.
std::optional<SearchResult> Engine::play_book(const Position& pos, Limits limits, SearchSettings settings,
                                              TimeManager& tm, const BookOffer& book) {
  BookVerdict verdict{book.move};
  SearchResult best;
  limits.depth = book.check_depth > 0 ? book.check_depth : BOOK_SCORE_DEPTH;
  settings.multipv = 1;
  if (book.check_depth > 0) {
    best = pool_.run(pos, limits, tm, signals_, listeners_, settings);
    rearm_stop();
  }
  limits.searchmoves = {book.move};
  SearchResult played = pool_.run(pos, limits, tm, signals_, listeners_, settings);
  played.best = book.move;
  verdict.score = played.score;
  verdict.best_score = best.score;
  verdict.depth = best.depth;
  const bool checked = book.check_depth > 0 && best.depth > 0 && played.depth > 0;
  // A GUI that said stop wants a move now, not a search.
  verdict.played = !checked || stop_requested_ || best.score - played.score <= book.margin;
  if (on_book_) on_book_(verdict);
  if (!verdict.played) return std::nullopt;
  return played;
}

// A weaker search: a node budget, the candidate lines a mistake picks from (the GUI sees only
// the lines it asked for), then the move a player of that strength would choose.
SearchResult Engine::run_limited(const Position& pos, Limits limits, SearchSettings settings, TimeManager& tm) {
  const StrengthLimit strength(settings.elo);
  limits.nodes = limits.nodes ? std::min(limits.nodes, strength.nodes()) : strength.nodes();
  const int lines = strength.lines(rng_());
  if (lines == 1) return pool_.run(pos, limits, tm, signals_, listeners_, settings);
  SearchListeners shown;
  shown.on_info = [this, asked = settings.multipv](const SearchInfo& info) {
    if (info.multipv <= asked && listeners_.on_info) listeners_.on_info(info);
  };
  shown.on_stats = listeners_.on_stats;
  shown.on_currmove = listeners_.on_currmove;
  settings.multipv = std::max(settings.multipv, lines);
  SearchResult result = pool_.run(pos, limits, tm, signals_, shown, settings);
  if (!result.lines.empty()) {
    const std::size_t index = strength.choose(result.lines, rng_());
    const RootLineResult& chosen = result.lines[index];
    // The GUI's last line is the move played, so its score and PV agree with `bestmove`: the
    // choice is made among the last iteration that finished every line, which need not be
    // the last one shown.
    if (listeners_.on_info) {
      SearchInfo shown_line = chosen.info;
      shown_line.multipv = 1;
      listeners_.on_info(shown_line);
    }
    result.best = chosen.move;
    result.ponder = chosen.ponder;
    result.score = chosen.score;
  }
  return result;
}

void Engine::go(const Limits& limits, const SearchSettings& settings, std::optional<BookOffer> book) {
  stop();
  std::lock_guard lock(mutex_);
  job_limits_ = limits;
  job_settings_ = settings;
  job_book_ = book;
  job_position_ = position_;
  // The clock starts when `go` arrives, not when the worker wakes.
  job_tm_ = TimeManager(limits, position_.side_to_move(), settings.move_overhead);
  stop_requested_ = false;
  signals_.stop = false;
  signals_.pondering = limits.ponder;
  job_pending_ = true;
  busy_ = true;
  cv_.notify_all();
}

void Engine::stop() {
  stop_requested_ = true;
  signals_.stop = true;
  wait();
}

// A search of several threads ends by raising the stop flag, which stops its helpers; a search
// that follows in the same `go` lowers it again, unless a `stop` came (checked after lowering
// it, so that a `stop` arriving meanwhile is not lost).
void Engine::rearm_stop() {
  signals_.stop = false;
  if (stop_requested_) signals_.stop = true;
}

void Engine::ponderhit() { signals_.pondering = false; }

void Engine::wait() {
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [this] { return !busy_; });
}

bool Engine::searching() const {
  std::lock_guard lock(mutex_);
  return busy_;
}

void Engine::set_position(const Position& pos) {
  stop();
  position_ = pos;
}

void Engine::new_game() {
  stop();
  tt_.clear();
  pool_.clear();
}

bool Engine::set_hash_mb(std::size_t mb) {
  stop();
  return tt_.resize(mb);
}

void Engine::clear_hash() {
  stop();
  tt_.clear();
}

void Engine::set_network(std::shared_ptr<const nnue::Network> net) {
  stop();
  net_ = std::move(net);
  pool_.set_network(net_);
  // The table's static evaluations came from the other evaluator.
  tt_.clear();
}

std::optional<std::string> Engine::set_threads(int n) {
  stop();
  if (!pool_.resize(n)) return fmt::format("cannot start {} search threads, keeping {}", n, pool_.size());
  return std::nullopt;
}

std::optional<std::string> Engine::load_tablebases(const std::string& paths, tablebase::LoadReport* report) {
  stop();
  auto err = tablebase::load(paths, report);
  // Scores stored before may contradict the tables now loaded, or rest on tables now gone.
  if (!err) tt_.clear();
  return err;
}

void Engine::set_trace(SearchTrace* trace) {
  stop();
  pool_.set_trace(trace);
}

SearchResult Engine::search_sync(const Position& pos, const Limits& limits, const SearchSettings& settings) {
  stop();
  SearchSignals signals;
  TimeManager tm(limits, pos.side_to_move(), settings.move_overhead);
  return pool_.run(pos, limits, tm, signals, SearchListeners{}, settings);
}

PerftDivide Engine::perft(int depth) {
  stop();
  Position pos = position_;
  return perft_divide(pos, depth);
}

}  // namespace vireo
