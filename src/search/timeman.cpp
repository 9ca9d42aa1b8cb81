#include "vireo/search/timeman.h"

#include <algorithm>

#include "vireo/search/search_params.h"

namespace vireo {

namespace {

using namespace params;

// Whatever the clock says, the search gets at least this long: below it, the overhead of
// answering would dominate and the move would be nearly random.
constexpr TimePoint MIN_THINK_MS = 1;

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
  // Without movestogo, plan as if TM_DEFAULT_MOVES_TO_GO moves remain, which keeps time in hand
  // for long games; never more than TM_MAX_MOVES_TO_GO (a huge movestogo would starve each move).
  const int mtg = limits.movestogo > 0 ? std::min(limits.movestogo, TM_MAX_MOVES_TO_GO) : TM_DEFAULT_MOVES_TO_GO;

  TimePoint base = usable / mtg + inc * TM_INC_PCT / 100;
  // With the last move before the time control, everything left may be used, but keep a margin.
  const TimePoint cap = usable * (limits.movestogo == 1 ? TM_LAST_MOVE_CAP_PCT : TM_CAP_PCT) / 100;
  soft_ = std::clamp(base, MIN_THINK_MS, std::max(MIN_THINK_MS, cap));
  hard_ = std::clamp(soft_ * TM_HARD_FACTOR, MIN_THINK_MS, std::max(MIN_THINK_MS, cap));
  scaled_soft_ = soft_;
}

void TimeManager::update(const IterationStats& it) {
  if (!timed_ || soft_ == hard_) return;
  // A best move that keeps changing needs more thought; one that holds for many iterations
  // is probably right and the time is better saved for later moves.
  const double instability = 1.0 + std::min(it.changes, 3.0) * (TM_INSTABILITY_PCT / 100.0);
  const double steadiness = std::clamp(1.2 - (TM_STEADY_STEP_PCT / 100.0) * it.stability, 0.8, 1.2);
  // When the best move's subtree takes nearly all the nodes, the alternatives are refuted
  // quickly and the choice is clear; a small share means rivals come close.
  const double focus = std::clamp((1.5 - it.best_move_share) * (TM_FOCUS_PCT / 100.0), 0.6, 1.8);
  // A falling score means trouble found late: spend more before committing.
  const double trouble = 1.0 + std::clamp(it.score_drop, 0, TM_TROUBLE_MAX) / 100.0;
  scaled_soft_ = std::min(hard_, TimePoint(double(soft_) * instability * steadiness * focus * trouble));
}

}  // namespace vireo
