// NNUE evaluation: (768 -> HIDDEN) x 2 -> 1 with SCReLU, two perspective accumulators, and
// up to MAX_OUTPUT_BUCKETS output layers chosen by the number of men on the board.
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
//
// File format (little-endian): "VIRONNUE" magic, u32 format version, u32 input count, u32
// hidden size, i32 cp_scale, u32 output bucket count B, then int16 feature weights
// [input][hidden], int16 feature biases [hidden], int16 output weights [B][2 * hidden], int32
// output biases [B], and a u64 FNV-1a checksum of every byte before it. Version 1 files (the
// generation 1 and 2 networks) have no bucket count field and one output layer.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vireo/board/position.h"
#include "vireo/eval/score.h"

namespace vireo::nnue {

constexpr int INPUTS = 768;
// The accumulator's width is fixed at build time (CMake's VIREO_NNUE_HIDDEN), so every loop over
// it has a constant trip count; a network file of another width is refused with a message.
#ifndef VIREO_NNUE_HIDDEN
#define VIREO_NNUE_HIDDEN 256
#endif
constexpr int HIDDEN = VIREO_NNUE_HIDDEN;
// Widths a build or a file may have: whole SIMD blocks; and screlu_dot's 32-bit lanes each sum
// HIDDEN / 16 products of at most QA * QA * 128, which must stay below 2^31.
constexpr int MAX_HIDDEN = 4096;
static_assert(HIDDEN % 32 == 0 && HIDDEN <= MAX_HIDDEN, "VIREO_NNUE_HIDDEN: a multiple of 32, at most 4096");
constexpr int QA = 255;
constexpr int QB = 256;
constexpr int SIGMOID_SCALE = 400;
constexpr int MAX_CP_SCALE = 4000;
constexpr int MAX_OUTPUT_BUCKETS = 8;
constexpr std::uint32_t FORMAT_VERSION = 2;

// The output layer for a position with `men` pieces and pawns (kings included) in a net with
// `buckets` layers: equal slices of 2..32 men.
constexpr int output_bucket(int men, int buckets) { return std::min(buckets - 1, (men - 2) * buckets / 32); }

constexpr int feature_index(Color perspective, Piece p, Square s) {
  const int side = color_of(p) == perspective ? 0 : 1;
  const int sq = perspective == WHITE ? int(s) : int(s) ^ 56;
  return (side * 6 + type_of(p)) * 64 + sq;
}

struct Network {
  alignas(64) std::array<std::int16_t, INPUTS * HIDDEN> feature_weights;
  alignas(64) std::array<std::int16_t, HIDDEN> feature_bias;
  alignas(64) std::array<std::int16_t, MAX_OUTPUT_BUCKETS * 2 * HIDDEN> output_weights;  // [bucket][2 * HIDDEN]
  std::array<std::int32_t, MAX_OUTPUT_BUCKETS> output_bias;
  int output_buckets = 1;
  std::int32_t cp_scale = SIGMOID_SCALE;  // centipawns per unit of the float output
};

// A network file's contents at the width it was trained, which may differ from this build's:
// the trainer widens a narrower network into its own (the engine plays only `Network`).
struct NetworkFile {
  int hidden = HIDDEN;
  int output_buckets = 1;
  std::int32_t cp_scale = SIGMOID_SCALE;
  std::vector<std::int16_t> feature_weights;  // [input][hidden]
  std::vector<std::int16_t> feature_bias;     // [hidden]
  std::vector<std::int16_t> output_weights;   // [bucket][2 * hidden]
  std::vector<std::int32_t> output_bias;      // [bucket]
};
// Parses a network file's bytes; on error returns a message naming what is wrong.
std::optional<std::string> parse(const std::uint8_t* data, std::size_t size, Network& out);
std::optional<std::string> parse(const std::uint8_t* data, std::size_t size, NetworkFile& out);
// Reads and parses a file; on error returns the message and leaves `out` alone.
std::optional<std::string> load_file(const std::string& path, Network& out);
std::optional<std::string> load_file(const std::string& path, NetworkFile& out);
// Serialises a network in the file format above (the trainer's export, and the tests').
std::vector<std::uint8_t> serialize(const NetworkFile& net);
std::vector<std::uint8_t> serialize(const Network& net);
// The network built into the executable.
std::shared_ptr<const Network> embedded_network();

struct alignas(64) Accumulator {
  std::array<std::array<std::int16_t, HIDDEN>, COLOR_NB> values;
};

// From scratch: the biases plus the weights of every piece on the board.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// The network's output for the side to move, in centipawns; `acc` holds pos's accumulators.
int output(const Network& net, const Accumulator& acc, const Position& pos);
// Shorthand for a full refresh and output (tests, `eval`, the trainer's check).
int evaluate(const Network& net, const Position& pos);

// The accumulators along the search's current line. push() records what a move changes;
// the arithmetic is done lazily, only when a position is actually evaluated, starting from
// the nearest ancestor that is up to date.
class AccumulatorStack {
 public:
  void reset(const Network& net, const Position& pos);
  // Call before pos.make_move(m).
  void push(const Position& pos, Move m);
  void push_null();
  void pop() { --top_; }
  int evaluate(const Position& pos);

 private:
  // A piece leaving `from` and arriving at `to`; NO_SQUARE on one side for a capture or a
  // promotion's pawn and piece.
  struct PieceChange {
    Piece piece;
    Square from, to;
  };
  struct Entry {
    Accumulator acc;
    std::array<PieceChange, 3> changes;
    int change_count = 0;
    bool computed = false;
  };
  void apply(const Entry& parent, Entry& e) const;

  const Network* net_ = nullptr;
  // Deeper than any line: the search stops at MAX_PLY, and a push happens once per ply.
  std::vector<Entry> entries_ = std::vector<Entry>(MAX_PLY + 8);
  int top_ = 0;
};

}  // namespace vireo::nnue
