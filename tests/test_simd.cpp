#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <random>

#include "vireo/eval/simd.h"
#if defined(__AVX2__)
#include "vireo/eval/simd/avx2.h"  // also where Native is AVX-512: a build for this CPU can run it
#endif

using namespace vireo;

namespace {

constexpr int N = 512;  // several steps of every back end
constexpr std::int16_t CEILING = 255;
constexpr std::int16_t MAX_W = 128;  // |w| * CEILING still fits in int16, as the kernels require

template <int LEN>
struct alignas(64) Lanes {
  std::array<std::int16_t, LEN> v;
};
using Row = Lanes<N>;

// Values across the whole int16 range, with the clamp's edges (0, CEILING) and the extremes
// well represented, since those are where a lane's arithmetic could go wrong.
Row random_row(std::mt19937_64& rng, std::int16_t lo, std::int16_t hi) {
  std::uniform_int_distribution<int> any(lo, hi), pick(0, 5);
  const std::int16_t edges[] = {lo, hi, 0, CEILING, CEILING + 1, -1};
  Row r;
  for (auto& x : r.v) {
    const int k = pick(rng);
    x = k < 3 ? std::int16_t(any(rng)) : edges[std::uniform_int_distribution<int>(0, 5)(rng)];
    x = std::clamp(x, lo, hi);
  }
  return r;
}

template <class Simd>
void check_against_scalar(std::mt19937_64& rng) {
  for (int trial = 0; trial < 200; ++trial) {
    const Row x = random_row(rng, INT16_MIN, INT16_MAX), w = random_row(rng, -MAX_W, MAX_W);
    REQUIRE(Simd::template screlu_dot<N>(x.v.data(), w.v.data(), CEILING) ==
            simd::Scalar::screlu_dot<N>(x.v.data(), w.v.data(), CEILING));
    const Row a = random_row(rng, INT16_MIN, INT16_MAX), b = random_row(rng, INT16_MIN, INT16_MAX);
    const std::int16_t* adds[] = {a.v.data(), b.v.data()};
    const std::int16_t* subs[] = {w.v.data(), b.v.data()};
    Row got, want;
    Simd::template add_sub<N, 2, 2>(x.v.data(), got.v.data(), adds, subs);
    simd::Scalar::add_sub<N, 2, 2>(x.v.data(), want.v.data(), adds, subs);
    REQUIRE(got.v == want.v);
    Simd::template add_sub<N, 1, 2>(x.v.data(), got.v.data(), adds, subs);
    simd::Scalar::add_sub<N, 1, 2>(x.v.data(), want.v.data(), adds, subs);
    REQUIRE(got.v == want.v);
  }
}

}  // namespace

TEST_CASE("the SIMD back ends compute what the scalar reference does, to the bit", "[simd]") {
  std::mt19937_64 rng(85);
  check_against_scalar<simd::Native>(rng);
#if defined(__AVX2__)
  check_against_scalar<simd::Avx2>(rng);
#endif
}

TEST_CASE("SCReLU's dot product stays exact where 32-bit lanes would overflow", "[simd]") {
  // Every value at the ceiling and every weight at the limit: each term is 255^2 * 128, and a
  // 32-bit lane of AVX2 or AVX-512 would take more of them than it can hold (8,192 / 8 and
  // 8,192 / 16 terms of 8.3 million) unless the kernel empties it into 64 bits on the way.
  constexpr int BIG = 8192;
  auto x = std::make_unique<Lanes<BIG>>(), w = std::make_unique<Lanes<BIG>>();
  x->v.fill(CEILING);
  w->v.fill(MAX_W);
  const std::int64_t expected = std::int64_t(BIG) * CEILING * CEILING * MAX_W;
  CHECK(simd::Scalar::screlu_dot<BIG>(x->v.data(), w->v.data(), CEILING) == expected);
  CHECK(simd::Native::screlu_dot<BIG>(x->v.data(), w->v.data(), CEILING) == expected);
  w->v.fill(-MAX_W);
  CHECK(simd::Native::screlu_dot<BIG>(x->v.data(), w->v.data(), CEILING) == -expected);
}
