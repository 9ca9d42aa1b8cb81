#include "trainer.h"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <thread>

namespace vireo::train {

namespace {

using nnue::HIDDEN;

// Keeps every int16 accumulator sum in range: 32 pieces times this plus a bias of this, times
// QA, stays far below 32767.
constexpr float WEIGHT_CLIP = 1.98f;
// Quantised output weights must stay below the limit a network file may hold.
constexpr float OUTPUT_WEIGHT_CLIP = float(nnue::MAX_OUTPUT_WEIGHT - 1) / nnue::QB;
// Positions scored beyond this (cp) do not take part in fitting the output scale.
constexpr double MAX_FIT_SCORE = 400;
constexpr double ADAM_BETA1 = 0.9, ADAM_BETA2 = 0.999, ADAM_EPS = 1e-8;

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// The hidden layer's pre-activations of one perspective.
void accumulate(const Params& p, const std::uint16_t* features, int count, float* acc) {
  std::copy(p.v.begin() + Params::B1, p.v.begin() + Params::B1 + HIDDEN, acc);
  for (int i = 0; i < count; ++i) {
    const float* w = p.w1(features[i]);
    for (int j = 0; j < HIDDEN; ++j) acc[j] += w[j];
  }
}

float screlu(float x) {
  const float c = std::clamp(x, 0.0f, 1.0f);
  return c * c;
}

// The output, leaving both perspectives' pre-activations in `acc` for the backward pass.
float forward(const Params& p, const Sample& s, float (&acc)[2][HIDDEN]) {
  accumulate(p, s.features[0], s.count, acc[0]);
  accumulate(p, s.features[1], s.count, acc[1]);
  const float* w2 = p.v.data() + Params::W2 + std::size_t(s.bucket) * 2 * HIDDEN;
  float out = p.v[Params::B2 + std::size_t(s.bucket)];
  for (int side = 0; side < 2; ++side)
    for (int j = 0; j < HIDDEN; ++j) out += screlu(acc[side][j]) * w2[side * HIDDEN + j];
  return out;
}

}  // namespace

Sample make_sample(const TrainingRecord& r, double lambda, int output_buckets, bool mirrored, bool mirrored_inputs) {
  Sample s;
  const Color stm = Color(r.stm);
  std::array<bool, COLOR_NB> flip = {};
  if (mirrored_inputs)
    for_each_piece(r, [&](Piece p, Square sq) {
      if (type_of(p) == KING) flip[color_of(p)] = nnue::flips_files(Square(mirrored ? sq ^ 7 : sq));
    });
  for_each_piece(r, [&](Piece p, Square sq) {
    if (mirrored) sq = Square(sq ^ 7);
    s.features[0][s.count] = std::uint16_t(nnue::feature_index(stm, p, sq, flip[stm]));
    s.features[1][s.count] = std::uint16_t(nnue::feature_index(~stm, p, sq, flip[~stm]));
    ++s.count;
  });
  s.bucket = nnue::output_bucket(s.count, output_buckets);
  const double score = stm == WHITE ? r.score : -r.score;
  const double result = (stm == WHITE ? r.result : 2 - r.result) / 2.0;
  s.score_prob = float(1.0 / (1.0 + std::exp(-score / nnue::SIGMOID_SCALE)));
  s.result = float(result);
  set_lambda(s, lambda);
  return s;
}

void set_lambda(Sample& s, double lambda) { s.target = float(lambda * s.score_prob + (1.0 - lambda) * s.result); }

bool may_castle(const TrainingRecord& r) {
  std::array<int, 64> board;
  board.fill(-1);
  for_each_piece(r, [&](Piece p, Square sq) { board[sq] = p; });
  auto at_home = [&](Color c) {
    const int first = c == WHITE ? 0 : 56;  // a1 or a8
    const int rook = make_piece(c, ROOK);
    return board[first + 4] == make_piece(c, KING) && (board[first] == rook || board[first + 7] == rook);
  };
  return at_home(WHITE) || at_home(BLACK);
}

void Params::init(std::mt19937_64& rng) {
  // With about 30 active inputs, weights of this spread put most pre-activations inside
  // SCReLU's [0, 1] at the start, where it has a gradient.
  std::normal_distribution<float> w1(0.0f, 0.1f);
  std::uniform_real_distribution<float> w2(-1.0f / std::sqrt(2.0f * HIDDEN), 1.0f / std::sqrt(2.0f * HIDDEN));
  std::fill(v.begin(), v.end(), 0.0f);
  for (std::size_t i = W1; i < B1; ++i) v[i] = w1(rng);
  for (std::size_t i = W2; i < B2; ++i) v[i] = w2(rng);
}

float predict(const Params& p, const Sample& s) {
  alignas(64) float acc[2][HIDDEN];
  return forward(p, s, acc);
}

float forward_backward(const Params& p, const Sample& s, Params& grad) {
  alignas(64) float acc[2][HIDDEN];
  const float out = forward(p, s, acc);

  const float pred = sigmoid(out), err = pred - s.target;
  const float dout = 2.0f * err * pred * (1.0f - pred);
  const std::size_t layer = Params::W2 + std::size_t(s.bucket) * 2 * HIDDEN;
  grad.v[Params::B2 + std::size_t(s.bucket)] += dout;
  for (int side = 0; side < 2; ++side) {
    alignas(64) float dacc[HIDDEN];
    const float* w2 = p.v.data() + layer + side * HIDDEN;
    float* gw2 = grad.v.data() + layer + side * HIDDEN;
    float* gb1 = grad.v.data() + Params::B1;
    for (int j = 0; j < HIDDEN; ++j) {
      const float a = acc[side][j];
      gw2[j] += dout * screlu(a);
      dacc[j] = a > 0.0f && a < 1.0f ? dout * w2[j] * 2.0f * a : 0.0f;
      gb1[j] += dacc[j];
    }
    for (int i = 0; i < s.count; ++i) {
      float* gw1 = grad.w1(s.features[side][i]);
      for (int j = 0; j < HIDDEN; ++j) gw1[j] += dacc[j];
    }
  }
  return err * err;
}

nnue::Network quantise(const Params& p, int output_buckets, bool mirrored_inputs) {
  nnue::Network net;
  net.output_buckets = output_buckets;
  net.mirrored_inputs = mirrored_inputs;
  net.output_weights.fill(0);
  net.output_bias.fill(0);
  auto q = [](float x, float scale) { return std::lround(double(x) * scale); };
  for (std::size_t i = 0; i < Params::B1; ++i) net.feature_weights[i] = std::int16_t(q(p.v[Params::W1 + i], nnue::QA));
  for (int j = 0; j < HIDDEN; ++j) net.feature_bias[j] = std::int16_t(q(p.v[Params::B1 + j], nnue::QA));
  for (int j = 0; j < output_buckets * 2 * HIDDEN; ++j)
    net.output_weights[std::size_t(j)] = std::int16_t(q(p.v[Params::W2 + std::size_t(j)], nnue::QB));
  for (int b = 0; b < output_buckets; ++b)
    net.output_bias[std::size_t(b)] = std::int32_t(q(p.v[Params::B2 + std::size_t(b)], float(nnue::QA) * nnue::QB));
  return net;
}

std::string dequantise(const nnue::NetworkFile& net, int output_buckets, std::mt19937_64& rng, Params& out) {
  if (net.output_buckets != 1 && net.output_buckets != output_buckets)
    return fmt::format("the network has {} output buckets, the training {}", net.output_buckets, output_buckets);
  if (net.hidden > HIDDEN)
    return fmt::format("the network is {} wide, this trainer {} (build it with -DVIREO_NNUE_HIDDEN)", net.hidden,
                       HIDDEN);
  // A narrower network is widened: its neurons are kept, the new ones start random but with zero
  // output weights, so the widened network plays exactly as the narrow one and training takes
  // over from there rather than from scratch.
  if (net.hidden < HIDDEN)
    out.init(rng);
  else
    std::fill(out.v.begin(), out.v.end(), 0.0f);
  const auto h = std::size_t(net.hidden);
  for (std::size_t f = 0; f < std::size_t(nnue::INPUTS); ++f)
    for (std::size_t j = 0; j < h; ++j) out.w1(int(f))[j] = float(net.feature_weights[f * h + j]) / nnue::QA;
  for (std::size_t j = 0; j < h; ++j) out.v[Params::B1 + j] = float(net.feature_bias[j]) / nnue::QA;
  for (int b = 0; b < output_buckets; ++b) {
    const std::size_t from = net.output_buckets == 1 ? 0 : std::size_t(b);
    float* layer = out.v.data() + Params::W2 + std::size_t(b) * 2 * HIDDEN;
    std::fill(layer, layer + 2 * HIDDEN, 0.0f);
    for (std::size_t side = 0; side < 2; ++side)
      for (std::size_t j = 0; j < h; ++j)
        layer[side * HIDDEN + j] = float(net.output_weights[(from * 2 + side) * h + j]) / nnue::QB;
    out.v[Params::B2 + std::size_t(b)] = float(net.output_bias[from]) / (float(nnue::QA) * nnue::QB);
  }
  return "";
}

void flip_feature_files(Params& p) {
  // A feature is (side * 6 + piece type) * 64 + square, and square ^ 7 mirrors the file.
  for (int f = 0; f < nnue::INPUTS; ++f)
    if (const int g = f ^ 7; g > f) std::swap_ranges(p.w1(f), p.w1(f) + HIDDEN, p.w1(g));
}

double Trainer::lambda_at(double progress) const {
  return cfg_.lambda_end < 0 ? cfg_.lambda : cfg_.lambda + (cfg_.lambda_end - cfg_.lambda) * progress;
}

Trainer::Trainer(Config cfg) : cfg_(std::move(cfg)), rng_(cfg_.seed) {}

void Trainer::load() {
  std::vector<TrainingRecord> records;
  for (const std::string& path : cfg_.data) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) throw std::runtime_error(fmt::format("cannot open '{}'", path));
    const auto bytes = std::size_t(in.tellg());
    if (bytes % sizeof(TrainingRecord))
      throw std::runtime_error(fmt::format("'{}' is not a whole number of records", path));
    in.seekg(0);
    const std::size_t old = records.size();
    records.resize(old + bytes / sizeof(TrainingRecord));
    in.read(reinterpret_cast<char*>(records.data() + old), std::streamsize(bytes));
  }
  std::erase_if(records, [](const TrainingRecord& r) { return !record_is_valid(r); });
  // No shuffle here: datagen writes each game's positions together, so the last records are
  // whole games the network never trains on. A random split would validate on positions of
  // the training games and hide overfitting. (Every epoch visits the training set shuffled.)
  if (cfg_.max_positions && records.size() > cfg_.max_positions) records.resize(cfg_.max_positions);
  const auto n_val = std::size_t(double(records.size()) * cfg_.val_fraction);
  if (records.size() < 2 || n_val == 0) throw std::runtime_error("too few valid records to train and validate");
  val_records_.assign(records.end() - long(n_val), records.end());
  // Validation measures against the target the training ends at, so that runs with and without
  // a λ schedule compare.
  for (std::size_t i = 0; i < records.size(); ++i) {
    const bool train = i < records.size() - n_val;
    (train ? train_ : val_)
        .push_back(
            make_sample(records[i], lambda_at(train ? 0.0 : 1.0), cfg_.output_buckets, false, cfg_.mirrored_inputs));
    if (train && cfg_.mirror && !may_castle(records[i]))
      train_.push_back(make_sample(records[i], lambda_at(0.0), cfg_.output_buckets, true, cfg_.mirrored_inputs));
  }
  std::fprintf(stderr, "train: %zu training and %zu validation positions\n", train_.size(), val_.size());
}

void Trainer::adam_step(double lr) {
  ++step_;
  const double c1 = 1.0 - std::pow(ADAM_BETA1, double(step_)), c2 = 1.0 - std::pow(ADAM_BETA2, double(step_));
  for (std::size_t i = 0; i < Params::SIZE; ++i) {
    const double g = grad_.v[i];
    m_.v[i] = float(ADAM_BETA1 * m_.v[i] + (1 - ADAM_BETA1) * g);
    v_.v[i] = float(ADAM_BETA2 * v_.v[i] + (1 - ADAM_BETA2) * g * g);
    const double w = params_.v[i] - lr * (m_.v[i] / c1) / (std::sqrt(v_.v[i] / c2) + ADAM_EPS);
    const double clip = i >= Params::W2 && i < Params::B2 ? OUTPUT_WEIGHT_CLIP : WEIGHT_CLIP;
    params_.v[i] = float(std::clamp(w, -clip, clip));
  }
}

double Trainer::train_epoch(double lr) {
  std::vector<std::uint32_t> order(train_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin(), order.end(), rng_);
  const int threads = cfg_.threads;
  std::vector<double> loss(std::size_t(threads), 0.0);
  for (std::size_t begin = 0; begin < order.size(); begin += std::size_t(cfg_.batch)) {
    const std::size_t end = std::min(order.size(), begin + std::size_t(cfg_.batch));
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        Params& g = thread_grads_[std::size_t(t)];
        std::fill(g.v.begin(), g.v.end(), 0.0f);
        for (std::size_t i = begin + std::size_t(t); i < end; i += std::size_t(threads))
          loss[std::size_t(t)] += forward_backward(params_, train_[order[i]], g);
      });
    for (auto& th : pool) th.join();
    // The mean over the batch, so the learning rate does not depend on the batch size.
    const float scale = 1.0f / float(end - begin);
    for (std::size_t i = 0; i < Params::SIZE; ++i) {
      float sum = 0;
      for (const Params& g : thread_grads_) sum += g.v[i];
      grad_.v[i] = sum * scale;
    }
    adam_step(lr);
  }
  return std::accumulate(loss.begin(), loss.end(), 0.0) / double(train_.size());
}

double Trainer::validation_loss() const {
  double loss = 0;
  for (const Sample& s : val_) {
    const float err = sigmoid(predict(params_, s)) - s.target;
    loss += double(err) * err;
  }
  return loss / double(val_.size());
}

int Trainer::fit_cp_scale() const {
  // The ratio of the spreads (root mean squares) of the search scores and of the outputs, over
  // validation positions of ordinary balance, where pruning margins act. A regression either
  // way would shrink the scale by the noise of whichever side it takes as the input.
  double scores = 0, outputs = 0;
  for (std::size_t i = 0; i < val_.size(); ++i) {
    const double score = val_records_[i].stm == WHITE ? val_records_[i].score : -val_records_[i].score;
    if (std::abs(score) > MAX_FIT_SCORE) continue;
    const double out = predict(params_, val_[i]);
    scores += score * score;
    outputs += out * out;
  }
  const double scale = outputs > 0 ? std::sqrt(scores / outputs) : nnue::SIGMOID_SCALE;
  return int(std::clamp(std::lround(scale), 1L, long(nnue::MAX_CP_SCALE)));
}

std::string Trainer::check_and_write() {
  nnue::Network net = quantise(params_, cfg_.output_buckets, cfg_.mirrored_inputs);
  net.cp_scale = fit_cp_scale();
  std::fprintf(stderr, "train: output scale %d cp per unit (the sigmoid's is %d)\n", net.cp_scale, nnue::SIGMOID_SCALE);
  // The quantised net, run by the engine's own integer code on the positions the records
  // describe, against the float net on the same records.
  double total = 0, worst = 0;
  const std::size_t n = std::min<std::size_t>(val_records_.size(), 20000);
  for (std::size_t i = 0; i < n; ++i) {
    Position pos;
    if (auto err = pos.set_fen(record_to_fen(val_records_[i]))) return "validation record is not a position: " + *err;
    const double diff = std::abs(nnue::evaluate(net, pos) - double(predict(params_, val_[i])) * net.cp_scale);
    total += diff;
    worst = std::max(worst, diff);
  }
  std::fprintf(stderr, "train: quantised vs float on %zu validation positions: mean |diff| %.2f cp, max %.1f cp\n", n,
               total / double(n), worst);
  if (total / double(n) > cfg_.max_quant_error)
    return fmt::format("the quantised network is off by {:.2f} cp on average (limit {}): not written",
                       total / double(n), cfg_.max_quant_error);
  const auto bytes = nnue::serialize(net);
  std::ofstream out(cfg_.out, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!out) return fmt::format("cannot write '{}'", cfg_.out);
  std::fprintf(stderr, "train: wrote %s (%zu bytes)\n", cfg_.out.c_str(), bytes.size());
  return "";
}

std::string Trainer::init_params() {
  if (cfg_.init.empty()) {
    params_.init(rng_);
    return "";
  }
  nnue::NetworkFile net;
  if (auto error = nnue::load_file(cfg_.init, net)) return *error;
  if (std::string error = dequantise(net, cfg_.output_buckets, rng_, params_); !error.empty())
    return cfg_.init + ": " + error;
  // A plain network may start a mirrored one, but not the reverse.
  if (net.mirrored_inputs && !cfg_.mirrored_inputs)
    return cfg_.init + ": the network has mirrored inputs; train with --mirrored-inputs on";
  if (cfg_.mirrored_inputs && !net.mirrored_inputs) flip_feature_files(params_);
  std::fprintf(stderr, "train: starting from %s, validation loss %.6f\n", cfg_.init.c_str(), validation_loss());
  return "";
}

std::string Trainer::run() {
  try {
    load();
  } catch (const std::exception& e) {
    return e.what();
  }
  if (std::string error = init_params(); !error.empty()) return error;
  thread_grads_.assign(std::size_t(cfg_.threads), Params{});
  for (int epoch = 1; epoch <= cfg_.epochs; ++epoch) {
    const double progress = cfg_.epochs > 1 ? double(epoch - 1) / (cfg_.epochs - 1) : 0.0;
    const double lr =
        cfg_.lr * (cfg_.final_lr_ratio + (1 - cfg_.final_lr_ratio) * 0.5 * (1 + std::cos(M_PI * progress)));
    const double lambda = lambda_at(progress);
    if (cfg_.lambda_end >= 0)
      for (Sample& s : train_) set_lambda(s, lambda);
    const auto start = std::chrono::steady_clock::now();
    const double train_loss = train_epoch(lr);
    const double secs = seconds_since(start);
    std::fprintf(stderr,
                 "epoch %3d  lr %.6f  lambda %.3f  train loss %.6f  validation loss %.6f  %.1f s  %.0f positions/s\n",
                 epoch, lr, lambda, train_loss, validation_loss(), secs, double(train_.size()) / secs);
  }
  return check_and_write();
}

}  // namespace vireo::train
