// The network: (768 -> HIDDEN) x 2 -> 1 with SCReLU, two perspective accumulators, and up to
// MAX_OUTPUT_BUCKETS output layers chosen by the number of men on the board.
//
// Inputs: one per (colour relative to the perspective, piece type, square seen from the
// perspective), so a position and its colour-mirrored twin give the same accumulators. The
// side to move's accumulator feeds the first half of the output weights, the other side's the
// second half. Output buckets: the value of what the accumulators see changes as material
// comes off (a passed pawn, king activity, a bishop pair), which one linear output over shared
// features can only average; a layer per slice of the material count costs 2 * HIDDEN weights
// each and nothing at run time.
//
// Quantisation (what the trainer's export writes): feature weights and biases are scaled by
// QA and stored as int16, so the accumulator is int16 and SCReLU clamps it to [0, QA]; output
// weights are scaled by QB (int16), the output bias by QA * QB (int32). The float network's
// output times the network's cp_scale is the evaluation in centipawns: training fits the
// output to sigmoid(score / SIGMOID_SCALE) blended with game results, which makes it steeper
// than the scores themselves, so the trainer measures the scale that maps the output back
// onto the search scores it learned from, and the pruning margins keep their meaning. QB is as large as the output
// layer's 16-bit product allows for trained output weights (|w| < 0.5): rounding them to
// 1/64 instead cost the first network 9.5 cp of mean error against its float twin.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "vireo/board/position.h"

namespace vireo::nnue {

constexpr int INPUTS = 768;
// The accumulator's width is fixed at build time (CMake's VIREO_NNUE_HIDDEN), so every loop over
// it has a constant trip count; a network file of another width is refused with a message.
#ifndef VIREO_NNUE_HIDDEN
#define VIREO_NNUE_HIDDEN 256
#endif
constexpr int HIDDEN = VIREO_NNUE_HIDDEN;
// Widths a build or a file may have: whole blocks of the widest SIMD register (32 int16 lanes),
// and no wider than a file the trainer should be asked to allocate.
constexpr int MAX_HIDDEN = 4096;
static_assert(HIDDEN % 32 == 0 && HIDDEN <= MAX_HIDDEN, "VIREO_NNUE_HIDDEN: a multiple of 32, at most 4096");
constexpr int QA = 255;
constexpr int QB = 256;
constexpr int SIGMOID_SCALE = 400;
constexpr int MAX_CP_SCALE = 4000;
constexpr int MAX_OUTPUT_BUCKETS = 8;
// The SIMD output layer forms SCReLU's product v * w in 16 bits before widening it, which is
// exact only while |w| * QA fits: a file with a larger output weight is refused, and the trainer
// clips its output weights inside this.
constexpr int MAX_OUTPUT_WEIGHT = 128;
static_assert(MAX_OUTPUT_WEIGHT * QA <= INT16_MAX);

// The output layer for a position with `men` pieces and pawns (kings included) in a net with
// `buckets` layers: equal slices of 2..32 men.
constexpr int output_bucket(int men, int buckets) { return std::min(buckets - 1, (men - 2) * buckets / 32); }

// Horizontally mirrored inputs, a network's choice recorded in its file: a perspective whose own
// king stands on files e-h sees the board flipped left to right, so what the weights learn about
// a king on one wing serves the other, with no extra weights. A king move across the d/e line
// changes every feature of its own perspective, whose half is then refreshed.
constexpr bool flips_files(Square own_king) { return file_of(own_king) >= 4; }

// `flip`: the perspective's king stands on files e-h in a network with mirrored inputs.
constexpr int feature_index(Color perspective, Piece p, Square s, bool flip = false) {
  const int side = color_of(p) == perspective ? 0 : 1;
  const int sq = (perspective == WHITE ? int(s) : int(s) ^ 56) ^ (flip ? 7 : 0);
  return (side * 6 + type_of(p)) * 64 + sq;
}

struct Network {
  alignas(64) std::array<std::int16_t, INPUTS * HIDDEN> feature_weights;
  alignas(64) std::array<std::int16_t, HIDDEN> feature_bias;
  alignas(64) std::array<std::int16_t, MAX_OUTPUT_BUCKETS * 2 * HIDDEN> output_weights;  // [bucket][2 * HIDDEN]
  std::array<std::int32_t, MAX_OUTPUT_BUCKETS> output_bias;
  int output_buckets = 1;
  std::int32_t cp_scale = SIGMOID_SCALE;  // centipawns per unit of the float output
  bool mirrored_inputs = false;           // see flips_files
};

struct Accumulator;
// The network's output for the side to move, in centipawns; `acc` holds pos's accumulators.
int output(const Network& net, const Accumulator& acc, const Position& pos);
// The same by the scalar reference kernels, which the tests hold the SIMD back end to.
int reference_output(const Network& net, const Accumulator& acc, const Position& pos);

}  // namespace vireo::nnue
