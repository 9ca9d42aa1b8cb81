#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include "test_util.h"
#include "trainer.h"

using namespace vireo;
using namespace vireo::train;
using vireo::test::from_fen;

namespace {

constexpr int BUCKETS = nnue::MAX_OUTPUT_BUCKETS;

TrainingRecord record_of(const std::string& fen, int white_score, RecordResult result) {
  Position pos;
  REQUIRE_FALSE(pos.set_fen(fen).has_value());
  TrainingRecord r = pack_record(pos, white_score);
  r.result = result;
  return r;
}

// Initial weights, with output weights large enough that every unit moves the output.
Params random_params(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Params p;
  p.init(rng);
  std::uniform_real_distribution<float> w(-0.45f, 0.45f);
  for (std::size_t i = Params::W2; i < Params::B2; ++i) p.v[i] = w(rng);
  for (std::size_t b = 0; b < BUCKETS; ++b) p.v[Params::B2 + b] = 0.1f + 0.05f * float(b);
  return p;
}

// What `--init` reads: the network as its file holds it.
nnue::NetworkFile file_of(const nnue::Network& net) {
  const auto bytes = nnue::serialize(net);
  nnue::NetworkFile file;
  REQUIRE_FALSE(nnue::parse(bytes.data(), bytes.size(), file).has_value());
  return file;
}

float loss_of(const Params& p, const Sample& s) {
  const float e = 1.0f / (1.0f + std::exp(-predict(p, s))) - s.target;
  return e * e;
}

}  // namespace

TEST_CASE("the trainer's features are the engine's", "[train]") {
  // With mirrored inputs, black's king on g8 flips black's view and white's on c1 does not.
  const bool mirrored_inputs = GENERATE(false, true);
  const std::string fen = "r4rk1/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/2KR3R b - - 0 1";
  const Sample s = make_sample(record_of(fen, 0, RESULT_DRAW), 0.5, BUCKETS, false, mirrored_inputs);
  Position pos;
  REQUIRE_FALSE(pos.set_fen(fen).has_value());
  std::vector<int> engine[2], trainer[2];
  for (Bitboard b = pos.pieces(); b;) {
    const Square sq = pop_lsb(b);
    engine[0].push_back(nnue::feature_index(BLACK, pos.piece_on(sq), sq, mirrored_inputs));  // black is to move
    engine[1].push_back(nnue::feature_index(WHITE, pos.piece_on(sq), sq));
  }
  REQUIRE(s.count == popcount(pos.pieces()));
  for (int side = 0; side < 2; ++side) {
    trainer[side].assign(s.features[side], s.features[side] + s.count);
    std::sort(engine[side].begin(), engine[side].end());
    std::sort(trainer[side].begin(), trainer[side].end());
    CHECK(engine[side] == trainer[side]);
  }
}

namespace {

std::vector<int> sorted_features(const Sample& s, int side) {
  std::vector<int> f(s.features[side], s.features[side] + s.count);
  std::sort(f.begin(), f.end());
  return f;
}

}  // namespace

TEST_CASE("a mirrored sample is the position flipped from a to h", "[train]") {
  const std::string fen = "6k1/pp3ppp/2n5/3Bp3/4P1b1/2P2N2/P4PPP/3R2K1 b - - 0 1";
  const std::string flipped = "1k6/ppp3pp/5n2/3pB3/1b1P4/2N2P2/PPP4P/1K2R3 b - - 0 1";
  const Sample mirrored = make_sample(record_of(fen, 35, RESULT_DRAW), 1.0, BUCKETS, true);
  const Sample direct = make_sample(record_of(flipped, 35, RESULT_DRAW), 1.0, BUCKETS);
  const Sample plain = make_sample(record_of(fen, 35, RESULT_DRAW), 1.0, BUCKETS);
  for (int side = 0; side < 2; ++side) {
    CHECK(sorted_features(mirrored, side) == sorted_features(direct, side));
    CHECK(sorted_features(mirrored, side) != sorted_features(plain, side));
  }
  CHECK(mirrored.target == direct.target);
  CHECK(mirrored.bucket == direct.bucket);
}

TEST_CASE("only positions where no side can castle are mirrored", "[train]") {
  CHECK(may_castle(record_of("r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", 0, RESULT_DRAW)));
  CHECK(may_castle(record_of("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 0, RESULT_DRAW)));
  CHECK(may_castle(record_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 0, RESULT_DRAW)));
  CHECK_FALSE(may_castle(record_of("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1", 0, RESULT_DRAW)));
  CHECK_FALSE(may_castle(record_of("r4k1r/8/8/8/8/8/8/3K4 b - - 0 1", 0, RESULT_DRAW)));
  CHECK_FALSE(may_castle(record_of("4k3/8/8/8/8/8/8/R4K2 w - - 0 1", 0, RESULT_DRAW)));
  CHECK_FALSE(may_castle(record_of("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", 0, RESULT_DRAW)));
}

TEST_CASE("training targets are from the side to move's view", "[train]") {
  const std::string white = "4k3/8/8/8/8/8/8/4K3 w - - 0 1", black = "4k3/8/8/8/8/8/8/4K3 b - - 0 1";
  CHECK(make_sample(record_of(white, 0, RESULT_DRAW), 0.5, BUCKETS).target == Approx(0.5));
  CHECK(make_sample(record_of(white, 0, RESULT_WHITE_WINS), 0.0, BUCKETS).target == Approx(1.0));
  CHECK(make_sample(record_of(black, 0, RESULT_WHITE_WINS), 0.0, BUCKETS).target == Approx(0.0));
  CHECK(make_sample(record_of(white, 400, RESULT_DRAW), 1.0, BUCKETS).target == Approx(1.0 / (1.0 + std::exp(-1.0))));
  CHECK(make_sample(record_of(black, 400, RESULT_DRAW), 1.0, BUCKETS).target == Approx(1.0 / (1.0 + std::exp(1.0))));
}

TEST_CASE("a λ schedule moves the target between the score and the result", "[train]") {
  // White to move, scored +400 (sigmoid 0.731), and lost: the two parts of the target disagree.
  Sample s = make_sample(record_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 400, RESULT_BLACK_WINS), 0.75, BUCKETS);
  const double score = 1.0 / (1.0 + std::exp(-1.0));
  CHECK(s.target == Approx(0.75 * score));
  set_lambda(s, 1.0);
  CHECK(s.target == Approx(score));
  set_lambda(s, 0.0);
  CHECK(s.target == Approx(0.0));
  set_lambda(s, 0.4);
  CHECK(s.target == Approx(0.4 * score));
}

TEST_CASE("the analytic gradient matches finite differences", "[train]") {
  Params p = random_params(3);
  const Sample s =
      make_sample(record_of("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 35, RESULT_WHITE_WINS),
                  0.5, BUCKETS);
  Params grad;
  forward_backward(p, s, grad);

  // Parameters on every path: an active input's weights, biases, both halves of the output
  // layer of the sample's bucket.
  const std::size_t layer = Params::W2 + std::size_t(s.bucket) * 2 * nnue::HIDDEN;
  std::vector<std::size_t> probe = {Params::B2 + std::size_t(s.bucket), layer + 3, layer + nnue::HIDDEN + 5,
                                    Params::B1 + 7};
  for (int j = 0; j < 8; ++j)
    probe.push_back(Params::W1 + std::size_t(s.features[0][0]) * nnue::HIDDEN + std::size_t(j * 13));
  int compared = 0;
  for (std::size_t i : probe) {
    const float h = 1e-3f, old = p.v[i];
    p.v[i] = old + h;
    const float up = loss_of(p, s);
    p.v[i] = old - h;
    const float down = loss_of(p, s);
    p.v[i] = old;
    const float numeric = (up - down) / (2 * h);
    if (std::abs(numeric) < 1e-6f && std::abs(grad.v[i]) < 1e-6f) continue;  // a unit outside SCReLU's slope
    INFO("parameter " << i);
    CHECK(grad.v[i] == Approx(numeric).epsilon(0.02).margin(1e-5));
    ++compared;
  }
  CHECK(compared >= 6);
  // Another bucket's layer plays no part.
  const int other = (s.bucket + 1) % BUCKETS;
  for (std::size_t i = 0; i < 2 * nnue::HIDDEN; ++i)
    REQUIRE(grad.v[Params::W2 + std::size_t(other) * 2 * nnue::HIDDEN + i] == 0.0f);
  CHECK(grad.v[Params::B2 + std::size_t(other)] == 0.0f);
}

TEST_CASE("the quantised network reproduces the float one", "[train]") {
  const Params p = random_params(5);
  const nnue::Network net = quantise(p, BUCKETS);
  double worst = 0, total = 0;
  const auto cases = test::load_perft_suite("random-walks.epd");
  for (const auto& c : cases) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(c.fen).has_value());
    const Sample s = make_sample(pack_record(pos, 0), 0.5, BUCKETS);
    const double diff = std::abs(nnue::evaluate(net, pos) - double(predict(p, s)) * net.cp_scale);
    worst = std::max(worst, diff);
    total += diff;
  }
  // Rounding each weight to 1/255 (inputs) or 1/256 (outputs) leaves an error of a few
  // centipawns per hidden unit's share, summed over 512 units with random signs.
  CHECK(total / double(cases.size()) < 15.0);
  CHECK(worst < 60.0);
}

TEST_CASE("the engine's integer inference is the float network on the rounded weights", "[train]") {
  const bool mirrored_inputs = GENERATE(false, true);
  const Params p = random_params(9);
  const nnue::Network net = quantise(p, BUCKETS, mirrored_inputs);
  // The float network with every weight replaced by its quantised value.
  Params rounded = p;
  for (std::size_t i = 0; i < Params::W2; ++i) rounded.v[i] = std::round(p.v[i] * nnue::QA) / nnue::QA;
  for (std::size_t i = Params::W2; i < Params::B2; ++i) rounded.v[i] = std::round(p.v[i] * nnue::QB) / nnue::QB;
  for (std::size_t i = Params::B2; i < Params::SIZE; ++i)
    rounded.v[i] = std::round(p.v[i] * nnue::QA * nnue::QB) / (nnue::QA * nnue::QB);
  std::vector<std::string> fens;
  for (const auto& c : test::load_perft_suite("random-walks.epd")) fens.push_back(c.fen);
  // Endgames too, so the smaller buckets are checked as well as the opening's.
  for (const char* fen :
       {"8/8/4k3/8/8/3K4/8/8 w - - 0 1", "8/5pk1/8/3R4/8/2K5/6P1/8 b - - 0 1",
        "r4rk1/5ppp/8/8/2B5/5N2/5PPP/R4RK1 w - - 0 1", "2r3k1/1q3ppp/p3p3/1p1n4/3P4/P2Q1N2/1P3PPP/2R3K1 w - - 0 1"})
    fens.emplace_back(fen);
  std::set<int> buckets;
  for (const auto& fen : fens) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen).has_value());
    const Sample s = make_sample(pack_record(pos, 0), 0.5, BUCKETS, false, mirrored_inputs);
    buckets.insert(s.bucket);
    // Only the final integer divisions truncate: at most a centipawn or two.
    REQUIRE(std::abs(nnue::evaluate(net, pos) - double(predict(rounded, s)) * net.cp_scale) < 2.0);
  }
  CHECK(buckets.size() >= 4);
}

TEST_CASE("a quantised network dequantises to the weights it was made from", "[train]") {
  const nnue::Network net = quantise(random_params(11), BUCKETS);
  Params p;
  std::mt19937_64 rng(1);
  REQUIRE(dequantise(file_of(net), BUCKETS, rng, p).empty());
  const nnue::Network again = quantise(p, BUCKETS);
  CHECK(again.feature_weights == net.feature_weights);
  CHECK(again.feature_bias == net.feature_bias);
  CHECK(again.output_weights == net.output_weights);
  CHECK(again.output_bias == net.output_bias);

  // A different bucket count, other than from a single layer, cannot be mapped.
  CHECK_FALSE(dequantise(file_of(net), 4, rng, p).empty());
}

TEST_CASE("a plain network flipped a-h starts a mirrored one that plays its kings on files e-h alike", "[train]") {
  const nnue::Network plain = quantise(random_params(13), BUCKETS);
  std::mt19937_64 rng(1);
  Params p;
  REQUIRE(dequantise(file_of(plain), BUCKETS, rng, p).empty());
  flip_feature_files(p);
  const nnue::Network mirrored = quantise(p, BUCKETS, true);
  // Both kings on files e-h: both perspectives read flipped boards with flipped rows.
  for (const char* fen :
       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r4rk1/pp3ppp/2n1b3/3p4/3P4/2NB1N2/PP3PPP/R4RK1 b - - 0 1", "8/5pk1/8/3R4/8/7K/6P1/8 w - - 0 1"})
    CHECK(nnue::evaluate(mirrored, from_fen(fen)) == nnue::evaluate(plain, from_fen(fen)));
  // A king on files a-d is where the two part.
  const Position long_castled = from_fen("2kr3r/ppp2ppp/2n1b3/3p4/3P4/2NB1N2/PP3PPP/R4RK1 w - - 0 1");
  CHECK(nnue::evaluate(mirrored, long_castled) != nnue::evaluate(plain, long_castled));
  flip_feature_files(p);  // twice is the identity
  CHECK(nnue::serialize(quantise(p, BUCKETS)) == nnue::serialize(plain));
}

TEST_CASE("a one-layer network starts every output bucket alike", "[train]") {
  const nnue::Network one = quantise(random_params(13), 1);
  Params p;
  std::mt19937_64 rng(1);
  REQUIRE(dequantise(file_of(one), BUCKETS, rng, p).empty());
  const nnue::Network spread = quantise(p, BUCKETS);
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "8/5pk1/8/3R4/8/2K5/6P1/8 b - - 0 1", "8/8/4k3/8/8/3K4/8/8 w - - 0 1"}) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen).has_value());
    CHECK(nnue::evaluate(spread, pos) == nnue::evaluate(one, pos));
  }
}

// The network as a file of width `h`: the first h neurons of `net`, whose others play no part
// when their output weights are zero.
nnue::NetworkFile narrowed(const nnue::Network& net, int h) {
  nnue::NetworkFile f = file_of(net);
  const auto H = std::size_t(nnue::HIDDEN), n = std::size_t(h);
  f.hidden = h;
  std::vector<std::int16_t> w1, b1(f.feature_bias.begin(), f.feature_bias.begin() + h), w2;
  for (std::size_t i = 0; i < std::size_t(nnue::INPUTS); ++i)
    w1.insert(w1.end(), f.feature_weights.begin() + std::ptrdiff_t(i * H),
              f.feature_weights.begin() + std::ptrdiff_t(i * H + n));
  for (std::size_t half = 0; half < std::size_t(2 * net.output_buckets); ++half)
    w2.insert(w2.end(), f.output_weights.begin() + std::ptrdiff_t(half * H),
              f.output_weights.begin() + std::ptrdiff_t(half * H + n));
  f.feature_weights = std::move(w1);
  f.feature_bias = std::move(b1);
  f.output_weights = std::move(w2);
  return f;
}

TEST_CASE("a narrower network is widened into one that evaluates alike", "[train]") {
  constexpr int NARROW = nnue::HIDDEN / 2;
  nnue::Network net = quantise(random_params(17), BUCKETS);
  // The reference: the same network with its upper neurons silenced.
  for (int b = 0; b < BUCKETS; ++b)
    for (int side = 0; side < 2; ++side)
      for (int j = NARROW; j < nnue::HIDDEN; ++j)
        net.output_weights[std::size_t((b * 2 + side) * nnue::HIDDEN + j)] = 0;
  const nnue::NetworkFile narrow = narrowed(net, NARROW);
  // A narrow file round-trips through its own parser; the engine, of another width, refuses it.
  const auto bytes = nnue::serialize(narrow);
  nnue::NetworkFile again;
  REQUIRE_FALSE(nnue::parse(bytes.data(), bytes.size(), again).has_value());
  CHECK(again.hidden == NARROW);
  CHECK(again.output_weights == narrow.output_weights);
  nnue::Network engine;
  const auto refused = nnue::parse(bytes.data(), bytes.size(), engine);
  REQUIRE(refused);
  CHECK_THAT(*refused, Catch::Contains("this build plays"));

  Params p;
  std::mt19937_64 rng(5);
  REQUIRE(dequantise(narrow, BUCKETS, rng, p).empty());
  const nnue::Network widened = quantise(p, BUCKETS);
  // The new neurons are live (random feature weights) but silent (zero output weights).
  CHECK(widened.feature_weights[std::size_t(NARROW)] != 0);
  for (const char* fen :
       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/5pk1/8/3R4/8/2K5/6P1/8 b - - 0 1",
        "r3k2r/pp1n1ppp/2p1pn2/q7/3P4/2N1PN2/PP3PPP/R2QKB1R w KQkq - 2 10"}) {
    Position pos;
    REQUIRE_FALSE(pos.set_fen(fen).has_value());
    CHECK(nnue::evaluate(widened, pos) == nnue::evaluate(net, pos));
  }
}

TEST_CASE("a wider network than the trainer's is refused", "[train]") {
  nnue::NetworkFile wide = file_of(quantise(random_params(19), BUCKETS));
  wide.hidden = 2 * nnue::HIDDEN;
  Params p;
  std::mt19937_64 rng(1);
  CHECK_THAT(dequantise(wide, BUCKETS, rng, p), Catch::Contains("VIREO_NNUE_HIDDEN"));
}
