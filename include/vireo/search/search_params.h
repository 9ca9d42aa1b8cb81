// Search constants in one place, so a tuner can find and rewrite them. Margins are in
// centipawns, depths in plies.
#pragma once

namespace vireo::params {

// The static eval is scaled by (RULE50_FADE - rule50) / RULE50_FADE: half of it remains
// when the 50-move rule is about to draw the game.
constexpr int RULE50_FADE = 200;

// Aspiration windows: the first window's half-width, and how fast it widens on a fail.
constexpr int ASPIRATION_DEPTH = 4;
constexpr int ASPIRATION_DELTA = 20;

// Reverse futility: a static eval this far above beta at low depth is unlikely to drop
// below it within the remaining plies.
constexpr int RFP_DEPTH = 8;
constexpr int RFP_MARGIN = 75;

// Null move: skip a turn and search shallower; if we still beat beta, the node is a cut.
constexpr int NMP_MIN_DEPTH = 3;
constexpr int NMP_BASE_REDUCTION = 3;
constexpr int NMP_DEPTH_DIVISOR = 3;
constexpr int NMP_EVAL_DIVISOR = 200;
// From this depth a null-move cutoff is verified by a real search of the same depth: a
// zugzwang missed this high up would cost the whole line, and the check is cheap in comparison.
constexpr int NMP_VERIFY_DEPTH = 14;

// Internal iterative reduction: with no TT move the ordering is poor, so search shallower.
constexpr int IIR_MIN_DEPTH = 4;

// Singular extensions: tested from this depth, when the TT entry is at most this much
// shallower; the test's window lies SE_MARGIN * depth below the TT score; a move that is
// forced by SE_DOUBLE_MARGIN more gets two plies, at most SE_DOUBLE_LIMIT times on a line.
constexpr int SE_MIN_DEPTH = 8;
constexpr int SE_TT_DEPTH_SLACK = 3;
constexpr int SE_MARGIN = 1;
constexpr int SE_DOUBLE_MARGIN = 20;
constexpr int SE_DOUBLE_LIMIT = 6;

// Late-move pruning: quiet moves after this many, at low depth, rarely matter.
constexpr int LMP_DEPTH = 8;
constexpr int LMP_BASE = 3;

// Futility: a quiet move cannot raise a static eval this far below alpha.
constexpr int FUTILITY_DEPTH = 8;
constexpr int FUTILITY_BASE = 90;
constexpr int FUTILITY_MARGIN = 95;

// SEE pruning thresholds (negative: how much material a move may lose and still be tried).
constexpr int SEE_QUIET_DEPTH = 8;
constexpr int SEE_QUIET_MARGIN = 60;
constexpr int SEE_CAPTURE_DEPTH = 6;
constexpr int SEE_CAPTURE_MARGIN = 25;

// Late-move reductions: r = LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR.
constexpr double LMR_BASE = 0.75;
constexpr double LMR_DIVISOR = 2.25;
constexpr int LMR_MIN_DEPTH = 3;
constexpr int LMR_HISTORY_DIVISOR = 12288;

// History pruning: quiet moves whose combined history is this far below zero at low depth.
constexpr int HISTORY_PRUNING_DEPTH = 4;
constexpr int HISTORY_PRUNING_MARGIN = 3072;

// Quiescence delta pruning: even winning the captured piece plus this cannot reach alpha.
constexpr int DELTA_MARGIN = 200;

// History bonus for a quiet move that caused a cutoff at `depth`.
constexpr int HISTORY_BONUS_SCALE = 160;
constexpr int HISTORY_BONUS_MAX = 1600;

}  // namespace vireo::params
