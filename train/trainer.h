// The NNUE trainer: a float copy of the engine's network (eval/nnue/network.h), trained on datagen's
// records with Adam, then quantised into the engine's file format.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "vireo/eval/nnue.h"
#include "vireo/tools/training_data.h"

namespace vireo::train {

struct Config {
  std::vector<std::string> data;  // record files, read whole
  std::string out;                // the quantised network
  std::string init;               // a network to start from instead of random weights
  int epochs = 30;
  int batch = 16384;
  int threads = 2;
  double lr = 0.001;             // start of a cosine decay ...
  double final_lr_ratio = 0.05;  // ... down to lr * this at the last epoch
  double lambda = 1.0;           // target = lambda * sigmoid(score / 400) + (1 - lambda) * result ...
  double lambda_end = -1;        // ... moving linearly to this at the last epoch (negative: no schedule)
  int output_buckets = nnue::MAX_OUTPUT_BUCKETS;
  double val_fraction = 0.02;
  std::uint64_t seed = 1;
  std::uint64_t max_positions = 0;  // 0: all
  double max_quant_error = 8.0;     // mean |quantised - float| (cp) above which no net is written
  bool mirror = false;              // also train on each castling-free position mirrored a-h
  bool mirrored_inputs = false;     // the network's inputs flipped by each side's king file (flips_files)
};

// The input features of one record, from both perspectives.
struct Sample {
  std::uint16_t features[2][32];  // [0]: side to move's, [1]: the other side's
  int count = 0;
  int bucket = 0;                    // the output layer that plays it
  float score_prob = 0, result = 0;  // sigmoid(score / 400) and the game's result, the side to move's
  float target = 0;                  // the blend of the two that training fits (set_lambda)
};
// target = lambda * score_prob + (1 - lambda) * result.
void set_lambda(Sample& s, double lambda);
// `mirrored`: the position flipped left to right (files a-h swapped), which is worth the same
// when neither side can castle, so one record teaches two positions. `mirrored_inputs`: the
// features of a network with horizontally mirrored inputs (nnue::flips_files).
Sample make_sample(const TrainingRecord& r, double lambda, int output_buckets, bool mirrored = false,
                   bool mirrored_inputs = false);
// Whether a side may still hold a castling right (records keep none): its king on its home
// square with a rook in a home corner.
bool may_castle(const TrainingRecord& r);

// Float parameters in one flat array (so Adam and the gradient sums are single loops), laid
// out as the quantised network: feature weights [input][hidden], feature biases, output
// weights [bucket][2 * hidden], output biases [bucket]. Room for the most buckets; a net with
// fewer leaves the rest untouched (their gradient is always zero).
struct Params {
  static constexpr std::size_t W1 = 0, B1 = std::size_t(nnue::INPUTS) * nnue::HIDDEN, W2 = B1 + nnue::HIDDEN,
                               B2 = W2 + nnue::MAX_OUTPUT_BUCKETS * 2 * nnue::HIDDEN,
                               SIZE = B2 + nnue::MAX_OUTPUT_BUCKETS;
  std::vector<float> v = std::vector<float>(SIZE, 0.0f);

  void init(std::mt19937_64& rng);
  float* w1(int feature) { return v.data() + W1 + std::size_t(feature) * nnue::HIDDEN; }
  const float* w1(int feature) const { return v.data() + W1 + std::size_t(feature) * nnue::HIDDEN; }
};

// The float network's output for one sample, in the sigmoid's units (centipawns / cp_scale).
float predict(const Params& p, const Sample& s);
// The squared error of sigmoid(output) against the sample's target; adds its gradient to `grad`.
float forward_backward(const Params& p, const Sample& s, Params& grad);

// The engine's network from the float one. Weights beyond the int16 or output-weight range
// would have been clipped during training.
nnue::Network quantise(const Params& p, int output_buckets, bool mirrored_inputs = false);
// The float network a quantised one stands for, with `output_buckets` output layers: a net with
// one layer gives every bucket a copy of it (each then learns its own material phase); any
// other count must match. A narrower network is widened to this build's HIDDEN (new neurons
// random, `rng`, with zero output weights: the same evaluation); a wider one is refused.
// Returns an error message or empty.
std::string dequantise(const nnue::NetworkFile& net, int output_buckets, std::mt19937_64& rng, Params& out);

// Swaps each feature's weights with those of the same piece on the square across the board's
// middle (file a with h, b with g ...): a plain network's weights made ready to start one with
// mirrored inputs. There a perspective whose king stands on files e-h (at the start and in most
// castled positions) reads the board flipped, so with its rows flipped too it evaluates those
// positions exactly as the plain network did; only a king on files a-d starts misread.
void flip_feature_files(Params& p);

class Trainer {
 public:
  explicit Trainer(Config cfg);
  // Loads the data, trains, checks the quantised net against the float one, writes it.
  // Progress goes to stderr; returns an error message or empty.
  std::string run();

 private:
  void load();
  // The λ of the epoch `progress` of the way through (0 first, 1 last).
  double lambda_at(double progress) const;
  std::string init_params();
  double train_epoch(double lr);
  double validation_loss() const;
  void adam_step(double lr);
  int fit_cp_scale() const;
  std::string check_and_write();

  Config cfg_;
  std::vector<Sample> train_, val_;
  std::vector<TrainingRecord> val_records_;
  Params params_, grad_, m_, v_;
  std::vector<Params> thread_grads_;
  std::mt19937_64 rng_;
  long step_ = 0;
};

}  // namespace vireo::train
