// The kernels of simd/scalar.h written once over a vector back end's operations (simd/avx2.h,
// simd/avx512.h), which give the same results.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>

namespace vireo::simd {

template <class Ops>
struct Vector {
  template <int N, int ADDS, int SUBS>
  static void add_sub(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds,
                      const std::int16_t* const* subs) {
    static_assert(N % Ops::LANES == 0);
    for (int i = 0; i < N; i += Ops::LANES) {
      auto v = Ops::load(in + i);
      for (int a = 0; a < ADDS; ++a) v = Ops::add_i16(v, Ops::load(adds[a] + i));
      for (int s = 0; s < SUBS; ++s) v = Ops::sub_i16(v, Ops::load(subs[s] + i));
      Ops::store(out + i, v);
    }
  }

  // Equal to Scalar::screlu_dot given ceiling <= 255 and |w| * ceiling <= INT16_MAX: then v * w
  // is exact in 16 bits, and each step adds two terms v * (v * w) of magnitude below 2^23 to a
  // 32-bit lane, so a lane holds BLOCK_STEPS steps before it must be emptied into 64 bits.
  template <int N>
  static std::int64_t screlu_dot(const std::int16_t* x, const std::int16_t* w, std::int16_t ceiling) {
    static_assert(N % Ops::LANES == 0);
    constexpr int BLOCK_STEPS = 1 << 7, BLOCK = BLOCK_STEPS * Ops::LANES;
    const auto zero = Ops::zero(), top = Ops::set1_i16(ceiling);
    std::int64_t total = 0;
    for (int start = 0; start < N; start += BLOCK) {
      auto sum = Ops::zero();
      for (int i = start; i < std::min(N, start + BLOCK); i += Ops::LANES) {
        const auto v = Ops::min_i16(Ops::max_i16(Ops::load(x + i), zero), top);
        sum = Ops::add_i32(sum, Ops::madd_i16(v, Ops::mullo_i16(v, Ops::load(w + i))));
      }
      total += sum_i32(sum);
    }
    return total;
  }

 private:
  // The 32-bit lanes added in 64 bits: together they may exceed 2^31.
  static std::int64_t sum_i32(typename Ops::Vec v) {
    std::array<std::int32_t, sizeof v / 4> lanes;
    std::memcpy(lanes.data(), &v, sizeof v);
    return std::accumulate(lanes.begin(), lanes.end(), std::int64_t{0});
  }
};

}  // namespace vireo::simd
