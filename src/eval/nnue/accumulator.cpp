#include "vireo/eval/nnue/accumulator.h"

#include <algorithm>
#include <cassert>

#include "vireo/eval/simd.h"

namespace vireo::nnue {

namespace {

const std::int16_t* weights_of(const Network& net, Color perspective, bool flip, Piece p, Square s) {
  return net.feature_weights.data() + std::size_t(feature_index(perspective, p, s, flip)) * HIDDEN;
}

bool flip_for(const Network& net, const Position& pos, Color perspective) {
  return net.mirrored_inputs && flips_files(pos.king_square(perspective));
}

template <class Simd>
void refresh_half(const Network& net, const Position& pos, Color perspective, std::int16_t* values) {
  std::copy(net.feature_bias.begin(), net.feature_bias.end(), values);
  const bool flip = flip_for(net, pos, perspective);
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const std::int16_t* row = weights_of(net, perspective, flip, pos.piece_on(s), s);
    Simd::template add_sub<HIDDEN, 1, 0>(values, values, &row, nullptr);
  }
}

}  // namespace

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  for (Color c : {WHITE, BLACK}) refresh_half<simd::Native>(net, pos, c, acc.values[c].data());
}

void reference_refresh(const Network& net, const Position& pos, Accumulator& acc) {
  for (Color c : {WHITE, BLACK}) refresh_half<simd::Scalar>(net, pos, c, acc.values[c].data());
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
  entries_[0].computed = {true, true};
}

AccumulatorStack::Entry& AccumulatorStack::next_entry() {
  Entry& e = entries_[++top_];
  e.computed = {};
  e.king_crossed = {};
  e.change_count = 0;
  return e;
}

void AccumulatorStack::push(const Position& pos, Move m) {
  Entry& e = next_entry();
  const Color us = pos.side_to_move();
  const Piece moved = pos.moved_piece(m);
  const Square from = m.from(), to = m.to();
  if (type_of(moved) == KING) e.king_crossed[us] = flips_files(from) != flips_files(to);
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

void AccumulatorStack::apply(Color perspective, bool flip, const Entry& parent, Entry& e) const {
  using Simd = simd::Native;
  const std::int16_t* adds[3];
  const std::int16_t* subs[3];
  int n_add = 0, n_sub = 0;
  for (int i = 0; i < e.change_count; ++i) {
    const PieceChange& ch = e.changes[i];
    if (ch.from != NO_SQUARE) subs[n_sub++] = weights_of(*net_, perspective, flip, ch.piece, ch.from);
    if (ch.to != NO_SQUARE) adds[n_add++] = weights_of(*net_, perspective, flip, ch.piece, ch.to);
  }
  const std::int16_t* in = parent.acc.values[perspective].data();
  std::int16_t* out = e.acc.values[perspective].data();
  // One pass over the accumulator for each shape push() records: a quiet move or a promotion
  // (1 add, 1 sub), a capture, en passant or a capturing promotion (1, 2), castling (2, 2).
  if (n_add == 1 && n_sub == 1)
    Simd::add_sub<HIDDEN, 1, 1>(in, out, adds, subs);
  else if (n_add == 1 && n_sub == 2)
    Simd::add_sub<HIDDEN, 1, 2>(in, out, adds, subs);
  else if (n_add == 2 && n_sub == 2)
    Simd::add_sub<HIDDEN, 2, 2>(in, out, adds, subs);
  else {
    // What is left is a null move, which changes nothing; push() can record no other shape.
    assert(n_add == 0 && n_sub == 0);
    Simd::add_sub<HIDDEN, 0, 0>(in, out, adds, subs);
  }
  e.computed[perspective] = true;
}

void AccumulatorStack::update(Color perspective, const Position& pos) {
  int base = top_;
  bool crossed = false;
  for (; !entries_[base].computed[perspective]; --base)  // entry 0 always is computed
    crossed |= entries_[base].king_crossed[perspective];
  Entry& e = entries_[top_];
  if (crossed && net_->mirrored_inputs) {
    // The whole half changed: start again from the board. The entries skipped stay uncomputed;
    // one reached again later finds the crossing on its own way down and refreshes in turn.
    refresh_half<simd::Native>(*net_, pos, perspective, e.acc.values[perspective].data());
    e.computed[perspective] = true;
    return;
  }
  // No crossing since `base`: the king has stood on the same wing all along.
  const bool flip = flip_for(*net_, pos, perspective);
  for (int i = base + 1; i <= top_; ++i) apply(perspective, flip, entries_[i - 1], entries_[i]);
}

const Accumulator& AccumulatorStack::current(const Position& pos) {
  for (Color c : {WHITE, BLACK}) update(c, pos);
  return entries_[top_].acc;
}

}  // namespace vireo::nnue
