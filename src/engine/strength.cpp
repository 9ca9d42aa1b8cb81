#include "vireo/engine/strength.h"

#include <algorithm>
#include <cmath>

namespace vireo {

namespace {

// Both scale geometrically across the range; the end points are the calibrated parameters.
// Nodes: each doubling is worth a roughly constant number of Elo at low node counts.
constexpr double NODES_AT_MIN = 200, NODES_AT_MAX = 200000;
// Slack: a beginner overlooks a pawn and a half, a master a tenth of a pawn.
constexpr double SLACK_AT_MIN = 150, SLACK_AT_MAX = 10;

double interpolate(double at_min, double at_max, int elo) {
  const double t = double(elo - StrengthLimit::MIN_ELO) / (StrengthLimit::MAX_ELO - StrengthLimit::MIN_ELO);
  return at_min * std::pow(at_max / at_min, t);
}

}  // namespace

StrengthLimit::StrengthLimit(int elo) : elo_(std::clamp(elo, MIN_ELO, MAX_ELO)) {}

std::uint64_t StrengthLimit::nodes() const { return std::uint64_t(interpolate(NODES_AT_MIN, NODES_AT_MAX, elo_)); }

double StrengthLimit::slack() const { return interpolate(SLACK_AT_MIN, SLACK_AT_MAX, elo_); }

std::size_t StrengthLimit::choose(const std::vector<RootLineResult>& lines, std::uint64_t random) const {
  if (lines.size() < 2) return 0;
  // Each line's weight falls off exponentially with how much worse it is than the best, so a
  // slip is usually to a near-equal move and a real blunder is rare; a line found mated, or
  // a mate missed, weighs nothing.
  std::vector<double> weights;
  double total = 0;
  for (const RootLineResult& line : lines) {
    const int loss = lines.front().score - line.score;
    const double w = is_decisive(line.score) || is_decisive(lines.front().score) ? (loss == 0 ? 1.0 : 0.0)
                                                                                    : std::exp(-loss / slack());
    weights.push_back(w);
    total += w;
  }
  double x = double(random >> 11) / double(1ULL << 53) * total;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (x < weights[i]) return i;
    x -= weights[i];
  }
  return 0;
}

}  // namespace vireo
