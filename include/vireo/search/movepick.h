// Move ordering. The picker hands out the TT move first, before any move is generated (it
// often cuts the node off, and generating and scoring the rest would be wasted); then it
// scores every other legal move once and hands them out best first: winning captures (victim
// value and capture history, SEE >= 0), killers, countermove, quiets by butterfly and
// continuation history, losing captures last.
#pragma once

#include <array>
#include <cstdint>

#include "vireo/board/movegen.h"
#include "vireo/search/history.h"

namespace vireo {

struct Killers {
  Move first, second;
  void add(Move m) {
    if (m != first) {
      second = first;
      first = m;
    }
  }
};

class MovePicker {
 public:
  // Main search: all legal moves. `pos` and `hist` must outlive the picker; the rest is copied.
  MovePicker(const Position& pos, Move tt_move, const Histories& hist, const ContinuationTables& cont,
             const Killers& killers, Move countermove);
  // Quiescence: captures and queen promotions, or every evasion when in check.
  MovePicker(const Position& pos, Move tt_move, const Histories& hist, const ContinuationTables& cont);

  // The next move, or Move::none() when done.
  Move next();
  // Whether the move last returned is a losing capture (ordered after the quiets).
  bool is_bad_capture() const { return last_score_ < BAD_CAPTURE_LIMIT && last_is_capture_; }

 private:
  static constexpr int TT_SCORE = 1 << 30;
  static constexpr int GOOD_CAPTURE = 1 << 28;
  static constexpr int KILLER_1 = 1 << 27;
  static constexpr int KILLER_2 = KILLER_1 - 1;
  static constexpr int COUNTER = KILLER_1 - 2;
  static constexpr int BAD_CAPTURE_LIMIT = -(1 << 27);

  void score(const Position& pos, Move tt_move, const Histories& hist, const ContinuationTables& cont,
             const Killers* killers, Move counter);
  void generate_rest();

  // Set only while the main search's TT move is still to come or the rest ungenerated.
  const Position* pos_ = nullptr;
  const Histories* hist_ = nullptr;
  ContinuationTables cont_{};
  Killers killers_;
  Move counter_, tt_move_;
  bool tt_stage_ = false;

  MoveList list_;
  std::size_t index_ = 0;
  int last_score_ = 0;
  bool last_is_capture_ = false;
  std::array<bool, 256> is_capture_;  // set by score() for every move in the list
};

}  // namespace vireo
