#include "vireo/search/timeman.h"

#include <algorithm>

namespace vireo {

namespace {

// Whatever the clock says, the search gets at least this long: below it, the overhead of
// answering would dominate and the move would be nearly random.
constexpr TimePoint MIN_THINK_MS = 1;
// Without movestogo, plan as if this many moves remain: keeps time in hand for long games.
constexpr int DEFAULT_MOVES_TO_GO = 30;
// Never plan more than this many moves ahead (a huge movestogo would starve each move).
constexpr int MAX_MOVES_TO_GO = 50;

}  // namespace

TimeManager::TimeManager(const Limits& limits, Color us, int move_overhead_ms) {
  if (limits.infinite) return;
  if (limits.movetime > 0) {
    timed_ = true;
    soft_ = hard_ = scaled_soft_ = std::max(MIN_THINK_MS, limits.movetime - move_overhead_ms);
    return;
  }
  if (limits.time[us] < 0) return;  // depth, nodes or mate alone: no time limit

  timed_ = true;
  const TimePoint time = limits.time[us], inc = std::max<TimePoint>(0, limits.inc[us]);
  // What may be spent without flagging: the clock minus the GUI's and the OS's lag.
  const TimePoint usable = std::max<TimePoint>(MIN_THINK_MS, time - move_overhead_ms);
  const int mtg = limits.movestogo > 0 ? std::min(limits.movestogo, MAX_MOVES_TO_GO) : DEFAULT_MOVES_TO_GO;

  TimePoint base = usable / mtg + inc * 3 / 4;
  // With the last move before the time control, everything left may be used, but keep a margin.
  const TimePoint cap = limits.movestogo == 1 ? usable * 4 / 5 : usable / 2;
  soft_ = std::clamp(base, MIN_THINK_MS, std::max(MIN_THINK_MS, cap));
  hard_ = std::clamp(soft_ * 4, MIN_THINK_MS, std::max(MIN_THINK_MS, cap));
  scaled_soft_ = soft_;
}

void TimeManager::update(const IterationStats& it) {
  if (!timed_ || soft_ == hard_) return;
  // A best move that keeps changing needs more thought; one that holds for many iterations
  // is probably right and the time is better saved for later moves.
  const double instability = 1.0 + std::min(it.changes, 3.0) * 0.35;
  const double steadiness = std::clamp(1.2 - 0.04 * it.stability, 0.8, 1.2);
  // When the best move's subtree takes nearly all the nodes, the alternatives are refuted
  // quickly and the choice is clear; a small share means rivals come close.
  const double focus = std::clamp((1.5 - it.best_move_share) * 1.3, 0.6, 1.8);
  // A falling score means trouble found late: spend more before committing.
  const double trouble = 1.0 + std::clamp(it.score_drop, 0, 60) / 100.0;
  scaled_soft_ = std::min(hard_, TimePoint(double(soft_) * instability * steadiness * focus * trouble));
}

}  // namespace vireo
