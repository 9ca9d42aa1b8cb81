#include "vireo/eval/nnue/network.h"

#include <algorithm>

#include "vireo/eval/nnue/accumulator.h"
#include "vireo/eval/score.h"
#include "vireo/eval/simd.h"

namespace vireo::nnue {

namespace {

template <class Simd>
int output_with(const Network& net, const Accumulator& acc, const Position& pos) {
  const int bucket = output_bucket(popcount(pos.pieces()), net.output_buckets);
  const std::int16_t* w = net.output_weights.data() + std::size_t(bucket) * 2 * HIDDEN;
  const Color stm = pos.side_to_move();
  const std::int64_t sum = Simd::template screlu_dot<HIDDEN>(acc.values[stm].data(), w, QA) +
                           Simd::template screlu_dot<HIDDEN>(acc.values[~stm].data(), w + HIDDEN, QA);
  const std::int64_t cp = (sum / QA + net.output_bias[std::size_t(bucket)]) * net.cp_scale / (QA * QB);
  return int(std::clamp<std::int64_t>(cp, -SCORE_TB_WIN_IN_MAX + 1, SCORE_TB_WIN_IN_MAX - 1));
}

}  // namespace

int output(const Network& net, const Accumulator& acc, const Position& pos) {
  return output_with<simd::Native>(net, acc, pos);
}

int reference_output(const Network& net, const Accumulator& acc, const Position& pos) {
  return output_with<simd::Scalar>(net, acc, pos);
}

}  // namespace vireo::nnue
