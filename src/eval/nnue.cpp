#include "vireo/eval/nnue.h"

#include <algorithm>

#include "vireo/eval/simd.h"

namespace vireo::nnue {

namespace {

using Simd = simd::Native;

const std::int16_t* weights_of(const Network& net, Color perspective, Piece p, Square s) {
  return net.feature_weights.data() + std::size_t(feature_index(perspective, p, s)) * HIDDEN;
}

}  // namespace

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  for (Color c : {WHITE, BLACK}) {
    std::copy(net.feature_bias.begin(), net.feature_bias.end(), acc.values[c].begin());
    for (Bitboard b = pos.pieces(); b;) {
      const Square s = pop_lsb(b);
      const std::int16_t* row = weights_of(net, c, pos.piece_on(s), s);
      Simd::add_sub<HIDDEN, 1, 0>(acc.values[c].data(), acc.values[c].data(), &row, nullptr);
    }
  }
}

int output(const Network& net, const Accumulator& acc, const Position& pos) {
  const int bucket = output_bucket(popcount(pos.pieces()), net.output_buckets);
  const std::int16_t* w = net.output_weights.data() + std::size_t(bucket) * 2 * HIDDEN;
  const Color stm = pos.side_to_move();
  const std::int64_t sum = Simd::screlu_dot<HIDDEN>(acc.values[stm].data(), w, QA) +
                           Simd::screlu_dot<HIDDEN>(acc.values[~stm].data(), w + HIDDEN, QA);
  const std::int64_t cp = (sum / QA + net.output_bias[std::size_t(bucket)]) * net.cp_scale / (QA * QB);
  return int(std::clamp<std::int64_t>(cp, -SCORE_TB_WIN_IN_MAX + 1, SCORE_TB_WIN_IN_MAX - 1));
}

int evaluate(const Network& net, const Position& pos) {
  Accumulator acc;
  refresh(net, pos, acc);
  return output(net, acc, pos);
}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
  net_ = &net;
  top_ = 0;
  refresh(net, pos, entries_[0].acc);
  entries_[0].computed = true;
}

void AccumulatorStack::push(const Position& pos, Move m) {
  Entry& e = entries_[++top_];
  e.computed = false;
  e.change_count = 0;
  const Color us = pos.side_to_move();
  const Piece moved = pos.moved_piece(m);
  const Square from = m.from(), to = m.to();
  if (m.kind() == Move::CASTLING) {
    // The update is a sum: squares the two swap, or the king keeps (Chess960), cancel out.
    e.changes[e.change_count++] = {moved, from, to};
    e.changes[e.change_count++] = {make_piece(us, ROOK), pos.castling_rook(m), castling_rook_to(m)};
    return;
  }
  if (m.kind() == Move::EN_PASSANT)
    e.changes[e.change_count++] = {make_piece(~us, PAWN), Square(to - pawn_push(us)), NO_SQUARE};
  else if (!pos.empty(to))
    e.changes[e.change_count++] = {pos.piece_on(to), to, NO_SQUARE};
  if (m.kind() == Move::PROMOTION) {
    e.changes[e.change_count++] = {moved, from, NO_SQUARE};
    e.changes[e.change_count++] = {make_piece(us, m.promotion()), NO_SQUARE, to};
  } else {
    e.changes[e.change_count++] = {moved, from, to};
  }
}

void AccumulatorStack::push_null() {
  Entry& e = entries_[++top_];
  e.computed = false;
  e.change_count = 0;
}

void AccumulatorStack::apply(const Entry& parent, Entry& e) const {
  for (Color c : {WHITE, BLACK}) {
    const std::int16_t* adds[3];
    const std::int16_t* subs[3];
    int n_add = 0, n_sub = 0;
    for (int i = 0; i < e.change_count; ++i) {
      const PieceChange& ch = e.changes[i];
      if (ch.from != NO_SQUARE) subs[n_sub++] = weights_of(*net_, c, ch.piece, ch.from);
      if (ch.to != NO_SQUARE) adds[n_add++] = weights_of(*net_, c, ch.piece, ch.to);
    }
    const std::int16_t* in = parent.acc.values[c].data();
    std::int16_t* out = e.acc.values[c].data();
    // One pass over the accumulator for the usual shapes: a quiet move or promotion (1 add,
    // 1 sub), a capture (1, 2), castling (2, 2); a null move only copies.
    if (n_add == 1 && n_sub == 1) Simd::add_sub<HIDDEN, 1, 1>(in, out, adds, subs);
    else if (n_add == 1 && n_sub == 2) Simd::add_sub<HIDDEN, 1, 2>(in, out, adds, subs);
    else if (n_add == 2 && n_sub == 2) Simd::add_sub<HIDDEN, 2, 2>(in, out, adds, subs);
    else Simd::add_sub<HIDDEN, 0, 0>(in, out, adds, subs);
  }
  e.computed = true;
}

int AccumulatorStack::evaluate(const Position& pos) {
  int base = top_;
  while (!entries_[base].computed) --base;  // entry 0 is always computed
  for (int i = base + 1; i <= top_; ++i) apply(entries_[i - 1], entries_[i]);
  return output(*net_, entries_[top_].acc, pos);
}

}  // namespace vireo::nnue
