#include "vireo/search/search.h"

#include <algorithm>
#include <bit>
#include <thread>

#include "vireo/eval/evaluate.h"
#include "vireo/search/search_params.h"
#include "vireo/search/see.h"
#include "vireo/search/tablebase.h"

namespace vireo {

namespace {

using namespace params;

int lmp_limit(int depth, bool improving) { return (LMP_BASE + depth * depth) / (improving ? 1 : 2); }

int history_bonus(int depth) { return std::min(HISTORY_BONUS_SCALE * depth, HISTORY_BONUS_MAX); }

}  // namespace

Searcher::Searcher(TranspositionTable& tt) : tt_(tt), hist_(std::make_unique<Histories>()) {}

void Searcher::clear() {
  hist_->clear();
  for (Frame& f : stack_) f.killers = Killers{};
}

bool Searcher::should_stop() {
  if (aborted_) return true;
  if (signals_->stop.load(std::memory_order_relaxed)) return aborted_ = true;
  // Alone, the node limit is exact (bench and tests rely on it); with helpers it counts the
  // whole team, every 1,024 nodes. Either waits for the first iteration: any move it returns
  // has been searched.
  if (limits_->nodes && !team_ && nodes_ >= limits_->nodes && root_depth_done_) return aborted_ = true;
  if ((nodes_ & 1023) == 0) {
    published_nodes_.store(nodes_, std::memory_order_relaxed);
    if (limits_->nodes && team_ && team_nodes() >= limits_->nodes && root_depth_done_) return aborted_ = true;
    const bool pondering = signals_->pondering.load(std::memory_order_relaxed);
    if (was_pondering_ && !pondering) tm_->restart();  // ponderhit: our clock starts now
    was_pondering_ = pondering;
    if (!pondering && tm_->must_abort()) aborted_ = true;
  }
  return aborted_;
}

int Searcher::static_evaluate() { return net_ ? accumulators_.evaluate(pos_) : evaluate(pos_); }

// The further the 50-move counter, the nearer a draw, whatever the material says: the eval
// shrinks towards zero with it, so that the search prefers lines that capture or push a pawn
// to shuffling until the rule ends the game.
int Searcher::corrected_eval(int raw) const {
  const int corrected = raw * (RULE50_FADE - pos_.rule50()) / RULE50_FADE + hist_->correction(pos_);
  return std::clamp(corrected, -SCORE_TB_WIN_IN_MAX + 1, SCORE_TB_WIN_IN_MAX - 1);
}

// A TT score whose bound lies on the far side of the static eval (a lower bound above it, an
// upper bound below) is a searched, so better, estimate of the position's value.
int Searcher::tt_refined(int static_eval, bool tt_hit, const TTData& tte) {
  if (tt_hit && tte.score != SCORE_NONE && !is_decisive(tte.score) &&
      (tte.bound & (tte.score > static_eval ? BOUND_LOWER : BOUND_UPPER)))
    return tte.score;
  return static_eval;
}

void Searcher::make_move(int ply, Move m) {
  Frame& f = stack_[ply];
  f.move = m;
  f.moved = pos_.moved_piece(m);
  f.cont = hist_->continuation_of(f.moved, m.to());
  // The child probes the TT first thing: its bucket loads while the move is made.
  tt_.prefetch(pos_.key_after(m));
  if (net_) accumulators_.push(pos_, m);
  pos_.make_move(m);
}

void Searcher::unmake_move(Move m) {
  pos_.unmake_move(m);
  if (net_) accumulators_.pop();
}

void Searcher::make_null_move(int ply) {
  Frame& f = stack_[ply];
  f.move = Move::none();
  f.moved = NO_PIECE;
  f.cont = hist_->continuation_of(NO_PIECE, A1);
  if (net_) accumulators_.push_null();
  pos_.make_null_move();
  tt_.prefetch(pos_.key());
}

void Searcher::unmake_null_move() {
  pos_.unmake_null_move();
  if (net_) accumulators_.pop();
}

bool Searcher::root_move_allowed(Move m) const {
  return std::find(root_moves_.begin(), root_moves_.end(), m) != root_moves_.end() &&
         std::find(excluded_root_.begin(), excluded_root_.end(), m) == excluded_root_.end();
}

void Searcher::update_pv(int ply, Move m) {
  Frame& f = stack_[ply];
  const Frame& child = stack_[ply + 1];
  f.pv[0] = m;
  std::copy(child.pv.begin(), child.pv.begin() + child.pv_length, f.pv.begin() + 1);
  f.pv_length = child.pv_length + 1;
}

// Every reply failed low: the quiet move that led here was better than its history said (the
// opponent found nothing against it), so it earns the bonus a cutoff would have given it.
void Searcher::reward_prior_move(int ply, int depth) {
  const Frame& prev = stack_[ply - 1];
  if (!prev.move || pos_.captured_piece() != NO_PIECE || prev.move.kind() == Move::PROMOTION) return;
  hist_->update_quiet(~pos_.side_to_move(), prev.moved, prev.move, continuation_tables(ply - 1), history_bonus(depth));
}

// Where two plies up was in check (no eval), four plies up stands in; where neither is known,
// pruning and reductions should not grow on a guess, so the node counts as improving.
bool Searcher::improving(int now, int two_back, int four_back) {
  if (now == SCORE_NONE) return false;
  const int then = two_back != SCORE_NONE ? two_back : four_back;
  return then == SCORE_NONE || now > then;
}

bool Searcher::is_improving(int ply) const {
  const auto eval_back = [&](int back) { return ply >= back ? stack_[ply - back].static_eval : SCORE_NONE; };
  return improving(stack_[ply].static_eval, eval_back(2), eval_back(4));
}

void Searcher::announce_root_move(Move m, int number) const {
  if (listeners_->on_currmove && now_ms() - start_ >= CURRMOVE_AFTER_MS) listeners_->on_currmove(m, number);
}

ContinuationTables Searcher::continuation_tables(int ply) {
  ContinuationTables t;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const int k = ply - CONTINUATION_PLIES[i];
    t[i] = k >= 0 && stack_[k].cont ? stack_[k].cont : hist_->continuation_of(NO_PIECE, A1);
  }
  return t;
}

// The move that cut off gains, the moves tried before it lose: quiet moves in the butterfly
// and continuation tables, captures (tried before any cutoff, quiet or not) in capture history.
void Searcher::update_stats(int ply, int depth, Move best, bool quiet, const Tried& tried,
                            const ContinuationTables& cont) {
  const Color us = pos_.side_to_move();
  const int bonus = history_bonus(depth);
  if (quiet) {
    hist_->update_quiet(us, pos_.moved_piece(best), best, cont, bonus);
    for (int i = 0; i < tried.quiet_count; ++i)
      hist_->update_quiet(us, pos_.moved_piece(tried.quiets[i]), tried.quiets[i], cont, -bonus);
    stack_[ply].killers.add(best);
    if (ply > 0 && stack_[ply - 1].move) hist_->countermove[stack_[ply - 1].moved][stack_[ply - 1].move.to()] = best;
  } else {
    hist_->update_capture(pos_.moved_piece(best), best, pos_.captured_type(best), bonus);
  }
  for (int i = 0; i < tried.capture_count; ++i) {
    const Move m = tried.captures[i];
    hist_->update_capture(pos_.moved_piece(m), m, pos_.captured_type(m), -bonus);
  }
}

SearchResult Searcher::run(const Position& root, const Limits& limits, TimeManager& tm, SearchSignals& signals,
                           const SearchListeners& listeners, const SearchSettings& settings) {
  tb_settings_ = settings.tablebases;
  count_ = settings.stats;
  pos_ = root;
  if (net_) accumulators_.reset(*net_, pos_);
  limits_ = &limits;
  listeners_ = &listeners;
  tm_ = &tm;
  signals_ = &signals;
  nodes_ = 0;
  seldepth_ = 0;  // a root without moves reports it too, before any line resets it
  counters_ = SearchCounters{};
  aborted_ = false;
  was_pondering_ = signals.pondering.load();
  start_ = now_ms();
  for (Frame& f : stack_) {
    Frame fresh;
    fresh.killers = f.killers;
    f = fresh;
  }

  root_moves_.clear();
  for (const ExtMove& e : legal_moves(pos_))
    if (limits.searchmoves.empty() ||
        std::find(limits.searchmoves.begin(), limits.searchmoves.end(), e.move) != limits.searchmoves.end())
      root_moves_.push_back(e.move);
  tbhits_ = 0;
  tb_pieces_ = std::min(tablebase::max_pieces(), tb_settings_.probe_limit);
  rank_root_by_tablebase();

  SearchResult result;
  if (root_moves_.empty()) {
    // Mate or stalemate at the root: say so, and answer `bestmove (none)`.
    SearchInfo info = make_info(0, pos_.in_check() ? mated_in(0) : SCORE_DRAW, BOUND_EXACT, 0);
    if (listeners.on_info) listeners.on_info(info);
  } else {
    iterate(result, listeners, settings.multipv);
  }

  // UCI forbids `bestmove` before `stop` in infinite mode, and before ponderhit or stop while
  // pondering.
  while ((limits.infinite || signals.pondering) && !signals.stop)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));

  if (result.best && !result.ponder) {
    Position after = root;
    after.make_move(result.best);
    TTData tte;
    if (tt_.probe(after.key(), 0, tte) && legal_moves(after).contains(tte.move)) result.ponder = tte.move;
  }
  published_nodes_.store(nodes_, std::memory_order_relaxed);
  result.nodes = nodes_;
  return result;
}

std::uint64_t Searcher::team_nodes() const {
  if (!team_) return nodes_;
  std::uint64_t total = nodes_;
  for (const auto& t : *team_)
    if (t.get() != this) total += t->published_nodes();
  return total;
}

// Helpers skip depths in a pattern of their own (helper k in blocks of about log2(k) + 1
// depths), so that at any time the team searches several depths and the TT fills from both.
bool Searcher::skips(int depth) const {
  if (id_ == 0 || depth == 1) return false;
  const int block = std::bit_width(unsigned(id_)), phase = id_ % (2 * block);
  return ((depth + phase) / block) % 2 == 1;
}

namespace {

// What a tablebase result is worth `plies` from the root, and which bound that score is: a
// win may still be improved on by a mate, a loss only worsened by one.
std::pair<int, Bound> tablebase_score(tablebase::Wdl wdl, int plies, bool rule50) {
  using tablebase::Wdl;
  // With the 50-move rule a cursed win or blessed loss is a draw, kept a point off zero so that
  // the side that could still win if the opponent errs prefers it to a dead draw.
  if (rule50 && wdl == Wdl::CURSED_WIN) return {SCORE_DRAW + 1, BOUND_EXACT};
  if (rule50 && wdl == Wdl::BLESSED_LOSS) return {SCORE_DRAW - 1, BOUND_EXACT};
  if (wdl > Wdl::DRAW) return {tb_win_in(plies), BOUND_LOWER};
  if (wdl < Wdl::DRAW) return {tb_loss_in(plies), BOUND_UPPER};
  return {SCORE_DRAW, BOUND_EXACT};
}

}  // namespace

// The tables hold positions without castling rights and know nothing of the 50-move counter,
// so they are probed only right after a capture or pawn move (and castling rights lost).
std::optional<Searcher::TablebaseScore> Searcher::probe_tablebase(int depth, int ply) {
  const int pieces = popcount(pos_.pieces());
  if (pieces > tb_pieces_ || (pieces == tb_pieces_ && depth < tb_settings_.probe_depth)) return std::nullopt;
  const auto wdl = tablebase::probe_wdl(pos_);
  if (!wdl) return std::nullopt;
  ++tbhits_;
  const auto [score, bound] = tablebase_score(*wdl, ply, tb_settings_.rule50);
  return TablebaseScore{score, bound};
}

// With the root in the tables, only the moves that keep its result are searched: for a win,
// those that reach a capture or pawn move soonest, which converts it within the 50-move rule
// however the search ranks them. The root's score is then the tables' (distance: DTZ).
void Searcher::rank_root_by_tablebase() {
  root_tb_score_.reset();
  if (root_moves_.empty() || popcount(pos_.pieces()) > tb_pieces_) return;
  const std::vector<tablebase::RootMove> ranked = tablebase::probe_root(pos_);
  if (ranked.empty()) return;
  ++tbhits_;
  std::vector<Move> kept;
  const std::vector<tablebase::RootMove> best = tablebase::best_root_moves(ranked, tb_settings_.rule50);
  for (const tablebase::RootMove& r : best)
    if (std::find(root_moves_.begin(), root_moves_.end(), r.move) != root_moves_.end()) kept.push_back(r.move);
  if (kept.empty()) return;  // searchmoves allowed none of them: search what it allows
  root_moves_ = kept;
  root_tb_score_ =
      tablebase_score(best.front().wdl, std::min(best.front().dtz, MAX_PLY - 1), tb_settings_.rule50).first;
}

// Searches one iteration's MultiPV lines (those finished before an abort), best first.
std::vector<Searcher::RootLine> Searcher::search_lines(int depth, std::vector<int>& line_scores) {
  excluded_root_.clear();
  std::vector<RootLine> lines;
  for (std::size_t line = 0; line < line_scores.size(); ++line) {
    seldepth_ = 0;
    root_depth_ = depth;
    const int score = aspiration(depth, line_scores[line]);
    if (aborted_) break;
    const Frame& f = stack_[0];
    excluded_root_.push_back(f.pv[0]);
    lines.push_back(
        {f.pv[0], f.pv_length > 1 ? f.pv[1] : Move::none(), score, make_info(depth, score, BOUND_EXACT, int(line))});
    // The tables know the root's value better than the evaluation does; a mate is exact too.
    if (root_tb_score_ && !is_mate_score(score)) lines.back().info.score = *root_tb_score_;
  }
  // A line searches without the moves of the lines before it, so it should not score above
  // them; when it does, an earlier search missed what it found (pruning, reductions), and the
  // better line goes first, its move becoming the best move.
  std::stable_sort(lines.begin(), lines.end(), [](const RootLine& a, const RootLine& b) { return a.score > b.score; });
  // The lines are reported together once sorted: each with the nodes and time so far, which
  // a line's own count (taken when it finished, before the sort) would make go backwards.
  const std::uint64_t nodes = team_nodes();
  const TimePoint elapsed = now_ms() - start_;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    line_scores[i] = lines[i].score;
    lines[i].info.multipv = int(i) + 1;
    lines[i].info.nodes = nodes;
    lines[i].info.time_ms = elapsed;
  }
  return lines;
}

// With statistics on, each finished iteration's counters go to the result and the listener.
void Searcher::report_stats(SearchResult& result, const SearchListeners& listeners, const DepthStats& d) {
  const SearchCounters* previous = result.depth_stats.empty() ? nullptr : &result.depth_stats.back().counters;
  if (listeners.on_stats) listeners.on_stats(d, previous);
  result.depth_stats.push_back(d);
}

// Iterative deepening: the MultiPV lines of each depth, until a limit says stop; after each
// iteration the time manager learns how settled the best move is.
void Searcher::iterate(SearchResult& result, const SearchListeners& listeners, int multipv) {
  result.best = root_moves_[0];
  multipv = std::clamp(multipv, 1, int(root_moves_.size()));
  const int max_depth = limits_->depth > 0 ? std::min(limits_->depth, MAX_PLY - 1) : MAX_PLY - 1;
  std::vector<int> line_scores(multipv, 0);
  IterationStats stats;
  root_depth_done_ = false;

  for (int depth = 1; depth <= max_depth; ++depth) {
    if (skips(depth)) continue;
    root_nodes_.fill(0);
    const std::uint64_t iteration_start = nodes_;
    const SearchCounters counted_before = counters_;
    const std::vector<RootLine> lines = search_lines(depth, line_scores);
    root_depth_done_ = true;
    for (const RootLine& line : lines)
      if (listeners.on_info) listeners.on_info(line.info);
    if (lines.size() == line_scores.size()) {
      result.lines.clear();
      for (const RootLine& line : lines) result.lines.push_back({line.move, line.ponder, line.score, line.info});
    }
    if (!lines.empty()) {
      const RootLine& top = lines.front();
      stats.changes = stats.changes / 2 + (top.move != result.best && depth > 1 ? 1 : 0);
      stats.stability = top.move == result.best ? stats.stability + 1 : 0;
      stats.score_drop = depth > 1 ? result.score - top.score : 0;
      result.best = top.move;
      result.ponder = top.ponder;
      result.score = top.score;
      result.depth = depth;
    }
    if (aborted_) return;
    if (count_) report_stats(result, listeners, DepthStats{depth, counters_ - counted_before});
    const std::uint64_t iteration_nodes = std::max<std::uint64_t>(nodes_ - iteration_start, 1);
    stats.best_move_share = double(root_nodes_[result.best.from() * 64 + result.best.to()]) / double(iteration_nodes);
    tm_->update(stats);
    if (limits_->mate > 0 && result.score >= mate_in(2 * limits_->mate - 1)) return;
    if (!signals_->pondering && tm_->should_stop_iterating()) return;
  }
}

int Searcher::aspiration(int depth, int prev_score) {
  int delta = ASPIRATION_DELTA;
  int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
  if (depth >= ASPIRATION_DEPTH && !is_decisive(prev_score)) {
    alpha = std::max(prev_score - delta, -SCORE_INFINITE);
    beta = std::min(prev_score + delta, int(SCORE_INFINITE));
  }
  while (true) {
    int score = search(alpha, beta, depth, 0, false);
    if (aborted_) return score;
    if (score <= alpha || score >= beta) count(STAT_ASPIRATION_FAILS);
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -SCORE_INFINITE);
    } else if (score >= beta) {
      beta = std::min(score + delta, int(SCORE_INFINITE));
    } else {
      return score;
    }
    delta += delta * ASPIRATION_WIDEN_PCT / 100;
  }
}

// With a trace attached, each node is recorded around its search; a call that only passes on
// to the quiescence search is recorded there.
int Searcher::search(int alpha, int beta, int depth, int ply, bool cut_node) {
  if (!trace_) return search_node(alpha, beta, depth, ply, cut_node);
  if (depth <= 0 && !pos_.in_check()) return qsearch(alpha, beta, ply);
  if (ply == 0 && !stack_[0].excluded) trace_->begin_root();
  trace_->open(trace_entry(ply, false, depth, alpha, beta));
  const int score = search_node(alpha, beta, depth, ply, cut_node);
  trace_->close(aborted_ ? SCORE_NONE : score);
  return score;
}

TraceNode Searcher::trace_entry(int ply, bool qsearch, int depth, int alpha, int beta) const {
  TraceNode n;
  n.singular_test = bool(stack_[ply].excluded) && !qsearch;
  n.move = n.singular_test ? stack_[ply].excluded : ply > 0 ? stack_[ply - 1].move : Move::none();
  n.null_move = !n.singular_test && ply > 0 && !stack_[ply - 1].move;
  n.qsearch = qsearch;
  n.depth = depth;
  n.alpha = alpha;
  n.beta = beta;
  return n;
}

int Searcher::search_node(int alpha, int beta, int depth, int ply, bool cut_node) {
  const bool pv_node = beta - alpha > 1;
  const bool root = ply == 0;
  const bool in_check = pos_.in_check();
  Frame& f = stack_[ply];
  f.pv_length = 0;
  f.extension = 0;
  f.double_extensions = root ? 0 : stack_[ply - 1].double_extensions + (stack_[ply - 1].extension >= 2);
  // A search that excludes a move (a singular test) is a different question about the same
  // node: no TT cutoff, no node pruning, nothing stored, no check extension twice.
  const bool singular_test = bool(f.excluded);

  // Check extension: a check must be answered, so it should not eat into the depth.
  if (in_check && !singular_test) ++depth;
  if (depth <= 0) return qsearch(alpha, beta, ply);

  // Step 1. Aborts, draws and mate-distance pruning.
  if (!root) {
    const Window w = end_early({alpha, beta}, ply, in_check);
    if (w.decided) return *w.decided;
    alpha = w.alpha, beta = w.beta;
  }
  ++nodes_;
  count(STAT_NODES);
  seldepth_ = std::max(seldepth_, ply + 1);

  // Step 2. Transposition table.
  TTData tte;
  const bool tt_hit = tt_.probe(pos_.key(), ply, tte);
  count(STAT_TT_PROBES);
  if (tt_hit) count(STAT_TT_HITS);
  if (trace_ && tt_hit) trace_->tt_hit();
  const Move tt_move = root && stack_[0].pv[0] && root_move_allowed(stack_[0].pv[0]) ? stack_[0].pv[0]
                       : tt_hit                                                      ? tte.move
                                                                                     : Move::none();
  if (!pv_node && !singular_test && tt_hit && tte.depth >= depth && tte.decides(alpha, beta)) {
    mark(STAT_TT_CUTOFFS);
    return tte.score;
  }

  // Step 2b. Tablebases.
  TablebaseBounds tb;
  if (!root && !singular_test) {
    const TablebaseVerdict v = apply_tablebase(depth, ply, pv_node, {alpha, beta});
    if (v.window.decided) return *v.window.decided;
    alpha = v.window.alpha;
    tb = v.bounds;
  }

  // Step 3. Static evaluation, corrected by what searches found in similar positions; a TT
  // score with a fitting bound is a better estimate still. The TT keeps the raw evaluation.
  int raw_eval = SCORE_NONE, eval = SCORE_NONE;
  f.static_eval = SCORE_NONE;
  if (!in_check) {
    raw_eval = tt_hit && tte.eval != SCORE_NONE ? tte.eval : static_evaluate();
    f.static_eval = corrected_eval(raw_eval);
    eval = tt_refined(f.static_eval, tt_hit, tte);
  }
  const bool improving = is_improving(ply);
  stack_[ply + 1].killers = Killers{};

  // Step 4. Node-level pruning, only where a wrong guess cannot lose a PV.
  const bool tt_pv = pv_node || (tt_hit && tte.pv);
  if (!pv_node && !in_check && !singular_test)
    if (auto cut = prune_node({.depth = depth,
                               .ply = ply,
                               .pv = pv_node,
                               .cut = cut_node,
                               .in_check = in_check,
                               .improving = improving,
                               .tt_pv = tt_pv},
                              beta, eval))
      return *cut;

  if (depth >= IIR_MIN_DEPTH && !tt_move) --depth;
  const Node node{.depth = depth,
                  .ply = ply,
                  .pv = pv_node,
                  .cut = cut_node,
                  .in_check = in_check,
                  .improving = improving,
                  .tt_pv = tt_pv,
                  .tt_capture = tt_move && pos_.is_capture(tt_move)};

  // Step 5. The move loop.
  const MoveLoop loop = search_moves(node, alpha, beta, tt_move, tte, tb.floor);
  if (loop.decided) return loop.best_score;
  if (loop.moves == 0) return in_check ? mated_in(ply) : SCORE_DRAW;
  if (!loop.best_move && !root && !singular_test) reward_prior_move(ply, depth);
  const int best_score = std::min(loop.best_score, tb.ceiling);

  // Step 6. Store. Later MultiPV lines exclude root moves, so their root result is not the
  // position's true value and is not stored.
  if (!(root && !excluded_root_.empty()) && !singular_test)
    store_node(node, best_score, loop.best_move, beta, raw_eval);
  return best_score;
}

// Step 1 below the root: an abort, a draw or a window that mate distances close ends the node
// before any search; a repetition within reach or a mate distance may narrow the window.
Searcher::Window Searcher::end_early(Window w, int ply, bool in_check) {
  if (should_stop()) return {w.alpha, w.beta, 0};
  if (pos_.is_draw(ply) || pos_.has_insufficient_material()) return {w.alpha, w.beta, SCORE_DRAW};
  w = claim_repetition(w, ply);
  if (w.decided) return w;
  if (ply >= MAX_PLY - 1) return {w.alpha, w.beta, in_check ? SCORE_DRAW : static_evaluate()};
  // No line from here can beat a mate already found closer to the root.
  w.alpha = std::max(w.alpha, mated_in(ply));
  w.beta = std::min(w.beta, mate_in(ply + 1));
  if (w.alpha >= w.beta) w.decided = w.alpha;
  return w;
}

// A proven result decides the node when it is exact or a bound outside the window; otherwise
// a PV node goes on searching for the exact score within what the table allows: a proven
// floor raises alpha, a proven ceiling caps the result.
Searcher::TablebaseVerdict Searcher::apply_tablebase(int depth, int ply, bool pv_node, Window w) {
  TablebaseVerdict v{w, {}};
  const auto probed = probe_tablebase(depth, ply);
  if (!probed) return v;
  if (decides(probed->score, probed->bound, w.alpha, w.beta)) {
    // Deeper than searched: no search from here would learn more than the table knows.
    tt_.store(pos_.key(), ply, Move::none(), probed->score, SCORE_NONE,
              std::min(depth + TABLEBASE_DEPTH_BONUS, MAX_PLY - 1), probed->bound, pv_node);
    v.window.decided = probed->score;
  } else if (probed->bound == BOUND_LOWER) {
    v.window.alpha = std::max(w.alpha, v.bounds.floor = probed->score);
  } else {
    v.bounds.ceiling = probed->score;
  }
  return v;
}

// The moves of a node, best first as the picker guesses, each pruned, extended or reduced as
// it deserves. `floor` is the least the node is worth before any move (a tablebase bound).
Searcher::MoveLoop Searcher::search_moves(const Node& node, int alpha, int beta, Move tt_move, const TTData& tte,
                                          int floor) {
  const int ply = node.ply, depth = node.depth;
  const bool root = ply == 0;
  Frame& f = stack_[ply];
  const Color us = pos_.side_to_move();
  const Move counter = ply > 0 && stack_[ply - 1].move
                           ? hist_->countermove[stack_[ply - 1].moved][stack_[ply - 1].move.to()]
                           : Move::none();
  const ContinuationTables cont = continuation_tables(ply);
  MovePicker picker(pos_, tt_move, *hist_, cont, f.killers, counter);
  Tried tried;
  MoveLoop loop{floor};

  for (Move m = picker.next(); m; m = picker.next()) {
    if ((root && !root_move_allowed(m)) || m == f.excluded) continue;
    const bool quiet = !pos_.is_capture(m) && m.kind() != Move::PROMOTION;
    const int history = quiet ? hist_->quiet(us, pos_.moved_piece(m), m, cont) : 0;

    // Move-level pruning, once a move has shown the node is not lost.
    if (!root && loop.best_score > -SCORE_MATE_IN_MAX && pos_.has_non_pawn_material(us))
      if (const auto pruned = prune_move(node, m, quiet, history, alpha, loop.moves)) {
        skip(m, *pruned);
        continue;
      }

    int extension = 0;
    // Extensions stop at twice the iteration's depth, so that they cannot run away.
    if (m == tt_move && !root && !f.excluded && ply < 2 * root_depth_ && depth >= SE_MIN_DEPTH &&
        tte.depth >= depth - SE_TT_DEPTH_SLACK && (tte.bound & BOUND_LOWER) && !is_mate_score(tte.score)) {
      const Singularity sing = singular(node, tte.score, beta, m);
      if (sing.cut) return {*sing.cut, Move::none(), 0, true};
      extension = sing.extension;
    }
    f.extension = extension;
    if (root) announce_root_move(m, int(excluded_root_.size()) + loop.moves + 1);
    const std::uint64_t nodes_before = nodes_;
    make_move(ply, m);
    ++loop.moves;
    const int score = search_move(node, alpha, beta, loop.moves, extension, quiet || picker.is_bad_capture(), history);
    unmake_move(m);
    if (root) root_nodes_[m.from() * 64 + m.to()] += nodes_ - nodes_before;
    if (aborted_) return {0, Move::none(), 0, true};

    if (score > loop.best_score) {
      loop.best_score = score;
      if (score > alpha) {
        loop.best_move = m;
        if (node.pv) update_pv(ply, m);
        if (score >= beta) {
          count(STAT_BETA_CUTOFFS);
          count(STAT_FIRST_MOVE_CUTOFFS, loop.moves == 1);
          count(STAT_CUTOFF_INDEX_SUM, loop.moves);
          update_stats(ply, depth, m, quiet, tried, cont);
          break;
        }
        alpha = score;
      }
    }
    tried.add(m, quiet);
  }
  return loop;
}

// The node's result goes to the TT (with the raw eval, which the correction history would
// otherwise count twice) and, where it shows the static eval's error, to the correction history.
void Searcher::store_node(const Node& n, int best_score, Move best_move, int beta, int raw_eval) {
  const int static_eval = stack_[n.ply].static_eval;
  const Bound bound = best_score >= beta ? BOUND_LOWER : (n.pv && best_move) ? BOUND_EXACT : BOUND_UPPER;
  // Learn from the static eval's error only where the bound says which way it erred, and
  // not from captures, whose gain the static eval cannot see by design.
  if (!n.in_check && (!best_move || !pos_.is_capture(best_move)) && !is_mate_score(best_score) &&
      !(bound == BOUND_LOWER && best_score <= static_eval) && !(bound == BOUND_UPPER && best_score >= static_eval))
    hist_->update_correction(pos_, best_score - static_eval, n.depth);
  tt_.store(pos_.key(), n.ply, best_move, best_score, raw_eval, n.depth, bound, n.tt_pv);
}

// A side that can move back into a drawn position scores at least a draw: with alpha below
// it, the window narrows, and a beta at or below it is a cutoff before any search.
Searcher::Window Searcher::claim_repetition(Window w, int ply) const {
  if (w.alpha >= SCORE_DRAW || !pos_.has_upcoming_repetition(ply)) return w;
  w.alpha = SCORE_DRAW;
  if (w.alpha >= w.beta) w.decided = w.alpha;
  return w;
}

std::optional<int> Searcher::prune_node(const Node& n, int beta, int eval) {
  const int depth = n.depth, ply = n.ply;
  // Reverse futility: far enough above beta that the remaining plies will not bring it back.
  // Not against a proven bound: a static eval says nothing about how soon a king is mated.
  if (depth <= RFP_DEPTH && !is_decisive(eval) && !is_decisive(beta) &&
      eval - RFP_MARGIN * (depth - n.improving) >= beta) {
    mark(STAT_REVERSE_FUTILITY);
    return eval;
  }

  // Null move: if passing still beats beta after a reduced search, a real move will too.
  // Not with pawns alone (zugzwang), not twice in a row, not from a static eval below beta.
  const Frame& f = stack_[ply];
  if (depth >= NMP_MIN_DEPTH && eval >= beta && f.static_eval >= beta && ply > 0 && stack_[ply - 1].move &&
      ply >= nmp_min_ply_ && pos_.has_non_pawn_material(pos_.side_to_move()) && beta > -SCORE_MATE_IN_MAX) {
    const int r =
        NMP_BASE_REDUCTION + depth / NMP_DEPTH_DIVISOR + std::min((eval - beta) / NMP_EVAL_DIVISOR, NMP_EVAL_MAX);
    count(STAT_NULL_MOVE_TRIES);
    make_null_move(ply);
    const int score = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, !n.cut);
    unmake_null_move();
    if (aborted_) return 0;
    // A mate found after passing is not proven: passing is not a legal move.
    if (score >= beta && (depth < NMP_VERIFY_DEPTH || nmp_min_ply_ || verify_null_cut(depth - r, ply, beta))) {
      mark(STAT_NULL_MOVE_CUTOFFS);
      return is_decisive(score) ? beta : score;
    }
  }
  return std::nullopt;
}

// The same node searched for real, at the null move's depth, without null moves for the
// next plies: only if a move of ours also beats beta was the null move's cutoff sound.
bool Searcher::verify_null_cut(int depth, int ply, int beta) {
  nmp_min_ply_ = ply + depth * NMP_VERIFY_PLY_PCT / 100;
  const int score = search(beta - 1, beta, depth, ply, false);
  nmp_min_ply_ = 0;
  return !aborted_ && score >= beta;
}

std::optional<Stat> Searcher::prune_move(const Node& n, Move m, bool quiet, int history, int alpha, int moves) {
  const int depth = n.depth;
  // Captures: skip those that lose more material than a shallow search could win back.
  if (!quiet) {
    if (depth <= SEE_CAPTURE_DEPTH && !see_ge(pos_, m, -SEE_CAPTURE_MARGIN * depth * depth)) return STAT_SEE_PRUNED;
    return std::nullopt;
  }
  // Late-move pruning: this late in the ordering, quiet moves almost never beat the best.
  // Futility: no quiet move lifts a static eval this far below alpha in the plies left.
  // History pruning: a quiet move that has failed here again and again is not worth a search.
  // Checks are exempt from all three: they force replies that neither the ordering, the
  // static eval nor the history foresee, mates among them.
  const int static_eval = stack_[n.ply].static_eval;
  const bool late = depth <= LMP_DEPTH && moves >= lmp_limit(depth, n.improving);
  const bool futile =
      !n.in_check && depth <= FUTILITY_DEPTH && static_eval + FUTILITY_BASE + FUTILITY_MARGIN * depth <= alpha;
  const bool failing = depth <= HISTORY_PRUNING_DEPTH && history < -HISTORY_PRUNING_MARGIN * depth;
  if ((late || futile || failing) && !pos_.gives_check(m))
    return late ? STAT_LATE_MOVE_PRUNED : futile ? STAT_FUTILITY_PRUNED : STAT_HISTORY_PRUNED;
  if (depth <= SEE_QUIET_DEPTH && !see_ge(pos_, m, -SEE_QUIET_MARGIN * depth)) return STAT_SEE_PRUNED;
  return std::nullopt;
}

// Singular extension: when every move but the TT move fails well below the TT score, the TT
// move is the only good one and deserves more depth. A score instead when several moves beat
// beta even without the TT move (multi-cut), so the node can cut at once.
Searcher::Singularity Searcher::singular(const Node& n, int tt_score, int beta, Move tt_move) {
  Frame& f = stack_[n.ply];
  const int singular_beta = std::max(tt_score - SE_MARGIN * n.depth, -SCORE_MATE_IN_MAX);
  f.excluded = tt_move;
  count(STAT_SINGULAR_TESTS);
  const int score = search(singular_beta - 1, singular_beta, (n.depth - 1) / 2, n.ply, n.cut);
  f.excluded = Move::none();
  if (aborted_) return {0, 0};
  if (score < singular_beta) {
    mark(STAT_SINGULAR_EXTENDED);
    // Far below: the TT move is forced; a second ply, but only so many times on one line.
    const bool forced = !n.pv && score < singular_beta - SE_DOUBLE_MARGIN && f.double_extensions < SE_DOUBLE_LIMIT;
    return {forced ? 2 : 1};
  }
  if (singular_beta >= beta) {
    mark(STAT_MULTI_CUTS);
    return {0, singular_beta};
  }
  // Another move also reaches the TT score, which already beats beta: the TT move is not
  // special, search it shallower.
  if (tt_score >= beta) return {-2};
  return {n.cut ? -1 : 0};
}

int Searcher::search_move(const Node& n, int alpha, int beta, int moves, int extension, bool reducible, int history) {
  const int new_depth = n.depth - 1 + extension, ply = n.ply;
  const bool pv_node = n.pv, cut_node = n.cut;
  // PVS: the first move gets the full window; the rest a null window, late ones reduced,
  // searched again when they surprise.
  if (moves == 1) return -search(-beta, -alpha, new_depth, ply + 1, !pv_node && !cut_node);
  int r = 0;
  if (n.depth >= LMR_MIN_DEPTH && moves > 1 + pv_node && reducible) {
    r = lmr_reduction(n.depth, moves) + !pv_node + !n.improving + cut_node - n.tt_pv + n.tt_capture - pos_.in_check() -
        history / LMR_HISTORY_DIVISOR;
    r = std::clamp(r, 0, std::max(new_depth - 1, 0));
  }
  count(STAT_REDUCED, r > 0);
  if (trace_) trace_->next_reduction(r);
  int score = -search(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
  if (score > alpha && r > 0) {
    count(STAT_REDUCED_RESEARCHED);
    if (trace_) trace_->next_research();
    score = -search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
  }
  if (pv_node && score > alpha && score < beta) {
    count(STAT_PVS_RESEARCHED);
    if (trace_) trace_->next_research();
    score = -search(-beta, -alpha, new_depth, ply + 1, false);
  }
  return score;
}

int Searcher::qsearch(int alpha, int beta, int ply) {
  if (!trace_) return qsearch_node(alpha, beta, ply);
  trace_->open(trace_entry(ply, true, 0, alpha, beta));
  const int score = qsearch_node(alpha, beta, ply);
  trace_->close(aborted_ ? SCORE_NONE : score);
  return score;
}

int Searcher::qsearch_node(int alpha, int beta, int ply) {
  const bool pv_node = beta - alpha > 1;
  stack_[ply].pv_length = 0;
  if (should_stop()) return 0;
  ++nodes_;
  count(STAT_QNODES);
  seldepth_ = std::max(seldepth_, ply + 1);
  if (pos_.is_draw(ply)) return SCORE_DRAW;
  const Window w = claim_repetition({alpha, beta}, ply);
  if (w.decided) return *w.decided;
  alpha = w.alpha;
  const bool in_check = pos_.in_check();
  if (ply >= MAX_PLY - 1) return in_check ? SCORE_DRAW : static_evaluate();

  TTData tte;
  const bool tt_hit = tt_.probe(pos_.key(), ply, tte);
  if (trace_ && tt_hit) trace_->tt_hit();
  if (!pv_node && tt_hit && tte.decides(alpha, beta)) return tte.score;

  // Stand pat: the side to move is assumed to have at least a quiet move that keeps the eval.
  int raw_eval = SCORE_NONE, static_eval = SCORE_NONE;
  int best_score = -SCORE_INFINITE;
  if (!in_check) {
    raw_eval = tt_hit && tte.eval != SCORE_NONE ? tte.eval : static_evaluate();
    static_eval = corrected_eval(raw_eval);
    best_score = static_eval;
    if (best_score >= beta) return best_score;
    alpha = std::max(alpha, best_score);
  }

  MovePicker picker(pos_, tt_hit ? tte.move : Move::none(), *hist_, continuation_tables(ply));
  Move best_move;
  int moves = 0;
  for (Move m = picker.next(); m; m = picker.next()) {
    if (!in_check) {
      // Losing captures come last and never help here.
      if (picker.is_bad_capture()) break;
      // Delta pruning: the victim is too small to lift the score to alpha. Not for a check,
      // whose gain is the reply it forces (a mate, a fork), not the victim.
      if (m.kind() != Move::PROMOTION && pos_.is_capture(m)) {
        const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
        if (static_eval + SEE_VALUE[victim] + DELTA_MARGIN <= alpha && !pos_.gives_check(m)) {
          skip(m, STAT_DELTA_PRUNED);
          continue;
        }
      }
    }
    make_move(ply, m);
    ++moves;
    int score = -qsearch(-beta, -alpha, ply + 1);
    unmake_move(m);
    if (aborted_) return 0;
    if (score > best_score) {
      best_score = score;
      if (score > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  if (in_check && moves == 0) return mated_in(ply);

  const Bound bound = best_score >= beta ? BOUND_LOWER : BOUND_UPPER;
  tt_.store(pos_.key(), ply, best_move, best_score, raw_eval, 0, bound, pv_node || (tt_hit && tte.pv));
  return best_score;
}

SearchInfo Searcher::make_info(int depth, int score, Bound bound, int pv_index) const {
  SearchInfo info;
  info.depth = depth;
  info.seldepth = std::max(seldepth_, depth);
  info.multipv = pv_index + 1;
  info.score = score;
  info.bound = bound;
  info.nodes = team_nodes();
  info.time_ms = now_ms() - start_;
  info.hashfull = tt_.hashfull();
  info.tbhits = tbhits_;
  const Frame& f = stack_[0];
  info.pv.assign(f.pv.begin(), f.pv.begin() + f.pv_length);
  return info;
}

}  // namespace vireo
