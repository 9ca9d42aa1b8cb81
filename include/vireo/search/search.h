// Alpha-beta search (negamax, fail-soft PVS) with iterative deepening. The search knows
// nothing of UCI: it reports through callbacks and stops when its atomic flag is raised.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "vireo/eval/nnue.h"
#include "vireo/eval/score.h"
#include "vireo/search/movepick.h"
#include "vireo/search/search_settings.h"
#include "vireo/search/search_stats.h"
#include "vireo/search/search_trace.h"
#include "vireo/search/timeman.h"
#include "vireo/search/tt.h"

namespace vireo {

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score = 0;
  Bound bound = BOUND_EXACT;  // LOWER/UPPER while an aspiration window fails
  std::uint64_t nodes = 0;
  TimePoint time_ms = 0;
  int hashfull = 0;
  std::uint64_t tbhits = 0;
  std::vector<Move> pv;
};

// A line of the last iteration that finished every MultiPV line, best first.
struct RootLineResult {
  Move move, ponder;
  int score = 0;
  SearchInfo info;  // as reported
};

struct SearchResult {
  Move best;
  Move ponder;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::vector<DepthStats> depth_stats;  // one per finished iteration, with statistics on
  std::vector<RootLineResult> lines;
};

struct SearchListeners {
  std::function<void(const SearchInfo&)> on_info;
  // After each finished iteration, with statistics on; `previous` is the iteration before.
  std::function<void(const DepthStats&, const SearchCounters* previous)> on_stats;
  // The root move about to be searched and its number in the iteration (from 1), once the
  // search has run for CURRMOVE_AFTER_MS.
  std::function<void(Move, int number)> on_currmove;
};

// GUIs show the root move being searched, which a person watches only in a long search; a line
// at every root move of a short one would cost output for nothing.
inline constexpr TimePoint CURRMOVE_AFTER_MS = 3000;

// Shared with the thread that received the `go`: raised to stop, or cleared at ponderhit.
struct SearchSignals {
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};
};

class Searcher {
 public:
  explicit Searcher(TranspositionTable& tt);

  // The network that evaluates positions; none: the hand-written evaluation.
  void set_network(std::shared_ptr<const nnue::Network> net) { net_ = std::move(net); }
  // Records the tree searched into `trace` (none: stop recording); for the tree explorer.
  void set_trace(SearchTrace* trace) { trace_ = trace; }

  // Forgets what earlier searches learned (histories, killers); the TT is cleared separately.
  void clear();
  // Lazy SMP: `id` 0 is the main thread, which reports and keeps time; a helper (id > 0)
  // searches the same root silently, skipping some depths so the threads spread out. `team`
  // is every thread of the search, for the node count; none when searching alone.
  void set_team(int id, const std::vector<std::unique_ptr<Searcher>>* team) {
    id_ = id;
    team_ = team;
  }
  // Nodes searched so far in this run, as last published (every 1,024 nodes and at the end).
  std::uint64_t published_nodes() const { return published_nodes_.load(std::memory_order_relaxed); }
  // Zeroed for the whole team before any thread starts: a helper that has not started yet
  // would otherwise add its previous search's nodes to the team's count, and a node limit
  // would stop the new search at once.
  void reset_published_nodes() { published_nodes_.store(0, std::memory_order_relaxed); }
  // Searches until a limit is met or signals.stop is raised. With `infinite` or while pondering
  // it does not return before stop (or ponderhit), as UCI requires. Of `settings` the searcher
  // reads the lines, the statistics and the tablebases; the engine applies the rest.
  SearchResult run(const Position& root, const Limits& limits, TimeManager& tm, SearchSignals& signals,
                   const SearchListeners& listeners, const SearchSettings& settings);
  // What the search has learned about moves; for tests.
  const Histories& histories() const { return *hist_; }
  // Whether a node's static eval `now` rose since the side to move's last move, given the
  // evals two and four plies up (SCORE_NONE where unknown: in check, above the root).
  static bool improving(int now, int two_back, int four_back);

 private:
  struct Frame {
    int static_eval = SCORE_NONE;
    Move move;
    Piece moved = NO_PIECE;
    PieceToHistory* cont = nullptr;  // continuation table of `move`, for the plies below
    Killers killers;
    Move excluded;              // the move a singular test leaves out
    int extension = 0;          // of the move being searched from this node
    int double_extensions = 0;  // on the path from the root to this node
    std::array<Move, MAX_PLY + 1> pv{};
    int pv_length = 0;
  };

  int search(int alpha, int beta, int depth, int ply, bool cut_node);
  int search_node(int alpha, int beta, int depth, int ply, bool cut_node);
  TraceNode trace_entry(int ply, bool qsearch, int depth, int alpha, int beta) const;
  int static_evaluate();
  int corrected_eval(int raw) const;
  static int tt_refined(int static_eval, bool tt_hit, const TTData& tte);
  void make_move(int ply, Move m);
  void unmake_move(Move m);
  void make_null_move(int ply);
  void unmake_null_move();
  int qsearch(int alpha, int beta, int ply);
  int qsearch_node(int alpha, int beta, int ply);
  struct TablebaseScore {
    int score;
    Bound bound;
  };
  std::optional<TablebaseScore> probe_tablebase(int depth, int ply);
  void rank_root_by_tablebase();
  // What the pruning and reduction helpers need to know about the node being searched.
  struct Node {
    int depth;
    int ply;
    bool pv;
    bool cut;
    bool in_check;
    bool improving;
    // On a principal variation now or when the TT last saw it: such nodes decide the game
    // more often than their window says, and are reduced less.
    bool tt_pv;
    // The TT move captures: a later move rarely beats it, so the late moves are reduced a ply more.
    bool tt_capture = false;
  };

  // What the move loop found: the best score, the move that raised alpha (none at a fail low)
  // and the moves searched; `decided` when the node ended without finishing the loop (a
  // multi-cut, an abort), its score then `best_score`.
  struct MoveLoop {
    int best_score;
    Move best_move = Move::none();
    int moves = 0;
    bool decided = false;
  };
  // Proven by the tables: the least and the most the node is worth.
  struct TablebaseBounds {
    int floor = -SCORE_INFINITE;
    int ceiling = SCORE_INFINITE;
  };
  // A node's window after a step that may narrow it; `decided` when the step settles the node.
  struct Window {
    int alpha, beta;
    std::optional<int> decided = std::nullopt;
  };
  // What the tables say of a node: its window (decided when the table's result is exact or
  // beyond it) and the bounds its searched result must respect.
  struct TablebaseVerdict {
    Window window;
    TablebaseBounds bounds;
  };
  // The singular test's answer for the TT move: plies to extend it by (negative: reduce), or
  // a multi-cut score that settles the node.
  struct Singularity {
    int extension = 0;
    std::optional<int> cut = std::nullopt;
  };

  void reward_prior_move(int ply, int depth);
  void announce_root_move(Move m, int number) const;
  bool is_improving(int ply) const;  // `improving` of the node at `ply`
  Window end_early(Window w, int ply, bool in_check);
  TablebaseVerdict apply_tablebase(int depth, int ply, bool pv_node, Window w);
  MoveLoop search_moves(const Node& node, int alpha, int beta, Move tt_move, const TTData& tte, int floor);
  void store_node(const Node& n, int best_score, Move best_move, int beta, int raw_eval);
  Window claim_repetition(Window w, int ply) const;
  std::optional<int> prune_node(const Node& n, int beta, int eval);
  bool verify_null_cut(int depth, int ply, int beta);
  // The pruning that skips move `m`, if one does.
  std::optional<Stat> prune_move(const Node& n, Move m, bool quiet, int history, int alpha, int moves);
  Singularity singular(const Node& n, int tt_score, int beta, Move tt_move);
  int search_move(const Node& n, int alpha, int beta, int moves, int extension, bool reducible, int history);
  // One MultiPV line of an iteration: its first two moves, score and report.
  struct RootLine {
    Move move, ponder;
    int score;
    SearchInfo info;
  };
  std::vector<RootLine> search_lines(int depth, std::vector<int>& line_scores);
  int aspiration(int depth, int prev_score);
  void iterate(SearchResult& result, const SearchListeners& listeners, int multipv);
  void report_stats(SearchResult& result, const SearchListeners& listeners, const DepthStats& d);
  void count(Stat s, std::uint64_t k = 1) {
    if (count_) counters_.n[s] += k;
  }
  // A counted event that decides the node being searched, or skips move `m` there.
  void mark(Stat s) {
    count(s);
    if (trace_) trace_->event(s);
  }
  void skip(Move m, Stat s) {
    count(s);
    if (trace_) trace_->pruned(m, s);
  }
  bool should_stop();
  void update_pv(int ply, Move m);
  // Moves tried at a node before the one that cut off, whose histories then take a malus.
  struct Tried {
    std::array<Move, 64> quiets, captures;
    int quiet_count = 0, capture_count = 0;
    void add(Move m, bool quiet) {
      if (quiet && quiet_count < 64)
        quiets[quiet_count++] = m;
      else if (!quiet && capture_count < 64)
        captures[capture_count++] = m;
    }
  };
  ContinuationTables continuation_tables(int ply);
  void update_stats(int ply, int depth, Move best, bool quiet, const Tried& tried, const ContinuationTables& cont);
  bool root_move_allowed(Move m) const;
  SearchInfo make_info(int depth, int score, Bound bound, int pv_index) const;
  std::uint64_t team_nodes() const;
  bool skips(int depth) const;

  TranspositionTable& tt_;
  std::shared_ptr<const nnue::Network> net_;
  nnue::AccumulatorStack accumulators_;
  std::unique_ptr<Histories> hist_;
  std::array<Frame, MAX_PLY + 4> stack_{};

  // Per-run state.
  TablebaseSettings tb_settings_;
  bool count_ = false;  // search statistics (see search_stats.h)
  Position pos_;
  const Limits* limits_ = nullptr;
  const SearchListeners* listeners_ = nullptr;
  TimeManager* tm_ = nullptr;
  SearchSignals* signals_ = nullptr;
  std::uint64_t nodes_ = 0;
  std::atomic<std::uint64_t> published_nodes_{0};
  int id_ = 0;
  const std::vector<std::unique_ptr<Searcher>>* team_ = nullptr;
  int seldepth_ = 0;
  // While a null-move cutoff is verified, no null move before this ply (see prune_node).
  int nmp_min_ply_ = 0;
  int root_depth_ = 0;
  bool aborted_ = false;
  bool root_depth_done_ = false;  // an iteration has finished: node limits may stop the search
  TimePoint start_ = 0;
  std::vector<Move> root_moves_;     // legal root moves, restricted by searchmoves
  std::vector<Move> excluded_root_;  // best moves of earlier MultiPV lines this iteration
  int tb_pieces_ = 0;                // positions with at most this many pieces are probed
  std::uint64_t tbhits_ = 0;
  std::optional<int> root_tb_score_;                 // what the tables say of the root, when they know it
  std::array<std::uint64_t, 64 * 64> root_nodes_{};  // this iteration's nodes by root move's from-to
  bool was_pondering_ = false;
  SearchCounters counters_;
  SearchTrace* trace_ = nullptr;
};

}  // namespace vireo
