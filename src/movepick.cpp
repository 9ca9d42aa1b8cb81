#include "vireo/movepick.h"

#include "vireo/see.h"

namespace vireo {

MovePicker::MovePicker(const Position& pos, Move tt_move, const History& history, const Killers& killers, Move countermove) {
  generate<GenType::ALL>(pos, list_);
  score(pos, tt_move, history, &killers, countermove);
}

MovePicker::MovePicker(const Position& pos, Move tt_move, const History& history) {
  if (pos.in_check()) generate<GenType::ALL>(pos, list_);
  else generate<GenType::NOISY>(pos, list_);
  score(pos, tt_move, history, nullptr, Move::none());
}

void MovePicker::score(const Position& pos, Move tt_move, const History& history, const Killers* killers, Move counter) {
  const Color us = pos.side_to_move();
  for (std::size_t i = 0; i < list_.size(); ++i) {
    ExtMove& e = list_[i];
    const Move m = e.move;
    const bool capture = pos.is_capture(m);
    const bool promotion = m.kind() == Move::PROMOTION;
    is_capture_[i] = capture;
    is_quiet_[i] = !capture && !promotion;
    if (m == tt_move) {
      e.score = TT_SCORE;
    } else if (capture || promotion) {
      // Most valuable victim first, least valuable attacker breaking ties.
      const PieceType victim = m.kind() == Move::EN_PASSANT ? PAWN : capture ? type_of(pos.piece_on(m.to())) : PAWN;
      int mvv_lva = 8 * SEE_VALUE[victim] / 100 - int(type_of(pos.moved_piece(m)));
      if (promotion) mvv_lva += m.promotion() == QUEEN ? 100 : -100;
      const bool good = promotion ? m.promotion() == QUEEN : see_ge(pos, m, 0);
      e.score = (good ? GOOD_CAPTURE : BAD_CAPTURE_LIMIT - 1000) + mvv_lva;
    } else if (killers && m == killers->first) {
      e.score = KILLER_1;
    } else if (killers && m == killers->second) {
      e.score = KILLER_2;
    } else if (m == counter) {
      e.score = COUNTER;
    } else {
      e.score = history.get(us, m);
    }
  }
}

Move MovePicker::next() {
  while (index_ < list_.size()) {
    // Selection sort, one step at a time: most nodes cut off after a few moves.
    std::size_t best = index_;
    for (std::size_t i = index_ + 1; i < list_.size(); ++i)
      if (list_[i].score > list_[best].score) best = i;
    std::swap(list_[index_], list_[best]);
    std::swap(is_quiet_[index_], is_quiet_[best]);
    std::swap(is_capture_[index_], is_capture_[best]);
    const std::size_t i = index_++;
    if (skip_quiets_ && is_quiet_[i] && list_[i].score < KILLER_1 - 2) continue;
    last_score_ = list_[i].score;
    last_is_capture_ = is_capture_[i];
    return list_[i].move;
  }
  return Move::none();
}

}  // namespace vireo
