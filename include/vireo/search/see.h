// Static exchange evaluation: the material balance of the capture sequence on one square,
// each side recapturing with its least valuable attacker and free to stop.
#pragma once

#include "vireo/board/position.h"

namespace vireo {

// Exchange values in centipawns; the king's is large so it only ever recaptures last.
constexpr int SEE_VALUE[PIECE_TYPE_NB] = {100, 320, 330, 500, 950, 20000};

// True when the exchange started by m wins at least `threshold` centipawns.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace vireo
