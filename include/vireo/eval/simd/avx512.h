// AVX-512BW: 32 int16 lanes (VIREO_ARCH x86-64-avx512, or native on a CPU that has it).
#pragma once

#include <immintrin.h>
#include <cstdint>

#include "vireo/eval/simd/vector.h"

namespace vireo::simd {

struct Avx512Ops {
  using Vec = __m512i;
  static constexpr int LANES = 32;
  // Aligned: accumulators and weight rows start on 64-byte boundaries.
  static Vec load(const std::int16_t* p) { return _mm512_load_si512(p); }
  static void store(std::int16_t* p, Vec v) { _mm512_store_si512(p, v); }
  static Vec zero() { return _mm512_setzero_si512(); }
  static Vec set1_i16(std::int16_t x) { return _mm512_set1_epi16(x); }
  static Vec add_i16(Vec a, Vec b) { return _mm512_add_epi16(a, b); }
  static Vec sub_i16(Vec a, Vec b) { return _mm512_sub_epi16(a, b); }
  static Vec min_i16(Vec a, Vec b) { return _mm512_min_epi16(a, b); }
  static Vec max_i16(Vec a, Vec b) { return _mm512_max_epi16(a, b); }
  static Vec mullo_i16(Vec a, Vec b) { return _mm512_mullo_epi16(a, b); }
  // Products of int16 lanes, adjacent pairs summed into 32-bit lanes.
  static Vec madd_i16(Vec a, Vec b) { return _mm512_madd_epi16(a, b); }
  static Vec add_i32(Vec a, Vec b) { return _mm512_add_epi32(a, b); }
};
using Avx512 = Vector<Avx512Ops>;

}  // namespace vireo::simd
