// Search limits as `go` gives them, and the time manager the search polls: a soft limit
// (don't start another iteration) and a hard limit (abort now).
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "vireo/board/types.h"

namespace vireo {

using TimePoint = std::int64_t;  // milliseconds
inline TimePoint now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

struct Limits {
  TimePoint time[COLOR_NB] = {-1, -1};  // -1: no clock given
  TimePoint inc[COLOR_NB] = {0, 0};
  int movestogo = 0;
  TimePoint movetime = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  int mate = 0;  // find a mate in this many moves
  bool infinite = false;
  bool ponder = false;
  std::vector<Move> searchmoves;

  bool uses_clock() const { return time[WHITE] >= 0 || time[BLACK] >= 0; }
};

// What one iteration of the search tells the time manager.
struct IterationStats {
  int stability = 0;             // iterations the best move has held
  double changes = 0;            // best-move changes, recent ones weighing more
  double best_move_share = 1.0;  // share of the iteration's nodes spent under the best move
  int score_drop = 0;            // centipawns lost since the previous iteration (negative: gained)
};

class TimeManager {
 public:
  TimeManager() = default;
  TimeManager(const Limits& limits, Color us, int move_overhead_ms);

  // Restarts the clock, e.g. at ponderhit, when our time really begins to run.
  void restart() { start_ = now_ms(); }
  TimePoint elapsed() const { return now_ms() - start_; }
  bool timed() const { return timed_; }
  TimePoint soft_limit() const { return soft_; }
  TimePoint hard_limit() const { return hard_; }
  TimePoint scaled_soft_limit() const { return scaled_soft_; }

  // Scales the soft limit after an iteration.
  void update(const IterationStats& it);
  bool should_stop_iterating() const { return timed_ && elapsed() >= scaled_soft_; }
  bool must_abort() const { return timed_ && elapsed() >= hard_; }

 private:
  TimePoint start_ = now_ms();
  bool timed_ = false;
  TimePoint soft_ = 0;
  TimePoint hard_ = 0;
  TimePoint scaled_soft_ = 0;
};

}  // namespace vireo
