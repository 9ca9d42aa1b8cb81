// Static evaluation: tapered middlegame/endgame terms, from the side to move's view.
#pragma once

#include <string>

#include "vireo/board/position.h"

namespace vireo {

int evaluate(const Position& pos);
// A per-term table (white, black, total; mg and eg) for the `eval` command.
std::string eval_trace(const Position& pos);

}  // namespace vireo
