#include "vireo/eval/wdl.h"

#include <algorithm>
#include <cmath>

#include "vireo/eval/score.h"

namespace vireo {

namespace {

// Fitted by `/usr/bin/python3 train/wdl_fit.py --data gen1.bin --data gen2.bin` (a sample of
// 1,000,000 of their 5,245,089 records, seed 1) on nets/README.md's two datagen runs: cubic
// polynomials in material / 78, highest power first.
// a: the score at which a win is as likely as not; b: how fast the odds change around it.
constexpr std::array<double, 4> WDL_A = {-2737.889, 5589.701, -3639.751, 867.617};
constexpr std::array<double, 4> WDL_B = {-943.483, 1854.446, -1102.990, 292.463};

double polynomial(const std::array<double, 4>& c, double x) { return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]; }

}  // namespace

int wdl_material(const Position& pos) {
  return popcount(pos.pieces(PAWN)) + 3 * popcount(pos.pieces(KNIGHT, BISHOP)) + 5 * popcount(pos.pieces(ROOK)) +
         9 * popcount(pos.pieces(QUEEN));
}

WinDrawLoss win_draw_loss(int score, int material) {
  if (is_decisive(score)) return score > 0 ? WinDrawLoss{1000, 0, 0} : WinDrawLoss{0, 0, 1000};
  // The fit saw material from 0 to 78; beyond (promotions) the model would extrapolate a cubic.
  const double x = std::clamp(material, 0, 78) / 78.0;
  const double a = polynomial(WDL_A, x), b = std::max(polynomial(WDL_B, x), 1.0);
  const auto chance = [&](double s) { return 1.0 / (1.0 + std::exp(-(s - a) / b)); };
  const int win = int(std::lround(1000 * chance(score)));
  const int loss = std::min(int(std::lround(1000 * chance(-score))), 1000 - win);
  return {win, 1000 - win - loss, loss};
}

}  // namespace vireo
