// AVX2: 16 int16 lanes (VIREO_ARCH x86-64-bmi2, or native on a CPU with AVX2 but not AVX-512BW).
#pragma once

#include <immintrin.h>
#include <cstdint>

#include "vireo/eval/simd/vector.h"

namespace vireo::simd {

struct Avx2Ops {
  using Vec = __m256i;
  static constexpr int LANES = 16;
  // Aligned: accumulators and weight rows start on 64-byte boundaries.
  static Vec load(const std::int16_t* p) { return _mm256_load_si256(reinterpret_cast<const Vec*>(p)); }
  static void store(std::int16_t* p, Vec v) { _mm256_store_si256(reinterpret_cast<Vec*>(p), v); }
  static Vec zero() { return _mm256_setzero_si256(); }
  static Vec set1_i16(std::int16_t x) { return _mm256_set1_epi16(x); }
  static Vec add_i16(Vec a, Vec b) { return _mm256_add_epi16(a, b); }
  static Vec sub_i16(Vec a, Vec b) { return _mm256_sub_epi16(a, b); }
  static Vec min_i16(Vec a, Vec b) { return _mm256_min_epi16(a, b); }
  static Vec max_i16(Vec a, Vec b) { return _mm256_max_epi16(a, b); }
  static Vec mullo_i16(Vec a, Vec b) { return _mm256_mullo_epi16(a, b); }
  // Products of int16 lanes, adjacent pairs summed into 32-bit lanes.
  static Vec madd_i16(Vec a, Vec b) { return _mm256_madd_epi16(a, b); }
  static Vec add_i32(Vec a, Vec b) { return _mm256_add_epi32(a, b); }
};
using Avx2 = Vector<Avx2Ops>;

}  // namespace vireo::simd
