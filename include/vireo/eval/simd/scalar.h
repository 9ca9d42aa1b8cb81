// The scalar back end, and the reference every SIMD back end must match to the bit: plain loops
// in exact arithmetic, which the compiler still vectorises as far as the CPU level allows.
#pragma once

#include <algorithm>
#include <cstdint>

namespace vireo::simd {

struct Scalar {
  // out[i] = in[i] + the rows in `adds` - the rows in `subs`, in wrapping int16 arithmetic;
  // `out` may be `in`. Each step is narrowed to int16 so that the compiler keeps 16-bit lanes.
  template <int N, int ADDS, int SUBS>
  static void add_sub(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds,
                      const std::int16_t* const* subs) {
    for (int i = 0; i < N; ++i) {
      std::int16_t v = in[i];
      for (int a = 0; a < ADDS; ++a) v = std::int16_t(v + adds[a][i]);
      for (int s = 0; s < SUBS; ++s) v = std::int16_t(v - subs[s][i]);
      out[i] = v;
    }
  }

  // The sum of clamp(x[i], 0, ceiling)^2 * w[i] (SCReLU, then a dot product). Each term is
  // exact in 32 bits while ceiling <= 255, whatever the int16 weight.
  template <int N>
  static std::int64_t screlu_dot(const std::int16_t* x, const std::int16_t* w, std::int16_t ceiling) {
    std::int64_t total = 0;
    for (int i = 0; i < N; ++i) {
      const std::int32_t v = std::clamp<std::int16_t>(x[i], 0, ceiling);
      total += v * (v * w[i]);
    }
    return total;
  }
};

}  // namespace vireo::simd
