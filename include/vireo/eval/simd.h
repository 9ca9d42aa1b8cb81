// The vector arithmetic under the network, one back end per instruction set, chosen at compile
// time by the flags VIREO_ARCH sets (cmake/Arch.cmake): simd::Native is AVX-512BW's for
// x86-64-avx512, AVX2's for x86-64-bmi2, and the scalar reference for x86-64 and x86-64-popcnt;
// a native build takes the best its CPU has. Every back end offers the kernels of simd::Scalar
// (simd/scalar.h), which all builds keep, so the tests can hold Native to it. An Arm back end
// would be simd/neon.h, the operations of simd/avx2.h on int16x8_t, selected by __ARM_NEON.
#pragma once

#include "vireo/eval/simd/scalar.h"

#if defined(__AVX512BW__)
#include "vireo/eval/simd/avx512.h"
namespace vireo::simd {
using Native = Avx512;
}
#elif defined(__AVX2__)
#include "vireo/eval/simd/avx2.h"
namespace vireo::simd {
using Native = Avx2;
}
#else
namespace vireo::simd {
using Native = Scalar;
}
#endif
