#include "vireo/engine/strength.h"

#include <algorithm>
#include <cmath>

namespace vireo {

namespace {

// Strength is a point on one curve from a beginner's search to a master's: at level 0 a node
// budget of 200 and a blind spot of 150 cp (a pawn and a half overlooked), at level 1 200,000
// nodes and 10 cp, both geometric in between (each doubling of nodes is worth a roughly
// constant number of Elo at low node counts). Above level 1 the curve goes on until the clock,
// not the budget, limits the search.
constexpr double NODES_AT_0 = 200, NODES_AT_1 = 200000;
constexpr double SLACK_AT_0 = 150, SLACK_AT_1 = 10;

// Where on the curve UCI_Elo 1500 and 2000 lie, placed by matches against Stockfish 15.1 at
// UCI_Elo 1500 and 2000 at 10+0.1 (docs/playing-weaker-calibration.md); other Elos lie on the
// line through these two.
constexpr double LEVEL_AT_1500 = 0.418, LEVEL_AT_2000 = 0.944;

double level(int elo) { return LEVEL_AT_1500 + (elo - 1500) * (LEVEL_AT_2000 - LEVEL_AT_1500) / 500; }

// Searching 4 lines instead of 1 costs the depth that the strongest settings need: against
// Stockfish at UCI_Elo 2500 (10+0.1) Vireo scored 20.6 % with 4 lines (34 games, +4 -24 =6)
// and 43.8 % at full strength (40 games, +9 -14 =17). So from UCI_Elo 2000, where the curve
// above is calibrated, more and more moves are careful ones, searched as at full strength;
// from 2500 every move is, and only the node budget is left (it no longer binds at 10+0.1).
constexpr int CAREFUL_FROM = 2000, CAREFUL_ALWAYS = 2500;

// A uniform 64-bit number as a uniform double in [0, 1), from its top 53 bits.
double unit(std::uint64_t random) { return double(random >> 11) / double(1ULL << 53); }

double along(double at_0, double at_1, int elo) { return at_0 * std::pow(at_1 / at_0, level(elo)); }

}  // namespace

StrengthLimit::StrengthLimit(int elo) : elo_(std::clamp(elo, MIN_ELO, MAX_ELO)) {}

std::uint64_t StrengthLimit::nodes() const { return std::uint64_t(along(NODES_AT_0, NODES_AT_1, elo_)); }

double StrengthLimit::slack() const { return along(SLACK_AT_0, SLACK_AT_1, elo_); }

int StrengthLimit::lines(std::uint64_t random) const {
  const double careful = std::clamp(double(elo_ - CAREFUL_FROM) / (CAREFUL_ALWAYS - CAREFUL_FROM), 0.0, 1.0);
  return unit(random) < careful ? 1 : CANDIDATES;
}

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
  double x = unit(random) * total;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (x < weights[i]) return i;
    x -= weights[i];
  }
  return 0;
}

}  // namespace vireo
