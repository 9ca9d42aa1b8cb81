#include "vireo/search/movepick.h"

#include "vireo/search/see.h"

namespace vireo {

MovePicker::MovePicker(const Position& pos, Move tt_move, const Histories& hist, const ContinuationTables& cont,
                       const Killers& killers, Move countermove)
    : pos_(&pos),
      hist_(&hist),
      cont_(cont),
      killers_(killers),
      counter_(countermove),
      tt_move_(tt_move),
      tt_stage_(true) {}

// The TT move, when it was handed out, takes the first slot, where ordering would have put it.
void MovePicker::generate_rest() {
  generate<GenType::ALL>(*pos_, list_);
  score(*pos_, tt_move_, *hist_, cont_, &killers_, counter_);
  if (!tt_move_) return;
  for (std::size_t i = 0; i < list_.size(); ++i)
    if (list_[i].move == tt_move_) {
      std::swap(list_[0], list_[i]);
      std::swap(is_capture_[0], is_capture_[i]);
      index_ = 1;
      return;
    }
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const Histories& hist, const ContinuationTables& cont) {
  if (pos.in_check())
    generate<GenType::ALL>(pos, list_);
  else
    generate<GenType::NOISY>(pos, list_);
  score(pos, tt_move, hist, cont, nullptr, Move::none());
}

void MovePicker::score(const Position& pos, Move tt_move, const Histories& hist, const ContinuationTables& cont,
                       const Killers* killers, Move counter) {
  const Color us = pos.side_to_move();
  for (std::size_t i = 0; i < list_.size(); ++i) {
    ExtMove& e = list_[i];
    const Move m = e.move;
    const bool capture = pos.is_capture(m);
    const bool promotion = m.kind() == Move::PROMOTION;
    is_capture_[i] = capture;
    if (m == tt_move) {
      e.score = TT_SCORE;
    } else if (capture || promotion) {
      // Most valuable victim first; among equal victims, the captures that have cut off before.
      const PieceType victim = capture ? pos.captured_type(m) : PAWN;
      int value = 16 * SEE_VALUE[victim] + hist.capture_of(pos.moved_piece(m), m, victim) / 2;
      if (promotion) value += m.promotion() == QUEEN ? 16 * SEE_VALUE[QUEEN] : -16 * SEE_VALUE[QUEEN];
      const bool good = promotion ? m.promotion() == QUEEN : see_ge(pos, m, 0);
      e.score = (good ? GOOD_CAPTURE : BAD_CAPTURE_LIMIT - 4 * HISTORY_MAX) + value;
    } else if (killers && m == killers->first) {
      e.score = KILLER_1;
    } else if (killers && m == killers->second) {
      e.score = KILLER_2;
    } else if (m == counter) {
      e.score = COUNTER;
    } else {
      e.score = hist.quiet(us, pos.moved_piece(m), m, cont);
    }
  }
}

Move MovePicker::next() {
  if (tt_stage_) {
    tt_stage_ = false;
    if (tt_move_ && is_legal(*pos_, tt_move_)) {
      last_score_ = TT_SCORE;
      last_is_capture_ = pos_->is_capture(tt_move_);
      return tt_move_;
    }
    tt_move_ = Move::none();  // not a move here: nothing to skip in the list
  }
  if (pos_) {
    generate_rest();
    pos_ = nullptr;
  }
  if (index_ == list_.size()) return Move::none();
  // Selection sort, one step at a time: most nodes cut off after a few moves.
  std::size_t best = index_;
  for (std::size_t i = index_ + 1; i < list_.size(); ++i)
    if (list_[i].score > list_[best].score) best = i;
  std::swap(list_[index_], list_[best]);
  std::swap(is_capture_[index_], is_capture_[best]);
  const std::size_t i = index_++;
  last_score_ = list_[i].score;
  last_is_capture_ = is_capture_[i];
  return list_[i].move;
}

}  // namespace vireo
