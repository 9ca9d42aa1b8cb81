// A packed (middlegame, endgame) score pair in one int: eg in the high half, mg in the low
// half, so pairs add and subtract with one instruction.
#pragma once

#include <cstdint>

namespace vireo {

using Score = std::int32_t;

constexpr Score S(int mg, int eg) { return Score(std::uint32_t(eg) << 16) + mg; }
constexpr int mg_value(Score s) { return std::int16_t(std::uint16_t(std::uint32_t(s))); }
constexpr int eg_value(Score s) { return std::int16_t(std::uint16_t((std::uint32_t(s) + 0x8000) >> 16)); }

static_assert(mg_value(S(-5, 7)) == -5 && eg_value(S(-5, 7)) == 7);
static_assert(mg_value(S(3, -9) + S(-4, 2)) == -1 && eg_value(S(3, -9) + S(-4, 2)) == -7);

}  // namespace vireo
