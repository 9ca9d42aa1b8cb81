// UCI_LimitStrength: Vireo plays at a chosen Elo by searching fewer nodes and by making the
// mistakes a weaker player makes: now and then a plausible move a little worse than the best,
// more often and further from the best the lower the Elo. Never a random move.
#pragma once

#include <cstdint>
#include <vector>

#include "vireo/search/search.h"

namespace vireo {

class StrengthLimit {
 public:
  // The range UCI_Elo offers; see the calibration table in docs/playing-weaker-calibration.md.
  static constexpr int MIN_ELO = 1400;
  static constexpr int MAX_ELO = 2600;
  // Lines searched (MultiPV) for the candidate moves a mistake chooses from.
  static constexpr int CANDIDATES = 4;

  explicit StrengthLimit(int elo);

  int elo() const { return elo_; }
  // The search's node budget per move.
  std::uint64_t nodes() const;
  // How far below the best line, in centipawns, a move is still chosen with probability 1/e
  // relative to the best one: the player's blind spot.
  double slack() const;
  // How many lines to search for this move (`random` is a uniform 64-bit number): the
  // CANDIDATES a mistake chooses from, or 1 for a careful move, searched and played as at full
  // strength. Careful moves grow from none at UCI_Elo 2000 to all from 2500 up.
  int lines(std::uint64_t random) const;
  // Which of the lines (best first) to play; `random` is a uniform 64-bit number.
  std::size_t choose(const std::vector<RootLineResult>& lines, std::uint64_t random) const;

 private:
  int elo_;
};

// UCI_Elo's default is its greatest value, as the option is declared from the field's default.
static_assert(SearchSettings{}.elo == StrengthLimit::MAX_ELO);

}  // namespace vireo
