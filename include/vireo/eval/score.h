// Score units and the mate-score range shared by search, TT and UCI output.
#pragma once

namespace vireo {

constexpr int MAX_PLY = 128;
constexpr int SCORE_INFINITE = 32000;
constexpr int SCORE_MATE = 31000;
// Scores beyond this are "mate in at most MAX_PLY plies".
constexpr int SCORE_MATE_IN_MAX = SCORE_MATE - MAX_PLY;
// Tablebase wins: below every mate, above every evaluation; a win reached at a lower ply
// scores higher, as with mates.
constexpr int SCORE_TB_WIN = SCORE_MATE_IN_MAX - 1;
constexpr int SCORE_TB_WIN_IN_MAX = SCORE_TB_WIN - MAX_PLY;
constexpr int SCORE_NONE = 32001;
constexpr int SCORE_DRAW = 0;

constexpr int mate_in(int ply) { return SCORE_MATE - ply; }
constexpr int mated_in(int ply) { return -SCORE_MATE + ply; }
constexpr bool is_mate_score(int s) { return s >= SCORE_MATE_IN_MAX || s <= -SCORE_MATE_IN_MAX; }
constexpr int tb_win_in(int ply) { return SCORE_TB_WIN - ply; }
constexpr int tb_loss_in(int ply) { return -SCORE_TB_WIN + ply; }
// A mate or a tablebase result: a proven outcome, not an estimate.
constexpr bool is_decisive(int s) { return s >= SCORE_TB_WIN_IN_MAX || s <= -SCORE_TB_WIN_IN_MAX; }

}  // namespace vireo
