// NNUE evaluation, in parts that change separately:
//   nnue/network.h       the architecture, its quantisation and the output layer
//   nnue/network_file.h  the file format, which the trainer shares
//   nnue/accumulator.h   the first layer's accumulators, refreshed and updated move by move
//   simd.h               the vector arithmetic under both, one back end per instruction set
#pragma once

#include "vireo/eval/nnue/accumulator.h"
#include "vireo/eval/nnue/network.h"
#include "vireo/eval/nnue/network_file.h"
