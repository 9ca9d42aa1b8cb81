// Every search constant that a tuner may touch, declared once in the table below with its
// default, its range and its SPSA step (the perturbation a tuning run starts with). In the
// normal build each is a `constexpr int`, so the compiler folds it as it would a literal; in a
// tune build (`-DVIREO_TUNE=ON`) each is a variable that a UCI spin option of the same name sets.
// Margins are in centipawns, depths in plies; a name ending in _PCT is a hundredth of its
// quantity (the tables and the time manager divide by 100), so that SPSA steps stay integers.
#pragma once

#include <span>
#include <string_view>

// The table stays as written: one tunable a line.
// clang-format off
// X(name, default, min, max, step)
#define VIREO_SEARCH_TUNABLES(X)                                                                           \
  /* The static eval is scaled by (RULE50_FADE - rule50) / RULE50_FADE: half of it remains when     */   \
  /* the 50-move rule is about to draw the game.                                                     */   \
  X(RULE50_FADE, 200, 120, 400, 15)                                                                       \
  /* Aspiration windows: from this depth, this half-width, widened by this share on each fail.      */   \
  X(ASPIRATION_DEPTH, 4, 2, 8, 1)                                                                         \
  X(ASPIRATION_DELTA, 20, 6, 60, 4)                                                                       \
  X(ASPIRATION_WIDEN_PCT, 50, 20, 150, 8)                                                                 \
  /* Reverse futility: a static eval this far above beta (per ply left) at low depth is unlikely   */    \
  /* to fall below it.                                                                               */   \
  X(RFP_DEPTH, 8, 4, 12, 1)                                                                               \
  X(RFP_MARGIN, 75, 30, 150, 7)                                                                           \
  /* Null move: skip a turn and search shallower by BASE + depth / DEPTH_DIVISOR + the eval's     */    \
  /* excess over beta / EVAL_DIVISOR (at most EVAL_MAX plies). From VERIFY_DEPTH on a cutoff is    */    \
  /* verified by a real search, null moves barred for VERIFY_PLY_PCT of its depth: a zugzwang      */    \
  /* missed this high up would cost the whole line.                                                */    \
  X(NMP_MIN_DEPTH, 3, 2, 6, 1)                                                                            \
  X(NMP_BASE_REDUCTION, 3, 1, 6, 1)                                                                       \
  X(NMP_DEPTH_DIVISOR, 3, 2, 6, 1)                                                                        \
  X(NMP_EVAL_DIVISOR, 200, 80, 400, 20)                                                                   \
  X(NMP_EVAL_MAX, 3, 1, 6, 1)                                                                             \
  X(NMP_VERIFY_DEPTH, 14, 8, 24, 1)                                                                       \
  X(NMP_VERIFY_PLY_PCT, 75, 40, 100, 6)                                                                   \
  /* Internal iterative reduction: with no TT move the ordering is poor, so search shallower.     */    \
  X(IIR_MIN_DEPTH, 4, 2, 8, 1)                                                                            \
  /* Singular extensions: tested from this depth, when the TT entry is at most TT_DEPTH_SLACK     */    \
  /* plies shallower; the test's window lies MARGIN * depth below the TT score; a move that is    */    \
  /* forced by DOUBLE_MARGIN more gets two plies, at most DOUBLE_LIMIT times on a line.           */    \
  X(SE_MIN_DEPTH, 8, 5, 12, 1)                                                                            \
  X(SE_TT_DEPTH_SLACK, 3, 1, 5, 1)                                                                        \
  X(SE_MARGIN, 1, 1, 4, 1)                                                                                \
  X(SE_DOUBLE_MARGIN, 20, 5, 60, 4)                                                                       \
  X(SE_DOUBLE_LIMIT, 6, 2, 12, 1)                                                                         \
  /* Late-move pruning: quiet moves after (LMP_BASE + depth^2) / (improving ? 1 : 2) at low depth. */    \
  X(LMP_DEPTH, 8, 4, 12, 1)                                                                               \
  X(LMP_BASE, 3, 1, 8, 1)                                                                                 \
  /* Futility: a quiet move cannot raise a static eval BASE + MARGIN * depth below alpha.         */    \
  X(FUTILITY_DEPTH, 8, 4, 12, 1)                                                                          \
  X(FUTILITY_BASE, 90, 20, 200, 9)                                                                        \
  X(FUTILITY_MARGIN, 95, 40, 180, 7)                                                                      \
  /* SEE pruning: how much material (times depth, or depth^2 for captures) a move may lose.       */    \
  X(SEE_QUIET_DEPTH, 8, 4, 12, 1)                                                                         \
  X(SEE_QUIET_MARGIN, 60, 20, 120, 5)                                                                     \
  X(SEE_CAPTURE_DEPTH, 6, 3, 10, 1)                                                                       \
  X(SEE_CAPTURE_MARGIN, 25, 8, 60, 3)                                                                     \
  /* Late-move reductions: r = LMR_BASE + ln(depth) * ln(moves) / LMR_DIVISOR (both _PCT), less   */    \
  /* the quiet history / LMR_HISTORY_DIVISOR.                                                      */    \
  X(LMR_BASE_PCT, 75, 20, 150, 8)                                                                         \
  X(LMR_DIVISOR_PCT, 225, 150, 350, 12)                                                                   \
  X(LMR_MIN_DEPTH, 3, 2, 5, 1)                                                                            \
  X(LMR_HISTORY_DIVISOR, 12288, 4096, 32768, 1024)                                                        \
  /* History pruning: quiet moves whose history is below -MARGIN * depth at low depth.            */    \
  X(HISTORY_PRUNING_DEPTH, 4, 1, 8, 1)                                                                    \
  X(HISTORY_PRUNING_MARGIN, 3072, 1024, 8192, 256)                                                        \
  /* Quiescence delta pruning: even winning the captured piece plus this cannot reach alpha.      */    \
  X(DELTA_MARGIN, 200, 60, 400, 15)                                                                       \
  /* History bonus for a quiet move that caused a cutoff at `depth`: SCALE * depth, at most MAX.  */    \
  X(HISTORY_BONUS_SCALE, 160, 60, 320, 12)                                                                \
  X(HISTORY_BONUS_MAX, 1600, 600, 3200, 120)                                                              \
  /* Correction history: the pawn table's and each non-pawn table's weight (in 128ths), the      */    \
  /* largest correction in centipawns, and the depth from which a result moves an entry most.     */    \
  X(CORRECTION_PAWN_WEIGHT, 256, 64, 512, 24)                                                             \
  X(CORRECTION_NON_PAWN_WEIGHT, 128, 32, 384, 16)                                                         \
  X(CORRECTION_LIMIT_CP, 96, 32, 200, 8)                                                                  \
  X(CORRECTION_FULL_DEPTH, 15, 6, 24, 1)                                                                  \
  /* Time: without movestogo, plan for DEFAULT_MOVES_TO_GO moves (never more than MAX); a move    */    \
  /* gets the clock's share plus INC_PCT of the increment, at most CAP_PCT of the clock (LAST_    */    \
  /* MOVE_CAP_PCT before the control), and may run to HARD_FACTOR times that when unsettled.      */    \
  X(TM_DEFAULT_MOVES_TO_GO, 30, 15, 60, 3)                                                                \
  X(TM_MAX_MOVES_TO_GO, 50, 20, 80, 4)                                                                    \
  X(TM_INC_PCT, 75, 40, 100, 5)                                                                           \
  X(TM_CAP_PCT, 50, 25, 80, 4)                                                                            \
  X(TM_LAST_MOVE_CAP_PCT, 80, 50, 95, 4)                                                                  \
  X(TM_HARD_FACTOR, 4, 2, 8, 1)                                                                           \
  /* The soft limit scales with the best move's changes (INSTABILITY_PCT each, up to 3), its     */    \
  /* stability (STEADY_STEP_PCT off 1.2 per iteration held), the share of nodes it took           */    \
  /* (FOCUS_PCT * (1.5 - share)) and a falling score (1% per cp, up to TROUBLE_MAX cp).           */    \
  X(TM_INSTABILITY_PCT, 35, 10, 70, 4)                                                                    \
  X(TM_STEADY_STEP_PCT, 4, 1, 10, 1)                                                                      \
  X(TM_FOCUS_PCT, 130, 70, 200, 8)                                                                        \
  X(TM_TROUBLE_MAX, 60, 20, 120, 6)
// clang-format on

namespace vireo::params {

#ifdef VIREO_TUNE
inline constexpr bool TUNING = true;
#define VIREO_DECLARE_TUNABLE(name, value, min, max, step) inline int name = value;
#else
inline constexpr bool TUNING = false;
#define VIREO_DECLARE_TUNABLE(name, value, min, max, step) inline constexpr int name = value;
#endif
VIREO_SEARCH_TUNABLES(VIREO_DECLARE_TUNABLE)
#undef VIREO_DECLARE_TUNABLE

// Not tuned: a tablebase result is stored this much deeper than its node, since no search from
// there would learn more than the tables know.
inline constexpr int TABLEBASE_DEPTH_BONUS = 6;

struct Tunable {
  std::string_view name;
  int default_value, min, max, step;
};

// The whole table, in declaration order (for the tune build's options and `vireo tunables`).
std::span<const Tunable> tunables();
// The current value of a tunable (its default outside a tune build).
int tunable_value(const Tunable& t);
// Sets a tunable in a tune build and rebuilds what is derived from it; false if the name is
// unknown, the value out of range, or this is not a tune build.
bool set_tunable(std::string_view name, int value);

// Late-move reduction for a move, from the table derived from LMR_BASE_PCT and LMR_DIVISOR_PCT.
int lmr_reduction(int depth, int moves);

}  // namespace vireo::params
