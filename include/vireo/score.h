// Score units and the mate-score range shared by search, TT and UCI output.
#pragma once

namespace vireo {

constexpr int MAX_PLY = 128;
constexpr int SCORE_INFINITE = 32000;
constexpr int SCORE_MATE = 31000;
// Scores beyond this are "mate in at most MAX_PLY plies".
constexpr int SCORE_MATE_IN_MAX = SCORE_MATE - MAX_PLY;
constexpr int SCORE_NONE = 32001;
constexpr int SCORE_DRAW = 0;

constexpr int mate_in(int ply) { return SCORE_MATE - ply; }
constexpr int mated_in(int ply) { return -SCORE_MATE + ply; }
constexpr bool is_mate_score(int s) { return s >= SCORE_MATE_IN_MAX || s <= -SCORE_MATE_IN_MAX; }

}  // namespace vireo
