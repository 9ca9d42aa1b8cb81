// Win, draw and loss chances from a search score, for UCI_ShowWDL: the model that
// train/wdl_fit.py fits to Vireo's own self-play records (see there for its form).
#pragma once

#include <array>

#include "vireo/board/position.h"

namespace vireo {

struct WinDrawLoss {
  int win = 0, draw = 1000, loss = 0;  // per mille, summing to 1000
};

// Material as the model counts it: pawn 1, knight and bishop 3, rook 5, queen 9 (78 at the start).
int wdl_material(const Position& pos);

// `score` from the side to move's view; mates and tablebase results are certain.
WinDrawLoss win_draw_loss(int score, int material);

}  // namespace vireo
