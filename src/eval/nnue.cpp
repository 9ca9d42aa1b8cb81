#include "vireo/eval/nnue.h"

#include <algorithm>

#if defined(__AVX512BW__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace vireo::nnue {

namespace {

// sum over i of clamp(acc[i], 0, QA)^2 * w[i]. Each product v * (v * w) is exact in 32 bits
// and each SIMD lane sums at most 2 * HIDDEN / 16 of them, so no lane can overflow; the lanes
// are added in 64 bits. Every path therefore returns the same number.
std::int64_t screlu_dot(const std::int16_t* acc, const std::int16_t* w) {
  std::int64_t total = 0;
#if defined(__AVX512BW__)
  const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(QA);
  __m512i sum = _mm512_setzero_si512();
  for (int i = 0; i < HIDDEN; i += 32) {
    const __m512i v = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(acc + i), zero), qa);
    const __m512i vw = _mm512_mullo_epi16(v, _mm512_load_si512(w + i));
    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(v, vw));
  }
  alignas(64) std::int32_t lanes[16];
  _mm512_store_si512(lanes, sum);
  for (std::int32_t x : lanes) total += x;
#elif defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(QA);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < HIDDEN; i += 16) {
    const __m256i v = _mm256_min_epi16(_mm256_max_epi16(_mm256_load_si256((const __m256i*)(acc + i)), zero), qa);
    const __m256i vw = _mm256_mullo_epi16(v, _mm256_load_si256((const __m256i*)(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
  }
  alignas(32) std::int32_t lanes[8];
  _mm256_store_si256((__m256i*)lanes, sum);
  for (std::int32_t x : lanes) total += x;
#else
  for (int i = 0; i < HIDDEN; ++i) {
    const std::int32_t v = std::clamp<std::int32_t>(acc[i], 0, QA);
    total += v * (v * w[i]);
  }
#endif
  return total;
}

// Plain loops: compilers vectorise these int16 adds for whatever VIREO_ARCH allows.
void add_feature(std::int16_t* acc, const std::int16_t* w) {
  for (int i = 0; i < HIDDEN; ++i) acc[i] = std::int16_t(acc[i] + w[i]);
}

template <int ADDS, int SUBS>
void fused_update(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds,
                  const std::int16_t* const* subs) {
  for (int i = 0; i < HIDDEN; ++i) {
    std::int16_t v = in[i];
    for (int a = 0; a < ADDS; ++a) v = std::int16_t(v + adds[a][i]);
    for (int s = 0; s < SUBS; ++s) v = std::int16_t(v - subs[s][i]);
    out[i] = v;
  }
}

const std::int16_t* weights_of(const Network& net, Color perspective, Piece p, Square s) {
  return net.feature_weights.data() + std::size_t(feature_index(perspective, p, s)) * HIDDEN;
}

}  // namespace

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  for (Color c : {WHITE, BLACK}) {
    std::copy(net.feature_bias.begin(), net.feature_bias.end(), acc.values[c].begin());
    for (Bitboard b = pos.pieces(); b;) {
      const Square s = pop_lsb(b);
      add_feature(acc.values[c].data(), weights_of(net, c, pos.piece_on(s), s));
    }
  }
}

int output(const Network& net, const Accumulator& acc, const Position& pos) {
  const int bucket = output_bucket(popcount(pos.pieces()), net.output_buckets);
  const std::int16_t* w = net.output_weights.data() + std::size_t(bucket) * 2 * HIDDEN;
  const Color stm = pos.side_to_move();
  const std::int64_t sum = screlu_dot(acc.values[stm].data(), w) + screlu_dot(acc.values[~stm].data(), w + HIDDEN);
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
    if (n_add == 1 && n_sub == 1) fused_update<1, 1>(in, out, adds, subs);
    else if (n_add == 1 && n_sub == 2) fused_update<1, 2>(in, out, adds, subs);
    else if (n_add == 2 && n_sub == 2) fused_update<2, 2>(in, out, adds, subs);
    else fused_update<0, 0>(in, out, adds, subs);
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
